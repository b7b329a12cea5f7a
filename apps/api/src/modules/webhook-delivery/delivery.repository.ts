import { type Kysely, sql } from 'kysely'
import type { Dialect, Executor } from '../../db/database.js'
import type { Database, WebhookEventsTable } from '../../db/schema.js'

/**
 * Queries of the delivery worker over `webhook_events` (the deliveries), `webhook_attempts` and
 * `webhook_configurations`. Every write that ends a claim is conditioned on the lease it holds, so
 * a worker whose lease was taken over (or whose delivery was replayed) changes nothing.
 */

export type DeliveryDatabase = Database
export type DeliveryExecutor = Kysely<DeliveryDatabase>

export function deliveryExecutor(executor: Executor): DeliveryExecutor {
  return executor
}

export interface ClaimedDelivery {
  id: string
  shop_id: string
  configuration_id: string
  body: string
  attempt_count: number
  schedule_base_attempt: number
  next_attempt_at: string
  created_at: string
}

export interface DeliveryTarget {
  id: string
  shop_id: string
  app_id: string | null
  url: string
  enabled: number
  failing_since: string | null
}

export interface ClaimRequest {
  workerId: string
  now: string
  leaseUntil: string
  /** Deliveries to claim at most. */
  limit: number
  /** Due rows to consider (after excluding `saturated`), so a claim stays cheap under a backlog. */
  window: number
  /** Per-configuration room: configurations not listed get `perEndpoint`. */
  room: ReadonlyMap<string, number>
  perEndpoint: number
}

/**
 * Leases up to `limit` due deliveries, oldest first, at most `room` per configuration, in one
 * statement: on PostgreSQL the candidate rows are locked `FOR UPDATE SKIP LOCKED` so concurrent
 * workers never wait for nor take the same rows; on SQLite the single statement is atomic (one
 * writer). The outer conditions are re-checked on the row being updated, so a row leased by
 * someone else in between is never taken.
 */
export async function claimDueDeliveries(
  executor: Executor,
  dialect: Dialect,
  request: ClaimRequest,
): Promise<ClaimedDelivery[]> {
  const full = [...request.room].filter(([, room]) => room <= 0).map(([id]) => id)
  const partial = [...request.room].filter(([, room]) => room > 0)
  const excluded = full.length > 0 ? sql`AND configuration_id NOT IN (${sql.join(full)})` : sql``
  const room =
    partial.length > 0
      ? sql`CASE configuration_id ${sql.join(
          partial.map(([id, n]) => sql`WHEN ${id} THEN CAST(${n} AS INTEGER)`),
          sql` `,
        )} ELSE CAST(${request.perEndpoint} AS INTEGER) END`
      : sql`CAST(${request.perEndpoint} AS INTEGER)`
  const lock = dialect === 'postgres' ? sql`FOR UPDATE SKIP LOCKED` : sql``
  const { now } = request
  const result = await sql<ClaimedDelivery>`
    UPDATE webhook_events SET lease_owner = ${request.workerId}, lease_until = ${request.leaseUntil}
    WHERE id IN (
      SELECT id FROM (
        SELECT id, next_attempt_at, created_at,
          ROW_NUMBER() OVER (PARTITION BY configuration_id ORDER BY next_attempt_at, created_at, id) AS position,
          configuration_id
        FROM (
          SELECT id, configuration_id, next_attempt_at, created_at FROM webhook_events
          WHERE next_attempt_at <= ${now} AND (lease_until IS NULL OR lease_until <= ${now}) ${excluded}
          ORDER BY next_attempt_at, created_at
          LIMIT ${request.window}
          ${lock}
        ) due
      ) ranked
      WHERE position <= ${room}
      ORDER BY next_attempt_at, created_at
      LIMIT ${request.limit}
    )
    AND next_attempt_at <= ${now} AND (lease_until IS NULL OR lease_until <= ${now})
    RETURNING id, shop_id, configuration_id, body, attempt_count, schedule_base_attempt, next_attempt_at, created_at
  `.execute(executor)
  return normalise(result.rows)
}

