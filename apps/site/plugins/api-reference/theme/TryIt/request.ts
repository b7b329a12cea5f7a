import type { TryItOperation } from '../../lib/tryit-types.ts'

/** Pure request building for the console (unit-tested): URL, headers, body, masked view, curl. */

export interface Credentials {
  username?: string
  password?: string
  bearer?: string
  /** Storefront token (or another API key), by parameter name. */
  keys?: Record<string, string>
}

export interface Draft {
  server: string
  /** Chosen security alternative (index into operation.security), -1 for none. */
  alternative: number
  values: Record<string, string>
  body: string
}

export interface BuiltRequest {
  method: string
  url: string
  headers: Array<[string, string]>
  body?: string
  /** For display: the same request with secrets masked. */
  maskedUrl: string
  maskedHeaders: Array<[string, string]>
}

export const mask = '••••••••'

export function utf8Base64(text: string): string {
  const bytes = new TextEncoder().encode(text)
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary)
}

/** The base URL: `/open-api/v1.0` (same origin) or an absolute server URL, no trailing slash. */
export function joinUrl(server: string, path: string): string {
  return `${server.replace(/\/+$/, '')}${path}`
}

export function buildRequest(operation: TryItOperation, draft: Draft, credentials: Credentials): BuiltRequest {
  const missing: string[] = []
  let path = operation.path
  const query: Array<[string, string]> = []
  const maskedQuery: Array<[string, string]> = []
  const headers: Array<[string, string]> = []
  for (const parameter of operation.parameters) {
    const raw = (draft.values[`${parameter.in}:${parameter.name}`] ?? '').trim()
    if (raw === '') {
      if (parameter.required) missing.push(parameter.name)
      continue
    }
    if (parameter.in === 'path') path = path.replace(`{${parameter.name}}`, encodeURIComponent(raw))
    if (parameter.in === 'query') {
      const values = parameter.array
        ? raw
            .split(',')
            .map((value) => value.trim())
            .filter(Boolean)
        : [raw]
      for (const value of values) {
        query.push([parameter.name, value])
        maskedQuery.push([parameter.name, value])
      }
    }
    if (parameter.in === 'header') headers.push([parameter.name, raw])
  }
  if (missing.length > 0)
    throw new Error(`Fill in the required parameter${missing.length > 1 ? 's' : ''} ${missing.join(', ')}.`)

  const maskedHeaders: Array<[string, string]> = [...headers]
  const alternative = operation.security[draft.alternative] ?? []
  for (const scheme of alternative) {
    if (scheme.kind === 'basic') {
      const value = `Basic ${utf8Base64(`${credentials.username ?? ''}:${credentials.password ?? ''}`)}`
      headers.push(['Authorization', value])
      maskedHeaders.push(['Authorization', `Basic ${mask}`])
    } else if (scheme.kind === 'bearer') {
      headers.push(['Authorization', `Bearer ${credentials.bearer ?? ''}`])
      maskedHeaders.push(['Authorization', `Bearer ${mask}`])
    } else if (scheme.name) {
      const value = credentials.keys?.[scheme.name] ?? ''
      if (scheme.kind === 'query') {
        query.push([scheme.name, value])
        maskedQuery.push([scheme.name, mask])
      } else {
        headers.push([scheme.name, value])
        maskedHeaders.push([scheme.name, mask])
      }
    }
  }
  let body: string | undefined
  if (operation.body && draft.body.trim() !== '') {
    if (/json/.test(operation.body.mediaType)) {
      try {
        JSON.parse(draft.body)
      } catch (error) {
        throw new Error(`The body is not valid JSON: ${(error as Error).message}`)
      }
    }
    body = draft.body
    headers.push(['Content-Type', operation.body.mediaType])
    maskedHeaders.push(['Content-Type', operation.body.mediaType])
  }
  const base = joinUrl(draft.server, path)
  const search = new URLSearchParams(query).toString()
  const maskedSearch = new URLSearchParams(maskedQuery).toString().replaceAll(encodeURIComponent(mask), mask)
  return {
    method: operation.method,
    url: search ? `${base}?${search}` : base,
    headers,
    ...(body !== undefined ? { body } : {}),
    maskedUrl: maskedSearch ? `${base}?${maskedSearch}` : base,
    maskedHeaders,
  }
}

