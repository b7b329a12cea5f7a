import { type WebhookEventType, webhookApiVersion, webhookEventTypes } from '../../modules/events/event-types.js'
import { toMoney } from '../../modules/money/money.js'
import { orderStatuses } from '../../modules/orders/order-status.js'
import { retryDelaysMs } from '../../modules/webhooks/delivery-policy.js'
import type { Prng } from '../prng.js'
import type { BulkLoader } from './bulk-insert.js'
import { fillerEventMix } from './scale-catalog.js'
import { eventWindowMs, indexBits, iso, json, MINUTE, SECOND } from './scale-units.js'

/** The large shop's outbox: the event timeline, each event's deliveries and their attempts. */

/** Growable columns of the event timeline (typed arrays: a million objects would cost far more). */
export class Timeline {
  times = new Float64Array(1024)
  types = new Uint8Array(1024)
  refs = new Int32Array(1024)
  statuses = new Uint8Array(1024)
  length = 0

  push(time: number, type: WebhookEventType, ref: number, status = 0): void {
    if (this.length === this.times.length) this.grow(this.length * 2)
    this.times[this.length] = time
    this.types[this.length] = typeIndex.get(type)!
    this.refs[this.length] = ref
    this.statuses[this.length] = status
    this.length += 1
  }

  private grow(size: number): void {
    const times = new Float64Array(size)
    times.set(this.times)
    const types = new Uint8Array(size)
    types.set(this.types)
    const refs = new Int32Array(size)
    refs.set(this.refs)
    const statuses = new Uint8Array(size)
    statuses.set(this.statuses)
    Object.assign(this, { times, types, refs, statuses })
  }

  /** Keeps exactly `count` of the entries, evenly spread (when the derived events alone exceed the target). */
  thin(count: number): void {
    if (count >= this.length) return
    let kept = 0
    const total = this.length
    for (let i = 0; i < total; i++) {
      if (Math.floor(((i + 1) * count) / total) > Math.floor((i * count) / total)) {
        this.times[kept] = this.times[i]!
        this.types[kept] = this.types[i]!
        this.refs[kept] = this.refs[i]!
        this.statuses[kept] = this.statuses[i]!
        kept += 1
      }
    }
    this.length = kept
  }

  /** Entry indexes in time order (to the second; ties in insertion order). */
  order(start: number): Float64Array {
    if (this.length > indexBits) throw new Error(`At most ${indexBits} events per data set`)
    const keys = new Float64Array(this.length)
    for (let i = 0; i < this.length; i++) keys[i] = Math.floor((this.times[i]! - start) / SECOND) * indexBits + i
    return keys.sort()
  }
}

const typeIndex = new Map<WebhookEventType, number>(webhookEventTypes.map((type, i) => [type, i]))

export interface Configuration {
  id: string
  /** Null: every type. */
  types: ReadonlySet<WebhookEventType> | null
  /** Created then: only later events are delivered to it. */
  sinceMs: number
}

export interface OrderFacts {
  ids: string[]
  friendlyIds: string[]
  emails: string[]
  totals: Int32Array
  createdMs: Float64Array
}

interface EventContext {
  shopId: string
  currency: string
  anchorMs: number
  configurations: Configuration[]
  orders: OrderFacts
  products: { id: string; name: string; slug: string }[]
  emails: string[]
}

const failureStatuses = [500, 502, 503, 504] as const

/** Writes the timeline's events in time order, each with its deliveries and their attempts. */
export async function writeEvents(
  loader: BulkLoader,
  prng: Prng,
  timeline: Timeline,
  ctx: EventContext,
): Promise<void> {
  const start = ctx.anchorMs - eventWindowMs
  const keys = timeline.order(start)
  const money = (minor: number) => toMoney(minor, ctx.currency)
  const customer = () => prng.pick(ctx.emails)
  for (const key of keys) {
    const i = key % indexBits
    const at = timeline.times[i]!
    const type = webhookEventTypes[timeline.types[i]!]!
    const ref = timeline.refs[i]!
    const createdAt = iso(at)
    let data: unknown
    switch (type) {
      case 'ORDER_PLACED':
      case 'ORDER_UPDATED':
        data = {
          id: ctx.orders.ids[ref],
          friendlyId: ctx.orders.friendlyIds[ref],
          status: orderStatuses[timeline.statuses[i]!],
          email: ctx.orders.emails[ref],
          amounts: { total: money(ctx.orders.totals[ref]!) },
          createdAt: iso(ctx.orders.createdMs[ref]!),
          updatedAt: createdAt,
        }
        break
      case 'PRODUCT_CREATED':
      case 'PRODUCT_UPDATED': {
        const product = ctx.products[ref]!
        data = { id: product.id, name: product.name, slug: product.slug, updatedAt: createdAt }
        break
      }
      case 'DONATION':
        data = {
          id: prng.id('donation'),
          status: 'COMPLETED',
          email: customer(),
          total: money(prng.pick([200, 500, 500, 1000, 2000, 5000])),
          createdAt,
        }
        break
      case 'THANK_YOU_SENT':
        data = { id: prng.id('thankYou'), contributionType: 'ORDER', supporterEmail: customer(), createdAt }
        break
      case 'SUBSCRIPTION_PURCHASED':
        data = { email: customer(), tier: 'Supporter', interval: 'MONTHLY', createdAt }
        break
      case 'GIFT_PURCHASE':
        data = { id: prng.id('giftPurchase'), email: customer(), quantity: prng.int(1, 10), createdAt }
        break
      default:
        data = { email: customer(), createdAt }
    }
    const payload = json(data)
    const eventId = prng.id('event')
    loader.add('events', {
      id: eventId,
      shop_id: ctx.shopId,
      type,
      data: payload,
      test_mode: 0,
      created_at: createdAt,
      dispatched_at: createdAt,
    })
    for (const configuration of ctx.configurations) {
      if (at < configuration.sinceMs || (configuration.types && !configuration.types.has(type))) continue
      writeDelivery(loader, prng, ctx, { eventId, configurationId: configuration.id, type, at, createdAt, payload })
    }
    await loader.boundary()
  }
}

