import type { Contract, Operation } from '../http/contract.js'
import type { ValuePools } from './json-schema-values.js'

/** What a fuzz case is: the fixtures it draws on, the request parts a mutation changes, the HTTP request. */

export interface FuzzFixtures {
  /** Real ids and slugs of the demo shop, by parameter or property name. */
  pools: ValuePools
  /** The same for the other seeded shop (another tenant's resources must be 404s). */
  otherPools: ValuePools
  demoBasic: { username: string; password: string }
  otherBasic: { username: string; password: string }
  /** An access token granted every scope, and one granted none. */
  bearerAll: string
  bearerNone: string
  storefrontToken: string
  otherStorefrontToken: string
  /** A registered platform app (client authentication of the OAuth endpoints). */
  oauthClient: { clientId: string; clientSecret: string }
}

export interface FuzzRequest {
  method: Operation['method']
  url: string
  headers: Record<string, string>
  payload?: string
}

export interface FuzzCase {
  operationId: string
  /** What was broken, e.g. `body-missing-required`, `auth-wrong-password`, `valid`. */
  kind: string
  /** Where: a body pointer, a parameter name or a header. */
  target: string
  request: FuzzRequest
}

export type Body =
  | { kind: 'json'; value: unknown; mediaType: string }
  | { kind: 'text'; text: string; contentType?: string }

export interface Parts {
  params: Record<string, string>
  /** Path segments sent as they are, not percent-encoded (malformed encodings). */
  rawParams: Record<string, string>
  query: [string, string][]
  rawQuery: string[]
  headers: Record<string, string>
  body?: Body
}

export interface Mutation {
  kind: string
  target: string
  apply(parts: Parts): Parts
}

export const jsonType = 'application/json'

export const basicHeader = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`, 'utf8').toString('base64')}`

export const mutation = (kind: string, target: string, apply: (parts: Parts) => Parts): Mutation => ({
  kind,
  target,
  apply,
})

/** The operation object of the (dereferenced) document, for what `Operation` does not carry (examples). */
export function operationObject(contract: Contract, operation: Operation): Record<string, unknown> {
  const paths = contract.documents[operation.api].paths as Record<string, Record<string, Record<string, unknown>>>
  return paths[operation.path]?.[operation.method.toLowerCase()] ?? {}
}

export function withoutQuery(parts: Parts, name: string): [string, string][] {
  return parts.query.filter(([key]) => key !== name)
}

function encodeForm(value: unknown): string {
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    return typeof value === 'string' ? value : (JSON.stringify(value) ?? '')
  }
  const form = new URLSearchParams()
  for (const [key, item] of Object.entries(value)) {
    for (const one of Array.isArray(item) ? item : [item]) {
      form.append(key, typeof one === 'string' ? one : JSON.stringify(one))
    }
  }
  return form.toString()
}

/** Percent-encoding as a browser does it: a lone surrogate becomes U+FFFD (WHATWG URL). */
function encode(text: string): string {
  return encodeURIComponent(
    text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'),
  )
}

/** Builds the HTTP request of the parts for an operation. */
export function toRequest(operation: Operation, parts: Parts): FuzzRequest {
  const path = operation.url.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) =>
    name in parts.rawParams ? (parts.rawParams[name] as string) : encode(parts.params[name] ?? ''),
  )
  const query = [...parts.query.map(([key, value]) => `${encode(key)}=${encode(value)}`), ...parts.rawQuery]
  const headers = { ...parts.headers }
  let payload: string | undefined
  const body = parts.body
  if (body?.kind === 'json') {
    payload = body.mediaType === jsonType ? (JSON.stringify(body.value) ?? '') : encodeForm(body.value)
    headers['content-type'] ??= body.mediaType
  } else if (body?.kind === 'text') {
    payload = body.text
    if (body.contentType !== undefined) headers['content-type'] ??= body.contentType
  }
  return {
    method: operation.method,
    url: query.length > 0 ? `${path}?${query.join('&')}` : path,
    headers,
    ...(payload === undefined || payload === '' ? {} : { payload }),
  }
}
