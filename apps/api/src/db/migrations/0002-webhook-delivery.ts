import type { Kysely } from 'kysely'

/**
 * Webhook delivery (issue 5).
 *
 * - `webhook_events.schedule_base_attempt`: the attempt count when the current retry schedule began
 *   (0 at creation; the attempt count at the last replay), so a replayed event gets a fresh schedule
 *   while `attempt_count` keeps counting every attempt of the delivery log.
 * - `webhook_events_next_attempt`: the worker's discovery claim scans due deliveries in
 *   `next_attempt_at` order, skipping configurations it already holds without reading the rows
 *   (finished deliveries have a null `next_attempt_at` and never match).
 * - `webhook_events_configuration_due`: the worker's refill claim takes the next due deliveries of
 *   one configuration.
 * - `webhook_events_due` (state, next_attempt_at) is dropped: no query filters on state first, and
 *   every delivery outcome would otherwise update it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('webhook_events')
    .addColumn('schedule_base_attempt', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema
    .createIndex('webhook_events_next_attempt')
    .on('webhook_events')
    .columns(['next_attempt_at', 'created_at', 'configuration_id'])
    .execute()
  await db.schema
    .createIndex('webhook_events_configuration_due')
    .on('webhook_events')
    .columns(['configuration_id', 'next_attempt_at', 'created_at'])
    .execute()
  await db.schema.dropIndex('webhook_events_due').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('webhook_events_due').on('webhook_events').columns(['state', 'next_attempt_at']).execute()
  await db.schema.dropIndex('webhook_events_configuration_due').execute()
  await db.schema.dropIndex('webhook_events_next_attempt').execute()
  await db.schema.alterTable('webhook_events').dropColumn('schedule_base_attempt').execute()
}
