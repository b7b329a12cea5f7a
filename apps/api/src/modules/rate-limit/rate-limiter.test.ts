import { describe, expect, it } from 'vitest'
import { ManualClock } from '../../clock.js'
import { maxInAnyWindow } from '../../testing/rolling-window.js'
import { MemoryRateLimiter, type RateLimitSettings, rateLimitHeaderValues } from './rate-limiter.js'

const settings: RateLimitSettings = { limit: 100, windowMs: 10_000, maxWaitMs: 30_000, maxQueued: 200 }

/** Reserves a slot and returns when the request would start (ms after t0). */
async function startTime(limiter: MemoryRateLimiter, key: string, t0: number): Promise<number> {
  const result = await limiter.reserve(key)
  if (!result.ok) throw new Error('refused')
  return result.reservation.slot - t0
}

describe('MemoryRateLimiter (reservation log)', () => {
  it('R1: lets 100 start at once and schedules request 101+k at start(1+k) + 10 s, rejecting none', async () => {
    const clock = new ManualClock()
    const limiter = new MemoryRateLimiter(settings, clock)
    const t0 = clock.now()
    const starts: number[] = []
    for (let i = 0; i < 150; i++) starts.push(await startTime(limiter, 'user:a', t0))
    expect(starts.slice(0, 100).every((s) => s === 0)).toBe(true)
    for (let k = 0; k < 50; k++) expect(starts[100 + k]).toBe((starts[k] as number) + 10_000)
  })

  it('R2: is rolling, not fixed — 100 at 9.9 s and 100 at 10.1 s never exceed 100 in any 10 s', async () => {
    const clock = new ManualClock()
    const limiter = new MemoryRateLimiter(settings, clock)
    const t0 = clock.now()
    const starts: number[] = []
    await clock.advance(9_900)
    for (let i = 0; i < 100; i++) starts.push(await startTime(limiter, 'user:a', t0))
    await clock.advance(200)
    for (let i = 0; i < 100; i++) starts.push(await startTime(limiter, 'user:a', t0))
    expect(maxInAnyWindow(starts, 10_000)).toBeLessThanOrEqual(100)
    // The second hundred waits until the first hundred leave the window (at 19.9 s).
    expect(Math.min(...starts.slice(100))).toBe(19_900)
  })

  it('R4: keeps principals isolated — a saturated user does not delay another', async () => {
    const clock = new ManualClock()
    const limiter = new MemoryRateLimiter(settings, clock)
    for (let i = 0; i < 250; i++) await limiter.reserve('user:a')
    const other = await limiter.reserve('user:b')
    expect(other.ok && other.reservation.slot).toBe(clock.now())
  })

  it('R5: refuses a wait above 30 s with Retry-After equal to the wait', async () => {
    const clock = new ManualClock()
    const limiter = new MemoryRateLimiter({ ...settings, maxQueued: 10_000 }, clock)
    for (let i = 0; i < 400; i++) expect((await limiter.reserve('user:a')).ok).toBe(true)
    // 400 reserved: slots at 0, 10, 20 and 30 s. The next would wait 40 s > 30 s.
    const refused = await limiter.reserve('user:a')
    expect(refused.ok).toBe(false)
    if (!refused.ok) expect(refused.retryAfterSeconds).toBe(40)
  })

  it('R5: refuses the 201st queued request of one principal', async () => {
    const clock = new ManualClock()
    const limiter = new MemoryRateLimiter(settings, clock)
    // 100 start now, then 200 wait (slots at 10 and 20 s): the queue is full.
    for (let i = 0; i < 300; i++) expect((await limiter.reserve('user:a')).ok).toBe(true)
    const refused = await limiter.reserve('user:a')
    expect(refused.ok).toBe(false)
    if (!refused.ok) expect(refused.retryAfterSeconds).toBe(30)
  })

  it('R7: a released (aborted) reservation gives its slot back to the next request', async () => {
    const clock = new ManualClock()
    const limiter = new MemoryRateLimiter(settings, clock)
    for (let i = 0; i < 100; i++) await limiter.reserve('user:a')
    const queued = await limiter.reserve('user:a')
    if (!queued.ok) throw new Error('refused')
    expect(queued.reservation.slot).toBe(clock.now() + 10_000)
    const next = await limiter.reserve('user:a')
    if (!next.ok) throw new Error('refused')
    expect(next.reservation.slot).toBe(clock.now() + 10_000)
    await queued.reservation.release()
    await next.reservation.release()
    const again = await limiter.reserve('user:a')
    if (!again.ok) throw new Error('refused')
    expect(again.reservation.slot).toBe(clock.now() + 10_000)
  })

  it('forgets a principal once its slots have all left the window (the map of principals is bounded)', async () => {
    const clock = new ManualClock()
    const limiter = new MemoryRateLimiter(settings, clock)
    for (let i = 0; i < 50; i++) await limiter.reserve(`user:${i}`)
    expect(limiter.trackedPrincipals).toBe(50)
    await clock.advance(settings.windowMs - 1)
    await limiter.reserve('user:0')
    // Still in the window: nobody is forgotten.
    expect(limiter.trackedPrincipals).toBe(50)
    await clock.advance(settings.windowMs - 10)
    await limiter.reserve('user:late')
    // user:0 reserved again within the last window; the 49 others and their slots are gone.
    expect(limiter.trackedPrincipals).toBe(2)
    // A forgotten principal starts afresh with the whole limit.
    const again = await limiter.reserve('user:1')
    expect(again.ok && again.reservation.remaining).toBe(settings.limit - 1)
  })

  it('frees the window as time passes', async () => {
    const clock = new ManualClock()
    const limiter = new MemoryRateLimiter(settings, clock)
    for (let i = 0; i < 100; i++) await limiter.reserve('user:a')
    await clock.advance(10_000)
    const later = await limiter.reserve('user:a')
    expect(later.ok && later.reservation.slot).toBe(clock.now())
  })

  it('R6: reports remaining never negative and reset within the window', async () => {
    const clock = new ManualClock()
    const limiter = new MemoryRateLimiter(settings, clock)
    let previous = Number.POSITIVE_INFINITY
    for (let i = 0; i < 120; i++) {
      const result = await limiter.reserve('user:a')
      if (!result.ok) throw new Error('refused')
      const headers = rateLimitHeaderValues(settings, result.reservation)
      const remaining = Number(headers['x-ratelimit-remaining'])
      expect(remaining).toBeGreaterThanOrEqual(0)
      if (i < 100) expect(remaining).toBeLessThanOrEqual(previous)
      previous = remaining
      expect(Number(headers['x-ratelimit-reset'])).toBeGreaterThanOrEqual(0)
      expect(Number(headers['x-ratelimit-reset'])).toBeLessThanOrEqual(10)
      expect(headers['ratelimit-policy']).toBe('"default";q=100;w=10')
      expect(headers.ratelimit).toMatch(/^"default";r=\d+;t=\d+$/)
    }
  })
})