/**
 * Leases more deliveries of configurations this worker already holds, oldest first, at most
 * `room` of each: one index range per configuration (configuration_id, next_attempt_at), so the
 * cost does not grow with the backlog. Same locking and re-checks as claimDueDeliveries.
 */
export async function claimMoreForConfigurations(
  executor: Executor,
  dialect: Dialect,
  request: { workerId: string; now: string; leaseUntil: string; room: ReadonlyMap<string, number> },
): Promise<ClaimedDelivery[]> {
  const wanted = [...request.room].filter(([, room]) => room > 0)
  if (wanted.length === 0) return []
  const { now } = request
  const lock = dialect === 'postgres' ? sql`FOR UPDATE SKIP LOCKED` : sql``
  const branches = wanted.map(
    ([configurationId, room], i) => sql`SELECT id FROM (
      SELECT id FROM webhook_events
      WHERE configuration_id = ${configurationId} AND next_attempt_at <= ${now}
        AND (lease_until IS NULL OR lease_until <= ${now})
      ORDER BY next_attempt_at, created_at
      LIMIT ${room}
      ${lock}
    ) ${sql.ref(`c${i}`)}`,
  )
  const result = await sql<ClaimedDelivery>`
    UPDATE webhook_events SET lease_owner = ${request.workerId}, lease_until = ${request.leaseUntil}
    WHERE id IN (${sql.join(branches, sql` UNION ALL `)})
    AND next_attempt_at <= ${now} AND (lease_until IS NULL OR lease_until <= ${now})
    RETURNING id, shop_id, configuration_id, body, attempt_count, schedule_base_attempt, next_attempt_at, created_at
  `.execute(executor)
  return normalise(result.rows)
}

