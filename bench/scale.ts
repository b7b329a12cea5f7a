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
 * The delivery log is also read by cursor (`startingAfter`, decision 0049): a middle and a deep page,
 * with and without background writes; its offset `page=middle` row stays as the worst case.
 *
 *   npm run bench:scale [-- --orders 10000 --products 1000 --events 100000 --engine sqlite]
 *   BENCH_SCALE_ONLY=webhook-events BENCH_DURATION=3 npm run bench:scale -- --events 200000   # one list
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import type { DatabaseHandle } from '../apps/api/src/db/database.js'
import { openDatabase } from '../apps/api/src/db/database.js'
import { buildApp, parseConfig, seedDemo } from '../apps/api/src/index.js'
import { seedDeliveryLog } from '../apps/api/src/seed/scale/delivery-log.js'
import { generateLargeShop, largeShopDefaults } from '../apps/api/src/seed/scale/large-shop.js'
import { createTestDatabase } from '../apps/api/src/testing/test-database.js'
import { type BenchRow, peakRssRow, recordResults } from './report.js'
import { measureFeeds } from './scale/feed.js'
import { log } from './scale/measure.js'
import { measurePagedReads, type ShopUnderTest } from './scale/paged-reads.js'

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

type Engine = 'sqlite' | 'postgres'

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

    rows.push(...(await measurePagedReads(database, base, shops, engine)))

    rows.push(...(await measureFeeds(port, shops, engine)))
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
rows.push(peakRssRow('scale', 'peak RSS of the bench process (API in-process; includes generating the large shop)'))
recordResults('scale', rows)
