import { Redis } from 'ioredis'
import type { AttemptCount, AttemptCounter } from './attempt-counter.js'

/**
 * The same counters in Redis (`REDIS_URL`): INCR starts or extends the count, the first attempt of a
 * window sets its expiry, both in one Lua script on the Redis clock, so every node shares one count.
 */
const takeScript = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {count, redis.call('PTTL', KEYS[1])}
`
const peekScript = `
local count = redis.call('GET', KEYS[1])
if not count then return nil end
return {tonumber(count), redis.call('PTTL', KEYS[1])}
`
const giveBackScript = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then redis.call('DECR', KEYS[1]) end
return 0
`

type Script = (...args: unknown[]) => Promise<[number, number] | null>

export class RedisAttemptCounter implements AttemptCounter {
  private readonly redis: Redis

  constructor(
    url: string,
    private readonly keyPrefix = 'fanshelf:auth:',
  ) {
    this.redis = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false })
    this.redis.defineCommand('fanshelfAttemptTake', { numberOfKeys: 1, lua: takeScript })
    this.redis.defineCommand('fanshelfAttemptPeek', { numberOfKeys: 1, lua: peekScript })
    this.redis.defineCommand('fanshelfAttemptGiveBack', { numberOfKeys: 1, lua: giveBackScript })
  }

  private script(name: string): Script {
    const command = (this.redis as unknown as Record<string, Script>)[name]
    if (!command) throw new Error(`Redis script ${name} is not defined`)
    return command.bind(this.redis)
  }

  private static count(reply: [number, number] | null): AttemptCount | undefined {
    if (!reply) return undefined
    const [count, ttl] = reply
    return { count: Number(count), resetInMs: Math.max(0, Number(ttl)) }
  }

  async take(key: string, windowMs: number): Promise<AttemptCount> {
    const reply = await this.script('fanshelfAttemptTake')(this.keyPrefix + key, windowMs)
    const count = RedisAttemptCounter.count(reply)
    if (!count) throw new Error('Redis did not count the attempt')
    return count
  }

  async peek(key: string): Promise<AttemptCount | undefined> {
    return RedisAttemptCounter.count(await this.script('fanshelfAttemptPeek')(this.keyPrefix + key))
  }

  async giveBack(key: string): Promise<void> {
    await this.script('fanshelfAttemptGiveBack')(this.keyPrefix + key)
  }

  async clear(key: string): Promise<void> {
    await this.redis.del(this.keyPrefix + key)
  }

  async close(): Promise<void> {
    this.redis.disconnect()
  }
}