function normalise(rows: ClaimedDelivery[]): ClaimedDelivery[] {
  return rows
    .map((row) => ({
      ...row,
      attempt_count: Number(row.attempt_count),
      schedule_base_attempt: Number(row.schedule_base_attempt),
    }))
    .sort((a, b) => compare(a.next_attempt_at, b.next_attempt_at) || compare(a.created_at, b.created_at))
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

export async function findDeliveryTargets(executor: Executor, ids: string[]): Promise<Map<string, DeliveryTarget>> {
  if (ids.length === 0) return new Map()
  const rows = await executor
    .selectFrom('webhook_configurations')
    .select(['id', 'shop_id', 'app_id', 'url', 'enabled', 'failing_since'])
    .where('id', 'in', ids)
    .execute()
  return new Map(rows.map((row) => [row.id, { ...row, enabled: Number(row.enabled) }]))
}

export interface AttemptRecord {
  id: string
  webhookEventId: string
  shopId: string
  attemptedAt: string
  statusCode: number | null
  latencyMs: number
  errorClass: string | null
  responseExcerpt: string | null
}

export async function insertAttempts(executor: Executor, attempts: AttemptRecord[]): Promise<void> {
  for (let i = 0; i < attempts.length; i += 200) {
    await executor
      .insertInto('webhook_attempts')
      .values(
        attempts.slice(i, i + 200).map((a) => ({
          id: a.id,
          webhook_event_id: a.webhookEventId,
          shop_id: a.shopId,
          attempted_at: a.attemptedAt,
          status_code: a.statusCode,
          latency_ms: a.latencyMs,
          error_class: a.errorClass,
          response_excerpt: a.responseExcerpt,
        })),
      )
      .execute()
  }
}

export interface LeasedUpdate {
  /** Deliveries leased by `workerId` that all get the same change. */
  ids: string[]
  workerId: string
  now: string
  state?: WebhookEventsTable['state']
  nextAttemptAt?: string | null
  lastError?: string | null
  /** Count one more attempt. */
  attempted: boolean
}

/** Ends leases: new state and schedule, lease released. Skips deliveries whose lease is no longer ours. */
export async function updateLeasedDeliveries(executor: Executor, update: LeasedUpdate): Promise<void> {
  for (let i = 0; i < update.ids.length; i += 500) {
    await executor
      .updateTable('webhook_events')
      .set((eb) => ({
        ...(update.state === undefined ? {} : { state: update.state }),
        ...(update.nextAttemptAt === undefined ? {} : { next_attempt_at: update.nextAttemptAt }),
        ...(update.lastError === undefined ? {} : { last_error: update.lastError }),
        ...(update.attempted ? { attempt_count: eb('attempt_count', '+', 1) } : {}),
        lease_owner: null,
        lease_until: null,
        updated_at: update.now,
      }))
      .where('id', 'in', update.ids.slice(i, i + 500))
      .where('lease_owner', '=', update.workerId)
      .execute()
  }
}

export async function clearFailingSince(executor: Executor, configurationId: string, now: string): Promise<void> {
  await executor
    .updateTable('webhook_configurations')
    .set({ failing_since: null, updated_at: now })
    .where('id', '=', configurationId)
    .where('failing_since', 'is not', null)
    .execute()
}

/** Marks a configuration as failing since `since` unless it already is. */
export async function markFailingSince(executor: Executor, configurationId: string, since: string): Promise<void> {
  await executor
    .updateTable('webhook_configurations')
    .set({ failing_since: since })
    .where('id', '=', configurationId)
    .where('failing_since', 'is', null)
    .execute()
}

/**
 * Disables an enabled configuration — unconditionally, or only when it has been failing since
 * `failingSinceAtMost` or earlier — and fails its queued deliveries. Answers whether it disabled it.
 */
export async function disableConfiguration(
  executor: Executor,
  configurationId: string,
  reason: string,
  now: string,
  failingSinceAtMost?: string,
): Promise<boolean> {
  let query = executor
    .updateTable('webhook_configurations')
    .set({ enabled: 0, disabled_reason: reason, updated_at: now })
    .where('id', '=', configurationId)
    .where('enabled', '=', 1)
  if (failingSinceAtMost !== undefined) query = query.where('failing_since', '<=', failingSinceAtMost)
  const result = await query.executeTakeFirst()
  if (Number(result.numUpdatedRows) === 0) return false
  await failQueuedDeliveries(executor, configurationId, `The configuration was disabled: ${reason}`, now)
  return true
}

export async function failQueuedDeliveries(
  executor: Executor,
  configurationId: string,
  reason: string,
  now: string,
): Promise<void> {
  await executor
    .updateTable('webhook_events')
    .set({
      state: 'FAILED',
      next_attempt_at: null,
      lease_owner: null,
      lease_until: null,
      last_error: reason,
      updated_at: now,
    })
    .where('configuration_id', '=', configurationId)
    .where('next_attempt_at', 'is not', null)
    .execute()
}

export interface DeliveryQueue {
  /** Deliveries still to be sent (pending or retrying; finished ones have no next attempt). */
  pending: number
  /** Of those, the ones due now. */
  due: number
  /** The next attempt time of the most overdue one (ISO), if any is pending. */
  oldestNextAttemptAt: string | null
}

/**
 * The queue as the metrics show it at each scrape: one scan of the `next_attempt_at` index over
 * the pending deliveries only.
 */
export async function readDeliveryQueue(executor: Executor, now: string): Promise<DeliveryQueue> {
  const row = await executor
    .selectFrom('webhook_events')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('pending'),
      eb.fn.sum<number | string | null>(eb.case().when('next_attempt_at', '<=', now).then(1).else(0).end()).as('due'),
      eb.fn.min<string | null>('next_attempt_at').as('oldest'),
    ])
    .where('next_attempt_at', 'is not', null)
    .executeTakeFirstOrThrow()
  return { pending: Number(row.pending), due: Number(row.due ?? 0), oldestNextAttemptAt: row.oldest ?? null }
}
