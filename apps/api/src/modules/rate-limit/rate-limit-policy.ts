/**
 * Rate-limit policy defaults: what the server enforces unless configured otherwise, and what the
 * guides quote. Configuration (RATE_LIMIT*, see config.ts) may raise them, e.g. for benchmarks.
 */
export const rateLimitDefaults = {
  /** Requests that may start per principal in any rolling window. */
  limit: 100,
  windowMs: 10_000,
  /** A request that would wait longer than this is refused with 429 instead. */
  maxWaitMs: 30_000,
  /** Requests of one principal that may wait at once; the next is refused with 429. */
  maxQueued: 200,
} as const

export const rateLimitHeaders = {
  policy: 'RateLimit-Policy',
  state: 'RateLimit',
  limit: 'X-RateLimit-Limit',
  remaining: 'X-RateLimit-Remaining',
  reset: 'X-RateLimit-Reset',
  retryAfter: 'Retry-After',
} as const
