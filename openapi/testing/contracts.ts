import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { bundle, type Config, lint, loadConfig, type NormalizedProblem } from '@redocly/openapi-core'
import { parse } from 'yaml'
import type { Call, DocumentName } from '../spec-table.js'

// The contract suite's view of the three documents (openapi/contract.*.test.ts): each loaded once per
// test file as raw YAML (to see $refs) and as a dereferenced bundle, and their operations.

export type Json = Record<string, unknown>

export const isJson = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
export const jsonArray = (value: unknown): Json[] => (Array.isArray(value) ? value.filter(isJson) : [])
export const jsonAt = (value: unknown, ...keys: string[]): Json | undefined => {
  let node: unknown = value
  for (const key of keys) node = isJson(node) ? node[key] : undefined
  return isJson(node) ? node : undefined
}

// ---------------------------------------------------------------------------------------------
// Loading: the raw YAML (to see $refs), the dereferenced bundle and the lint problems of each file.

export const documentNames: readonly DocumentName[] = ['open-api', 'open-api-beta', 'storefront-api']
export const repositoryRoot = fileURLToPath(new URL('../..', import.meta.url))
export const fileOf = (name: DocumentName) => `${repositoryRoot}openapi/${name}.yaml`

export interface Contract {
  name: DocumentName
  raw: Json
  doc: Json
  bundleProblems: NormalizedProblem[]
  loadError?: string
}

export async function loadContract(name: DocumentName, config: Config): Promise<Contract> {
  const ref = fileOf(name)
  try {
    const raw: unknown = parse(readFileSync(ref, 'utf8'))
    const bundled = await bundle({ ref, config, dereference: true })
    return {
      name,
      raw: isJson(raw) ? raw : {},
      doc: isJson(bundled.bundle.parsed) ? bundled.bundle.parsed : {},
      bundleProblems: bundled.problems.filter((problem) => problem.severity === 'error'),
    }
  } catch (error) {
    return { name, raw: {}, doc: {}, bundleProblems: [], loadError: String(error) }
  }
}

export const redoclyConfig = await loadConfig({ configPath: `${repositoryRoot}redocly.yaml` })
export const contracts = Object.fromEntries(
  await Promise.all(documentNames.map(async (name) => [name, await loadContract(name, redoclyConfig)] as const)),
) as Record<DocumentName, Contract>

export const describeProblem = (problem: NormalizedProblem) =>
  `${problem.ruleId} at ${problem.location[0]?.pointer ?? '?'}: ${problem.message}`

// ---------------------------------------------------------------------------------------------
// Operations: `METHOD /path` ↔ the operation objects, path parameter names matched loosely.

export const httpMethods = ['get', 'put', 'post', 'delete', 'patch'] as const

export interface Operation {
  document: DocumentName
  call: Call
  path: string
  operation: Json
}

export const pathShape = (path: string) => path.replace(/\{[^}]+\}/g, '{}')

export function operationsOf(name: DocumentName): Operation[] {
  const paths = jsonAt(contracts[name].doc, 'paths') ?? {}
  return Object.entries(paths).flatMap(([path, item]) =>
    httpMethods.flatMap((method) => {
      const operation = jsonAt(item, method)
      return operation ? [{ document: name, call: `${method.toUpperCase()} ${path}` as Call, path, operation }] : []
    }),
  )
}

export function findOperation(name: DocumentName, call: Call): Operation | undefined {
  const [method, path = ''] = call.split(' ')
  return operationsOf(name).find((op) => op.call.startsWith(`${method} `) && pathShape(op.path) === pathShape(path))
}

export function requireOperation(name: DocumentName, call: Call): Operation {
  const found = findOperation(name, call)
  if (!found)
    throw new Error(
      `${name}: no operation ${call}${contracts[name].loadError ? ` (${contracts[name].loadError})` : ''}`,
    )
  return found
}

export const allOperations = () => documentNames.flatMap(operationsOf)
/** The OAuth token, revocation and metadata endpoints: clients authenticate in the request, errors are RFC 6749's. */
export const isOAuthEndpoint = (op: Operation) =>
  op.document === 'open-api' && (op.path.startsWith('/platform/') || op.path.startsWith('/.well-known/'))
export const inCalls = (list: readonly Call[], op: Operation) =>
  list.some(
    (call) =>
      call.split(' ')[0] === op.call.split(' ')[0] && pathShape(call.split(' ')[1] ?? '') === pathShape(op.path),
  )

/** Query parameters, and path parameters constrained beyond "non-empty", can be sent invalid (→ 400). */
export const canBeInvalid = (parameter: Json) => {
  const schema = jsonAt(parameter, 'schema') ?? {}
  return parameter.in === 'query' || (parameter.in === 'path' && ['format', 'pattern', 'enum'].some((k) => k in schema))
}

export const jsonContent = (holder: Json | undefined) => {
  const content = jsonAt(holder, 'content')
  return jsonAt(content, 'application/json') ?? (content ? jsonAt(content, Object.keys(content)[0] ?? '') : undefined)
}

/** The lint problems of a document under redocly.yaml (only the lint suite needs them: linting is slow). */
export async function lintContract(name: DocumentName): Promise<{ problems: NormalizedProblem[]; error?: string }> {
  try {
    return { problems: await lint({ ref: fileOf(name), config: redoclyConfig }) }
  } catch (error) {
    return { problems: [], error: String(error) }
  }
}
