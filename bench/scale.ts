/**
 * npm run bench:scale — how reads grow from the demo shop to a large shop (decision 0016).
 *
 * On SQLite and (under scripts/with-postgres.sh) PostgreSQL: seeds the demo shops, gives the demo
 * shop a delivery log in proportion to its orders, generates the large shop (apps/api/src/seed/scale,
 * by default 100,000 orders, 10,000 products, 1,000,000 events), then measures every paged read
 * with the same load (autocannon, same connections and duration) on the demo shop and on the large
 * shop back to back, and streams the product feed of both while sampling the process's memory.
 * Rows: large-shop latency against the demo shop's (target: within 2×), the feed's times, and its
 * peak RSS growth (target: flat — the feed streams). Prints figures; never asserts times.
 *
 *   npm run bench:scale [-- --orders 10000 --products 1000 --events 100000 --engine sqlite]
 */
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import autocannon from 'autocannon'
import type { DatabaseHandle } from '../apps/api/src/db/database.js'
import { openDatabase } from '../apps/api/src/db/database.js'
import { buildApp, parseConfig, seedDemo } from '../apps/api/src/index.js'
import { feedPath } from '../apps/api/src/modules/feed/feed.routes.js'
import { generateLargeShop, largeShopDefaults, seedDeliveryLog } from '../apps/api/src/seed/scale/large-shop.js'
import { createTestDatabase } from '../apps/api/src/testing/test-database.js'
import { type BenchRow, recordResults } from './report.js'

const { values: args } = parseArgs({
  options: {
    orders: { type: 'string' },
    products: { type: 'string' },
    events: { type: 'string' },
    engine: { type: 'string' },
  },
})
const counts = {
  orders: Number(args.orders ?? largeShopDefaults.orders),
  products: Number(args.products ?? largeShopDefaults.products),
  events: Number(args.events ?? largeShopDefaults.events),
}
const durationSeconds = Number(process.env.BENCH_DURATION ?? 5)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32)
/** Paged reads: the large shop's p50 latency within this factor of the demo shop's. */
const pagedTarget = 2
/** The write rate of the "while writing" reads. */
const writeRate = Number(process.env.BENCH_SCALE_WRITES ?? 20)
const MB = 2 ** 20

type Engine = 'sqlite' | 'postgres'

interface ShopUnderTest {
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

interface Figures {
  rps: number
  p50: number
  p99: number
  errors: number
}

function log(message: string): void {
  process.stdout.write(`${message}\n`)
}

async function measure(url: string, headers: Record<string, string>, duration = durationSeconds): Promise<Figures> {
  const result = await autocannon({ url, headers, connections, duration })
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts,
  }
}

async function getJson<T>(base: string, pathname: string, headers: Record<string, string>): Promise<T> {
  const response = await fetch(base + pathname, { headers })
  if (!response.ok) throw new Error(`${pathname} answered ${response.status}: ${await response.text()}`)
  return (await response.json()) as T
}

interface FeedRun {
  ttfbMs: number
  totalMs: number
  bytes: number
  items: number
  /** Peak RSS above its level just before the request. */
  rssGrowth: number
  /** Peak live heap (sampled right after a forced full GC) above its level before the request. */
  liveHeapGrowth: number
}

/**
 * Streams the feed of the shop at `host` through a real socket, discarding each chunk as it comes
 * (so the client holds no document). With `sampleMemory`, every 20 ms a full GC is forced (node
 * --expose-gc) and the live heap and RSS are read: what the server keeps alive while streaming, not
 * garbage awaiting collection. A feed built in memory would show at least the document's size.
 */
async function streamFeed(port: number, host: string, sampleMemory: boolean): Promise<FeedRun> {
  const gc = (globalThis as { gc?: () => void }).gc
  if (sampleMemory && !gc) throw new Error('Run with node --expose-gc to sample the feed memory')
  gc?.()
  const before = process.memoryUsage()
  let peakRss = before.rss
  let peakHeap = before.heapUsed
  const sampler = sampleMemory
    ? setInterval(() => {
        gc!()
        const now = process.memoryUsage()
        peakRss = Math.max(peakRss, now.rss)
        peakHeap = Math.max(peakHeap, now.heapUsed)
      }, 20)
    : undefined
  const started = performance.now()
  try {
    return await new Promise<FeedRun>((resolve, reject) => {
      const request = http.get({ host: '127.0.0.1', port, path: feedPath, headers: { host } }, (response) => {
        if (response.statusCode !== 200) reject(new Error(`feed of ${host} answered ${response.statusCode}`))
        let ttfbMs = 0
        let bytes = 0
        let items = 0
        let tail = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => {
          if (bytes === 0) ttfbMs = performance.now() - started
          bytes += Buffer.byteLength(chunk)
          const text = tail + chunk
          items += text.split('<item>').length - 1
          tail = text.slice(-5)
        })
        response.on('end', () =>
          resolve({
            ttfbMs,
            totalMs: performance.now() - started,
            bytes,
            items,
            rssGrowth: peakRss - before.rss,
            liveHeapGrowth: peakHeap - before.heapUsed,
          }),
        )
        response.on('error', reject)
      })
      request.on('error', reject)
    })
  } finally {
    clearInterval(sampler)
  }
}

