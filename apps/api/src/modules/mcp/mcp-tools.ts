import type { Contract, JsonSchema, Operation } from '../../http/contract.js'

/**
 * The MCP tools, generated from the contract (decision 0051): one per open API operation (stable and
 * beta) that a shop's credentials call, named after its operationId. Nothing here names an operation:
 * a new contract operation is a new tool.
 *
 * A tool's arguments are the operation's path, query and header parameters by their contract names,
 * and its JSON body under `body`; its output is the operation's success JSON (`structuredContent`).
 */

export interface ToolAnnotations {
  title: string
  readOnlyHint: boolean
  destructiveHint: boolean
  idempotentHint: boolean
  openWorldHint: boolean
}

/** A JSON Schema of an object: what MCP requires of a tool's input and output schemas. */
export interface ObjectSchema {
  type: 'object'
  properties?: Record<string, JsonSchema>
  required?: string[]
  [keyword: string]: unknown
}

export interface McpTool {
  name: string
  title: string
  description: string
  inputSchema: ObjectSchema
  /** Only where the success answer is a JSON object (MCP's structured content is one). */
  outputSchema?: ObjectSchema
  annotations: ToolAnnotations
  operation: Operation
  /** Who may call it: API users (Basic) always; OAuth tokens when `oauthScopes` is set and granted. */
  oauthScopes: readonly string[] | undefined
  isBeta: boolean
}

/** The argument that carries the JSON body; the contract's parameters never use this name. */
export const bodyArgument = 'body'

/** Keywords of OpenAPI that are no JSON Schema, or examples that only make the tool list long. */
const droppedKeywords = new Set(['example', 'discriminator', 'xml', 'externalDocs'])

/** Prose an agent reads to fill in arguments; in an output schema (checked, not read) only bulk. */
const proseKeywords = new Set(['description', 'title', 'examples'])

/**
 * A plain JSON copy of a dereferenced schema, without OpenAPI's own keywords and `x-` extensions;
 * `withProse: false` also drops descriptions (output schemas: they would triple `tools/list`).
 */
export function toToolSchema(schema: unknown, withProse = true, seen: Set<object> = new Set()): JsonSchema {
  if (Array.isArray(schema)) return schema.map((item) => toToolSchema(item, withProse, seen)) as unknown as JsonSchema
  if (!schema || typeof schema !== 'object') return schema as JsonSchema
  if (seen.has(schema)) throw new Error('A contract schema refers to itself: it cannot become a tool schema')
  seen.add(schema)
  const copy: JsonSchema = {}
  for (const [key, value] of Object.entries(schema)) {
    if (droppedKeywords.has(key) || key.startsWith('x-') || (!withProse && proseKeywords.has(key))) continue
    copy[key] =
      key === 'const' || key === 'enum' || key === 'default' || key === 'examples' || key === 'required'
        ? value
        : key === 'properties' && value && typeof value === 'object'
          ? Object.fromEntries(
              Object.entries(value).map(([name, child]) => [name, toToolSchema(child, withProse, seen)]),
            )
          : toToolSchema(value, withProse, seen)
  }
  seen.delete(schema)
  return copy
}

function documentOperation(contract: Contract, operation: Operation): Record<string, unknown> {
  const paths = contract.documents[operation.api].paths as Record<string, Record<string, Record<string, unknown>>>
  return paths[operation.path]?.[operation.method.toLowerCase()] ?? {}
}

function firstParagraph(text: unknown): string {
  if (typeof text !== 'string') return ''
  return (text.trim().split(/\n\s*\n/)[0] ?? '').replace(/\s*\n\s*/g, ' ')
}

function accepts(operation: Operation, scheme: 'basicAuth' | 'platformOAuth'): boolean {
  return operation.security.some((requirement) => scheme in requirement)
}

/** The operations that become tools: the open API's (stable and beta) that a shop's credentials call. */
export function isToolOperation(operation: Operation): boolean {
  return (
    (operation.api === 'open' || operation.api === 'beta') &&
    (accepts(operation, 'basicAuth') || accepts(operation, 'platformOAuth'))
  )
}

function inputSchemaOf(operation: Operation): McpTool['inputSchema'] {
  const properties: Record<string, JsonSchema> = {}
  const required: string[] = []
  for (const parameter of operation.parameters) {
    if (parameter.in === 'cookie') continue
    if (parameter.name === bodyArgument) throw new Error(`${operation.operationId}: a parameter is named "body"`)
    const schema = toToolSchema(parameter.schema ?? { type: 'string' })
    // The contract describes a parameter beside its schema; an agent reads it on the argument.
    properties[parameter.name] =
      parameter.description && schema.description === undefined
        ? { description: parameter.description.trim(), ...schema }
        : schema
    if (parameter.required || parameter.in === 'path') required.push(parameter.name)
  }
  const json = operation.requestBody?.content['application/json']
  if (json) {
    properties[bodyArgument] = toToolSchema(json)
    if (operation.requestBody?.required) required.push(bodyArgument)
  }
  return { type: 'object', properties, ...(required.length > 0 ? { required } : {}), additionalProperties: false }
}

function successSchema(operation: Operation): JsonSchema | undefined {
  const status = Object.keys(operation.responses)
    .filter((code) => /^2\d\d$/.test(code))
    .sort()[0]
  return status ? operation.responses[status] : undefined
}

function outputSchemaOf(operation: Operation): McpTool['outputSchema'] {
  const schema = successSchema(operation)
  if (schema?.type !== 'object') return undefined
  return toToolSchema(schema, false) as McpTool['outputSchema']
}

function toTool(contract: Contract, operation: Operation): McpTool {
  const documented = documentOperation(contract, operation)
  const summary = typeof documented.summary === 'string' ? documented.summary : operation.operationId
  const isBeta = operation.api === 'beta'
  const description = [
    isBeta ? `${summary} (beta: may still change within V1).` : summary,
    firstParagraph(documented.description),
    `REST: ${operation.method} ${operation.url}.`,
  ]
    .filter((part) => part !== '')
    .join('\n\n')
  const oauth = operation.security.find((requirement) => 'platformOAuth' in requirement)
  const outputSchema = outputSchemaOf(operation)
  return {
    name: operation.operationId,
    title: summary,
    description,
    inputSchema: inputSchemaOf(operation),
    ...(outputSchema ? { outputSchema } : {}),
    annotations: {
      title: summary,
      readOnlyHint: operation.method === 'GET',
      destructiveHint: operation.method === 'DELETE',
      // HTTP's own semantics (RFC 9110): the contract's GET, PUT and DELETE are idempotent.
      idempotentHint: operation.method !== 'POST' && operation.method !== 'PATCH',
      openWorldHint: false,
    },
    operation,
    oauthScopes: oauth?.platformOAuth,
    isBeta,
  }
}

/** Every tool of the contract, in the contract's order. */
export function toolsFromContract(contract: Contract): McpTool[] {
  return contract.operations.filter(isToolOperation).map((operation) => toTool(contract, operation))
}

/**
 * The OAuth scopes the tools need, in the contract's scope order: what an MCP client that
 * registered itself may ask for (decision 0051) and what `/mcp`'s resource metadata lists.
 */
export function mcpScopes(tools: readonly McpTool[], catalogue: Iterable<string>): string[] {
  const needed = new Set(tools.flatMap((tool) => tool.oauthScopes ?? []))
  return [...catalogue].filter((scope) => needed.has(scope))
}
