import { errorFromBody, type FanshelfApiError } from './errors.js'
import { apiBasePaths, type OperationRoute, operationRoutes } from './generated/operations.js'
import type { OperationId } from './operation-types.js'
import { parseRateLimit, parseRetryAfter, type RateLimitState, type RetryOptions, sleep } from './rate-limit.js'

/**
 * One HTTP call of a contract operation on `fetch`: builds the URL from the generated route table,
 * applies the credential, waits out `429`s, lets the credential recover from a `401` once (OAuth
 * refresh), and turns error answers into {@link FanshelfApiError}s.
 */

/**
 * The full answer of an operation, as returned by a client's `call()`: the parsed body plus the status,
 * headers, `Request-Id` and rate-limit state. `data` is `undefined` for `304 Not Modified`.
 *
 * @example
 * ```ts
 * const { data: product, headers } = await storefront.call('getStorefrontProduct', { path: { slug: 'sticker-pack' } })
 * const etag = headers.get('etag')
 * ```
 */
export interface ApiResponse<T> {
  data: T
  status: number
  headers: Headers
  /** The `Request-Id` header: quote it to support. */
  requestId: string | undefined
  /** The rate-limit headers (open API), when sent. */
  rateLimit: RateLimitState | undefined
}

/** What a credential adds to a request, and how it recovers from a 401. */
export interface Credential {
  authorization?: string
  query?: Record<string, string>
  /** Called once after a 401 answer; resolve true to send the request again with a fresh credential. */
  recover?: (error: FanshelfApiError) => Promise<boolean>
}

export interface TransportOptions {
  baseUrl: string
  fetch?: typeof fetch | undefined
  headers?: Record<string, string> | undefined
  retry?: RetryOptions | undefined
  /** The credential for operations that are not `public`. */
  credential?: (() => Promise<Credential | undefined>) | undefined
  now?: (() => number) | undefined
}

export interface CallArgs {
  path?: Record<string, string | number>
  query?: Record<string, unknown>
  body?: unknown
  headers?: Record<string, string>
  /** Sent as the `Idempotency-Key` header (writes); the same on every retry of this call. */
  idempotencyKey?: string
  signal?: AbortSignal
}

export type Transport = <T = unknown>(operationId: OperationId, args?: CallArgs) => Promise<ApiResponse<T>>

/** `https://api.example` (or with a trailing API prefix such as `/open-api/v1.0`, which is dropped). */
export function normalizeBaseUrl(baseUrl: string): string {
  let base = baseUrl.replace(/\/+$/, '')
  for (const prefix of Object.values(apiBasePaths)) {
    if (base.endsWith(prefix)) {
      base = base.slice(0, -prefix.length)
      break
    }
  }
  return base
}

function appendQuery(search: URLSearchParams, key: string, value: unknown): void {
  if (value === undefined || value === null) return
  if (Array.isArray(value)) {
    for (const item of value) appendQuery(search, key, item)
    return
  }
  search.append(key, String(value))
}

export function buildUrl(
  baseUrl: string,
  route: OperationRoute,
  path: CallArgs['path'] = {},
  query: Record<string, unknown> = {},
): string {
  const pathname = route.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = path[name]
    if (value === undefined || value === '') throw new TypeError(`Missing path parameter '${name}' for ${route.path}`)
    return encodeURIComponent(String(value))
  })
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) appendQuery(search, key, value)
  const text = search.toString()
  return `${baseUrl}${pathname}${text ? `?${text}` : ''}`
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 304) return undefined
  const text = await response.text()
  if (text === '') return undefined
  const type = response.headers.get('content-type') ?? ''
  if (!type.includes('json')) return text
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

function encodeBody(route: OperationRoute, body: unknown): { body: string; contentType: string } {
  if (route.body === 'form') {
    const form = new URLSearchParams()
    for (const [key, value] of Object.entries(body as Record<string, unknown>)) appendQuery(form, key, value)
    return { body: form.toString(), contentType: 'application/x-www-form-urlencoded' }
  }
  return { body: JSON.stringify(body), contentType: 'application/json' }
}

export function createTransport(options: TransportOptions): Transport {
  const baseUrl = normalizeBaseUrl(options.baseUrl)
  const fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init))
  const maxRetries = options.retry?.maxRetries ?? 3
  const maxRetryAfterSeconds = options.retry?.maxRetryAfterSeconds ?? 60
  const now = options.now ?? Date.now

  return async function call<T>(operationId: OperationId, args: CallArgs = {}): Promise<ApiResponse<T>> {
    const route: OperationRoute | undefined = (operationRoutes as Record<string, OperationRoute>)[operationId]
    if (!route) throw new TypeError(`Unknown operation '${operationId}'`)
    let retries = 0
    let recovered = false
    for (;;) {
      const credential = route.public ? undefined : await options.credential?.()
      const url = buildUrl(baseUrl, route, args.path, { ...args.query, ...credential?.query })
      const headers = new Headers({ accept: 'application/json', ...options.headers, ...args.headers })
      if (credential?.authorization) headers.set('authorization', credential.authorization)
      if (args.idempotencyKey !== undefined) headers.set('idempotency-key', args.idempotencyKey)
      let body: string | undefined
      if (args.body !== undefined) {
        const encoded = encodeBody(route, args.body)
        body = encoded.body
        headers.set('content-type', encoded.contentType)
      }
      const response = await fetchImpl(url, {
        method: route.method,
        headers,
        ...(body === undefined ? {} : { body }),
        ...(args.signal ? { signal: args.signal } : {}),
      })
      const data = await readBody(response)
      const rateLimit = parseRateLimit(response.headers)
      if (response.ok || response.status === 304) {
        return {
          data: data as T,
          status: response.status,
          headers: response.headers,
          requestId: response.headers.get('request-id') ?? undefined,
          rateLimit,
        }
      }
      const retryAfterSeconds = parseRetryAfter(response.headers.get('retry-after'), now())
      const error = errorFromBody(data, {
        status: response.status,
        operationId,
        headers: response.headers,
        retryAfterSeconds,
        rateLimit,
      })
      if (response.status === 429 && retries < maxRetries && (retryAfterSeconds ?? 1) <= maxRetryAfterSeconds) {
        retries += 1
        await sleep((retryAfterSeconds ?? 1) * 1000, args.signal)
        continue
      }
      if (response.status === 401 && !recovered && credential?.recover) {
        recovered = true
        if (await credential.recover(error)) continue
      }
      throw error
    }
  }
}

/** Builds the method table of one API from the generated routes. */
export function operationMethods(
  api: OperationRoute['api'],
  call: (operationId: never, args?: CallArgs) => Promise<ApiResponse<unknown>>,
): Record<string, (args?: CallArgs) => Promise<unknown>> {
  const methods: Record<string, (args?: CallArgs) => Promise<unknown>> = {}
  for (const [operationId, route] of Object.entries(operationRoutes as Record<string, OperationRoute>)) {
    if (route.api !== api) continue
    methods[operationId] = async (args?: CallArgs) => (await call(operationId as never, args)).data
  }
  return methods
}
