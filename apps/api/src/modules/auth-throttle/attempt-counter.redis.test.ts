import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../app.js'
import { createTestPlatform, type TestPlatform } from '../../testing/test-platform.js'
import { RedisAttemptCounter } from './attempt-counter.redis.js'

// Runs under scripts/with-redis.sh (npm run test:redis), which provides TEST_REDIS_URL.
const redisUrl = process.env.TEST_REDIS_URL as string

describe('RedisAttemptCounter shared by two nodes', () => {
  it('100 concurrent attempts from two nodes get the counts 1…100, each once', async () => {
    const key = `test:${Date.now()}:${Math.random()}`
    const nodeA = new RedisAttemptCounter(redisUrl)
    const nodeB = new RedisAttemptCounter(redisUrl)
    try {
      const counts = await Promise.all(
        Array.from({ length: 100 }, (_, i) => (i % 2 === 0 ? nodeA : nodeB).take(key, 60_000)),
      )
      expect(counts.map((c) => c.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1))
      expect(Math.min(...counts.map((c) => c.resetInMs))).toBeGreaterThan(0)
      await nodeB.giveBack(key)
      expect((await nodeA.peek(key))?.count).toBe(99)
      await nodeA.clear(key)
      expect(await nodeB.peek(key)).toBeUndefined()
    } finally {
      await nodeA.close()
      await nodeB.close()
    }
  })
})

describe('HTTP Basic throttling across two API nodes with REDIS_URL', () => {
  let platform: TestPlatform
  let second: Awaited<ReturnType<typeof buildApp>>

  beforeAll(async () => {
    platform = await createTestPlatform({ env: { REDIS_URL: redisUrl, AUTH_FAILURES_PER_USER: '4' } })
    second = await buildApp(platform.config, {
      clock: platform.clock,
      database: platform.app.platform.database,
      logger: false,
    })
  })
  afterAll(async () => {
    await second.close()
    await platform.close()
  })

  it('failures on one node count on the other', async () => {
    const { username } = platform.demo.apiUser
    const guess = (node: typeof second, n: number) =>
      node.inject({
        method: 'GET',
        url: '/open-api/v1.0/shops/current',
        headers: { authorization: `Basic ${Buffer.from(`${username}:redis-guess-${n}`).toString('base64')}` },
        remoteAddress: `192.0.2.${n + 1}`,
      })
    const statuses = []
    for (let n = 0; n < 6; n++) statuses.push((await guess(n % 2 === 0 ? platform.app : second, n)).statusCode)
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429])
  })
})
