/**
 * Webhook delivery policy: the numbers the server uses and the guides quote.
 * The docs site imports this module at build time, so the retry-policy guide cannot drift from the code.
 */

/** Delay before each retry after a failed attempt (attempt 1 is immediate), before jitter. */
export const retryDelaysMs = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000] as const

/** Each retry delay is multiplied by a random factor in [1 - jitter, 1 + jitter]. */
export const retryJitter = 0.1

/** Total attempts: the first one plus one per retry delay. */
export const maxAttempts = retryDelaysMs.length + 1

/** A receiver must answer with any 2xx status within this time. */
export const responseTimeoutMs = 5_000

/** Time allowed to establish the TCP (and TLS) connection. */
export const connectTimeoutMs = 2_000

/** At most this much of a receiver's response body is read (and the first 4 KiB is logged). */
export const maxResponseBytes = 64 * 1024
export const loggedResponseBytes = 4 * 1024

/** An endpoint failing continuously for this long is disabled. */
export const disableAfterFailingMs = 5 * 24 * 60 * 60 * 1000

/** The longest `Retry-After` (on 429 or 503) that is honoured. */
export const maxRetryAfterMs = 60 * 60 * 1000

/** Deliveries in flight at once to one endpoint. */
export const perEndpointConcurrency = 4

/** Standard Webhooks: receivers should reject timestamps further than this from their clock. */
export const timestampToleranceSeconds = 300

/**
 * The signature headers of every delivery. The base64 HMAC of the raw body goes out under two names
 * with the same value: the platform's (`X-Fourthwall-Hmac-…`, which existing receivers verify) and
 * ours (`X-Fanshelf-Hmac-…`); shop configurations use the `shop` pair, platform-app configurations
 * the `app` pair. The Standard Webhooks headers come with every delivery too.
 */
export const signatureHeaders = {
  shop: 'X-Fourthwall-Hmac-SHA256',
  app: 'X-Fourthwall-Hmac-Apps-SHA256',
  fanshelfShop: 'X-Fanshelf-Hmac-SHA256',
  fanshelfApp: 'X-Fanshelf-Hmac-Apps-SHA256',
  id: 'webhook-id',
  timestamp: 'webhook-timestamp',
  signature: 'webhook-signature',
} as const

/** A response with this status disables the endpoint at once. */
export const goneStatus = 410
