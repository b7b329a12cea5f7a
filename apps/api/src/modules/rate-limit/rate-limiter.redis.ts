import { Redis } from 'ioredis'
import type { RateLimiter, RateLimitSettings, ReserveResult } from './rate-limiter.js'

/**
 * The same reservation log as MemoryRateLimiter, kept in a Redis sorted set per principal and
 * computed atomically by one Lua script on the Redis clock, so every API node shares one limit
 * regardless of node clock skew.
 */
const reserveScript = `
local key = KEYS[1]
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local maxWait = tonumber(ARGV[3])
local maxQueued = tonumber(ARGV[4])
local member = ARGV[5]
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
local count = redis.call('ZCARD', key)
local slot = now
if count >= limit then
  local r = redis.call('ZRANGE', key, -limit, -limit, 'WITHSCORES')
  slot = math.max(now, tonumber(r[2]) + window)
end
local queued = redis.call('ZCOUNT', key, '(' .. now, '+inf')
local oldest = now
local first = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
if first[2] then oldest = tonumber(first[2]) end
if (slot - now) > maxWait or (slot > now and queued >= maxQueued) then
  return {0, now, slot, 0, oldest}
end
redis.call('ZADD', key, slot, member)
redis.call('PEXPIRE', key, window + maxWait + 1000)
local inWindow = redis.call('ZCOUNT', key, '(' .. (slot - window), '+inf')
first = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
return {1, now, slot, limit - inWindow, tonumber(first[2])}
`

export class RedisRateLimiter implements RateLimiter {
  private readonly redis: Redis

  constructor(
    readonly settings: RateLimitSettings,
    url: string,
    private readonly keyPrefix = 'fanshelf:rl:',
  ) {
    this.redis = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false })
    this.redis.defineCommand('fanshelfReserve', { numberOfKeys: 1, lua: reserveScript })
  }

  async reserve(key: string, requestId: string): Promise<ReserveResult> {
    const { limit, windowMs, maxWaitMs, maxQueued } = this.settings
    const redisKey = this.keyPrefix + key
    const reserve = (this.redis as unknown as Record<string, (...args: unknown[]) => Promise<number[]>>)
      .fanshelfReserve as (...args: unknown[]) => Promise<number[]>
    const [ok, now, slot, remaining, oldest] = (await reserve.call(
      this.redis,
      redisKey,
      limit,
      windowMs,
      maxWaitMs,
      maxQueued,
      requestId,
    )) as [number, number, number, number, number]
    const base = Math.max(now, slot)
    if (ok !== 1) {
      return {
        ok: false,
        retryAfterSeconds: Math.max(1, Math.ceil((slot - now) / 1000)),
        remaining: 0,
        resetSeconds: Math.max(0, Math.ceil((oldest + windowMs - now) / 1000)),
      }
    }
    return {
      ok: true,
      reservation: {
        slot,
        now,
        remaining: Math.max(0, remaining),
        resetSeconds: Math.max(0, Math.ceil((oldest + windowMs - base) / 1000)),
        release: async () => {
          await this.redis.zrem(redisKey, requestId)
        },
      },
    }
  }

  async close(): Promise<void> {
    this.redis.disconnect()
  }
}