function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`
}

/**
 * The request as a curl command. Secrets are not copied: they become the environment variables the
 * code samples use (FANSHELF_API_USER/PASSWORD, FANSHELF_ACCESS_TOKEN, FANSHELF_STOREFRONT_TOKEN).
 */
export function toCurl(operation: TryItOperation, draft: Draft, request: BuiltRequest, origin: string): string {
  const alternative = operation.security[draft.alternative] ?? []
  let url = new URL(request.maskedUrl, origin).toString()
  const lines: string[] = []
  let quoteUrl = shellQuote
  for (const scheme of alternative) {
    if (scheme.kind === 'basic') lines.push('-u "$FANSHELF_API_USER:$FANSHELF_API_PASSWORD"')
    if (scheme.kind === 'bearer') lines.push('-H "Authorization: Bearer $FANSHELF_ACCESS_TOKEN"')
    if (scheme.kind === 'header' && scheme.name) lines.push(`-H "${scheme.name}: $FANSHELF_STOREFRONT_TOKEN"`)
    if (scheme.kind === 'query' && scheme.name) {
      url = url.replace(
        `${encodeURIComponent(scheme.name)}=${encodeURIComponent(mask)}`,
        `${scheme.name}=$FANSHELF_STOREFRONT_TOKEN`,
      )
      quoteUrl = (text) => `"${text.replace(/(["\\`])/g, '\\$1')}"`
    }
  }
  const secretHeaders = new Set(
    alternative
      .filter((scheme) => scheme.kind !== 'query')
      .map((scheme) => (scheme.name ?? 'Authorization').toLowerCase()),
  )
  secretHeaders.add('authorization')
  for (const [name, value] of request.headers) {
    if (!secretHeaders.has(name.toLowerCase())) lines.push(`-H ${shellQuote(`${name}: ${value}`)}`)
  }
  if (request.body !== undefined) lines.push(`--data-raw ${shellQuote(request.body)}`)
  const first = `curl${request.method === 'GET' ? '' : ` -X ${request.method}`} ${quoteUrl(url)}`
  return [first, ...lines].join(' \\\n  ')
}

/** Demo credentials the local server offers (see TryIt: only asked on localhost). */
export interface DemoCredentials {
  username?: string
  password?: string
  bearer?: string
  storefrontToken?: string
}

/**
 * Accepts `{apiUser: {username, password}, storefrontToken, accessToken}` or the
 * `demo-credentials.json` shape `{shops: [{apiUser, storefrontToken}]}` (first shop).
 */
export function parseDemoCredentials(value: unknown): DemoCredentials | undefined {
  if (typeof value !== 'object' || value === null) return undefined
  const record = value as Record<string, unknown>
  const shops = Array.isArray(record.shops) ? (record.shops as unknown[]) : undefined
  const source = (shops?.[0] ?? record) as Record<string, unknown>
  const apiUser = (source.apiUser ?? {}) as Record<string, unknown>
  const out: DemoCredentials = {}
  if (typeof apiUser.username === 'string') out.username = apiUser.username
  if (typeof apiUser.password === 'string') out.password = apiUser.password
  const token = source.accessToken ?? source.bearer
  if (typeof token === 'string') out.bearer = token
  const storefront = source.storefrontToken
  if (typeof storefront === 'string') out.storefrontToken = storefront
  else if (
    typeof storefront === 'object' &&
    storefront !== null &&
    typeof (storefront as { token?: unknown }).token === 'string'
  ) {
    out.storefrontToken = (storefront as { token: string }).token
  }
  return Object.keys(out).length > 0 ? out : undefined
}

export const localHostnames = new Set(['localhost', '127.0.0.1', '[::1]', '::1'])
