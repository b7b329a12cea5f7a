import type { BuiltRequest } from './request.ts'
import type { Result } from './results.tsx'

/** Sends the built request from the browser (no cookies, no cache); answers it as the console shows it. */
export async function fetchResult(request: BuiltRequest): Promise<Result> {
  const started = performance.now()
  const response = await fetch(request.url, {
    method: request.method,
    headers: request.headers,
    ...(request.body !== undefined ? { body: request.body } : {}),
    credentials: 'omit',
    cache: 'no-store',
  })
  const text = await response.text()
  const ms = Math.round(performance.now() - started)
  let pretty = text
  try {
    pretty = text ? JSON.stringify(JSON.parse(text), null, 2) : ''
  } catch {
    // Not JSON: show as is.
  }
  return {
    status: response.status,
    statusText: response.statusText,
    ms,
    headers: [...response.headers.entries()],
    body: pretty,
  }
}
