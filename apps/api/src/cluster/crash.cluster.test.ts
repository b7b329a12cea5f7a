import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DatabaseHandle, openDatabase } from '../db/database.js'
import { webhookEventTypes } from '../modules/events/event-types.js'
import type { DemoShopCredentials } from '../seed/demo-credentials.js'
import { sleep } from './cluster-process.js'
import { type LocalCluster, startLocalCluster } from './local-cluster.js'
import { type BalancedClient, type BalancedResponse, createBalancedClient } from './testing/balanced-client.js'
import { type CountingReceiver, startCountingReceiver } from './testing/counting-receiver.js'
import { waitUntilDelivered } from './testing/deliveries.js'
import { buy, type CartItem, purchasableVariants } from './testing/shopper.js'

/**
 * Crash test (issue 12, item 4): a steady checkout + fulfilment load runs through two API nodes
 * while an API node and a worker are SIGKILLed at random moments and restarted (at least 20 kills).
 * Clients fail over to the other node on a connection error and send the request again — POSTs
 * included, as a client that cannot tell whether its write happened must. Afterwards:
 *
 * - every order is whole: its lines are its cart's, its amounts add up, one checkout, one
 *   ORDER_PLACED, one order per cart (a retried checkout never ordered twice);
 * - stock went down exactly by the units ordered, variant by variant;
 * - every recorded event reached the receiver at least once;
 * - the promotion with a usage limit was not used more often than that;
 * - every order was fulfilled exactly once (the tracking number is the fulfilment's key).
 */

const minimumKills = 20

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0
const promotionLimit = 5

let cluster: LocalCluster
let database: DatabaseHandle
let client: BalancedClient
let receiver: CountingReceiver
let demo: DemoShopCredentials

const open = (path: string) => `/open-api/v1.0${path}`

function expectStatus(response: BalancedResponse, ...statuses: number[]) {
  expect(statuses, `${response.status} ${JSON.stringify(response.body)}`).toContain(response.status)
}

beforeAll(async () => {
  // The rate limit is not under test here (cluster-guarantees is): raised so that the fulfiller,
  // one API user, keeps up with the shoppers.
  cluster = await startLocalCluster({ env: { RATE_LIMIT: '5000' } })
  database = openDatabase(cluster.databaseUrl, { poolSize: 4 })
  client = createBalancedClient(() => cluster.nodes.map((n) => (n.running ? n.url : undefined)))
  demo = cluster.credentials.shops[0]!
})

afterAll(async () => {
  await receiver?.close()
  await database?.close()
  await cluster?.stop()
})