/**
 * One delivery and its attempts, finished (DELIVERED or FAILED) so that no worker picks it up:
 * most succeed at once, some after retries on the delivery schedule, a few exhaust it.
 */
function writeDelivery(
  loader: BulkLoader,
  prng: Prng,
  ctx: EventContext,
  event: {
    eventId: string
    configurationId: string
    type: WebhookEventType
    at: number
    createdAt: string
    payload: string
  },
): void {
  const id = prng.id('webhookEvent')
  // The envelope exactly as the outbox writes it (event-outbox.ts), key order included.
  const body = `{"testMode":false,"id":"${id}","webhookId":"${event.configurationId}","shopId":"${ctx.shopId}","type":"${event.type}","apiVersion":"${webhookApiVersion}","createdAt":"${event.createdAt}","data":${event.payload}}`
  const schedule = [0, ...retryDelaysMs]
  let attempts = prng.weighted<number>([
    [1, 92],
    [2, 5],
    [3, 1.5],
    [schedule.length, 1.5],
  ])
  // Attempts never lie after the anchor: a recent event has had no time for retries.
  let last = event.at
  const times: number[] = []
  for (let n = 0; n < attempts; n++) {
    const next = last + (n === 0 ? prng.int(20, 400) : Math.round(schedule[n]! * prng.float(0.9, 1.1)))
    if (next > ctx.anchorMs) break
    times.push(next)
    last = next
  }
  if (times.length === 0) times.push(event.at)
  attempts = times.length
  const failed = attempts === schedule.length
  for (const [n, attemptedAt] of times.entries()) {
    const success = !failed && n === attempts - 1
    const timeout = !success && prng.chance(0.3)
    loader.add('webhook_attempts', {
      id: `watt_${attemptedAt.toString(36).padStart(9, '0')}${prng.token(16)}`,
      webhook_event_id: id,
      shop_id: ctx.shopId,
      attempted_at: iso(attemptedAt),
      status_code: success ? 200 : timeout ? null : prng.pick(failureStatuses),
      latency_ms: timeout ? 5000 : prng.int(35, 900),
      error_class: success ? null : timeout ? 'TIMEOUT' : 'HTTP_STATUS',
      response_excerpt: success ? 'ok' : timeout ? null : 'upstream unavailable',
    })
  }
  loader.add('webhook_events', {
    id,
    shop_id: ctx.shopId,
    configuration_id: event.configurationId,
    event_id: event.eventId,
    type: event.type,
    test_mode: 0,
    body,
    state: failed ? 'FAILED' : 'DELIVERED',
    attempt_count: attempts,
    schedule_base_attempt: 0,
    next_attempt_at: null,
    lease_owner: null,
    lease_until: null,
    last_error: failed ? 'HTTP 503.' : null,
    created_at: event.createdAt,
    updated_at: iso(last),
  })
}

/** Adds `count` events not tied to an order's or product's own history, spread over the log's window. */
export function addFillerEvents(
  timeline: Timeline,
  prng: Prng,
  count: number,
  anchorMs: number,
  products: number,
): void {
  const start = anchorMs - eventWindowMs
  for (let n = 0; n < count; n++) {
    const at = start + Math.floor(prng.next() * (eventWindowMs - MINUTE))
    const type = products > 0 ? prng.weighted(fillerEventMix) : 'NEWSLETTER_SUBSCRIBED'
    timeline.push(at, type, type === 'PRODUCT_UPDATED' ? Math.floor(prng.next() * products) : 0)
  }
}
