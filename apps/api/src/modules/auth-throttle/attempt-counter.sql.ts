import { sql } from 'kysely'
import type { Clock } from '../../clock.js'
import type { Db } from '../../db/database.js'
import type { AttemptCount, AttemptCounter } from './attempt-counter.js'

/** Expired counters are swept once per this many attempts (each `take` also resets its own). */
const sweepEvery = 500

/**
 * The database's counters: one row per key, counted by a single `INSERT … ON CONFLICT DO UPDATE …
 * RETURNING`, which both SQLite and PostgreSQL run atomically on the row, so concurrent attempts
 * on any node get distinct counts.
 */
export function createSqlAttemptCounter(db: Db, clock: Clock): AttemptCounter {
  let takes = 0

  async function sweep(nowMs: number) {
    await db.deleteFrom('auth_attempts').where('window_ends_at', '<=', nowMs).execute()
  }

  return {
    async take(key, windowMs) {
      const nowMs = clock.now()
      if (++takes % sweepEvery === 0) await sweep(nowMs)
      const expired = sql<boolean>`auth_attempts.window_ends_at <= ${nowMs}`
      const row = await db
        .insertInto('auth_attempts')
        .values({ key, count: 1, window_ends_at: nowMs + windowMs })
        .onConflict((conflict) =>
          conflict.column('key').doUpdateSet({
            count: sql<number>`case when ${expired} then 1 else auth_attempts.count + 1 end`,
            window_ends_at: sql<number>`case when ${expired} then ${nowMs + windowMs} else auth_attempts.window_ends_at end`,
          }),
        )
        .returning(['count', 'window_ends_at'])
        .executeTakeFirstOrThrow()
      return { count: Number(row.count), resetInMs: Number(row.window_ends_at) - nowMs }
    },

    async peek(key): Promise<AttemptCount | undefined> {
      const nowMs = clock.now()
      const row = await db
        .selectFrom('auth_attempts')
        .select(['count', 'window_ends_at'])
        .where('key', '=', key)
        .where('window_ends_at', '>', nowMs)
        .executeTakeFirst()
      return row && { count: Number(row.count), resetInMs: Number(row.window_ends_at) - nowMs }
    },

    async giveBack(key) {
      await db
        .updateTable('auth_attempts')
        .set({ count: sql<number>`case when count > 0 then count - 1 else 0 end` })
        .where('key', '=', key)
        .execute()
    },

    async clear(key) {
      await db.deleteFrom('auth_attempts').where('key', '=', key).execute()
    },

    async close() {},
  }
}
