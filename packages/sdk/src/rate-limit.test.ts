import { afterEach, describe, expect, it } from 'vitest'
import { createOpenApiClient } from './open-api-client.js'
import { parseRateLimit, parseRetryAfter } from './rate-limit.js'
import { type FakeServer, startFakeServer } from './testing/fake-server.js'

const rateLimited = (retryAfter: string) => ({
  status: 429,
  headers: { 'retry-after': retryAfter, ratelimit: '"default";r=0;t=1', 'x-ratelimit-limit': '100' },
  body: { code: 'RATE_LIMITED', message: 'Too many requests; retry after the Retry-After delay.' },
})

describe('429 RATE_LIMITED', () => {
  let server: FakeServer
  afterEach(async () => {
    await server.close()
  })

  it('waits Retry-After seconds, then repeats the request', async () => {
    const times: number[] = []
    server = await startFakeServer(() => {
      times.push(performance.now())
      return times.length === 1 ? rateLimited('1') : { body: { id: 'sh_1' } }
    })
    const client = createOpenApiClient({ baseUrl: server.origin, auth: { username: 'u', password: 'p' } })
    await expect(client.getCurrentShop()).resolves.toEqual({ id: 'sh_1' })
    expect(times).toHaveLength(2)
    expect((times[1] as number) - (times[0] as number)).toBeGreaterThanOrEqual(950)
    expect(server.requests.map((r) => r.headers.authorization)).toEqual(
      Array(2).fill(server.requests[0]?.headers.authorization),
    )
  })

  it('gives up after maxRetries, throwing the 429 with retryAfterSeconds', async () => {
    server = await startFakeServer(() => rateLimited('0'))
    const client = createOpenApiClient({
      baseUrl: server.origin,
      auth: { username: 'u', password: 'p' },
      retry: { maxRetries: 2 },
    })
    const error = await client.getCurrentShop().catch((e: unknown) => e)
    expect(error).toMatchObject({
      status: 429,
      code: 'RATE_LIMITED',
      retryAfterSeconds: 0,
      rateLimit: { limit: 100, remaining: 0, resetSeconds: 1 },
    })
    expect(server.requests).toHaveLength(3)
  })

  it('does not wait when the server asks for longer than maxRetryAfterSeconds, or when retries are off', async () => {
    server = await startFakeServer(() => rateLimited('120'))
    const client = createOpenApiClient({ baseUrl: server.origin, auth: { username: 'u', password: 'p' } })
    await expect(client.getCurrentShop()).rejects.toMatchObject({ code: 'RATE_LIMITED', retryAfterSeconds: 120 })
    const noRetries = createOpenApiClient({
      baseUrl: server.origin,
      auth: { username: 'u', password: 'p' },
      retry: { maxRetries: 0, maxRetryAfterSeconds: 600 },
    })
    await expect(noRetries.getCurrentShop()).rejects.toMatchObject({ code: 'RATE_LIMITED' })
    expect(server.requests).toHaveLength(2)
  })

  it('stops waiting when the caller aborts', async () => {
    server = await startFakeServer(() => rateLimited('30'))
    const client = createOpenApiClient({ baseUrl: server.origin, auth: { username: 'u', password: 'p' } })
    const controller = new AbortController()
    const pending = client.getCurrentShop({ signal: controller.signal })
    setTimeout(() => controller.abort(new Error('user went away')), 100)
    const started = performance.now()
    await expect(pending).rejects.toThrow('user went away')
    expect(performance.now() - started).toBeLessThan(5_000)
    expect(server.requests).toHaveLength(1)
  })
})

describe('rate-limit headers', () => {
  it('reads the IETF RateLimit header, falling back to X-RateLimit-*', () => {
    expect(parseRateLimit(new Headers({ ratelimit: '"default";r=57;t=4', 'x-ratelimit-limit': '100' }))).toEqual({
      limit: 100,
      remaining: 57,
      resetSeconds: 4,
    })
    expect(
      parseRateLimit(
        new Headers({ 'x-ratelimit-remaining': '3', 'x-ratelimit-reset': '9', 'x-ratelimit-limit': '100' }),
      ),
    ).toEqual({ limit: 100, remaining: 3, resetSeconds: 9 })
    expect(parseRateLimit(new Headers())).toBeUndefined()
  })

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.UTC(2026, 10, 20, 12, 0, 0)
    expect(parseRetryAfter('7', now)).toBe(7)
    expect(parseRetryAfter(new Date(now + 2_500).toUTCString(), now)).toBe(2)
    expect(parseRetryAfter(null, now)).toBeUndefined()
    expect(parseRetryAfter('soon', now)).toBeUndefined()
  })
})
