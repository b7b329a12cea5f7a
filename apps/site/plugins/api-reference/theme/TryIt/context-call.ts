import type { Call } from './plan-inputs.ts'
import { utf8Base64 } from './request.ts'

function basicHeader(username: string, password: string): string {
  return `Basic ${utf8Base64(`${username}:${password}`)}`
}

/** Setup and preparation requests to this origin, with the reader context's credentials. */
export function contextCall(context: Readonly<Record<string, string>>): Call {
  return async (method, path, body, auth) => {
    const headers: Record<string, string> = { Accept: 'application/json' }
    let url = path
    if (auth === 'basic') {
      headers.Authorization = basicHeader(context.FANSHELF_API_USER ?? '', context.FANSHELF_API_PASSWORD ?? '')
    } else if (auth === 'storefront') {
      url += `${url.includes('?') ? '&' : '?'}storefront_token=${encodeURIComponent(context.FANSHELF_STOREFRONT_TOKEN ?? '')}`
    }
    if (body !== undefined) headers['Content-Type'] = 'application/json'
    const response = await fetch(url, {
      method,
      headers,
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      credentials: 'omit',
      cache: 'no-store',
    })
    const text = await response.text()
    let json: unknown
    try {
      json = text ? JSON.parse(text) : undefined
    } catch {
      json = undefined
    }
    return { status: response.status, json }
  }
}
