import { randomBytes } from 'node:crypto'
import { sql } from 'kysely'
import type { DatabaseHandle } from '../../db/database.js'
import type {
  CollectionProductsTable,
  CollectionsTable,
  EventsTable,
  OrderLinesTable,
  OrderStatusChangesTable,
  OrdersTable,
  ProductsTable,
  VariantsTable,
  WebhookAttemptsTable,
  WebhookEventsTable,
} from '../../db/schema.js'
import { type WebhookEventType, webhookApiVersion, webhookEventTypes } from '../../modules/events/event-types.js'
import { toMoney } from '../../modules/money/money.js'
import { type OrderStatus, orderStatuses } from '../../modules/orders/order-status.js'
import { deliveryLogRetentionMs } from '../../modules/webhook-events/webhook-events.service.js'
import { retryDelaysMs } from '../../modules/webhooks/delivery-policy.js'
import { generateSecret, hashPassword } from '../../security/passwords.js'
import { type SecretBox, tokenHash } from '../../security/secret-box.js'
import { seedAnchorMs } from '../demo-data.js'
import { buildPeople, type Person } from '../demo-people.js'
import type { DemoShopCredentials } from '../demo-seed.js'
import { Prng } from '../prng.js'
import { BulkLoader, columnsOf } from './bulk-insert.js'
import {
  carriers,
  fillerEventMix,
  nameAdjectives,
  nameMotifs,
  orderMessages,
  type ScaleKind,
  scaleColours,
  scaleKinds,
} from './scale-catalog.js'

/**
 * The scale data set (decision 0016): one large shop — by default 100,000 orders, 10,000 products
 * and 1,000,000 events with their webhook deliveries — written next to whatever the database holds
 * (normally the demo shops), so the same process can compare a read on the demo shop with the same
 * read on the large one.
 *
 * Every row is what the application itself would have written: orders with lines, amounts that add
 * up and a status history (over the year before the anchor); products with variants, images and
 * stock; an outbox of events over the delivery log's 30 days (older ones would have been pruned,
 * decision 0017), each fanned out to the shop's webhook configurations as deliveries with their
 * attempts. The data is a pure function of the seed, the counts and the anchor instant (the
 * newest timestamp); only the credentials (API user, storefront token, admin password, webhook
 * secret) are random, as in the demo seed. Rows go in with multi-row INSERTs, many per transaction
 * (bulk-insert.ts), with the big tables' secondary indexes built once at the end.
 *
 * Event payloads are abbreviated resources (the fields a receiver keys on: ids, status, totals),
 * so a million deliveries stay near a gigabyte instead of several.
 */

export interface LargeShopOptions {
  orders?: number
  products?: number
  events?: number
  /** The PRNG seed; change it and every id and value changes. */
  seed?: string
  /** The newest instant of the data set: orders and events lead up to it (default: the demo seed's anchor). */
  anchorMs?: number
  /** The shop's domain (its product feed answers there); unique per database. */
  domain?: string
  secretBox: SecretBox
  /** Base URL of the deployment (product image URLs point under it). */
  publicUrl: string
  /** Analyse the tables afterwards (PostgreSQL: VACUUM ANALYZE, as autovacuum would). Default true. */
  settle?: boolean
  onProgress?: (message: string) => void
}

export interface PhaseTiming {
  phase: string
  ms: number
}

export interface LargeShopResult {
  credentials: DemoShopCredentials
  /** Rows written, per table. */
  counts: Record<string, number>
  timings: PhaseTiming[]
  totalMs: number
}

export const largeShopDefaults = { orders: 100_000, products: 10_000, events: 1_000_000 } as const
export const scaleSeed = 'fanshelf-scale-v1'

const SECOND = 1_000
const MINUTE = 60 * SECOND
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR
/** Orders cover the year before the anchor; products were added over three years. */
const historyMs = 365 * DAY
/**
 * Events and deliveries cover the delivery log's 30 days (decision 0017: the worker prunes older
 * ones, so a long-running shop never holds more), starting a minute inside the window.
 */
const eventWindowMs = deliveryLogRetentionMs - MINUTE
const catalogueMs = 3 * 365 * DAY
/** The sort key packs an event's second and its index: at most 2^22 events. */
const indexBits = 2 ** 22

const iso = (ms: number) => new Date(Math.round(ms)).toISOString()
const json = (value: unknown) => JSON.stringify(value)
const slugify = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')

// ------------------------------------------------------------------------------------ columns

