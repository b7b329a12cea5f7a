import type { Kysely } from 'kysely'

/**
 * The purge of expired carts is served by `carts_created` (created_at) instead of `carts_updated`
 * (updated_at, migration 0005), so a cart's touch no longer changes an indexed column (decision
 * 0048, second amendment).
 *
 * Every change of a cart sets its `updated_at`. While an index covered that column, PostgreSQL could
 * not make the update a HOT one (a new row version on the same page, no index entries): each touch
 * added an entry to both of the table's indexes, and a busy cart's primary-key lookups walked a
 * growing trail of dead entries. On a cart taking adds back to back, `pgbench` ran the add function
 * at ~4,700–5,100 calls/s with the index and ~9,800 without, and without it the rate held over time.
 *
 * The purge (`deleteCartsIdleSince`) now asks for carts created *and* last changed before the
 * cutoff: a cart idle since the cutoff was created before it too, so the answer is the same, and the
 * range on `created_at` only reaches carts older than the idle expiry. SQLite has no HOT updates;
 * the schema is the same on both.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('carts_created').on('carts').columns(['created_at']).execute()
  await db.schema.dropIndex('carts_updated').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('carts_updated').on('carts').columns(['updated_at']).execute()
  await db.schema.dropIndex('carts_created').execute()
}
