import { type Clock, isoTime } from '../../clock.js'
import type { Db, Executor } from '../../db/database.js'
import { DomainError, notFound, validationError } from '../../errors/domain-error.js'
import type { Contract } from '../../http/contract.js'
import { createStampedCache } from '../caching/stamped-cache.js'
import { recordEvent } from '../events/event-outbox.js'
import type { WebhookEventType } from '../events/event-types.js'
import { createLogAnchors, type LogAnchorOptions } from '../paging/log-anchors.js'
import { createLogTotals, type LogTotalOptions } from '../paging/log-totals.js'
import { createChangeStamp, pageWindow } from '../paging/long-lists.js'
import { type CursorPageRequest, type Page, type PageRequest, toPage } from '../paging/paging.js'
import {
  findWebhookConfiguration,
  type WebhookOwner,
} from '../webhook-configurations/webhook-configurations.repository.js'
import { testEventData } from './test-event-data.js'
import { toWebhookEventResource, toWebhookEventSummaryResource } from './webhook-events.mapper.js'
import {
  countWebhookEvents,
  type EventKey,
  findWebhookEvent,
  findWebhookEventKey,
  listDeliveriesOfEvents,
  listEventsRecordedSince,
  listWebhookAttempts,
  listWebhookEvents,
  requeueWebhookEvent,
  visibleConfigurationIds,
  type WebhookEventRow,
  webhookEventKeyAfter,
} from './webhook-events.repository.js'

/** How long the delivery log keeps events (the contract: "Events are kept for 30 days"). */
export const deliveryLogRetentionMs = 30 * 24 * 60 * 60 * 1000

/** An event the outbox recorded and the deliveries it fanned out to (one per subscribed configuration). */
export interface RecordedEventSummary {
  id: string
  type: string
  createdAt: string
  deliveryIds: string[]
}

/** The size of a page of the delivery log when the caller names none (decision 0004). */
export const webhookEventsPageSize = 50

function eventNotFound(webhookEventId: string): DomainError {
  return notFound('WEBHOOK_EVENT_NOT_FOUND', `Webhook event ${webhookEventId} was not found.`, { webhookEventId })
}

function configurationDisabled(webhookConfigurationId: string): DomainError {
  return new DomainError(
    'WEBHOOK_CONFIGURATION_DISABLED',
    `Webhook configuration ${webhookConfigurationId} is disabled; update it to enable it again.`,
    { webhookConfigurationId },
  )
}

function unknownCursor(webhookEventId: string): DomainError {
  return validationError([
    {
      location: 'query',
      field: 'startingAfter',
      rule: 'exists',
      message: `no webhook event ${webhookEventId} in this log (its own, within the 30 days)`,
    },
  ])
}

/** A page of the log with `hasMore`, from rows read one past the page (that one tells and is dropped). */
type WebhookEventPage = Page<ReturnType<typeof toWebhookEventSummaryResource>> & { hasMore: boolean }

function eventPage(rows: WebhookEventRow[], total: number, page: PageRequest): WebhookEventPage {
  const hasMore = rows.length > page.size
  const results = (hasMore ? rows.slice(0, page.size) : rows).map(toWebhookEventSummaryResource)
  return { ...toPage(results, total, page), hasMore }
}

/**
 * The delivery log and its tools: list and read events with their attempts, replay an event,
 * send a test event. `onQueued` is called after a commit that queued a delivery (it wakes the
 * in-process worker).
 */
