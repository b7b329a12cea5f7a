import type { LightMyRequestResponse } from 'fastify'
import type { TestPlatform } from '../../../testing/test-platform.js'

/**
 * A signed-in merchant admin for backend tests: the session cookie and CSRF token of a real
 * sign-in through `POST /admin/api/session`, and requests that carry them (`csrf: false` leaves the
 * token out; `cookie: false` the cookie). A body is sent as JSON, except a Buffer: that is sent as
 * it is, with `contentType` (an upload to `POST /admin/api/media`).
 */
// biome-ignore lint/suspicious/noExplicitAny: response bodies are whatever the tests assert them to be
type Json = any

export interface AdminResponse<T = Json> {
  status: number
  body: T
  headers: LightMyRequestResponse['headers']
}

export interface RequestOptions {
  body?: unknown
  /** The Content-Type of a Buffer body (default `application/octet-stream`). */
  contentType?: string
  csrf?: boolean | string
  cookie?: boolean
  query?: Record<string, string | number | (string | number)[]>
}

export interface AdminClient {
  role: 'SUPER_ADMIN' | 'STAFF'
  email: string
  cookie: string
  csrfToken: string
  request<T = Json>(method: string, url: string, options?: RequestOptions): Promise<AdminResponse<T>>
  get<T = Json>(url: string, options?: RequestOptions): Promise<AdminResponse<T>>
  post<T = Json>(url: string, body?: unknown, options?: RequestOptions): Promise<AdminResponse<T>>
  put<T = Json>(url: string, body?: unknown, options?: RequestOptions): Promise<AdminResponse<T>>
  delete<T = Json>(url: string, options?: RequestOptions): Promise<AdminResponse<T>>
}

function queryString(query: RequestOptions['query']): string {
  if (!query) return ''
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item))
  }
  return search.size > 0 ? `?${search}` : ''
}

export async function signInAdmin(
  platform: TestPlatform,
  role: 'SUPER_ADMIN' | 'STAFF',
  shop: 'demo' | 'other' = 'demo',
): Promise<AdminClient> {
  const admin = platform[shop].admins.find((a) => a.role === role)
  if (!admin) throw new Error(`The seed has no ${role} for the ${shop} shop`)
  const response = await platform.app.inject({
    method: 'POST',
    url: '/admin/api/session',
    payload: { email: admin.email, password: admin.password },
  })
  if (response.statusCode !== 200) throw new Error(`Sign-in failed: ${response.statusCode} ${response.body}`)
  const setCookie = [response.headers['set-cookie']].flat().find((c) => String(c).startsWith('fanshelf_admin_session='))
  const cookie = String(setCookie).split(';')[0] as string
  const csrfToken = (response.json() as { csrfToken: string }).csrfToken

  const client: AdminClient = {
    role,
    email: admin.email,
    cookie,
    csrfToken,
    async request(method, url, options = {}) {
      const headers: Record<string, string> = {}
      if (options.cookie !== false) headers.cookie = cookie
      if (options.csrf !== false && method !== 'GET') {
        headers['x-csrf-token'] = typeof options.csrf === 'string' ? options.csrf : csrfToken
      }
      const { body: sent } = options
      const raw = Buffer.isBuffer(sent)
      const payload: string | Buffer | undefined = sent === undefined ? undefined : raw ? sent : JSON.stringify(sent)
      if (payload !== undefined) {
        headers['content-type'] = raw ? (options.contentType ?? 'application/octet-stream') : 'application/json'
      }
      const res = await platform.app.inject({
        method: method as 'GET',
        url: url + queryString(options.query),
        headers,
        ...(payload === undefined ? {} : { payload }),
      })
      const text = res.body
      const body = text && String(res.headers['content-type'] ?? '').includes('json') ? JSON.parse(text) : text
      return { status: res.statusCode, body, headers: res.headers }
    },
    get: (url, options) => client.request('GET', url, options),
    post: (url, body, options) => client.request('POST', url, { ...options, body }),
    put: (url, body, options) => client.request('PUT', url, { ...options, body }),
    delete: (url, options) => client.request('DELETE', url, options),
  }
  return client
}
