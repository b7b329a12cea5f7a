import type { Executor } from '../../db/database.js'
import type { WebhookEventsTable } from '../../db/schema.js'
import type { PageWindow } from '../paging/long-lists.js'
import { sortDirection } from '../paging/long-lists.js'
import type { WebhookOwner } from '../webhook-configurations/webhook-configurations.repository.js'
import { deliveryExecutor } from '../webhook-delivery/delivery.repository.js'

/**
 * The delivery log: `webhook_events` (one delivery of one event to one configuration) and their
 * `webhook_attempts`, seen with the visibility of their configuration — the shop's API users see
 * the shop's own configurations, a platform app only its own.
 */

export interface WebhookEventFilter {
  type?: string
  configurationId?: string
  /** Only events created at or after this instant (the log keeps 30 days). */
  createdSince: string
  /** Only events created before this instant (counting the ones that left the window). */
  createdBefore?: string
  /** Only events after this one in the log's order (newest first): a cursor (`startingAfter`). */
  after?: EventKey
}

/** Where an event sits in the log's order: `created_at`, then `id`. */
export interface EventKey {
  createdAt: string
  id: string
}

export type WebhookEventRow = Pick<
  WebhookEventsTable,
  | 'id'
  | 'configuration_id'
  | 'type'
  | 'test_mode'
  | 'state'
  | 'created_at'
  | 'updated_at'
  | 'next_attempt_at'
  | 'attempt_count'
  | 'last_error'
  | 'body'
> & { url: string; enabled: number }

function visibleEvents(db: Executor, owner: WebhookOwner, filter: WebhookEventFilter) {
  let query = db
    .selectFrom('webhook_events as e')
    .innerJoin('webhook_configurations as c', 'c.id', 'e.configuration_id')
    .where('e.shop_id', '=', owner.shopId)
    .where('c.shop_id', '=', owner.shopId)
    .where('e.created_at', '>=', filter.createdSince)
  query = owner.appId === null ? query.where('c.app_id', 'is', null) : query.where('c.app_id', '=', owner.appId)
  if (filter.type !== undefined) query = query.where('e.type', '=', filter.type)
  if (filter.configurationId !== undefined) query = query.where('e.configuration_id', '=', filter.configurationId)
  return query
}

const eventColumns = [
  'e.id',
  'e.configuration_id',
  'e.type',
  'e.test_mode',
  'e.state',
  'e.created_at',
  'e.updated_at',
  'e.next_attempt_at',
  'e.attempt_count',
  'e.last_error',
  'e.body',
  'c.url',
  'c.enabled',
] as const

/**
 * A page of the log, newest first; the window (long-lists.ts) may read it from the log's end. The
 * page is found on index entries alone (`webhook_events_shop_log`, migration 0007) and only its
 * rows are read: an offset then skips index entries, not rows with their bodies. `configurationIds`
 * are the owner's visible ones (`visibleConfigurationIds`), read once per request by the caller.
 */
export async function listWebhookEvents(
  db: Executor,
  owner: WebhookOwner,
  configurationIds: readonly string[],
  filter: WebhookEventFilter,
  window: PageWindow,
): Promise<WebhookEventRow[]> {
  if (window.limit === 0 || configurationIds.length === 0) return []
  return webhookEventPageQuery(db, owner.shopId, configurationIds, filter, window).execute()
}

/**
 * The owner's log entries matching `filter`, on index entries alone: the shop, the window, the visible
 * configurations, the type, and the entries after a cursor (a row-value comparison: both databases
 * seek the log's index to the cursor and walk on from it). The page query and the anchors' seek
 * add their columns, order and window.
 */
function logEntries(db: Executor, shopId: string, configurationIds: readonly string[], filter: WebhookEventFilter) {
  let entries = db
    .selectFrom('webhook_events as e')
    .where('e.shop_id', '=', shopId)
    .where('e.created_at', '>=', filter.createdSince)
    .where('e.configuration_id', 'in', configurationIds)
  if (filter.createdBefore !== undefined) entries = entries.where('e.created_at', '<', filter.createdBefore)
  if (filter.type !== undefined) entries = entries.where('e.type', '=', filter.type)
  const after = filter.after
  if (after !== undefined) {
    entries = entries.where((eb) => eb(eb.refTuple('e.created_at', 'e.id'), '<', eb.tuple(after.createdAt, after.id)))
  }
  return entries
}

/**
 * The query `listWebhookEvents` runs (its plan is tested: webhook-events.plans.test.ts). Visibility
 * is the list of configuration ids, not a join: with a join PostgreSQL cannot estimate how many
 * entries match and may sort the whole log rather than walk an index in its order.
 */
export function webhookEventPageQuery(
  db: Executor,
  shopId: string,
  configurationIds: readonly string[],
  filter: WebhookEventFilter,
  window: PageWindow,
) {
  const direction = sortDirection(window)
  let page = logEntries(db, shopId, configurationIds, filter).select('e.id')
  page = page.orderBy('e.created_at', direction).orderBy('e.id', direction).limit(window.limit).offset(window.offset)
  return db
    .selectFrom('webhook_events as e')
    .innerJoin('webhook_configurations as c', 'c.id', 'e.configuration_id')
    .select(eventColumns)
    .where('e.id', 'in', page)
    .orderBy('e.created_at', 'desc')
    .orderBy('e.id', 'desc')
}

