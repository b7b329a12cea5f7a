import { LRUCache } from 'lru-cache'
import type { Clock } from '../../clock.js'

/**
 * An in-process cache whose entries live `ttlMs` of the injected clock (lru-cache, decision 0042),
 * for data read on every request that changes rarely: the shop behind a token, verified
 * credentials, opened signing secrets, catalogue answers. Bounded: past `maxEntries` the least
 * recently used entry goes. An entry is fresh until `ttlMs` has passed since it was set
 * (ages are read from the clock on every lookup, so a test's clock decides).
 */
export type TtlCache<V extends {}> = LRUCache<string, V>

export function createTtlCache<V extends {}>(options: {
  clock: Clock
  ttlMs: number
  maxEntries?: number
}): TtlCache<V> {
  if (!(options.ttlMs > 0)) throw new RangeError(`A TTL cache needs a positive ttlMs, not ${options.ttlMs}`)
  return new LRUCache<string, V>({
    max: options.maxEntries ?? 1000,
    // lru-cache keeps an entry while its age is at most `ttl`; here it ends when `ttlMs` has
    // passed (whole milliseconds of the clock), as the callers' tests state.
    ttl: Math.max(1, options.ttlMs - 1),
    perf: options.clock,
    // lru-cache otherwise reuses one reading of the clock for a millisecond of real time.
    ttlResolution: 0,
  })
}