const productColumns = columnsOf<ProductsTable>({
  id: true,
  shop_id: true,
  name: true,
  slug: true,
  description: true,
  type: true,
  state: true,
  access: true,
  search_text: true,
  images: true,
  thumbnail_image: true,
  additional_information: true,
  size_guide: true,
  digital_files: true,
  created_at: true,
  updated_at: true,
})
const variantColumns = columnsOf<VariantsTable>({
  id: true,
  product_id: true,
  shop_id: true,
  position: true,
  name: true,
  sku: true,
  currency: true,
  unit_price: true,
  compare_at_price: true,
  unit_cost: true,
  creator_declared_cost: true,
  attributes: true,
  stock_type: true,
  in_stock: true,
  weight: true,
  dimensions: true,
  images: true,
  thumbnail_image: true,
  created_at: true,
  updated_at: true,
})
const collectionColumns = columnsOf<CollectionsTable>({
  id: true,
  shop_id: true,
  name: true,
  slug: true,
  description: true,
  position: true,
  created_at: true,
})
const collectionProductColumns = columnsOf<CollectionProductsTable>({
  collection_id: true,
  product_id: true,
  position: true,
})
const orderColumns = columnsOf<OrdersTable>({
  id: true,
  shop_id: true,
  friendly_id: true,
  checkout_id: true,
  promotion_id: true,
  status: true,
  email: true,
  email_marketing_opt_in: true,
  username: true,
  message: true,
  currency: true,
  subtotal: true,
  shipping: true,
  tax: true,
  donation: true,
  discount: true,
  total: true,
  billing_address: true,
  shipping_address: true,
  source_type: true,
  source_gift_id: true,
  source_gift_purchase_id: true,
  tracking_params: true,
  metadata: true,
  gift_cards: true,
  created_at: true,
  updated_at: true,
})
const orderLineColumns = columnsOf<OrderLinesTable>({
  id: true,
  order_id: true,
  shop_id: true,
  position: true,
  product_id: true,
  variant_id: true,
  quantity: true,
  unit_price: true,
  unit_cost: true,
  compare_at_price: true,
  product: true,
  variant: true,
})
const statusChangeColumns = columnsOf<OrderStatusChangesTable>({
  id: true,
  order_id: true,
  shop_id: true,
  status: true,
  reason: true,
  created_at: true,
})
const eventColumns = columnsOf<EventsTable>({
  id: true,
  shop_id: true,
  type: true,
  data: true,
  test_mode: true,
  created_at: true,
  dispatched_at: true,
})
const webhookEventColumns = columnsOf<WebhookEventsTable>({
  id: true,
  shop_id: true,
  configuration_id: true,
  event_id: true,
  type: true,
  test_mode: true,
  body: true,
  state: true,
  attempt_count: true,
  schedule_base_attempt: true,
  next_attempt_at: true,
  lease_owner: true,
  lease_until: true,
  last_error: true,
  created_at: true,
  updated_at: true,
})
const attemptColumns = columnsOf<WebhookAttemptsTable>({
  id: true,
  webhook_event_id: true,
  shop_id: true,
  attempted_at: true,
  status_code: true,
  latency_ms: true,
  error_class: true,
  response_excerpt: true,
})

// ------------------------------------------------------------------------------------ catalogue

interface CatalogueEntry {
  id: string
  name: string
  slug: string
  description: string
  createdMs: number
  updatedMs: number
  access: ProductsTable['access']
  primaryImage: unknown
  variants: {
    id: string
    name: string
    sku: string
    unitPrice: number
    unitCost: number | null
    compareAtPrice: number | null
    snapshot: string
    primaryImage: unknown
  }[]
  digital: boolean
}

function pickKind(prng: Prng): ScaleKind {
  return prng.weighted(scaleKinds.map((kind) => [kind, kind.share] as const))
}

