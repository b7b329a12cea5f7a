import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createOpenApiClient } from './open-api-client.js'
import { type RealServer, startRealServer } from './testing/real-server.js'

/**
 * Rate limiting against the real server, configured small (3 requests per 2 s window): within the wait
 * bound the server delays and the SDK just waits for the answer; beyond it the server answers 429 with
 * Retry-After, and the SDK waits that long and repeats the request instead of failing.
 */

describe('the SDK under the real rate limit', () => {
  let server: RealServer
  afterAll(async () => {
    await server?.close()
  })

  describe('when the server delays (wait within its bound)', () => {
    beforeAll(async () => {
      server = await startRealServer({ RATE_LIMIT: '3', RATE_LIMIT_WINDOW_MS: '2000', RATE_LIMIT_MAX_WAIT_MS: '30000' })
    })

    it('answers every request; the later ones simply take longer', async () => {
      const client = createOpenApiClient({ baseUrl: server.origin, auth: server.demo.apiUser })
      const started = performance.now()
      const answers = await Promise.all(Array.from({ length: 5 }, () => client.call('getCurrentShop')))
      expect(answers.every((answer) => answer.status === 200)).toBe(true)
      expect(performance.now() - started).toBeGreaterThanOrEqual(1_500)
    })

    afterAll(async () => {
      await server.close()
    })
  })

  describe('when the server rejects (wait above its bound)', () => {
    beforeAll(async () => {
      server = await startRealServer({ RATE_LIMIT: '3', RATE_LIMIT_WINDOW_MS: '2000', RATE_LIMIT_MAX_WAIT_MS: '0' })
    })

    it('waits Retry-After after 429 RATE_LIMITED and repeats, instead of failing', async () => {
      const client = createOpenApiClient({ baseUrl: server.origin, auth: server.demo.apiUser })
      const raw = createOpenApiClient({ baseUrl: server.origin, auth: server.demo.apiUser, retry: { maxRetries: 0 } })
      for (let i = 0; i < 3; i++) await raw.getCurrentShop()
      await expect(raw.getCurrentShop()).rejects.toMatchObject({ status: 429, code: 'RATE_LIMITED' })

      const started = performance.now()
      const answer = await client.call('getCurrentShop')
      expect(answer.status).toBe(200)
      expect(performance.now() - started).toBeGreaterThanOrEqual(500)
    })
  })
})
