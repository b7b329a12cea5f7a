import type { Executor } from '../../db/database.js'
import { deliveryLogRetentionMs } from '../webhook-events/webhook-events.service.js'

/**
 * The delivery log keeps 30 days (`deliveryLogRetentionMs`; reads already hide older entries).
 * Older deliveries (finished ones: the retry schedule ends within two days; or still queued for
 * an endpoint disabled since) are deleted with their attempts, then outbox events that have been
 * fanned out and have no delivery left. Deletes go in batches, each its own statement, so a large backlog never holds
 * the database's write lock for long; the worker runs this about once an hour.
 */
export const deliveryLogPruneIntervalMs = 60 * 60 * 1000
const batchSize = 500

export interface PruneSummary {
  deliveries: number
  attempts: number
  events: number
}

function iso(ms: number): string {
  return new Date(ms).toISOString()
}

/** Finds up to `batchSize` ids and deletes them, until a batch comes back short. */
async function inBatches(find: () => Promise<{ id: string }[]>, remove: (ids: string[]) => Promise<void>) {
  for (;;) {
    const ids = (await find()).map((row) => row.id)
    if (ids.length > 0) await remove(ids)
    if (ids.length < batchSize) return
  }
}

export async function pruneDeliveryLog(db: Executor, now: number): Promise<PruneSummary> {
  const cutoff = iso(now - deliveryLogRetentionMs)
  const summary: PruneSummary = { deliveries: 0, attempts: 0, events: 0 }
  const shops = await db.selectFrom('shops').select('id').execute()
  for (const { id: shopId } of shops) {
    await inBatches(
      // Per shop: the (shop_id, created_at) index finds the old end of each shop's log.
      () =>
        db
          .selectFrom('webhook_events')
          .select('id')
          .where('shop_id', '=', shopId)
          .where('created_at', '<', cutoff)
          // Not while a worker holds it (a delivery still queued after 30 days is for an endpoint
          // that was disabled: the log no longer shows it, and it is not sent).
          .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', iso(now))]))
          .limit(batchSize)
          .execute(),
      async (ids) => {
        const attempts = await db.deleteFrom('webhook_attempts').where('webhook_event_id', 'in', ids).executeTakeFirst()
        const deliveries = await db.deleteFrom('webhook_events').where('id', 'in', ids).executeTakeFirst()
        summary.attempts += Number(attempts.numDeletedRows)
        summary.deliveries += Number(deliveries.numDeletedRows)
      },
    )
  }
  await inBatches(
    // Dispatched before the cutoff means created before it too.
    () =>
      db
        .selectFrom('events as e')
        .select('e.id')
        .where('e.dispatched_at', 'is not', null)
        .where('e.dispatched_at', '<', cutoff)
        .where(({ not, exists, selectFrom }) =>
          not(exists(selectFrom('webhook_events as w').select('w.id').whereRef('w.event_id', '=', 'e.id'))),
        )
        .limit(batchSize)
        .execute(),
    async (ids) => {
      const events = await db.deleteFrom('events').where('id', 'in', ids).executeTakeFirst()
      summary.events += Number(events.numDeletedRows)
    },
  )
  return summary
}