describe('API nodes and workers SIGKILLed under checkout and fulfilment load', () => {
  it(`keeps every order whole, stock exact, every event delivered and the promotion within its limit (≥ ${minimumKills} kills)`, async () => {
    const db = database.db
    const asDemo = { basic: demo.apiUser }

    // A receiver subscribed to every event type.
    const secret = await client.request(open('/webhooks-secret'), asDemo)
    expectStatus(secret, 200)
    receiver = await startCountingReceiver({ secret: secret.body.secret })
    const configuration = await client.request(open('/webhooks'), {
      ...asDemo,
      body: { url: receiver.url, allowedTypes: [...webhookEventTypes] },
    })
    expectStatus(configuration, 200)
    const configurationId = configuration.body.id as string

    // A promotion that may be used five times; every third checkout tries it.
    const code = `CRASH-${Date.now().toString(36).toUpperCase()}`
    const promotion = await client.request(open('/promotions'), {
      ...asDemo,
      body: {
        type: 'SHOP_SINGLE',
        title: 'Crash test',
        code,
        discount: { type: 'PERCENTAGE', percentage: 10, shippingOption: 'Excluded' },
        limits: { maximumUsesNumber: promotionLimit, oneUsePerCustomer: false },
        appliesTo: { type: 'ENTIRE_ORDER' },
      },
    })
    expectStatus(promotion, 200)
    const promotionId = promotion.body.id as string

    // The merchant restocks three limited variants (there is no stock write in the open API) and
    // leaves a fourth scarce, so that checkouts also race for its last units.
    const variants = await purchasableVariants(db, demo.id)
    const limited = variants.filter((v) => v.stock_type === 'LIMITED').slice(0, 4)
    const unlimited = variants.filter((v) => v.stock_type === 'UNLIMITED').slice(0, 3)
    expect(limited).toHaveLength(4)
    expect(unlimited.length).toBeGreaterThan(0)
    for (const [i, variant] of limited.entries()) {
      await db
        .updateTable('variants')
        .set({ in_stock: i === 3 ? 12 : 5_000 })
        .where('id', '=', variant.id)
        .execute()
    }
    const stockOf = async () =>
      new Map(
        (
          await db
            .selectFrom('variants')
            .select(['id', 'in_stock'])
            .where('shop_id', '=', demo.id)
            .where('stock_type', '=', 'LIMITED')
            .execute()
        ).map((v) => [v.id, v.in_stock ?? 0]),
      )
    const stockBefore = await stockOf()
    const startedAt = new Date().toISOString()

    // The load: four shoppers checking out, one fulfiller shipping what they bought.
    let loading = true
    let shoppersDone = false
    const purchases: { orderId: string; cartId: string; items: CartItem[]; recovered: boolean }[] = []
    const toFulfil: { orderId: string; items: CartItem[] }[] = []
    const fulfilled = new Map<string, number>()
    let outOfStock = 0
    let fulfilmentRetriesRefused = 0
    let attemptsWithCode = 0
    const random = (min: number, max: number) => min + Math.random() * (max - min)
    // A steady load, not a tight loop: a shopper thinks a moment between purchases.
    const shopper = async (n: number) => {
      for (let i = 0; loading; i++) {
        await sleep(random(50, 250))
        const variant = limited[(n + i) % limited.length]!
        const items: CartItem[] = [{ variantId: variant.id, quantity: 1 + ((n + i) % 2) }]
        if (i % 2 === 0) items.push({ variantId: unlimited[i % unlimited.length]!.id, quantity: 1 })
        const tryCode = (n + i) % 3 === 0
        if (tryCode) attemptsWithCode++
        const purchase = await buy(client, demo.storefrontToken, items, tryCode ? code : undefined)
        if (purchase.outcome === 'OUT_OF_STOCK') {
          outOfStock++
          continue
        }
        purchases.push({ orderId: purchase.orderId, cartId: purchase.cartId, items, recovered: purchase.recovered })
        toFulfil.push({ orderId: purchase.orderId, items })
      }
    }
    const fulfiller = async () => {
      // Until the shoppers are done (one may still be checking out when the load stops).
      while (!shoppersDone || toFulfil.length > 0) {
        const next = toFulfil.shift()
        if (!next) {
          await sleep(50)
          continue
        }
        const shipped = await client.request(open('/fulfillments'), {
          ...asDemo,
          body: {
            orderId: next.orderId,
            items: next.items,
            shippingLabel: { trackingNumber: `CT-${next.orderId.slice(0, 8)}`, trackingCompany: 'UPS' },
          },
        })
        // 409 FULFILLMENT_ALREADY_EXISTS: a retry of a fulfilment whose answer was lost with its node.
        if (shipped.status === 409 && shipped.body.code === 'FULFILLMENT_ALREADY_EXISTS' && shipped.retries > 0) {
          fulfilmentRetriesRefused++
          fulfilled.set(next.orderId, (fulfilled.get(next.orderId) ?? 0) + 1)
          continue
        }
        expectStatus(shipped, 201)
        fulfilled.set(next.orderId, (fulfilled.get(next.orderId) ?? 0) + 1)
      }
    }
    const loadStarted = Date.now()
    const shopping = Promise.all([0, 1, 2, 3].map((n) => shopper(n))).finally(() => {
      shoppersDone = true
    })
    const load = Promise.all([shopping, fulfiller(), fulfiller()])
    load.catch(() => {
      loading = false
    })

    // The chaos: one API node and one worker at a time, SIGKILLed at random moments, restarted.
    const kills = { api: 0, worker: 0 }
    const restartMs: Record<'api' | 'worker', number[]> = { api: [], worker: [] }
    const chaos = async (role: 'api' | 'worker', count: number) => {
      for (let k = 0; k < count && loading; k++) {
        await sleep(random(300, 2_000))
        const i = Math.floor(Math.random() * 2)
        await (role === 'api' ? cluster.killNode(i) : cluster.killWorker(i))
        kills[role]++
        await sleep(random(0, 500))
        const restarting = Date.now()
        await (role === 'api' ? cluster.restartNode(i) : cluster.restartWorker(i))
        restartMs[role].push(Date.now() - restarting)
      }
    }
    const progress = (line: string) => process.stdout.write(`crash test: ${line}\n`)
    progress('load and kills started')
    // An API node takes ~10 s to come back under this load on two cores, a worker ~3 s: more worker
    // kills keep the run bounded. One of each is down at a time at most (the other node serves).
    await Promise.race([Promise.all([chaos('api', 8), chaos('worker', 14)]), load])
    progress(`${kills.api + kills.worker} kills done; ${purchases.length} orders, ${toFulfil.length} to fulfil`)
    loading = false
    await load
    const loadSeconds = (Date.now() - loadStarted) / 1000
    const totalKills = kills.api + kills.worker
    expect(totalKills).toBeGreaterThanOrEqual(minimumKills)
    expect(cluster.nodes.every((n) => n.running) && cluster.workers.every((w) => w.running)).toBe(true)
    expect(cluster.unexpectedExits).toEqual([])

    // Workers that died holding deliveries leave them leased for 30 s; then they go out again.
    progress(`load stopped after ${purchases.length} orders; waiting for every delivery`)
    const drainStarted = Date.now()
    await waitUntilDelivered(db, [configurationId], 120_000)
    const drainSeconds = (Date.now() - drainStarted) / 1000
    await sleep(500)

    // Orders: exactly those the shoppers were told about, one per cart.
    const orders = await db
      .selectFrom('orders')
      .innerJoin('checkouts', 'checkouts.id', 'orders.checkout_id')
      .select([
        'orders.id',
        'orders.status',
        'orders.promotion_id',
        'orders.subtotal',
        'orders.shipping',
        'orders.tax',
        'orders.donation',
        'orders.discount',
        'orders.total',
        'checkouts.cart_id',
        'checkouts.order_id as checkout_order_id',
      ])
      .where('orders.shop_id', '=', demo.id)
      .where('orders.created_at', '>=', startedAt)
      .execute()
    expect(purchases.length).toBeGreaterThan(50)
    expect(orders.map((o) => o.id).sort()).toEqual(purchases.map((p) => p.orderId).sort())
    expect(new Set(orders.map((o) => o.cart_id)).size).toBe(orders.length)

    const lines = await db
      .selectFrom('order_lines')
      .select(['order_id', 'variant_id', 'quantity', 'unit_price'])
      .where(
        'order_id',
        'in',
        orders.map((o) => o.id),
      )
      .execute()
    const placedEvents = await db
      .selectFrom('events')
      .select(['data'])
      .where('shop_id', '=', demo.id)
      .where('type', '=', 'ORDER_PLACED')
      .where('created_at', '>=', startedAt)
      .execute()
    const placedEventCount = new Map<string, number>()
    for (const event of placedEvents) {
      const id = (JSON.parse(event.data) as { id: string }).id
      placedEventCount.set(id, (placedEventCount.get(id) ?? 0) + 1)
    }
    for (const order of orders) {
      const purchase = purchases.find((p) => p.orderId === order.id)!
      expect(order.cart_id).toBe(purchase.cartId)
      expect(order.checkout_order_id).toBe(order.id)
      const own = lines.filter((l) => l.order_id === order.id)
      const byVariant = Object.fromEntries(own.map((l) => [l.variant_id, l.quantity]))
      expect(byVariant).toEqual(Object.fromEntries(purchase.items.map((i) => [i.variantId, i.quantity])))
      const subtotal = own.reduce((sum, l) => sum + l.unit_price * l.quantity, 0)
      expect(order.subtotal).toBe(subtotal)
      expect(order.total).toBe(
        Math.max(0, order.subtotal + order.shipping + order.tax + order.donation - order.discount),
      )
      if (order.promotion_id === promotionId) expect(order.discount).toBeGreaterThan(0)
      expect(placedEventCount.get(order.id)).toBe(1)
    }

    // Stock: down by exactly the units ordered, variant by variant, never below zero.
    const stockAfter = await stockOf()
    const ordered = new Map<string, number>()
    for (const line of lines) ordered.set(line.variant_id, (ordered.get(line.variant_id) ?? 0) + line.quantity)
    for (const [variantId, before] of stockBefore) {
      const after = stockAfter.get(variantId)!
      expect(after).toBeGreaterThanOrEqual(0)
      expect(before - after, `stock of ${variantId}`).toBe(ordered.get(variantId) ?? 0)
    }

    // The promotion: used at most its limit, once per order that carries it.
    const usedBy = orders.filter((o) => o.promotion_id === promotionId).length
    const stored = await db
      .selectFrom('promotions')
      .select(['usage_count', 'status'])
      .where('id', '=', promotionId)
      .executeTakeFirstOrThrow()
    expect(usedBy).toBeGreaterThan(0)
    expect(usedBy).toBeLessThanOrEqual(promotionLimit)
    expect(stored.usage_count).toBe(usedBy)
    if (usedBy === promotionLimit) expect(stored.status).toBe('AllUsed')

    // Fulfilments: one per order, every unit of it.
    const fulfilments = await db
      .selectFrom('fulfillments')
      .select(['order_id'])
      .where(
        'order_id',
        'in',
        orders.map((o) => o.id),
      )
      .execute()
    expect(fulfilments.map((f) => f.order_id).sort()).toEqual(orders.map((o) => o.id).sort())
    expect([...fulfilled.keys()].sort()).toEqual(orders.map((o) => o.id).sort())

    // Events: every one recorded since the receiver subscribed has its delivery, and every delivery
    // reached the receiver at least once (verified: 200), the same webhook-id on a duplicate.
    const events = await db
      .selectFrom('events')
      .select(['id'])
      .where('shop_id', '=', demo.id)
      .where('created_at', '>=', configuration.body.createdAt)
      .execute()
    const deliveries = await db
      .selectFrom('webhook_events')
      .select(['id', 'event_id', 'state'])
      .where('configuration_id', '=', configurationId)
      .execute()
    expect(new Set(deliveries.map((d) => d.event_id))).toEqual(new Set(events.map((e) => e.id)))
    const received = receiver.countsByWebhookId()
    const missing = deliveries.filter((d) => !received.has(d.id))
    expect(missing, `${missing.length} deliveries never reached the receiver`).toEqual([])
    expect(receiver.deliveries.filter((d) => d.status !== 200)).toEqual([])
    const duplicates = receiver.deliveries.length - received.size

    const recovered = purchases.filter((p) => p.recovered).length
    // Writes that were sent to a node that died before answering (not merely refused by a down node).
    const resent = [...client.failoverCauses]
      .filter(([cause]) => cause.startsWith('POST') && !/ECONNREFUSED|NODE_DOWN/.test(cause))
      .map(([cause, count]) => `${cause} ×${count}`)
    const statuses = new Map<string, number>()
    for (const order of orders) statuses.set(order.status, (statuses.get(order.status) ?? 0) + 1)
    process.stdout.write(
      `crash test: ${totalKills} kills (${kills.api} API node, ${kills.worker} worker) in ${loadSeconds.toFixed(0)} s of load, ${client.failovers} requests failed over; ` +
        `re-sent after their node died mid-request: ${resent.join(', ') || 'none'}; ` +
        `restarts took ${median(restartMs.api)} ms (API node) and ${median(restartMs.worker)} ms (worker) at the median; ` +
        `${orders.length} orders checked (${recovered} checkouts answered by 409 CART_CLOSED after a lost answer, ${outOfStock} refused for stock, ` +
        `${attemptsWithCode} tried the code, ${usedBy}/${promotionLimit} promotion uses, ${fulfilmentRetriesRefused} re-sent fulfilments answered 409 FULFILLMENT_ALREADY_EXISTS), statuses ${JSON.stringify(Object.fromEntries(statuses))}; ` +
        `${events.length} events, ${deliveries.length} deliveries, ${receiver.deliveries.length} requests received (${duplicates} duplicates), all delivered ${drainSeconds.toFixed(0)} s after the load\n`,
    )
  }, 270_000)
})
