/**
 * The admin backend over fetch: JSON in and out (an upload sends the raw file), the session cookie
 * (same origin), and the CSRF token on every mutation (`X-CSRF-Token`, decision 0009). Errors
 * arrive as the API's `{code, message, details?}` and are thrown as ApiError.
 */
import type { ErrorCode } from '@fanshelf/contract'

export interface ValidationIssue {
  location: string
  field: string
  rule: string
  message: string
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    /**
     * One of the server's codes (packages/contract's table), or the client's own: HTTP_ERROR for an
     * answer without a code, NETWORK_ERROR when no answer came.
     */
    readonly code: ErrorCode | 'HTTP_ERROR' | 'NETWORK_ERROR',
    message: string,
    readonly details?: { errors?: ValidationIssue[]; field?: string; [key: string]: unknown },
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

let csrfToken: string | undefined
let onSignedOut: (() => void) | undefined

/** Set from the session (sign-in or `GET /admin/api/session`). */
export function setCsrfToken(token: string | undefined): void {
  csrfToken = token
}

/** Called when any request answers 401: the session ended (expired, signed out elsewhere). */
export function onSessionEnded(listener: () => void): void {
  onSignedOut = listener
}

export type Query = Record<string, string | number | boolean | undefined | null | (string | number)[]>

export function withQuery(path: string, query: Query = {}): string {
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item))
  }
  const text = search.toString()
  return text ? `${path}?${text}` : path
}

/** What a request sends: JSON (serialized here), or raw bytes with their own Content-Type. */
type RequestBody = { json: unknown } | { raw: Blob; contentType: string }

async function request<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: RequestBody): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' }
  if (body) headers['content-type'] = 'json' in body ? 'application/json' : body.contentType
  if (method !== 'GET' && csrfToken) headers['x-csrf-token'] = csrfToken
  let response: Response
  try {
    response = await fetch(`/admin/api${path}`, {
      method,
      headers,
      credentials: 'same-origin',
      body: body === undefined ? undefined : 'json' in body ? JSON.stringify(body.json) : body.raw,
    })
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', 'The server could not be reached. Check your connection and try again.')
  }
  if (response.status === 204) return undefined as T
  const text = await response.text()
  let data: unknown
  try {
    data = text ? JSON.parse(text) : undefined
  } catch {
    data = undefined
  }
  if (!response.ok) {
    const error = (data ?? {}) as { code?: ErrorCode; message?: string; details?: ApiError['details'] }
    const failure = new ApiError(
      response.status,
      error.code ?? 'HTTP_ERROR',
      error.message ?? `The server answered ${response.status}.`,
      error.details,
    )
    if (response.status === 401 && path !== '/session') onSignedOut?.()
    throw failure
  }
  return data as T
}

export function api<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T> {
  return request<T>(method, path, body === undefined ? undefined : { json: body })
}

/**
 * POSTs a file as the raw request body (not JSON, not a multipart form): its own Content-Type, or
 * `application/octet-stream` when the browser knows none. The session and CSRF token go with it
 * as with every other mutation.
 */
export function postFile<T>(path: string, file: Blob): Promise<T> {
  return request<T>('POST', path, { raw: file, contentType: file.type || 'application/octet-stream' })
}

export const get = <T>(path: string, query?: Query) => api<T>('GET', withQuery(path, query))
export const post = <T>(path: string, body?: unknown) => api<T>('POST', path, body)
export const put = <T>(path: string, body?: unknown) => api<T>('PUT', path, body)
export const del = <T = void>(path: string) => api<T>('DELETE', path)
