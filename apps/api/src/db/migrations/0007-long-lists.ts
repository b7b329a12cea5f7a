import type { Kysely } from 'kysely'

/**
 * Long lists (decision 0016).
 *
 * - `webhook_events_shop_log` (shop_id, created_at, id, configuration_id) replaces
 *   `webhook_events_shop_created` (shop_id, created_at, id), of which it is an extension: a page of
 *   the delivery log is found on index entries alone (the configuration decides visibility), and
 *   only that page's rows are read — not every row an offset skips. Every query the old index
 *   served (the log's order, pruning by shop and age) is served by its prefix.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('webhook_events_shop_log')
    .on('webhook_events')
    .columns(['shop_id', 'created_at', 'id', 'configuration_id'])
    .execute()
  await db.schema.dropIndex('webhook_events_shop_created').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('webhook_events_shop_created')
    .on('webhook_events')
    .columns(['shop_id', 'created_at', 'id'])
    .execute()
  await db.schema.dropIndex('webhook_events_shop_log').execute()
}
