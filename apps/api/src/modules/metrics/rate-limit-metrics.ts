import type { RateLimiter } from '../rate-limit/rate-limiter.js'
import type { Metrics } from './metrics.service.js'

/**
 * The rate limiter, observed: each reservation that has to wait for its slot records the wait.
 * (Refusals are 429s, counted with every other 429 where they are answered.)
 */
export function observedRateLimiter(limiter: RateLimiter, metrics: Metrics): RateLimiter {
  return {
    get settings() {
      return limiter.settings
    },
    async reserve(key, requestId) {
      const result = await limiter.reserve(key, requestId)
      if (result.ok) {
        const waitMs = result.reservation.slot - result.reservation.now
        if (waitMs > 0) metrics.observeRateLimitWait(waitMs)
      }
      return result
    },
    close: () => limiter.close(),
  }
}