/**
 * The position of the entry `skip` entries past `after` in the owner's log (its order, newest first),
 * among the rows created in [since, upTo); undefined past the end. Index entries only, as the page
 * query's seek: the delivery log's anchors (log-anchors.ts) are read with it.
 */
export async function webhookEventKeyAfter(
  db: Executor,
  shopId: string,
  configurationIds: readonly string[],
  filter: { type?: string },
  after: EventKey | undefined,
  skip: number,
  window: { since: string; upTo: string },
): Promise<EventKey | undefined> {
  if (configurationIds.length === 0) return undefined
  const row = await webhookEventKeyQuery(db, shopId, configurationIds, filter, after, skip, window).executeTakeFirst()
  return row && { createdAt: row.created_at, id: row.id }
}

/** The query `webhookEventKeyAfter` runs (its plan is tested: webhook-events.plans.test.ts). */
export function webhookEventKeyQuery(
  db: Executor,
  shopId: string,
  configurationIds: readonly string[],
  filter: { type?: string },
  after: EventKey | undefined,
  skip: number,
  window: { since: string; upTo: string },
) {
  const query = logEntries(db, shopId, configurationIds, {
    createdSince: window.since,
    createdBefore: window.upTo,
    ...(filter.type === undefined ? {} : { type: filter.type }),
    ...(after === undefined ? {} : { after }),
  }).select(['e.created_at', 'e.id'])
  return query.orderBy('e.created_at', 'desc').orderBy('e.id', 'desc').limit(1).offset(skip)
}

/** The ids of the owner's configurations (all, or `configurationId` when it is one of them). */
export async function visibleConfigurationIds(
  db: Executor,
  owner: WebhookOwner,
  configurationId?: string,
): Promise<string[]> {
  let configurations = db.selectFrom('webhook_configurations').select('id').where('shop_id', '=', owner.shopId)
  configurations =
    owner.appId === null ? configurations.where('app_id', 'is', null) : configurations.where('app_id', '=', owner.appId)
  if (configurationId !== undefined) configurations = configurations.where('id', '=', configurationId)
  return (await configurations.execute()).map((c) => c.id)
}

/**
 * How many events the owner sees (`ids`: its visible configurations). Counted per configuration on
 * its (configuration_id, created_at) index — index entries only — rather than through the join, which reads every row.
 */
export async function countWebhookEvents(
  db: Executor,
  ids: readonly string[],
  filter: WebhookEventFilter,
): Promise<number> {
  if (ids.length === 0) return 0
  let query = db
    .selectFrom('webhook_events')
    .where('configuration_id', 'in', ids)
    .where('created_at', '>=', filter.createdSince)
  if (filter.createdBefore !== undefined) query = query.where('created_at', '<', filter.createdBefore)
  if (filter.type !== undefined) query = query.where('type', '=', filter.type)
  const row = await query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow()
  return Number(row.count)
}

/** The log position of an event the owner sees (a cursor), or undefined. */
export async function findWebhookEventKey(
  db: Executor,
  owner: WebhookOwner,
  webhookEventId: string,
  createdSince: string,
): Promise<EventKey | undefined> {
  const row = await visibleEvents(db, owner, { createdSince })
    .select(['e.created_at', 'e.id'])
    .where('e.id', '=', webhookEventId)
    .executeTakeFirst()
  return row && { createdAt: row.created_at, id: row.id }
}

export function findWebhookEvent(
  db: Executor,
  owner: WebhookOwner,
  webhookEventId: string,
  createdSince: string,
): Promise<WebhookEventRow | undefined> {
  return visibleEvents(db, owner, { createdSince })
    .select(eventColumns)
    .where('e.id', '=', webhookEventId)
    .executeTakeFirst()
}

export function listWebhookAttempts(db: Executor, webhookEventId: string) {
  return db
    .selectFrom('webhook_attempts')
    .select(['attempted_at', 'status_code', 'latency_ms', 'error_class', 'response_excerpt'])
    .where('webhook_event_id', '=', webhookEventId)
    .orderBy('attempted_at')
    .orderBy('id')
    .execute()
}

/**
 * Queues a delivery again, now, with a fresh retry schedule (attempts so far stay counted and
 * logged). Any lease is dropped: an attempt in flight can no longer change the delivery.
 */
export async function requeueWebhookEvent(db: Executor, webhookEventId: string, now: string): Promise<void> {
  await deliveryExecutor(db)
    .updateTable('webhook_events')
    .set((eb) => ({
      state: 'PENDING',
      next_attempt_at: now,
      lease_owner: null,
      lease_until: null,
      last_error: null,
      schedule_base_attempt: eb.ref('attempt_count'),
      updated_at: now,
    }))
    .where('id', '=', webhookEventId)
    .execute()
}

/** The shop's events recorded in the outbox at or after `since`, oldest first. */
export function listEventsRecordedSince(db: Executor, shopId: string, since: string) {
  return db
    .selectFrom('events')
    .select(['id', 'type', 'created_at'])
    .where('shop_id', '=', shopId)
    .where('created_at', '>=', since)
    .orderBy('created_at')
    .orderBy('id')
    .execute()
}

/** The deliveries (`webhook_events`) these events fanned out to, oldest first. */
export function listDeliveriesOfEvents(db: Executor, eventIds: string[]) {
  if (eventIds.length === 0) return Promise.resolve([])
  return db
    .selectFrom('webhook_events')
    .select(['id', 'event_id'])
    .where('event_id', 'in', eventIds)
    .orderBy('created_at')
    .orderBy('id')
    .execute()
}
