import type { Kysely } from 'kysely'

/**
 * The delivery log filtered, in its order (decision 0049), by page number or by cursor
 * (`startingAfter`), on index entries alone:
 *
 * - `webhook_events_shop_type_log` (shop_id, type, created_at, id, configuration_id) serves
 *   `GET /webhook-events?type=`. Without it a page of a rare type walks the shop's whole log
 *   (`webhook_events_shop_log`, migration 0007) reading each row for its type.
 * - `webhook_events_configuration_log` (configuration_id, created_at, id) replaces
 *   `webhook_events_configuration` (configuration_id, created_at), of which it is an extension:
 *   with `id` the log of one configuration is in the log's full order (`created_at`, then `id`),
 *   so neither ties nor a cursor need a sort. Every query the old index served (counting per
 *   configuration) is served by its prefix.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('webhook_events_shop_type_log')
    .on('webhook_events')
    .columns(['shop_id', 'type', 'created_at', 'id', 'configuration_id'])
    .execute()
  await db.schema
    .createIndex('webhook_events_configuration_log')
    .on('webhook_events')
    .columns(['configuration_id', 'created_at', 'id'])
    .execute()
  await db.schema.dropIndex('webhook_events_configuration').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('webhook_events_configuration')
    .on('webhook_events')
    .columns(['configuration_id', 'created_at'])
    .execute()
  await db.schema.dropIndex('webhook_events_configuration_log').execute()
  await db.schema.dropIndex('webhook_events_shop_type_log').execute()
}
