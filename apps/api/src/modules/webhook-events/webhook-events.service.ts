import { type Clock, isoTime } from '../../clock.js'
import type { Db, Executor } from '../../db/database.js'
import { DomainError, notFound } from '../../errors/domain-error.js'
import type { Contract } from '../../http/contract.js'
import { recordEvent } from '../events/event-outbox.js'
import type { WebhookEventType } from '../events/event-types.js'
import { createTotalCounter, pageWindow } from '../paging/long-lists.js'
import { type PageRequest, toPage } from '../paging/paging.js'
import {
  findWebhookConfiguration,
  type WebhookOwner,
} from '../webhook-configurations/webhook-configurations.repository.js'
import { testEventData } from './test-event-data.js'
import { toWebhookEventResource, toWebhookEventSummaryResource } from './webhook-events.mapper.js'
import {
  countWebhookEvents,
  findWebhookEvent,
  listDeliveriesOfEvents,
  listEventsRecordedSince,
  listWebhookAttempts,
  listWebhookEvents,
  requeueWebhookEvent,
  type WebhookEventRow,
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

/**
 * The delivery log and its tools: list and read events with their attempts, replay an event,
 * send a test event. `onQueued` is called after a commit that queued a delivery (it wakes the
 * in-process worker).
 */
export function createWebhookEventService(deps: { db: Db; clock: Clock; contract: Contract; onQueued?: () => void }) {
  const { db, clock, contract } = deps
  const onQueued = deps.onQueued ?? (() => {})
  const createdSince = () => isoTime(clock.now() - deliveryLogRetentionMs)
  const totals = createTotalCounter(db)

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
      page: PageRequest,
    ) {
      const where = { ...filter, createdSince: createdSince() }
      // Long lists (decision 0016): the total is counted once while the database is unchanged and
      // carried forward as the 30-day window moves; deep pages are read from the end.
      const total = () =>
        totals.totalSince(
          JSON.stringify([owner, filter]),
          where.createdSince,
          (since) => countWebhookEvents(db, owner, { ...where, createdSince: since }),
          (from, to) => countWebhookEvents(db, owner, { ...where, createdSince: from, createdBefore: to }),
        )
      const [rows, count] =
        page.offset === 0
          ? await Promise.all([listWebhookEvents(db, owner, where, pageWindow(page, undefined)), total()])
          : await total().then(
              async (n) => [await listWebhookEvents(db, owner, where, pageWindow(page, n)), n] as const,
            )
      return toPage(rows.map(toWebhookEventSummaryResource), count, page)
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
