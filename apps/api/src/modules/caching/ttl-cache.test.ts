import { describe, expect, it } from 'vitest'
import { ManualClock } from '../../clock.js'
import { createTtlCache } from './ttl-cache.js'

describe('createTtlCache', () => {
  it('keeps an entry until ttlMs of the injected clock have passed', async () => {
    const clock = new ManualClock()
    const cache = createTtlCache<string>({ clock, ttlMs: 1000 })
    cache.set('shop', 'row')
    await clock.advance(999)
    expect(cache.get('shop')).toBe('row')
    await clock.advance(1)
    expect(cache.get('shop')).toBeUndefined()
  })

  it('evicts the least recently used entry past maxEntries', () => {
    const cache = createTtlCache<number>({ clock: new ManualClock(), ttlMs: 1000, maxEntries: 2 })
    cache.set('a', 1)
    cache.set('b', 2)
    cache.get('a')
    cache.set('c', 3)
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([1, undefined, 3])
  })

  it('drops stale entries on a set once a TTL has passed, so dead answers do not wait for maxEntries', async () => {
    const clock = new ManualClock()
    const cache = createTtlCache<number>({ clock, ttlMs: 1000, maxEntries: 100 })
    for (let i = 0; i < 50; i++) cache.set(`old${i}`, i)
    await clock.advance(500)
    cache.set('young', 1)
    // Nothing is stale yet.
    expect(cache.size).toBe(51)
    await clock.advance(700)
    cache.set('new', 2)
    // The 50 set at 0 are past their TTL and gone without being read; 'young' is still fresh.
    expect(cache.size).toBe(2)
    expect([cache.get('young'), cache.get('new')]).toEqual([1, 2])
  })

  it('refuses a TTL that is not positive', () => {
    expect(() => createTtlCache({ clock: new ManualClock(), ttlMs: 0 })).toThrow(RangeError)
  })
})
