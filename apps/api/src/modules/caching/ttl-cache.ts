import { LRUCache } from 'lru-cache'
import type { Clock } from '../../clock.js'

/**
 * An in-process cache whose entries live `ttlMs` of the injected clock (lru-cache, decision 0042),
 * for data read on every request that changes rarely: the shop behind a token, verified
 * credentials, opened signing secrets, catalogue answers. Bounded: past `maxEntries` the least
 * recently used entry goes, and stale entries are dropped at least once a TTL (below). An entry is fresh until `ttlMs` has passed since it was set
 * (ages are read from the clock on every lookup, so a test's clock decides).
 */
export type TtlCache<V extends {}> = LRUCache<string, V>

/**
 * lru-cache drops a stale entry only when it is read or when `max` pushes it out, so a cache keyed
 * by request input would hold up to `max` dead answers for good. This one also drops every stale
 * entry on a `set` once `ttlMs` of the clock has passed since it last did (one pass over the
 * entries per TTL, on the injected clock: no timers).
 */
class ClockPurgedCache<V extends {}> extends LRUCache<string, V> {
  private lastPurge: number

  constructor(
    options: LRUCache.Options<string, V, unknown>,
    private readonly clock: Clock,
    private readonly purgeEveryMs: number,
  ) {
    super(options)
    this.lastPurge = clock.now()
  }

  override set(key: string, value: V | undefined, options?: LRUCache.SetOptions<string, V, unknown>): this {
    const now = this.clock.now()
    if (now - this.lastPurge >= this.purgeEveryMs) {
      this.lastPurge = now
      this.purgeStale()
    }
    return super.set(key, value, options)
  }
}

export function createTtlCache<V extends {}>(options: {
  clock: Clock
  ttlMs: number
  maxEntries?: number
}): TtlCache<V> {
  if (!(options.ttlMs > 0)) throw new RangeError(`A TTL cache needs a positive ttlMs, not ${options.ttlMs}`)
  return new ClockPurgedCache<V>(
    {
      max: options.maxEntries ?? 1000,
      // lru-cache keeps an entry while its age is at most `ttl`; here it ends when `ttlMs` has
      // passed (whole milliseconds of the clock), as the callers' tests state.
      ttl: Math.max(1, options.ttlMs - 1),
      perf: options.clock,
      // lru-cache otherwise reuses one reading of the clock for a millisecond of real time.
      ttlResolution: 0,
    },
    options.clock,
    options.ttlMs,
  )
}
