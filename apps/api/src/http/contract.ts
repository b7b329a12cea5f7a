import path from 'node:path'
import { loadDereferencedDocument } from './contract-bundle.js'

/**
 * Loads the three OpenAPI documents (the single source of truth, decision 0001), dereferenced
 * (contract-bundle.ts: bundled at build time), and lists their operations in a form the router
 * registers.
 */

export type ApiId = 'open' | 'beta' | 'storefront'

export const contractFiles: Record<ApiId, string> = {
  open: 'open-api.yaml',
  beta: 'open-api-beta.yaml',
  storefront: 'storefront-api.yaml',
}

export const apiPrefixes: Record<ApiId, string> = {
  open: '/open-api/v1.0',
  beta: '/open-api/v1.0',
  storefront: '/v1',
}

export type JsonSchema = Record<string, unknown>
export type SecurityRequirement = Record<string, string[]>

export interface Parameter {
  name: string
  in: 'query' | 'path' | 'header' | 'cookie'
  required?: boolean
  description?: string
  schema?: JsonSchema
  style?: string
  explode?: boolean
}

export interface Operation {
  api: ApiId
  operationId: string
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH'
  /** The path as the document writes it, e.g. `/order/{orderId}`. */
  path: string
  /** The full URL Fastify registers, e.g. `/open-api/v1.0/order/:orderId`. */
  url: string
  security: SecurityRequirement[]
  /** Query parameters that carry credentials (apiKey schemes `in: query`, e.g. storefront_token). */
  queryAuthParameters: string[]
  parameters: Parameter[]
  /** Request body schema per media type. */
  requestBody?: { required: boolean; content: Record<string, JsonSchema> }
  /** Response schema (application/json) per status code; undefined schema = no body. */
  responses: Record<string, JsonSchema | undefined>
  deprecated: boolean
}

export interface Contract {
  documents: Record<ApiId, Record<string, unknown>>
  operations: Operation[]
  /** The webhook event types and their payload (`data`) schemas from `webhooks:`. */
  webhookEvents: Map<string, { envelope: JsonSchema; example: unknown }>
}

const methods = ['get', 'post', 'put', 'delete', 'patch'] as const

function loadDocument(openapiDir: string, file: string): Promise<Record<string, unknown>> {
  return loadDereferencedDocument(path.join(openapiDir, file))
}

function prefixOf(doc: Record<string, unknown>, fallback: string, pathItem: Record<string, unknown>): string {
  // A path may override servers (e.g. /.well-known/… lives outside the API prefix).
  const servers = (pathItem.servers ?? doc.servers) as { url: string }[] | undefined
  const url = servers?.[0]?.url
  if (!url) return fallback
  const pathname = url.replace(/^[a-z]+:\/\/[^/]+/i, '')
  return pathname.replace(/\/$/, '')
}

export async function loadContract(openapiDir: string): Promise<Contract> {
  const documents = {} as Record<ApiId, Record<string, unknown>>
  const operations: Operation[] = []
  for (const api of Object.keys(contractFiles) as ApiId[]) {
    const doc = await loadDocument(openapiDir, contractFiles[api])
    documents[api] = doc
    const globalSecurity = (doc.security ?? []) as SecurityRequirement[]
    const schemes = ((doc.components as Record<string, unknown> | undefined)?.securitySchemes ?? {}) as Record<
      string,
      { type: string; in?: string; name?: string }
    >
    const paths = (doc.paths ?? {}) as Record<string, Record<string, unknown>>
    for (const [p, pathItem] of Object.entries(paths)) {
      const prefix = prefixOf(doc, apiPrefixes[api], pathItem)
      const pathParameters = (pathItem.parameters ?? []) as Parameter[]
      for (const method of methods) {
        const op = pathItem[method] as Record<string, unknown> | undefined
        if (!op) continue
        const own = (op.parameters ?? []) as Parameter[]
        const parameters = [...pathParameters.filter((pp) => !own.some((o) => o.name === pp.name)), ...own]
        const body = op.requestBody as { required?: boolean; content?: Record<string, { schema?: JsonSchema }> }
        const responses: Record<string, JsonSchema | undefined> = {}
        for (const [status, response] of Object.entries(
          (op.responses ?? {}) as Record<string, Record<string, unknown>>,
        )) {
          const content = response.content as Record<string, { schema?: JsonSchema }> | undefined
          responses[status] = content?.['application/json']?.schema
        }
        const security = (op.security ?? globalSecurity) as SecurityRequirement[]
        const queryAuthParameters = security
          .flatMap((requirement) => Object.keys(requirement))
          .map((name) => schemes[name])
          .filter((scheme) => scheme?.type === 'apiKey' && scheme.in === 'query' && scheme.name)
          .map((scheme) => scheme?.name as string)
        operations.push({
          api,
          operationId: String(op.operationId),
          method: method.toUpperCase() as Operation['method'],
          path: p,
          url: prefix + p.replace(/\{([^}]+)\}/g, ':$1'),
          security,
          queryAuthParameters,
          parameters,
          requestBody: body?.content
            ? {
                required: body.required ?? false,
                content: Object.fromEntries(
                  Object.entries(body.content).map(([type, media]) => [type, media.schema ?? {}]),
                ),
              }
            : undefined,
          responses,
          deprecated: op.deprecated === true,
        })
      }
    }
  }
  const webhookEvents = new Map<string, { envelope: JsonSchema; example: unknown }>()
  const webhooks = (documents.open.webhooks ?? {}) as Record<string, Record<string, Record<string, unknown>>>
  for (const [type, item] of Object.entries(webhooks)) {
    const media = (item.post?.requestBody as { content?: Record<string, { schema?: JsonSchema; example?: unknown }> })
      ?.content?.['application/json']
    if (media?.schema) webhookEvents.set(type, { envelope: media.schema, example: media.example })
  }
  return { documents, operations, webhookEvents }
}
