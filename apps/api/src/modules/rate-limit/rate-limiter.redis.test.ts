import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../app.js'
import { systemClock } from '../../clock.js'
import { maxInAnyWindow } from '../../testing/rolling-window.js'
import { authHeaders, createTestPlatform, type TestPlatform } from '../../testing/test-platform.js'
import { RedisRateLimiter } from './rate-limiter.redis.js'

// Runs under scripts/with-redis.sh (npm run test:redis), which provides TEST_REDIS_URL.
const redisUrl = process.env.TEST_REDIS_URL as string
const settings = { limit: 5, windowMs: 1_000, maxWaitMs: 5_000, maxQueued: 50 }

describe('RedisRateLimiter shared by two nodes', () => {
  it('never lets more than the limit start in any rolling window across both nodes (R3)', async () => {
    const key = `test:${Date.now()}:${Math.random()}`
    const nodeA = new RedisRateLimiter(settings, redisUrl)
    const nodeB = new RedisRateLimiter(settings, redisUrl)
    try {
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? nodeA : nodeB).reserve(key, `r${i}`)),
      )
      const slots = results.map((r) => {
        if (!r.ok) throw new Error('refused')
        return r.reservation.slot
      })
      expect(maxInAnyWindow(slots, settings.windowMs)).toBeLessThanOrEqual(settings.limit)
      const t0 = Math.min(...slots)
      const offsets = slots.map((s) => s - t0).sort((a, b) => a - b)
      // Four waves of five: 0, +1 s, +2 s, +3 s (relative to the first reservation).
      expect(offsets.filter((o) => o < 1_000)).toHaveLength(5)
      expect(Math.max(...offsets)).toBeGreaterThanOrEqual(3_000)
      expect(Math.max(...offsets)).toBeLessThan(3_100)
    } finally {
      await nodeA.close()
      await nodeB.close()
    }
  })

  it('gives an aborted waiter’s slot back', async () => {
    const key = `test:${Date.now()}:${Math.random()}`
    const limiter = new RedisRateLimiter(settings, redisUrl)
    try {
      for (let i = 0; i < 5; i++) await limiter.reserve(key, `a${i}`)
      const waiting = await limiter.reserve(key, 'waiter')
      if (!waiting.ok) throw new Error('refused')
      await waiting.reservation.release()
      const next = await limiter.reserve(key, 'next')
      if (!next.ok) throw new Error('refused')
      expect(next.reservation.slot).toBe(waiting.reservation.slot)
    } finally {
      await limiter.close()
    }
  })

  it('refuses beyond the queue bound with a Retry-After', async () => {
    const key = `test:${Date.now()}:${Math.random()}`
    const limiter = new RedisRateLimiter({ ...settings, maxQueued: 3 }, redisUrl)
    try {
      for (let i = 0; i < 8; i++) expect((await limiter.reserve(key, `q${i}`)).ok).toBe(true)
      const refused = await limiter.reserve(key, 'too-many')
      expect(refused.ok).toBe(false)
      if (!refused.ok) expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(1)
    } finally {
      await limiter.close()
    }
  })
})

describe('two API instances sharing Redis and one database', () => {
  let platform: TestPlatform
  beforeAll(async () => {
    platform = await createTestPlatform({
      appClock: systemClock,
      env: { REDIS_URL: redisUrl, RATE_LIMIT: '5', RATE_LIMIT_WINDOW_MS: '1000', RATE_LIMIT_MAX_WAIT_MS: '5000' },
    })
  })
  afterAll(() => platform.close())

  it('applies one limit per user across both instances', async () => {
    const second = await buildApp(platform.config, {
      clock: systemClock,
      database: platform.app.platform.database,
      contract: platform.contract,
      logger: false,
    })
    try {
      const headers = authHeaders(platform.asDemo)
      const t0 = Date.now()
      const finished = await Promise.all(
        Array.from({ length: 12 }, async (_, i) => {
          const app = i % 2 === 0 ? platform.app : second
          const response = await app.inject({ method: 'GET', url: '/open-api/v1.0/shops/current', headers })
          expect(response.statusCode).toBe(200)
          return Date.now() - t0
        }),
      )
      // 12 requests at 5 per second: the last wave cannot finish before 2 s.
      expect(Math.max(...finished)).toBeGreaterThanOrEqual(1_900)
      expect(finished.filter((ms) => ms < 900)).toHaveLength(5)
    } finally {
      await second.close()
    }
  })
})