async function writeCatalogue(
  loader: BulkLoader,
  prng: Prng,
  ctx: { shopId: string; currency: string; products: number; anchorMs: number; publicUrl: string },
): Promise<CatalogueEntry[]> {
  const { shopId, currency } = ctx
  const entries: CatalogueEntry[] = []
  const start = ctx.anchorMs - catalogueMs
  const step = (catalogueMs - DAY) / Math.max(1, ctx.products)
  for (let i = 0; i < ctx.products; i++) {
    const kind = pickKind(prng)
    const adjective = prng.pick(nameAdjectives)
    const motif = prng.pick(nameMotifs)
    const name = `${adjective} ${motif} ${kind.label}`
    const slug = `${slugify(name)}-${i + 1}`
    const createdMs = Math.round(start + (i + prng.next()) * step)
    const age = ctx.anchorMs - createdMs
    const updatedMs = Math.round(createdMs + prng.float(0, Math.min(age * 0.9, 60 * DAY)))
    const access = prng.weighted<ProductsTable['access']>([
      ['PUBLIC', 86],
      ['HIDDEN', 8],
      ['ARCHIVED', 6],
    ])
    const soldOut = !kind.digital && prng.chance(0.07)
    const colourCount = kind.colours[1] === 0 ? 0 : prng.int(kind.colours[0], kind.colours[1])
    const colours = prng.sample(scaleColours, colourCount)
    const imageCount = Math.max(1, colours.length)
    const images = Array.from({ length: imageCount }, (_, n) => {
      const url = `${ctx.publicUrl}/media/products/scale/${slug}-${n + 1}.svg`
      return { id: prng.uuid(), url, width: 1200, height: 1200, transformedUrl: `${url}?w=600` }
    })
    const basePrice = Math.round(prng.int(kind.price[0], kind.price[1]) / 100) * 100 - 1
    const onSale = prng.chance(0.12)
    const unlimited = kind.digital || (!soldOut && prng.chance(0.4))
    const description = `<p>${adjective} ${motif} ${kind.label.toLowerCase()} from the Mega Merch catalogue.</p><p>${
      kind.digital ? 'Instant download after checkout.' : 'Printed to order and shipped from Portland, OR.'
    }</p>`
    const productId = prng.uuid()
    const variants: CatalogueEntry['variants'] = []
    const sizes: readonly (string | null)[] = kind.sizes ?? [null]
    const colourList: readonly ((typeof scaleColours)[number] | null)[] = colours.length > 0 ? colours : [null]
    for (const [ci, colour] of colourList.entries()) {
      for (const [si, size] of sizes.entries()) {
        const unitPrice = basePrice + (size === '2XL' ? 200 : 0) + si * (kind.key === 'poster' ? 800 : 0)
        const variantName = [colour?.name, size].filter(Boolean).join(' / ') || 'Standard'
        const sku = ['MM', String(i + 1).padStart(5, '0'), colour?.code, size?.toUpperCase().replace(/[^A-Z0-9]/g, '')]
          .filter(Boolean)
          .join('-')
        const attributes = {
          description: variantName,
          color: colour ? { name: colour.name, swatch: colour.swatch } : null,
          size: size ? { name: size } : null,
        }
        const weight = { value: kind.weightKg, unit: 'KG' }
        const [length, width, height] = kind.dimensionsCm
        const dimensions = { length, width, height, unit: 'CM' }
        const variantImages = colour ? [images[ci]!] : images
        const inStock = unlimited
          ? null
          : soldOut
            ? 0
            : prng.weighted<number>([
                [0, 1],
                [prng.int(1, 9), 2],
                [prng.int(10, 300), 7],
              ])
        const id = prng.uuid()
        const compareAtPrice = onSale ? unitPrice + Math.round((unitPrice * 0.2) / 100) * 100 : null
        const unitCost = kind.digital ? null : Math.round(unitPrice * 0.45)
        loader.add('variants', {
          id,
          product_id: productId,
          shop_id: shopId,
          position: variants.length,
          name: variantName,
          sku,
          currency,
          unit_price: unitPrice,
          compare_at_price: compareAtPrice,
          unit_cost: unitCost,
          attributes: json(attributes),
          stock_type: unlimited ? 'UNLIMITED' : 'LIMITED',
          in_stock: inStock,
          weight: json(weight),
          dimensions: json(dimensions),
          images: json(variantImages),
          thumbnail_image: json(variantImages[0]),
          created_at: iso(createdMs),
          updated_at: iso(updatedMs),
        })
        variants.push({
          id,
          name: variantName,
          sku,
          unitPrice,
          unitCost,
          compareAtPrice,
          snapshot: json({ id, name: variantName, sku, attributes, weight, dimensions }),
          primaryImage: variantImages[0],
        })
      }
    }
    const product: ProductsTable = {
      id: productId,
      shop_id: shopId,
      name,
      slug,
      description,
      type: 'STANDARD',
      state: soldOut ? 'SOLD_OUT' : 'AVAILABLE',
      access,
      search_text: [name, slug, ...variants.map((v) => v.sku)].join('\n').toLowerCase(),
      images: json(images),
      thumbnail_image: json(images[0]),
      additional_information: kind.apparel
        ? json({
            sizeAndFit: 'True to size. Size up for a relaxed fit.',
            guaranteeAndReturns: 'Free returns within 30 days of delivery.',
            moreDetails: `${kind.label}. ${adjective} ${motif} print.`,
          })
        : null,
      size_guide: null,
      created_at: iso(createdMs),
      updated_at: iso(updatedMs),
    }
    // Tables are written in declaration order, so the product still precedes its variants.
    loader.add('products', product)
    entries.push({
      id: productId,
      name,
      slug,
      description,
      createdMs,
      updatedMs,
      access,
      primaryImage: images[0],
      variants,
      digital: kind.digital,
    })
    await loader.boundary()
  }
  return entries
}

/** Collections by kind of product plus a few merchandising ones, each in newest-first order. */
async function writeCollections(
  loader: BulkLoader,
  prng: Prng,
  ctx: { shopId: string; createdMs: number },
  catalogue: CatalogueEntry[],
): Promise<void> {
  const listed = catalogue.filter((p) => p.access !== 'ARCHIVED').sort((a, b) => b.createdMs - a.createdMs)
  const byLabel = (label: string) => listed.filter((p) => p.name.endsWith(` ${label}`))
  const collections: { name: string; description: string; members: CatalogueEntry[] }[] = [
    ...scaleKinds.map((kind) => ({
      name: `${kind.label}s`,
      description: `Every ${kind.label.toLowerCase()} in the shop.`,
      members: byLabel(kind.label),
    })),
    { name: 'New arrivals', description: 'The latest drops.', members: listed.slice(0, 200) },
    {
      name: 'Staff picks',
      description: 'What the team wears and uses.',
      members: prng.sample(listed, Math.min(300, listed.length)),
    },
  ]
  for (const [position, c] of collections.entries()) {
    const id = prng.id('collection')
    loader.add('collections', {
      id,
      shop_id: ctx.shopId,
      name: c.name,
      slug: slugify(c.name),
      description: c.description,
      position,
      created_at: iso(ctx.createdMs + (position + 1) * HOUR),
    })
    for (const [i, member] of c.members.entries()) {
      loader.add('collection_products', { collection_id: id, product_id: member.id, position: i })
    }
    await loader.boundary()
  }
}

