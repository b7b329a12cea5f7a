import type { Clock } from '../../clock.js'

/**
 * A small in-process cache whose entries live `ttlMs` of the injected clock. Used for data the
 * storefront reads on every request and that changes rarely (the shop behind a token); bounded,
 * cleared whole when full.
 */
export interface TtlCache<V> {
  get(key: string): V | undefined
  set(key: string, value: V): void
  delete(key: string): void
  clear(): void
}

export function createTtlCache<V>(options: { clock: Clock; ttlMs: number; maxEntries?: number }): TtlCache<V> {
  const { clock, ttlMs } = options
  const maxEntries = options.maxEntries ?? 1000
  const entries = new Map<string, { value: V; until: number }>()
  return {
    get(key) {
      const entry = entries.get(key)
      if (!entry) return undefined
      if (entry.until <= clock.now()) {
        entries.delete(key)
        return undefined
      }
      return entry.value
    },
    set(key, value) {
      if (ttlMs <= 0) return
      if (entries.size >= maxEntries) entries.clear()
      entries.set(key, { value, until: clock.now() + ttlMs })
    },
    delete(key) {
      entries.delete(key)
    },
    clear() {
      entries.clear()
    },
  }
}
