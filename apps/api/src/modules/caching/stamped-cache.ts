import type { Kysely } from 'kysely'
import { type ChangeStamp, createChangeStamp } from '../paging/long-lists.js'

/**
 * Answers kept while the database is unchanged. Each read first reads the database's change stamp
 * (long-lists.ts `createChangeStamp`: it moves on every write anyone commits, from this node or
 * another); an answer computed under the same stamp is still exact and is returned as it was.
 * The stamp is read *before* computing, so a write that lands while an answer is computed only
 * makes the next read compute again. Where no stamp can be read, nothing is kept.
 *
 * For reads that depend on the stored data alone (not on the clock or the caller), keyed by every
 * input of the read. A busy shop writes all the time and mostly misses; the cost of a miss is one
 * map lookup on top of the stamp, which the long-list totals read anyway.
 */
export interface StampedCache<V> {
  get(key: string, compute: () => Promise<V>): Promise<V>
}

export function createStampedCache<V>(
  // biome-ignore lint/suspicious/noExplicitAny: any table set: the stamp queries name no table.
  db: Kysely<any>,
  options: { maxEntries: number; readStamp?: ChangeStamp },
): StampedCache<V> {
  const readStamp = options.readStamp ?? createChangeStamp(db)
  // Bound: at most `maxEntries` answers, the oldest set goes first.
  const entries = new Map<string, { stamp: string; value: V }>()
  return {
    async get(key, compute) {
      const stamp = await readStamp()
      if (stamp === undefined) return compute()
      const kept = entries.get(key)
      if (kept !== undefined && kept.stamp === stamp) return kept.value
      const value = await compute()
      entries.delete(key)
      // Oldest first: a Map iterates in insertion order.
      if (entries.size >= options.maxEntries) entries.delete(entries.keys().next().value as string)
      entries.set(key, { stamp, value })
      return value
    },
  }
}
