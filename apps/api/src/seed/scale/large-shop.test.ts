import { createHash } from 'node:crypto'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DatabaseHandle, migrateToLatest } from '../../db/database.js'
import { SecretBox } from '../../security/secret-box.js'
import { createTestDatabase } from '../../testing/test-database.js'
import { createTestPlatform, type TestPlatform } from '../../testing/test-platform.js'
import { seedDeliveryLog } from './delivery-log.js'
import { generateLargeShop, type LargeShopResult } from './large-shop.js'

// A small instance of the scale data set: the same code paths as the 100,000-order shop.
const counts = { orders: 400, products: 60, events: 3_000 }
const feedPath = '/.well-known/merchant-center/rss.xml'

let platform: TestPlatform
let handle: DatabaseHandle
let result: LargeShopResult
let indexesBefore: string[]
let demoTotalsBefore: { orders: number; products: number }

async function indexNames(database: DatabaseHandle): Promise<string[]> {
  const { rows } =
    database.dialect === 'postgres'
      ? await sql<{
          name: string
        }>`select indexname as name from pg_indexes where schemaname = current_schema()`.execute(database.db)
      : await sql<{ name: string }>`select name from sqlite_master where type = 'index'`.execute(database.db)
  return rows.map((row) => row.name).sort()
}

beforeAll(async () => {
  platform = await createTestPlatform()
  const services = platform.app.platform.services
  handle = platform.app.platform.database
  indexesBefore = await indexNames(handle)
  const before = await Promise.all([
    platform.call('listOrders', { query: { size: 1 } }),
    platform.call('listProducts', { query: { size: 1 } }),
  ])
  demoTotalsBefore = { orders: before[0].body.total, products: before[1].body.total }
  result = await generateLargeShop(handle, {
    ...counts,
    anchorMs: platform.clock.now(),
    secretBox: services.secretBox,
    publicUrl: platform.config.publicUrl,
  })
}, 120_000)
afterAll(() => platform.close())

const asLarge = () => ({ basic: result.credentials.apiUser })