/**
 * Writes `perSecond` rows a second to a table no measured read touches (failed admin sign-ins):
 * the background writes of a live shop, which make every counted total be counted again.
 */
function startWriter(database: DatabaseHandle, perSecond: number) {
  let n = 0
  let pending = Promise.resolve()
  const timer = setInterval(() => {
    n += 1
    pending = database.db
      .insertInto('auth_attempts')
      .values({ key: `bench:${process.pid}:${Date.now()}:${n}`, count: 1, window_ends_at: Date.now() + 60_000 })
      .execute()
      .then(() => {})
  }, 1000 / perSecond)
  return {
    async stop() {
      clearInterval(timer)
      await pending
    },
  }
}

/**
 * Waits until the server has finished what the load generator left in flight (requests the
 * database is still working through): a cheap authenticated read queues behind them, so it is
 * answered quickly only once they are done.
 */
async function settle(base: string, headers: Record<string, string>): Promise<void> {
  const deadline = Date.now() + 120_000
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 250))
    const started = performance.now()
    await fetch(`${base}/open-api/v1.0/order?size=1`, { headers })
    if (performance.now() - started < 100 || Date.now() > deadline) return
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

async function openEngine(engine: Engine, dataDir: string): Promise<DatabaseHandle> {
  return engine === 'sqlite' ? openDatabase(`sqlite:${path.join(dataDir, 'scale.sqlite')}`) : createTestDatabase()
}

