import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { authHeaders, createTestPlatform, type TestPlatform } from '../../testing/test-platform.js'

// The limiter through HTTP: 100 request starts per rolling 10 s per principal, excess delayed.
let platform: TestPlatform
beforeAll(async () => {
  platform = await createTestPlatform()
})
afterAll(() => platform.close())

async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve))
}

/** Waits (real time, bounded) until `count` more requests sleep on the manual clock than before. */
async function untilWaiting(baseline: number, count = 1): Promise<void> {
  const deadline = Date.now() + 10_000
  while (platform.clock.pendingSleepers < baseline + count) {
    if (Date.now() > deadline) throw new Error('the delayed requests never started waiting')
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}

describe('open API rate limit', () => {
  it('delays the 101st request of a user until the first leaves the window, then serves it', async () => {
    const { clock } = platform
    const first = await Promise.all(Array.from({ length: 100 }, () => platform.call('getCurrentShop')))
    expect(first.every((r) => r.status === 200)).toBe(true)
    // Requests reserve in arrival order, not array order: the 100th reservation saw none remaining.
    expect(Math.min(...first.map((r) => Number(r.headers['x-ratelimit-remaining'])))).toBe(0)

    let done = false
    const baseline = clock.pendingSleepers
    const waiting = platform.call('getCurrentShop').then((r) => {
      done = true
      return r
    })
    await untilWaiting(baseline)
    expect(done).toBe(false)
    await clock.advance(9_999)
    await settle()
    expect(done).toBe(false)
    await clock.advance(1)
    const response = await waiting
    expect(response.status).toBe(200)
  })

  it('keeps users isolated: another shop’s user is served at once', async () => {
    const { clock } = platform
    await clock.advance(10_000)
    const baseline = clock.pendingSleepers
    const saturated = Array.from({ length: 101 }, () => platform.call('getCurrentShop'))
    await untilWaiting(baseline)
    const other = await platform.call('getCurrentShop', { auth: platform.asOther })
    expect(other.status).toBe(200)
    await clock.advance(10_000)
    await Promise.all(saturated)
  })

  it('refuses with 429 and Retry-After once the wait would exceed 30 s', async () => {
    const { clock } = platform
    await clock.advance(20_000)
    // 300 slots: 100 now, 100 at +10 s, 100 at +20 s; the queue (200) is then full.
    const baseline = clock.pendingSleepers
    const accepted = Array.from({ length: 300 }, () => platform.call('getCurrentShop'))
    await untilWaiting(baseline, 200)
    const refused = await platform.call('getCurrentShop')
    expect(refused.status).toBe(429)
    expect(refused.body.code).toBe('RATE_LIMITED')
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    expect(refused.headers['x-ratelimit-remaining']).toBe('0')
    await clock.advance(20_000)
    const results = await Promise.all(accepted)
    expect(results.every((r) => r.status === 200)).toBe(true)
  })

  it('R8: unauthenticated requests do not consume a user’s quota', async () => {
    const { clock } = platform
    await clock.advance(20_000)
    // Wrong passwords: 401, then 429 TOO_MANY_FAILED_CREDENTIALS past the failure limit (decision 0030).
    // Each from its own address, so the per-address failure limit does not refuse the last call.
    for (let i = 0; i < 105; i++) {
      const r = await platform.app.inject({
        method: 'GET',
        url: platform.url('getCurrentShop'),
        headers: authHeaders({ basic: { username: platform.demo.apiUser.username, password: 'wrong' } }),
        remoteAddress: `198.51.100.${i + 1}`,
      })
      expect([401, 429]).toContain(r.statusCode)
      expect(r.headers['x-ratelimit-remaining']).toBeUndefined()
    }
    const ok = await platform.call('getCurrentShop')
    expect(ok.headers['x-ratelimit-remaining']).toBe('99')
  })
})