export function createWebhookEventService(deps: {
  db: Db
  clock: Clock
  contract: Contract
  onQueued?: () => void
  /** Tests shrink the large-log threshold (log-totals.ts). */
  logTotals?: LogTotalOptions
  /** Tests shrink the distance between anchors (log-anchors.ts). */
  logAnchors?: LogAnchorOptions
}) {
  const { db, clock, contract } = deps
  const onQueued = deps.onQueued ?? (() => {})
  const createdSince = () => isoTime(clock.now() - deliveryLogRetentionMs)
  const readStamp = createChangeStamp(db)
  const totals = createLogTotals(readStamp, deps.logTotals)
  const anchors = createLogAnchors<EventKey>(deps.logAnchors)
  /**
   * The configurations each owner sees (all, or the one filtered on), kept while the database is
   * unchanged: read once per request for the page and the total's counts alike (decision 0048,
   * amendment). Keyed by owner and filter; a few ids each, at most 256 keys.
   */
  const visibleIds = createStampedCache<string[]>(db, { maxEntries: 256, readStamp })

  async function getRow(
    owner: WebhookOwner,
    webhookEventId: string,
    executor: Executor = db,
  ): Promise<WebhookEventRow> {
    const row = await findWebhookEvent(executor, owner, webhookEventId, createdSince())
    if (!row) throw eventNotFound(webhookEventId)
    return row
  }

  async function getEvent(owner: WebhookOwner, webhookEventId: string, executor: Executor = db) {
    const row = await getRow(owner, webhookEventId, executor)
    return toWebhookEventResource(row, await listWebhookAttempts(executor, webhookEventId))
  }

  return {
    async listEvents(
      owner: WebhookOwner,
      filter: { type?: WebhookEventType; configurationId?: string },
      page: CursorPageRequest,
    ): Promise<WebhookEventPage> {
      const nowMs = clock.now()
      const where = { ...filter, createdSince: isoTime(nowMs - deliveryLogRetentionMs) }
      const ids = await visibleIds.get(
        JSON.stringify([owner.shopId, owner.appId, filter.configurationId ?? null]),
        () => visibleConfigurationIds(db, owner, filter.configurationId),
      )
      // The total (decision 0049): exact on small logs; on large ones kept up to date from the
      // log's two ends between counts.
      const total = (need?: { exact: true }) =>
        totals.total(
          JSON.stringify([owner, filter]),
          { since: where.createdSince, now: isoTime(nowMs), nowMs },
          (from, to) => countWebhookEvents(db, ids, { ...where, createdSince: from, createdBefore: to }),
          need,
        )
      if (page.startingAfter !== undefined) {
        const after = await findWebhookEventKey(db, owner, page.startingAfter, where.createdSince)
        if (!after) throw unknownCursor(page.startingAfter)
        const window = { reversed: false, offset: 0, limit: page.size + 1 }
        const [rows, counted] = await Promise.all([
          listWebhookEvents(db, owner, ids, { ...where, after }, window),
          total(),
        ])
        return eventPage(rows, counted.total, page)
      }
      // Deep pages (decision 0049, amendment): from the nearest kept anchor, whatever the depth.
      if (page.offset >= anchors.minOffset) {
        const seek = await anchors.seek(
          JSON.stringify([owner.shopId, owner.appId, filter.type ?? null, ids]),
          { since: where.createdSince, now: isoTime(nowMs), nowMs },
          page.offset,
          {
            keyAfter: (after, skip, window) => webhookEventKeyAfter(db, owner.shopId, ids, filter, after, skip, window),
            countFrom: (from) => countWebhookEvents(db, ids, { ...where, createdSince: from }),
            readStamp,
          },
        )
        if (seek) {
          const window = { reversed: false, offset: seek.skip, limit: page.size + 1 }
          const [rows, counted] = await Promise.all([
            listWebhookEvents(db, owner, ids, { ...where, after: seek.after }, window),
            total(),
          ])
          return eventPage(rows, counted.total, page)
        }
      }
      // Long lists (decision 0016): pages in the back half are read from the end.
      if (page.offset === 0) {
        const window = { reversed: false, offset: 0, limit: page.size + 1 }
        const [rows, counted] = await Promise.all([listWebhookEvents(db, owner, ids, where, window), total()])
        return eventPage(rows, counted.total, page)
      }
      let counted = await total()
      // A page in the back half is read from the end, which needs the exact total: counted afresh
      // if the log changed (as decision 0016 always did). The cursor is the cheap way deep.
      if (!counted.exact && pageWindow(page, counted.total).reversed) counted = await total({ exact: true })
      const window = pageWindow(page, counted.exact ? counted.total : undefined)
      if (window.reversed || window.limit === 0) {
        const rows = await listWebhookEvents(db, owner, ids, where, window)
        // Read from the end, the page ends before the list does when it started `offset` from the end.
        const hasMore = window.limit > 0 && window.offset > 0
        return { ...toPage(rows.map(toWebhookEventSummaryResource), counted.total, page), hasMore }
      }
      const rows = await listWebhookEvents(db, owner, ids, where, { ...window, limit: window.limit + 1 })
      return eventPage(rows, counted.total, page)
    },

    getEvent,

    /**
     * The shop's events the outbox recorded at or after `since` (ISO instant), oldest first, each
     * with the ids of its deliveries — whoever's configurations they went to (`fanshelf trigger`).
     */
    async listRecordedEvents(shopId: string, since: string): Promise<RecordedEventSummary[]> {
      const events = await listEventsRecordedSince(db, shopId, since)
      const deliveries = await listDeliveriesOfEvents(
        db,
        events.map((event) => event.id),
      )
      return events.map((event) => ({
        id: event.id,
        type: event.type,
        createdAt: event.created_at,
        deliveryIds: deliveries.filter((d) => d.event_id === event.id).map((d) => d.id),
      }))
    },

    /** Re-sends the event (same id, same body) to its configuration's current URL, whatever its state. */
    async replayEvent(owner: WebhookOwner, webhookEventId: string) {
      const event = await db.transaction().execute(async (trx) => {
        const row = await getRow(owner, webhookEventId, trx)
        if (Number(row.enabled) !== 1) throw configurationDisabled(row.configuration_id)
        await requeueWebhookEvent(trx, webhookEventId, isoTime(clock.now()))
        return getEvent(owner, webhookEventId, trx)
      })
      onQueued()
      return event
    },

    /**
     * Queues a `testMode: true` event of `type` for this configuration only, whatever its
     * `allowedTypes`, with the contract's example data; answers the queued event.
     */
    async sendTestEvent(owner: WebhookOwner, webhookConfigurationId: string, type: WebhookEventType) {
      const event = await db.transaction().execute(async (trx) => {
        const configuration = await findWebhookConfiguration(trx, owner, webhookConfigurationId)
        if (!configuration) {
          throw notFound(
            'WEBHOOK_CONFIGURATION_NOT_FOUND',
            `Webhook configuration ${webhookConfigurationId} was not found.`,
            { webhookConfigurationId },
          )
        }
        if (Number(configuration.enabled) !== 1) throw configurationDisabled(webhookConfigurationId)
        const { deliveryIds } = await recordEvent(
          trx,
          {
            shopId: owner.shopId,
            type,
            data: testEventData(contract, type, owner.shopId),
            testMode: true,
            configurationId: webhookConfigurationId,
          },
          clock.now(),
        )
        const [deliveryId] = deliveryIds
        if (!deliveryId) throw configurationDisabled(webhookConfigurationId)
        return getEvent(owner, deliveryId, trx)
      })
      onQueued()
      return event
    },
  }
}

export type WebhookEventService = ReturnType<typeof createWebhookEventService>
