import autocannon from 'autocannon'
import type { DatabaseHandle } from '../../apps/api/src/db/database.js'
import type { BenchRow } from '../report.js'
import { durationSeconds, type Figures, getJson, log, measure, settle, startWriter } from './measure.js'

/** Paged reads: the large shop's p50 latency within this factor of the demo shop's. */
const pagedTarget = 2
/** The write rate of the "while writing" reads. */
const writeRate = Number(process.env.BENCH_SCALE_WRITES ?? 20)

export interface ShopUnderTest {
  label: 'demo' | 'large'
  id: string
  domain: string
  authorization: string
  storefrontToken: string
}

interface Read {
  name: string
  /** Computed right before the shop is measured (the delivery log's window moves meanwhile). */
  path: (shop: ShopUnderTest) => string | Promise<string>
  headers?: (shop: ShopUnderTest) => Record<string, string>
  /** Writes per second made to the database while measuring (each invalidates the counted totals). */
  writesPerSecond?: number
}

/**
 * Measures every paged read on the demo shop and on the large shop back to back (same load),
 * each with the shop's own parameters; a row per read compares the two.
 */
export async function measurePagedReads(
  database: DatabaseHandle,
  base: string,
  shops: ShopUnderTest[],
  engine: string,
): Promise<BenchRow[]> {
  const rows: BenchRow[] = []
  // Per-shop parameters: the deepest page of each list, the shop's own last 30 days, its most
  // frequent customer's email.
  const facts = new Map<
    string,
    { orderPages: number; productPages: number; eventPages: number; since: string; email: string }
  >()
  for (const shop of shops) {
    const headers = { authorization: shop.authorization }
    const orderPage = await getJson<{ totalPages: number }>(base, '/open-api/v1.0/order?size=20', headers)
    const productPage = await getJson<{ totalPages: number }>(base, '/open-api/v1.0/products?size=20', headers)
    const eventPage = await getJson<{ totalPages: number }>(base, '/open-api/v1.0/webhook-events?size=20', headers)
    const newest = await database.db
      .selectFrom('orders')
      .select((eb) => eb.fn.max('created_at').as('at'))
      .where('shop_id', '=', shop.id)
      .executeTakeFirstOrThrow()
    const top = await database.db
      .selectFrom('orders')
      .select(['email', (eb) => eb.fn.countAll<number>().as('n')])
      .where('shop_id', '=', shop.id)
      .where('source_type', '=', 'ORDER')
      .groupBy('email')
      .orderBy('n', 'desc')
      .orderBy('email')
      .limit(1)
      .executeTakeFirstOrThrow()
    facts.set(shop.id, {
      orderPages: orderPage.totalPages,
      productPages: productPage.totalPages,
      eventPages: eventPage.totalPages,
      since: new Date(Date.parse(String(newest.at)) - 30 * 24 * 3600 * 1000).toISOString(),
      email: top.email,
    })
    log(
      `  ${shop.label} shop: ${orderPage.totalPages} pages of orders, ${productPage.totalPages} of products, ` +
        `${eventPage.totalPages} of webhook events; top customer ${top.email} (${top.n} orders)`,
    )
  }
  const fact = (shop: ShopUnderTest) => facts.get(shop.id)!
  const auth = (shop: ShopUnderTest) => ({ authorization: shop.authorization })
  const eventPages = async (shop: ShopUnderTest) =>
    (await getJson<{ totalPages: number }>(base, '/open-api/v1.0/webhook-events?size=20', auth(shop))).totalPages
  /** The id of the event at `position(total)` in the log (0: the newest), for a cursor there. */
  const eventAt = async (shop: ShopUnderTest, position: (total: number) => number) => {
    const { total } = await getJson<{ total: number }>(base, '/open-api/v1.0/webhook-events?size=1', auth(shop))
    const page = Math.max(0, Math.min(total - 1, position(total)))
    const { results } = await getJson<{ results: { id: string }[] }>(
      base,
      `/open-api/v1.0/webhook-events?size=1&page=${page}`,
      auth(shop),
    )
    return results[0]!.id
  }
  const cursorAt = (position: (total: number) => number) => async (shop: ShopUnderTest) =>
    `/open-api/v1.0/webhook-events?size=20&startingAfter=${encodeURIComponent(await eventAt(shop, position))}`
  const middle = (total: number) => Math.floor(total / 2)
  const deep = (total: number) => total - 41
  const reads: Read[] = [
    { name: 'GET /order?size=20 (first page)', path: () => '/open-api/v1.0/order?size=20', headers: auth },
    {
      name: 'GET /order?size=20&page=last (deepest page)',
      path: (s) => `/open-api/v1.0/order?size=20&page=${Math.max(0, fact(s).orderPages - 1)}`,
      headers: auth,
    },
    {
      name: 'GET /order?size=20&page=middle (worst case of offset paging)',
      path: (s) => `/open-api/v1.0/order?size=20&page=${Math.floor(fact(s).orderPages / 2)}`,
      headers: auth,
    },
    {
      name: `GET /order?size=20 (first page) while the database takes ${writeRate} writes/s`,
      path: () => '/open-api/v1.0/order?size=20',
      headers: auth,
      writesPerSecond: writeRate,
    },
    {
      name: 'GET /order?status=IN_PRODUCTION&status=SHIPPED',
      path: () => '/open-api/v1.0/order?size=20&status=IN_PRODUCTION&status=SHIPPED',
      headers: auth,
    },
    {
      name: 'GET /order?createdAt[gt]=<30 days ago>',
      path: (s) => `/open-api/v1.0/order?size=20&${encodeURIComponent('createdAt[gt]')}=${fact(s).since}`,
      headers: auth,
    },
    {
      name: 'GET /order?email=<top customer>',
      path: (s) => `/open-api/v1.0/order?size=20&email=${encodeURIComponent(fact(s).email)}`,
      headers: auth,
    },
    { name: 'GET /products?size=20 (first page)', path: () => '/open-api/v1.0/products?size=20', headers: auth },
    {
      name: 'GET /products?size=20&page=last (deepest page)',
      path: (s) => `/open-api/v1.0/products?size=20&page=${Math.max(0, fact(s).productPages - 1)}`,
      headers: auth,
    },
    {
      name: 'GET /webhook-events?size=20 (first page)',
      path: () => '/open-api/v1.0/webhook-events?size=20',
      headers: auth,
    },
    {
      // The log's 30-day window moves while the bench runs (events leave it): its pages are
      // counted right before each measurement, and the page before the last stays inside the log.
      name: 'GET /webhook-events?size=20&page=last-1 (deepest page)',
      path: async (s) => `/open-api/v1.0/webhook-events?size=20&page=${Math.max(0, (await eventPages(s)) - 2)}`,
      headers: auth,
    },
    // Page numbers deep in the log are read from its kept anchors (decision 0049, amendment): the
    // middle page was the worst case of `OFFSET` (half the log's index walked per request).
    {
      name: 'GET /webhook-events?size=20&page=middle (page number in the middle of the log)',
      path: async (s) => `/open-api/v1.0/webhook-events?size=20&page=${Math.floor((await eventPages(s)) / 2)}`,
      headers: auth,
    },
    {
      name: `GET /webhook-events?size=20&page=middle (page number in the middle of the log) while the database takes ${writeRate} writes/s`,
      path: async (s) => `/open-api/v1.0/webhook-events?size=20&page=${Math.floor((await eventPages(s)) / 2)}`,
      headers: auth,
      writesPerSecond: writeRate,
    },
    {
      name: `GET /webhook-events?size=20 (first page; also the cursor's first) while the database takes ${writeRate} writes/s`,
      path: () => '/open-api/v1.0/webhook-events?size=20',
      headers: auth,
      writesPerSecond: writeRate,
    },
    // Cursor paging (decision 0049): a page after the event in the middle of the log and after one
    // near its end, each found right before it is measured. The first page by cursor is the first
    // page above (`?size=20`, no cursor).
    {
      name: 'GET /webhook-events?size=20&startingAfter=<middle event> (cursor paging, middle of the log)',
      path: cursorAt(middle),
      headers: auth,
    },
    {
      name: 'GET /webhook-events?size=20&startingAfter=<event 40 before the end> (cursor paging, deepest page)',
      path: cursorAt(deep),
      headers: auth,
    },
    {
      name: `GET /webhook-events?size=20&startingAfter=<middle event> (cursor paging) while the database takes ${writeRate} writes/s`,
      path: cursorAt(middle),
      headers: auth,
      writesPerSecond: writeRate,
    },
    {
      name: `GET /webhook-events?size=20&startingAfter=<event 40 before the end> (cursor paging) while the database takes ${writeRate} writes/s`,
      path: cursorAt(deep),
      headers: auth,
      writesPerSecond: writeRate,
    },
    {
      name: 'GET /v1/collections/all/products?size=20 (storefront, 1 s micro-cache)',
      path: (s) => `/v1/collections/all/products?size=20&storefront_token=${encodeURIComponent(s.storefrontToken)}`,
    },
  ]
  // `BENCH_SCALE_ONLY=webhook-events`: only the reads whose name contains it (a quick look at one list).
  const only = process.env.BENCH_SCALE_ONLY
  const measured = only ? reads.filter((read) => read.name.includes(only)) : reads
  const baseline = await measure(`${base}/healthz`, {})
  rows.push({
    suite: 'scale',
    name: `constant route /healthz (machine baseline) [${engine}]`,
    value: baseline.rps,
    unit: 'req/s',
    extra: `p50 ${baseline.p50} ms, p99 ${baseline.p99} ms`,
  })

  for (const read of measured) {
    const figures: Figures[] = []
    for (const shop of shops) {
      const url = base + (await read.path(shop))
      const headers = read.headers?.(shop) ?? {}
      // Warm up (JIT, statement and page caches, credential cache) before measuring.
      await autocannon({ url, headers, connections: 4, duration: 1 })
      const writer = read.writesPerSecond ? startWriter(database, read.writesPerSecond) : undefined
      try {
        figures.push(await measure(url, headers))
      } finally {
        await writer?.stop()
      }
      // Let the server finish what the load generator left in flight before the next measurement.
      await settle(base, auth(shops[0]!))
    }
    const [small, large] = figures as [Figures, Figures]
    // A shop none of whose requests finished within the run has a p50 above the run's length.
    const unfinished = (f: Figures) => f.rps === 0
    for (const f of figures) if (unfinished(f)) f.p50 = durationSeconds * 1000
    const latency = large.p50 / Math.max(small.p50, 0.5)
    const throughput = large.rps / small.rps
    const errors = small.errors + large.errors
    rows.push({
      suite: 'scale',
      name: `${read.name} [${engine}]`,
      value: large.p50,
      unit: 'ms p50',
      baseline: small.p50,
      ratio: latency,
      ratioStyle: 'times',
      target: `≤ ${pagedTarget}× demo shop`,
      met: errors === 0 && latency <= pagedTarget && throughput >= 1 / pagedTarget,
      extra:
        `p99 ${small.p99}→${large.p99} ms, ${small.rps.toFixed(0)}→${large.rps.toFixed(0)} req/s ` +
        `(×${throughput.toFixed(2)})${errors ? `, ${errors} non-2xx/errors` : ''}` +
        (figures.some(unfinished)
          ? `; no request finished within the ${durationSeconds} s run: p50 shown as its length`
          : ''),
    })
    log(
      `  ${rows[rows.length - 1]!.name}: p50 ${small.p50}→${large.p50} ms, ${small.rps.toFixed(0)}→${large.rps.toFixed(0)} req/s`,
    )
  }
  return rows
}
