import type { Db } from '../../db/database.js'
import { sleep } from '../cluster-process.js'

/**
 * Waits until every delivery (`webhook_events` row) of the given configurations is DELIVERED;
 * past `withinMs` it fails naming a few that are not, with their state and last error.
 */
export async function waitUntilDelivered(db: Db, configurationIds: readonly string[], withinMs: number): Promise<void> {
  const deadline = Date.now() + withinMs
  for (;;) {
    const pending = await db
      .selectFrom('webhook_events')
      .select(['id', 'state', 'attempt_count', 'next_attempt_at', 'lease_owner', 'lease_until', 'last_error'])
      .where('configuration_id', 'in', configurationIds)
      .where('state', '!=', 'DELIVERED')
      .execute()
    if (pending.length === 0) return
    if (Date.now() > deadline) {
      throw new Error(
        `${pending.length} deliveries are still not DELIVERED after ${withinMs} ms, e.g. ${JSON.stringify(pending.slice(0, 5))}`,
      )
    }
    await sleep(100)
  }
}
