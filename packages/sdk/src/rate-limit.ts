/**
 * The rate-limit state an open API answer reports (`RateLimit`, `X-RateLimit-*` headers): each
 * principal may start `limit` requests per rolling window; excess requests are delayed by the server,
 * and only a wait above 30 s answers `429` with `Retry-After`.
 *
 * @example
 * ```ts
 * const { data, rateLimit } = await client.call('listOrders', { query: { size: 100 } })
 * if (rateLimit && rateLimit.remaining < 10) console.log(`slow down: window frees in ${rateLimit.resetSeconds} s`)
 * ```
 */
export interface RateLimitState {
  /** Requests per window (`X-RateLimit-Limit`), when sent. */
  limit: number | undefined
  /** Requests that can start now without waiting (`r` of `RateLimit`). */
  remaining: number
  /** Seconds until the oldest request leaves the window (`t` of `RateLimit`). */
  resetSeconds: number
}

/**
 * How a client retries answers of `429 RATE_LIMITED`: it waits `Retry-After` seconds and tries again,
 * at most `maxRetries` times, and gives up (throwing the `429` as a `FanshelfApiError`) when the server
 * asks for a wait longer than `maxRetryAfterSeconds`.
 *
 * @example
 * ```ts
 * const client = createOpenApiClient({ baseUrl, auth, retry: { maxRetries: 5, maxRetryAfterSeconds: 120 } })
 * ```
 */
export interface RetryOptions {
  /** Retries after a 429 (default 3; 0 turns retrying off). */
  maxRetries?: number
  /** The longest `Retry-After` that is waited for, in seconds (default 60). */
  maxRetryAfterSeconds?: number
}

/** `Retry-After` as seconds: delay-seconds or an HTTP date. */
export function parseRetryAfter(value: string | null, now: number): number | undefined {
  if (value === null) return undefined
  const trimmed = value.trim()
  if (/^\d+$/.test(trimmed)) return Number(trimmed)
  const date = Date.parse(trimmed)
  if (Number.isNaN(date)) return undefined
  return Math.max(0, Math.ceil((date - now) / 1000))
}

/** `RateLimit: "default";r=57;t=4` (IETF draft) with `X-RateLimit-*` as the fallback. */
export function parseRateLimit(headers: Headers): RateLimitState | undefined {
  const limitHeader = headers.get('x-ratelimit-limit')
  const limit = limitHeader === null ? undefined : Number(limitHeader)
  const draft = headers.get('ratelimit')
  if (draft !== null) {
    const remaining = /(?:^|;)\s*r=(\d+)/.exec(draft)?.[1]
    const reset = /(?:^|;)\s*t=(\d+)/.exec(draft)?.[1]
    if (remaining !== undefined && reset !== undefined) {
      return { limit, remaining: Number(remaining), resetSeconds: Number(reset) }
    }
  }
  const remaining = headers.get('x-ratelimit-remaining')
  const reset = headers.get('x-ratelimit-reset')
  if (remaining === null || reset === null) return undefined
  return { limit, remaining: Number(remaining), resetSeconds: Number(reset) }
}

/** Resolves after `ms`, or rejects with the signal's reason when it aborts first. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason)
      return
    }
    const onAbort = () => {
      clearTimeout(timer)
      reject(signal?.reason)
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}
