import type { Executor } from '../../db/database.js'
import { newId } from '../../ids.js'
import { type WebhookEventType, webhookApiVersion } from './event-types.js'

/**
 * The transactional outbox. A service that changes something calls recordEvent with its open
 * transaction, so the change and its event commit or roll back together. recordEvent also fans
 * the event out — one delivery (`webhook_events` row, envelope id `weve_…`) per enabled webhook
 * configuration of the shop that subscribes to the type — which the delivery worker sends.
 */
export interface RecordedEvent {
  shopId: string
  type: WebhookEventType
  /** The event's `data`: a resource in its wire shape, built by that resource's mapper. */
  data: unknown
  testMode?: boolean
  /** Deliver only to this platform app's configurations (e.g. PLATFORM_APP_DISCONNECTED). */
  appId?: string
  /** Deliver only to this configuration (test events, `fanshelf listen`). */
  configurationId?: string
}

export interface Envelope {
  testMode: boolean
  id: string
  webhookId: string
  shopId: string
  type: WebhookEventType
  apiVersion: string
  createdAt: string
  data: unknown
}

export async function recordEvent(
  trx: Executor,
  event: RecordedEvent,
  now: number,
): Promise<{ eventId: string; deliveryIds: string[] }> {
  const createdAt = new Date(now).toISOString()
  const eventId = newId('event')
  const testMode = event.testMode ?? false
  await trx
    .insertInto('events')
    .values({
      id: eventId,
      shop_id: event.shopId,
      type: event.type,
      data: JSON.stringify(event.data),
      test_mode: testMode ? 1 : 0,
      created_at: createdAt,
      dispatched_at: createdAt,
    })
    .execute()

  let configurations = trx
    .selectFrom('webhook_configurations')
    .select(['id', 'allowed_types', 'app_id'])
    .where('shop_id', '=', event.shopId)
    .where('enabled', '=', 1)
  if (event.configurationId) configurations = configurations.where('id', '=', event.configurationId)
  else if (event.appId) configurations = configurations.where('app_id', '=', event.appId)
  const targets = (await configurations.orderBy('created_at').execute()).filter(
    (c) => event.configurationId || (JSON.parse(c.allowed_types) as string[]).includes(event.type),
  )
  const deliveryIds: string[] = []
  for (const configuration of targets) {
    const id = newId('webhookEvent')
    const envelope: Envelope = {
      testMode,
      id,
      webhookId: configuration.id,
      shopId: event.shopId,
      type: event.type,
      apiVersion: webhookApiVersion,
      createdAt,
      data: event.data,
    }
    await trx
      .insertInto('webhook_events')
      .values({
        id,
        shop_id: event.shopId,
        configuration_id: configuration.id,
        event_id: eventId,
        type: event.type,
        test_mode: testMode ? 1 : 0,
        body: JSON.stringify(envelope),
        state: 'PENDING',
        attempt_count: 0,
        schedule_base_attempt: 0,
        next_attempt_at: createdAt,
        lease_owner: null,
        lease_until: null,
        last_error: null,
        created_at: createdAt,
        updated_at: createdAt,
      })
      .execute()
    deliveryIds.push(id)
  }
  return { eventId, deliveryIds }
}