async function benchEngine(engine: Engine): Promise<BenchRow[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanshelf-bench-scale-'))
  const config = parseConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PORT: '0',
    ROLES: 'api',
    RATE_LIMIT: '1000000',
    RATE_LIMIT_MAX_QUEUED: '100000',
  })
  const database = await openEngine(engine, dataDir)
  const app = await buildApp(config, { database, logger: false })
  const rows: BenchRow[] = []
  try {
    const now = Date.now()
    const credentials = await seedDemo(database.db, {
      secretBox: app.platform.services.secretBox,
      publicUrl: config.publicUrl,
      now,
    })
    const demo = credentials.shops[0]!
    const demoOrders = Number(
      (
        await database.db
          .selectFrom('orders')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('shop_id', '=', demo.id)
          .executeTakeFirstOrThrow()
      ).n,
    )
    // The demo shop's delivery log, in the large shop's proportion of events to orders.
    const demoEvents = Math.max(100, Math.round((counts.events * demoOrders) / Math.max(1, counts.orders)))
    await seedDeliveryLog(database, { shopId: demo.id, events: demoEvents, anchorMs: now })

    log(
      `\n[${engine}] generating the large shop (${counts.orders} orders, ${counts.products} products, ${counts.events} events)`,
    )
    const cpuBefore = process.cpuUsage()
    const generated = await generateLargeShop(database, {
      ...counts,
      anchorMs: now,
      secretBox: app.platform.services.secretBox,
      publicUrl: config.publicUrl,
      onProgress: (message) => log(`  ${message}`),
    })
    const cpu = process.cpuUsage(cpuBefore)
    const cpuSeconds = (cpu.user + cpu.system) / 1e6
    log(`  total: ${(generated.totalMs / 1000).toFixed(1)} s (${cpuSeconds.toFixed(1)} s of this process's CPU)`)
    rows.push({
      suite: 'scale',
      name: `generate the large shop (${counts.orders} orders, ${counts.products} products, ${counts.events} events) [${engine}]`,
      value: generated.totalMs / 1000,
      unit: 's',
      extra:
        `${cpuSeconds.toFixed(1)} s CPU in this process${engine === 'postgres' ? ' (plus the server’s)' : ''}; ` +
        generated.timings.map((t) => `${t.phase.replace(/ \(.*?\)/g, '')} ${(t.ms / 1000).toFixed(1)} s`).join('; '),
    })

    await app.listen({ host: '127.0.0.1', port: 0 })
    const address = app.server.address()
    const port = typeof address === 'object' && address ? address.port : 0
    const base = `http://127.0.0.1:${port}`
    const basic = (user: { username: string; password: string }) =>
      `Basic ${Buffer.from(`${user.username}:${user.password}`).toString('base64')}`
    const shops: ShopUnderTest[] = [
      {
        label: 'demo',
        id: demo.id,
        domain: demo.domain,
        authorization: basic(demo.apiUser),
        storefrontToken: demo.storefrontToken,
      },
      {
        label: 'large',
        id: generated.credentials.id,
        domain: generated.credentials.domain,
        authorization: basic(generated.credentials.apiUser),
        storefrontToken: generated.credentials.storefrontToken,
      },
    ]

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
      {
        name: 'GET /webhook-events?size=20&page=middle (worst case of offset paging)',
        path: async (s) => `/open-api/v1.0/webhook-events?size=20&page=${Math.floor((await eventPages(s)) / 2)}`,
        headers: auth,
      },
      {
        name: `GET /webhook-events?size=20 (first page) while the database takes ${writeRate} writes/s`,
        path: () => '/open-api/v1.0/webhook-events?size=20',
        headers: auth,
        writesPerSecond: writeRate,
      },
      {
        name: 'GET /v1/collections/all/products?size=20 (storefront, 1 s micro-cache)',
        path: (s) => `/v1/collections/all/products?size=20&storefront_token=${encodeURIComponent(s.storefrontToken)}`,
      },
    ]

    const baseline = await measure(`${base}/healthz`, {})
    rows.push({
      suite: 'scale',
      name: `constant route /healthz (machine baseline) [${engine}]`,
      value: baseline.rps,
      unit: 'req/s',
      extra: `p50 ${baseline.p50} ms, p99 ${baseline.p99} ms`,
    })

    for (const read of reads) {
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

    // The product feed: three timed downloads per shop, one at a time, then one with memory sampling.
    const feedRuns = new Map<string, { timed: FeedRun[]; memory: FeedRun }>()
    for (const shop of shops) {
      await streamFeed(port, shop.domain, false)
      const timed: FeedRun[] = []
      for (let i = 0; i < 3; i++) timed.push(await streamFeed(port, shop.domain, false))
      feedRuns.set(shop.label, { timed, memory: await streamFeed(port, shop.domain, true) })
    }
    const small = feedRuns.get('demo')!
    const large = feedRuns.get('large')!
    const smallTotal = median(small.timed.map((r) => r.totalMs))
    const largeTotal = median(large.timed.map((r) => r.totalMs))
    const smallTtfb = median(small.timed.map((r) => r.ttfbMs))
    const largeTtfb = median(large.timed.map((r) => r.ttfbMs))
    const largeBytes = large.memory.bytes
    const largeItems = large.memory.items
    const smallItems = small.memory.items
    rows.push({
      suite: 'scale',
      name: `feed ${feedPath}: full download, ${largeItems} items (${(largeBytes / MB).toFixed(1)} MB) vs the demo shop's ${smallItems} [${engine}]`,
      value: largeTotal,
      unit: 'ms',
      baseline: smallTotal,
      ratio: largeTotal / smallTotal,
      ratioStyle: 'times',
      extra:
        `first byte ${smallTtfb.toFixed(0)}→${largeTtfb.toFixed(0)} ms, ` +
        `${((smallItems / smallTotal) * 1000).toFixed(0)}→${((largeItems / largeTotal) * 1000).toFixed(0)} items/s`,
    })
    // Flat: what streaming keeps alive is a page of rows and a small buffer, not a share of the document.
    const flatShare = 0.1
    const growth = large.memory.liveHeapGrowth
    rows.push({
      suite: 'scale',
      name: `feed: peak live heap growth while streaming the large shop's feed [${engine}]`,
      value: growth / MB,
      unit: 'MB',
      baseline: largeBytes / MB,
      ratio: growth / largeBytes,
      target: `< ${flatShare * 100}% of the document (flat)`,
      met: growth < largeBytes * flatShare,
      extra:
        `baseline = the document's size; peak RSS growth ${(large.memory.rssGrowth / MB).toFixed(1)} MB; ` +
        `demo shop's feed (${(small.memory.bytes / 1024).toFixed(0)} KB): live heap +${(small.memory.liveHeapGrowth / MB).toFixed(1)} MB`,
    })
    log(
      `  feed: ${rows[rows.length - 2]!.extra}; live heap +${(growth / MB).toFixed(1)} MB, RSS +${(large.memory.rssGrowth / MB).toFixed(1)} MB`,
    )
  } finally {
    await app.close()
    await database.close()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
  return rows
}

const engines: Engine[] =
  args.engine === 'sqlite' || args.engine === 'postgres'
    ? [args.engine]
    : process.env.TEST_DATABASE_URL
      ? ['sqlite', 'postgres']
      : ['sqlite']
const rows: BenchRow[] = []
for (const engine of engines) rows.push(...(await benchEngine(engine)))
rows.push({
  suite: 'scale',
  name: 'machine load during the run (1-minute load average at the end)',
  value: os.loadavg()[0]!,
  unit: `on ${os.cpus().length} cores`,
})
recordResults('scale', rows)
