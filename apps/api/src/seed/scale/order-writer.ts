import { type OrderStatus, orderStatuses } from '../../modules/orders/order-status.js'
import type { Person } from '../demo-people.js'
import type { Prng } from '../prng.js'
import type { BulkLoader } from './bulk-insert.js'
import type { CatalogueEntry } from './catalogue-writer.js'
import type { OrderFacts, Timeline } from './event-writer.js'
import { carriers, orderMessages } from './scale-catalog.js'
import { DAY, eventWindowMs, HOUR, historyMs, iso, json, MINUTE, SECOND } from './scale-units.js'

/** The large shop's orders: lines, amounts that add up, and a status history. */

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

export async function writeOrders(
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
