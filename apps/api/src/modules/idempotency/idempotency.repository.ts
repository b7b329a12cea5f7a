import type { Executor } from '../../db/database.js'
import type { IdempotencyKeysTable } from './idempotency.table.js'

export type IdempotencyKeyRow = IdempotencyKeysTable

/** Claims the key for a first request; answers false when the principal already has a row for it. */
export async function insertIdempotencyKeyIfNew(db: Executor, row: IdempotencyKeyRow): Promise<boolean> {
  const inserted = await db
    .insertInto('idempotency_keys')
    .values(row)
    .onConflict((oc) => oc.columns(['principal_key', 'idempotency_key']).doNothing())
    .returning('owner')
    .executeTakeFirst()
  return inserted !== undefined
}

export function findIdempotencyKey(db: Executor, principalKey: string, key: string) {
  return db
    .selectFrom('idempotency_keys')
    .selectAll()
    .where('principal_key', '=', principalKey)
    .where('idempotency_key', '=', key)
    .executeTakeFirst()
}

/** Deletes the row if it is still the one created at `createdAt` (an expired key being forgotten). */
export async function deleteIdempotencyKeyCreatedAt(
  db: Executor,
  principalKey: string,
  key: string,
  createdAt: string,
): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where('principal_key', '=', principalKey)
    .where('idempotency_key', '=', key)
    .where('created_at', '=', createdAt)
    .execute()
}

/**
 * Takes over an in-progress row whose owner took it at `lockedAt` (and has not since): only one of
 * several concurrent retries wins.
 */
export async function takeOverIdempotencyKey(
  db: Executor,
  principalKey: string,
  key: string,
  lockedAt: string,
  owner: string,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('idempotency_keys')
    .set({ owner, locked_at: now })
    .where('principal_key', '=', principalKey)
    .where('idempotency_key', '=', key)
    .where('state', '=', 'in_progress')
    .where('locked_at', '=', lockedAt)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

export async function completeIdempotencyKey(
  db: Executor,
  principalKey: string,
  key: string,
  owner: string,
  response: { status: number; headers: string; body: string },
): Promise<boolean> {
  const result = await db
    .updateTable('idempotency_keys')
    .set({
      state: 'complete',
      response_status: response.status,
      response_headers: response.headers,
      response_body: response.body,
    })
    .where('principal_key', '=', principalKey)
    .where('idempotency_key', '=', key)
    .where('owner', '=', owner)
    .where('state', '=', 'in_progress')
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** Forgets an in-progress row (its answer is not saved): a retry runs again. */
export async function releaseIdempotencyKey(
  db: Executor,
  principalKey: string,
  key: string,
  owner: string,
): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where('principal_key', '=', principalKey)
    .where('idempotency_key', '=', key)
    .where('owner', '=', owner)
    .where('state', '=', 'in_progress')
    .execute()
}

/** Deletes up to `limit` rows created before `before`, oldest first; answers how many. */
export async function pruneIdempotencyKeys(db: Executor, before: string, limit: number): Promise<number> {
  const batch = await db
    .selectFrom('idempotency_keys')
    .select(['principal_key', 'idempotency_key'])
    .where('created_at', '<', before)
    .orderBy('created_at')
    .limit(limit)
    .execute()
  if (batch.length === 0) return 0
  const result = await db
    .deleteFrom('idempotency_keys')
    .where('created_at', '<', before)
    .where((eb) =>
      eb(
        eb.refTuple('principal_key', 'idempotency_key'),
        'in',
        batch.map((row) => eb.tuple(row.principal_key, row.idempotency_key)),
      ),
    )
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}
