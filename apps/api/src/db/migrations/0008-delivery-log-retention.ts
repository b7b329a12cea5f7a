import type { Kysely } from 'kysely'

/**
 * The delivery log keeps 30 days (decision 0017). Pruning deletes outbox events once none of
 * their deliveries is left: that check, and the foreign-key check of every deleted event, look
 * deliveries up by event — without this index, a scan of the whole log per event.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('webhook_events_event').on('webhook_events').columns(['event_id']).execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('webhook_events_event').execute()
}