describe('generateLargeShop', () => {
  it('writes the requested numbers of orders, products and events, with lines, variants and deliveries', async () => {
    expect(result.counts.orders).toBe(counts.orders)
    expect(result.counts.products).toBe(counts.products)
    expect(result.counts.events).toBe(counts.events)
    expect(result.counts.order_lines).toBeGreaterThanOrEqual(counts.orders)
    expect(result.counts.variants).toBeGreaterThanOrEqual(counts.products)
    // Every event goes to the all-types configuration; the second one has the last two weeks' ORDER_PLACED.
    expect(result.counts.webhook_events).toBeGreaterThan(counts.events)
    expect(result.counts.webhook_attempts).toBeGreaterThanOrEqual(result.counts.webhook_events!)
    const db = handle.db
    const shopId = result.credentials.id
    const stored = await db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('shop_id', '=', shopId)
      .executeTakeFirstOrThrow()
    expect(Number(stored.n)).toBe(counts.orders)
    const productsWithoutVariants = await db
      .selectFrom('products as p')
      .leftJoin('variants as v', 'v.product_id', 'p.id')
      .select('p.id')
      .where('p.shop_id', '=', shopId)
      .where('v.id', 'is', null)
      .execute()
    expect(productsWithoutVariants).toEqual([])
  })

  it('leaves nothing for a worker or the dispatcher to do: every delivery is finished, every event dispatched', async () => {
    const db = handle.db
    const due = await db
      .selectFrom('webhook_events')
      .select('id')
      .where('shop_id', '=', result.credentials.id)
      .where((eb) => eb.or([eb('next_attempt_at', 'is not', null), eb('state', 'not in', ['DELIVERED', 'FAILED'])]))
      .execute()
    expect(due).toEqual([])
    const undispatched = await db.selectFrom('events').select('id').where('dispatched_at', 'is', null).execute()
    expect(undispatched).toEqual([])
  })

  it('restores every index it set aside for the load, and leaves the demo shops as they were', async () => {
    expect(await indexNames(handle)).toEqual(indexesBefore)
    const [orders, products] = await Promise.all([
      platform.call('listOrders', { query: { size: 1 } }),
      platform.call('listProducts', { query: { size: 1 } }),
    ])
    expect({ orders: orders.body.total, products: products.body.total }).toEqual(demoTotalsBefore)
  })

  it('serves the orders through GET /order: counts, filters, pages and amounts that add up', async () => {
    const first = await platform.call('listOrders', { auth: asLarge(), query: { size: 100 } })
    expect(first.status).toBe(200)
    expect(first.body.total).toBe(counts.orders)
    expect(first.body.totalPages).toBe(Math.ceil(counts.orders / 100))
    const pages = [first]
    for (let page = 1; page < first.body.totalPages; page++) {
      pages.push(await platform.call('listOrders', { auth: asLarge(), query: { size: 100, page } }))
    }
    expect(pages[pages.length - 1]!.body.results).toHaveLength(counts.orders - 300)
    const all = pages.flatMap((p) => p.body.results)
    expect(new Set(all.map((o: { id: string }) => o.id)).size).toBe(counts.orders)
    for (const order of all) {
      const offers = order.offers as { variant: { price: { value: number } } }[]
      expect(offers.length).toBeGreaterThan(0)
      const subtotal = offers.reduce((sum, offer) => sum + Math.round(offer.variant.price.value * 100), 0)
      const a = order.amounts
      const minor = (m: { value: number }) => Math.round(m.value * 100)
      expect(minor(a.subtotal)).toBe(subtotal)
      expect(minor(a.total)).toBe(subtotal - minor(a.discount) + minor(a.shipping) + minor(a.tax) + minor(a.donation))
      expect(order.shopId).toBe(result.credentials.id)
    }
    // Newest first, and the page boundary is exact.
    const created = first.body.results.map((o: { createdAt: string }) => o.createdAt)
    expect([...created].sort().reverse()).toEqual(created)

    const shipped = await platform.call('listOrders', { auth: asLarge(), query: { size: 100, status: ['SHIPPED'] } })
    expect(shipped.body.total).toBeGreaterThan(0)
    expect(shipped.body.results.every((o: { status: string }) => o.status === 'SHIPPED')).toBe(true)

    const since = new Date(platform.clock.now() - 30 * 24 * 3600 * 1000).toISOString()
    const recent = await platform.call('listOrders', { auth: asLarge(), query: { size: 100, 'createdAt[gt]': since } })
    expect(recent.body.total).toBeGreaterThan(0)
    expect(recent.body.total).toBeLessThan(counts.orders)

    const email = all[0].email as string
    const byEmail = await platform.call('listOrders', { auth: asLarge(), query: { email: email.toUpperCase() } })
    expect(byEmail.body.total).toBe(all.filter((o: { email: string }) => o.email === email).length)
  })

  it('serves the catalogue: GET /products, the storefront list and the product feed', async () => {
    const products = await platform.call('listProducts', { auth: asLarge(), query: { size: 100 } })
    expect(products.body.total).toBe(counts.products)
    for (const product of products.body.results) {
      expect(product.variants.length).toBeGreaterThan(0)
      expect(product.images.length).toBeGreaterThan(0)
    }
    const publicProducts = products.body.results.filter((p: { access: { type: string } }) => p.access.type === 'PUBLIC')
    const storefront = await platform.call('listCollectionProducts', {
      auth: { storefrontToken: result.credentials.storefrontToken },
      params: { slug: 'all' },
      query: { size: 100 },
    })
    expect(storefront.status).toBe(200)
    expect(storefront.body.paging.elementsTotal).toBe(publicProducts.length)

    const feed = await platform.app.inject({
      method: 'GET',
      url: feedPath,
      headers: { host: result.credentials.domain },
    })
    expect(feed.statusCode).toBe(200)
    const variants = publicProducts.reduce((sum: number, p: { variants: unknown[] }) => sum + p.variants.length, 0)
    expect(feed.body.split('<item>').length - 1).toBe(variants)
  })

  it('serves the delivery log: GET /webhook-events lists the last 30 days, each event with its attempts', async () => {
    const since = new Date(platform.clock.now() - 30 * 24 * 3600 * 1000).toISOString()
    const visible = await handle.db
      .selectFrom('webhook_events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('shop_id', '=', result.credentials.id)
      .where('created_at', '>=', since)
      .executeTakeFirstOrThrow()
    const list = await platform.call('listWebhookEvents', { auth: asLarge(), query: { size: 100 } })
    expect(list.status).toBe(200)
    expect(list.body.total).toBe(Number(visible.n))
    expect(list.body.total).toBeGreaterThan(0)
    for (const event of list.body.results.slice(0, 10)) {
      const envelope = JSON.parse(event.body)
      expect(envelope).toMatchObject({ id: event.id, webhookId: event.webhookId, type: event.type, testMode: false })
      const one = await platform.call('getWebhookEvent', { auth: asLarge(), params: { webhookEventId: event.id } })
      expect(one.body.attempts).toHaveLength(event.attemptCount)
    }
  })

  it('gives an existing shop a delivery log of the requested size', async () => {
    const before = await platform.call('listWebhookEvents', { query: { size: 1 } })
    const written = await seedDeliveryLog(handle, {
      shopId: platform.demo.id,
      events: 200,
      anchorMs: platform.clock.now(),
    })
    expect(written.events).toBe(200)
    expect(written.webhook_events).toBe(200)
    const after = await platform.call('listWebhookEvents', { query: { size: 1 } })
    expect(after.body.total - before.body.total).toBeGreaterThan(0)
    expect(after.body.total - before.body.total).toBeLessThanOrEqual(200)
  })

  it('is deterministic: the same seed, counts and anchor give the same rows in another database', async () => {
    const other = await createTestDatabase()
    try {
      await migrateToLatest(other.db)
      const again = await generateLargeShop(other, {
        ...counts,
        anchorMs: platform.clock.now(),
        secretBox: SecretBox.fromKey('another key'),
        publicUrl: platform.config.publicUrl,
        settle: false,
      })
      expect(again.credentials.id).toBe(result.credentials.id)
      expect(again.counts).toEqual(result.counts)
      const digest = async (database: DatabaseHandle) => {
        const hash = createHash('sha256')
        const shopId = result.credentials.id
        const orders = await database.db
          .selectFrom('orders')
          .select(['id', 'friendly_id', 'status', 'email', 'total', 'created_at', 'updated_at'])
          .where('shop_id', '=', shopId)
          .orderBy('id')
          .execute()
        const lines = await database.db
          .selectFrom('order_lines')
          .select(['id', 'order_id', 'variant_id', 'quantity', 'product', 'variant'])
          .where('shop_id', '=', shopId)
          .orderBy('id')
          .execute()
        const deliveries = await database.db
          .selectFrom('webhook_events')
          .select(['id', 'event_id', 'body', 'state', 'attempt_count', 'updated_at'])
          .where('shop_id', '=', shopId)
          .orderBy('id')
          .execute()
        hash.update(JSON.stringify([orders, lines, deliveries]))
        return hash.digest('hex')
      }
      expect(await digest(other)).toBe(await digest(handle))
    } finally {
      await other.close()
    }
  }, 120_000)
})