// ------------------------------------------------------------------------------------ events

/** Growable columns of the event timeline (typed arrays: a million objects would cost far more). */
class Timeline {
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

interface Configuration {
  id: string
  /** Null: every type. */
  types: ReadonlySet<WebhookEventType> | null
  /** Created then: only later events are delivered to it. */
  sinceMs: number
}

interface OrderFacts {
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
async function writeEvents(loader: BulkLoader, prng: Prng, timeline: Timeline, ctx: EventContext): Promise<void> {
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
function addFillerEvents(timeline: Timeline, prng: Prng, count: number, anchorMs: number, products: number): void {
  const start = anchorMs - eventWindowMs
  for (let n = 0; n < count; n++) {
    const at = start + Math.floor(prng.next() * (eventWindowMs - MINUTE))
    const type = products > 0 ? prng.weighted(fillerEventMix) : 'NEWSLETTER_SUBSCRIBED'
    timeline.push(at, type, type === 'PRODUCT_UPDATED' ? Math.floor(prng.next() * products) : 0)
  }
}

// ------------------------------------------------------------------------------------ orders

const statusIndex = new Map<OrderStatus, number>(orderStatuses.map((status, i) => [status, i]))

/** Hours after the previous status at which each status is reached. */
const stepHours: Partial<Record<OrderStatus, readonly [number, number]>> = {
  IN_PRODUCTION: [6, 48],
  SHIPPED: [24, 96],
  DELIVERED: [48, 144],
  COMPLETED: [24, 240],
  CANCELLED: [1, 24],
}

function statusPath(prng: Prng, ageDays: number, digital: boolean): OrderStatus[] {
  if (digital) return prng.chance(0.02) ? ['CONFIRMED', 'CANCELLED'] : ['CONFIRMED', 'COMPLETED']
  if (prng.chance(0.03)) return ['CONFIRMED', 'CANCELLED']
  const full: OrderStatus[] = ['CONFIRMED', 'IN_PRODUCTION', 'SHIPPED', 'DELIVERED']
  if (ageDays > 30 && prng.chance(0.1)) full.push('COMPLETED')
  return full
}

function statusReason(status: OrderStatus, carrier: string): string {
  switch (status) {
    case 'CONFIRMED':
      return 'Order placed.'
    case 'IN_PRODUCTION':
      return 'Sent to production.'
    case 'SHIPPED':
      return `Shipped with ${carrier}.`
    case 'DELIVERED':
      return `Delivered by ${carrier}.`
    case 'COMPLETED':
      return 'Completed.'
    case 'CANCELLED':
      return "Cancelled at the customer's request."
    default:
      return 'Status changed.'
  }
}

async function writeOrders(
  loader: BulkLoader,
  prng: Prng,
  ctx: {
    shopId: string
    currency: string
    orders: number
    anchorMs: number
    contactEmail: string
    location: Person['address']
  },
  catalogue: CatalogueEntry[],
  people: Person[],
  timeline: Timeline,
): Promise<OrderFacts> {
  const { shopId, currency } = ctx
  const facts: OrderFacts = {
    ids: [],
    friendlyIds: [],
    emails: [],
    totals: new Int32Array(ctx.orders),
    createdMs: new Float64Array(ctx.orders),
  }
  const sellable = catalogue.filter((p) => p.access !== 'ARCHIVED')
  const friendlyIds = new Set<string>()
  const start = ctx.anchorMs - historyMs
  const step = (historyMs - MINUTE) / Math.max(1, ctx.orders)
  const eventStart = ctx.anchorMs - eventWindowMs
  let available = 0
  for (let i = 0; i < ctx.orders; i++) {
    const createdMs = Math.round(start + (i + prng.next()) * step)
    while (available < sellable.length && sellable[available]!.createdMs < createdMs) available += 1
    const pool = Math.max(1, available)
    const lineCount = prng.weighted<number>([
      [1, 55],
      [2, 28],
      [3, 12],
      [4, 5],
    ])
    const lines: { product: CatalogueEntry; variant: CatalogueEntry['variants'][number]; quantity: number }[] = []
    for (let n = 0; n < lineCount; n++) {
      // Newer products sell more: the index leans towards the end of the (creation-ordered) pool.
      const product = sellable[Math.min(pool - 1, Math.floor(pool * (1 - prng.next() ** 2)))]!
      if (lines.some((line) => line.product === product)) continue
      const variant = prng.pick(product.variants)
      lines.push({
        product,
        variant,
        quantity: prng.weighted<number>([
          [1, 85],
          [2, 10],
          [3, 5],
        ]),
      })
    }
    const digital = lines.every((line) => line.product.digital)
    const isSample = prng.chance(0.015)
    const person = people[Math.floor(people.length * prng.next() ** 1.5)]!
    const email = isSample ? ctx.contactEmail : person.email
    const units = lines.reduce((sum, line) => sum + line.quantity, 0)
    const subtotal = lines.reduce((sum, line) => sum + line.variant.unitPrice * line.quantity, 0)
    const shipping = digital || isSample ? 0 : 599 + 150 * (units - 1)
    const tax = isSample ? 0 : Math.round(subtotal * 0.08)
    const donation = !isSample && prng.chance(0.06) ? prng.pick([100, 200, 500]) : 0
    const discount = isSample ? subtotal : 0
    const total = subtotal - discount + shipping + tax + donation

    let friendlyId = prng.friendlyId()
    while (friendlyIds.has(friendlyId)) friendlyId = prng.friendlyId()
    friendlyIds.add(friendlyId)
    const id = prng.uuid()

    // The status history, cut at the anchor: a recent order has not got far.
    const path = statusPath(prng, (ctx.anchorMs - createdMs) / DAY, digital)
    const carrier = prng.pick(carriers)
    let at = createdMs
    let status: OrderStatus = 'CONFIRMED'
    for (const [n, next] of path.entries()) {
      if (n > 0) {
        const hours = stepHours[next]!
        const gap =
          next === 'COMPLETED' && digital ? prng.int(5 * SECOND, 2 * MINUTE) : prng.float(hours[0], hours[1]) * HOUR
        if (at + gap > ctx.anchorMs - MINUTE) break
        at = Math.round(at + gap)
      }
      status = next
      loader.add('order_status_changes', {
        id: prng.id('statusChange'),
        order_id: id,
        shop_id: shopId,
        status,
        reason: statusReason(status, carrier),
        created_at: iso(at),
      })
      if (at >= eventStart) timeline.push(at, n === 0 ? 'ORDER_PLACED' : 'ORDER_UPDATED', i, statusIndex.get(status)!)
    }

    const shippingAddress = digital ? null : isSample ? ctx.location : person.address
    loader.add('orders', {
      id,
      shop_id: shopId,
      friendly_id: friendlyId,
      checkout_id: prng.id('checkout'),
      promotion_id: null,
      status,
      email,
      email_marketing_opt_in: !isSample && prng.chance(0.4) ? 1 : 0,
      username: isSample ? null : person.username,
      message: !isSample && prng.chance(0.1) ? prng.pick(orderMessages) : null,
      currency,
      subtotal,
      shipping,
      tax,
      donation,
      discount,
      total,
      billing_address: isSample ? null : json(person.address),
      shipping_address: shippingAddress ? json(shippingAddress) : null,
      source_type: isSample ? 'SAMPLES_ORDER' : 'ORDER',
      source_gift_id: null,
      source_gift_purchase_id: null,
      tracking_params:
        !isSample && prng.chance(0.3)
          ? json({
              utm_source: prng.pick(['twitch', 'youtube', 'discord']),
              utm_medium: 'social',
              utm_campaign: 'drop',
            })
          : null,
      created_at: iso(createdMs),
      updated_at: iso(at),
    })
    for (const [position, line] of lines.entries()) {
      loader.add('order_lines', {
        id: prng.id('orderLine'),
        order_id: id,
        shop_id: shopId,
        position,
        product_id: line.product.id,
        variant_id: line.variant.id,
        quantity: line.quantity,
        unit_price: line.variant.unitPrice,
        unit_cost: line.variant.unitCost,
        compare_at_price: line.variant.compareAtPrice,
        product: json({
          id: line.product.id,
          name: line.product.name,
          slug: line.product.slug,
          description: line.product.description,
          primaryImage: line.variant.primaryImage ?? line.product.primaryImage ?? null,
        }),
        variant: line.variant.snapshot,
      })
    }
    facts.ids.push(id)
    facts.friendlyIds.push(friendlyId)
    facts.emails.push(email)
    facts.totals[i] = total
    facts.createdMs[i] = createdMs
    await loader.boundary()
  }
  return facts
}

// ------------------------------------------------------------------------------------ the shop

const usernameAlphabet = 'abcdefghijkmnpqrstuvwxyz23456789'
const randomSuffix = (length: number) =>
  Array.from(randomBytes(length), (b) => usernameAlphabet[b % usernameAlphabet.length]).join('')

function declareTables(loader: BulkLoader): void {
  // Parents before children: a transaction writes its rows table by table in this order.
  loader.declare('products', productColumns)
  loader.declare('variants', variantColumns)
  loader.declare('collections', collectionColumns)
  loader.declare('collection_products', collectionProductColumns)
  loader.declare('orders', orderColumns)
  loader.declare('order_lines', orderLineColumns)
  loader.declare('order_status_changes', statusChangeColumns)
  loader.declare('events', eventColumns)
  loader.declare('webhook_events', webhookEventColumns)
  loader.declare('webhook_attempts', attemptColumns)
}

/** Tables the generator writes, for the settle step. */
const loadedTables = [
  'products',
  'variants',
  'collections',
  'collection_products',
  'orders',
  'order_lines',
  'order_status_changes',
  'events',
  'webhook_events',
  'webhook_attempts',
] as const

/**
 * SQLite: runs `load` with settings for a bulk load — a page cache that holds the indexes being
 * built (the default 2 MB one thrashes on random-key inserts), no fsync per checkpoint and fewer,
 * larger checkpoints — and puts the connection's own settings back afterwards, after a checkpoint
 * that makes the load durable.
 */
async function withLoadSettings<T>(handle: DatabaseHandle, load: () => Promise<T>): Promise<T> {
  if (handle.dialect !== 'sqlite') return load()
  const pragmas = { cache_size: -262_144, synchronous: 0, wal_autocheckpoint: 16_384 }
  const previous: Record<string, number> = {}
  for (const [name, value] of Object.entries(pragmas)) {
    const { rows } = await sql.raw<Record<string, number>>(`pragma ${name}`).execute(handle.db)
    previous[name] = Number(Object.values(rows[0] ?? {})[0])
    await sql.raw(`pragma ${name} = ${value}`).execute(handle.db)
  }
  try {
    return await load()
  } finally {
    for (const [name, value] of Object.entries(previous)) await sql.raw(`pragma ${name} = ${value}`).execute(handle.db)
    await sql`pragma wal_checkpoint(truncate)`.execute(handle.db)
  }
}

/** The big tables: their secondary indexes are rebuilt after the load rather than updated row by row. */
const deferredIndexTables = [
  'orders',
  'order_lines',
  'order_status_changes',
  'events',
  'webhook_events',
  'webhook_attempts',
] as const

/**
 * Runs `load` with the secondary indexes of the big tables dropped, then creates them again from
 * their own definitions as the database states them (sqlite_master, pg_indexes), so the schema is
 * exactly what the migrations made. Building an index once from sorted data is several times
 * cheaper than keeping it up to date through millions of random-key inserts. Primary keys and
 * unique constraints stay in place throughout.
 */
async function withDeferredIndexes<T>(
  handle: DatabaseHandle,
  load: () => Promise<T>,
  report: (phase: string, ms: number) => void,
) {
  const tables = [...deferredIndexTables]
  const indexes =
    handle.dialect === 'postgres'
      ? (
          await sql<{ name: string; definition: string }>`
            select indexname as name, indexdef as definition from pg_indexes
            where schemaname = current_schema() and tablename in (${sql.join(tables)})
              and indexname not in (select conname from pg_constraint)`.execute(handle.db)
        ).rows
      : (
          await sql<{ name: string; definition: string }>`
            select name, sql as definition from sqlite_master
            where type = 'index' and sql is not null and tbl_name in (${sql.join(tables)})`.execute(handle.db)
        ).rows
  for (const index of indexes) await sql.raw(`drop index "${index.name}"`).execute(handle.db)
  try {
    return await load()
  } finally {
    const started = performance.now()
    await handle.db.connection().execute(async (connection) => {
      if (handle.dialect === 'postgres') await sql`set maintenance_work_mem = '256MB'`.execute(connection)
      for (const index of indexes) await sql.raw(index.definition).execute(connection)
      if (handle.dialect === 'postgres') await sql`reset maintenance_work_mem`.execute(connection)
    })
    report(`secondary indexes (${indexes.length}) rebuilt`, performance.now() - started)
  }
}

/** Statistics as a long-running database would have them (PostgreSQL's autovacuum; SQLite's ANALYZE). */
export async function settleTables(handle: DatabaseHandle, tables: readonly string[] = loadedTables): Promise<void> {
  for (const table of tables) {
    if (handle.dialect === 'postgres') await sql.raw(`vacuum analyze "${table}"`).execute(handle.db)
    else await sql.raw(`analyze "${table}"`).execute(handle.db)
  }
}

async function timed<T>(
  timings: PhaseTiming[],
  phase: string,
  work: () => Promise<T>,
  onProgress?: (m: string) => void,
) {
  const started = performance.now()
  const result = await work()
  const ms = performance.now() - started
  timings.push({ phase, ms })
  onProgress?.(`${phase}: ${(ms / 1000).toFixed(1)} s`)
  return result
}

/**
 * Writes the large shop into a migrated database (next to any other shops) and answers its
 * credentials, the rows written per table and how long each phase took.
 */
export async function generateLargeShop(handle: DatabaseHandle, options: LargeShopOptions): Promise<LargeShopResult> {
  const counts = {
    orders: options.orders ?? largeShopDefaults.orders,
    products: options.products ?? largeShopDefaults.products,
    events: options.events ?? largeShopDefaults.events,
  }
  if (counts.products < 1 && counts.orders > 0) throw new Error('Orders need at least one product')
  if (counts.events > indexBits) throw new Error(`At most ${indexBits} events`)
  const anchorMs = options.anchorMs ?? seedAnchorMs
  const publicUrl = options.publicUrl.replace(/\/$/, '')
  const domain = options.domain ?? 'megamerch.fanshelf.shop'
  const root = new Prng(options.seed ?? scaleSeed)
  const timings: PhaseTiming[] = []
  const started = performance.now()
  const progress = options.onProgress

  const shopPrng = root.fork('shop')
  const shopId = `sh_${shopPrng.uuid()}`
  const shopCreatedMs = anchorMs - catalogueMs - 2 * DAY
  const currency = 'USD'
  const location: Person['address'] = {
    name: 'Mega Merch Co.',
    address1: '1200 NW Naito Pkwy',
    address2: 'Suite 500',
    city: 'Portland',
    state: 'OR',
    country: 'US',
    zip: '97209',
    phone: '+15035550199',
  }
  const contactEmail = `team@${domain}`
  const apiPassword = generateSecret()
  const ownerPassword = generateSecret()
  const username = `megamerch-${randomSuffix(6)}`
  const storefrontToken = generateSecret('ptkn_')
  const ownerEmail = `owner+${randomSuffix(4)}@${domain}`
  const apiHash = options.secretBox.digestCredential(apiPassword)
  const ownerHash = await hashPassword(ownerPassword)
  const ownerId = shopPrng.id('adminUser')
  const configurations: Configuration[] = [
    { id: shopPrng.id('webhookConfiguration'), types: null, sinceMs: shopCreatedMs },
    // A fulfilment integration connected two weeks ago: it has only the recent orders.
    {
      id: shopPrng.id('webhookConfiguration'),
      types: new Set<WebhookEventType>(['ORDER_PLACED']),
      sinceMs: anchorMs - 14 * DAY,
    },
  ]

  await timed(
    timings,
    'shop',
    () =>
      handle.db.transaction().execute(async (trx) => {
        const createdAt = iso(shopCreatedMs)
        await trx
          .insertInto('shops')
          .values({
            id: shopId,
            name: 'Mega Merch Co.',
            domain,
            public_domain: `shop.${domain.replace(/\.fanshelf\.shop$/, '')}.example`,
            currency,
            contact_info: json({
              shopEmail: contactEmail,
              contactEmail,
              transactionalEmail: `orders@${domain}`,
              customerSupportEmail: `support@${domain}`,
              phone: location.phone,
              shopName: 'Mega Merch Co.',
              domain,
              location,
            }),
            webhook_secret: options.secretBox.seal(`whsec_${randomBytes(24).toString('base64')}`),
            webhook_secret_previous: null,
            webhook_secret_previous_until: null,
            created_at: createdAt,
            updated_at: iso(anchorMs - 30 * DAY),
          })
          .execute()
        await trx
          .insertInto('admin_users')
          .values({
            id: ownerId,
            shop_id: shopId,
            email: ownerEmail,
            name: 'Mega Merch Owner',
            password_hash: ownerHash,
            role: 'SUPER_ADMIN',
            created_at: createdAt,
          })
          .execute()
        await trx
          .insertInto('api_users')
          .values({
            id: shopPrng.id('apiUser'),
            shop_id: shopId,
            username,
            password_hash: apiHash,
            created_by: ownerId,
            created_at: createdAt,
            last_used_at: null,
          })
          .execute()
        await trx
          .insertInto('storefront_tokens')
          .values({
            id: shopPrng.uuid(),
            shop_id: shopId,
            token_hash: tokenHash(storefrontToken),
            token_sealed: options.secretBox.seal(storefrontToken),
            created_at: createdAt,
            revoked_at: null,
          })
          .execute()
        for (const [n, configuration] of configurations.entries()) {
          await trx
            .insertInto('webhook_configurations')
            .values({
              id: configuration.id,
              shop_id: shopId,
              app_id: null,
              // Reserved example domains: nothing is ever delivered there (every delivery is finished).
              url: n === 0 ? 'https://hooks.megamerch.example/fanshelf' : 'https://fulfilment.megamerch.example/orders',
              allowed_types: json(configuration.types ? [...configuration.types] : webhookEventTypes),
              api_version: webhookApiVersion,
              enabled: 1,
              disabled_reason: null,
              failing_since: null,
              created_at: iso(configuration.sinceMs),
              updated_at: iso(configuration.sinceMs),
            })
            .execute()
        }
      }),
    progress,
  )

  const loader = new BulkLoader(handle)
  declareTables(loader)
  const timeline = new Timeline()
  await withLoadSettings(handle, () =>
    withDeferredIndexes(
      handle,
      async () => {
        const catalogue = await timed(
          timings,
          `products (${counts.products}) and variants`,
          async () => {
            const entries = await writeCatalogue(loader, root.fork('products'), {
              shopId,
              currency,
              products: counts.products,
              anchorMs,
              publicUrl,
            })
            await loader.drain()
            await writeCollections(loader, root.fork('collections'), { shopId, createdMs: shopCreatedMs }, entries)
            await loader.drain()
            return entries
          },
          progress,
        )
        const people = buildPeople(
          root.fork('people'),
          Math.min(50_000, Math.max(50, Math.round(counts.orders / 5))),
          'na',
        )
        const orders = await timed(
          timings,
          `orders (${counts.orders}) with lines and status history`,
          async () => {
            const facts = await writeOrders(
              loader,
              root.fork('orders'),
              { shopId, currency, orders: counts.orders, anchorMs, contactEmail, location },
              catalogue,
              people,
              timeline,
            )
            await loader.drain()
            return facts
          },
          progress,
        )
        await timed(
          timings,
          `events (${counts.events}) with deliveries and attempts`,
          async () => {
            const windowStart = anchorMs - eventWindowMs
            for (const [ref, product] of catalogue.entries()) {
              if (product.createdMs >= windowStart) timeline.push(product.createdMs, 'PRODUCT_CREATED', ref)
              if (product.updatedMs > product.createdMs && product.updatedMs >= windowStart) {
                timeline.push(product.updatedMs, 'PRODUCT_UPDATED', ref)
              }
            }
            timeline.thin(counts.events)
            const eventsPrng = root.fork('events')
            addFillerEvents(timeline, eventsPrng, counts.events - timeline.length, anchorMs, catalogue.length)
            await writeEvents(loader, eventsPrng, timeline, {
              shopId,
              currency,
              anchorMs,
              configurations,
              orders,
              products: catalogue,
              emails: people.map((p) => p.email),
            })
            await loader.drain()
          },
          progress,
        )
      },
      (phase, ms) => {
        timings.push({ phase, ms })
        progress?.(`${phase}: ${(ms / 1000).toFixed(1)} s`)
      },
    ),
  )
  if (options.settle ?? true) await timed(timings, 'analyse', () => settleTables(handle), progress)

  return {
    credentials: {
      id: shopId,
      name: 'Mega Merch Co.',
      domain,
      apiUser: { username, password: apiPassword },
      storefrontToken,
      admins: [{ email: ownerEmail, password: ownerPassword, role: 'SUPER_ADMIN' }],
    },
    counts: loader.counts(),
    timings,
    totalMs: performance.now() - started,
  }
}

/**
 * Gives an existing shop (the demo shop, for the small side of a comparison) a delivery log of
 * `events` events: one webhook configuration receiving every type, the events spread over the
 * delivery log's 30 days before the anchor, each delivered (or failed) with its attempts.
 */
export async function seedDeliveryLog(
  handle: DatabaseHandle,
  options: { shopId: string; events: number; seed?: string; anchorMs?: number },
): Promise<Record<string, number>> {
  const anchorMs = options.anchorMs ?? seedAnchorMs
  const prng = new Prng(`${options.seed ?? scaleSeed}/delivery-log/${options.shopId}`)
  const shop = await handle.db
    .selectFrom('shops')
    .select(['currency', 'created_at'])
    .where('id', '=', options.shopId)
    .executeTakeFirstOrThrow()
  const products = await handle.db
    .selectFrom('products')
    .select(['id', 'name', 'slug'])
    .where('shop_id', '=', options.shopId)
    .orderBy('created_at')
    .orderBy('id')
    .execute()
  const emails = (
    await handle.db
      .selectFrom('orders')
      .select('email')
      .distinct()
      .where('shop_id', '=', options.shopId)
      .orderBy('email')
      .execute()
  ).map((row) => row.email)
  const configuration: Configuration = {
    id: prng.id('webhookConfiguration'),
    types: null,
    sinceMs: Date.parse(shop.created_at),
  }
  await handle.db
    .insertInto('webhook_configurations')
    .values({
      id: configuration.id,
      shop_id: options.shopId,
      app_id: null,
      url: 'https://hooks.example.com/fanshelf/scale',
      allowed_types: json(webhookEventTypes),
      api_version: webhookApiVersion,
      enabled: 1,
      disabled_reason: null,
      failing_since: null,
      created_at: shop.created_at,
      updated_at: shop.created_at,
    })
    .execute()
  const loader = new BulkLoader(handle)
  declareTables(loader)
  const timeline = new Timeline()
  addFillerEvents(timeline, prng, options.events, anchorMs, products.length)
  await writeEvents(loader, prng, timeline, {
    shopId: options.shopId,
    currency: shop.currency,
    anchorMs,
    configurations: [configuration],
    orders: { ids: [], friendlyIds: [], emails: [], totals: new Int32Array(0), createdMs: new Float64Array(0) },
    products,
    emails: emails.length > 0 ? emails : ['supporter@example.com'],
  })
  await loader.drain()
  return loader.counts()
}
