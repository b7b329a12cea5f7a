/**
 * npm run bench:api — throughput and latency of authenticated open API reads, each as a ratio to a
 * constant route served by the same process (the baseline), on SQLite and (when TEST_DATABASE_URL
 * is set, e.g. under scripts/with-postgres.sh) PostgreSQL. Prints figures; never asserts times.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import { openDatabase } from '../apps/api/src/db/database.js'
import { createTestDatabase } from '../apps/api/src/testing/test-database.js'
import { startSeededServer } from './bench-server.js'
import { type BenchRow, recordResults } from './report.js'

const durationSeconds = Number(process.env.BENCH_DURATION ?? 10)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32)

interface Target {
  name: string
  path: string
  method?: 'GET' | 'POST'
  body?: string
  target?: number
  headers?: Record<string, string>
  /**
   * The path each connection sends, by connection number (each connection a shopper with a cart of
   * its own). Set once per connection, so the client does not rebuild a request per request.
   */
  pathForConnection?: (connection: number) => string
}

async function measure(url: string, target: Target) {
  let connection = 0
  const result = await autocannon({
    url: url + target.path,
    method: target.method ?? 'GET',
    body: target.body,
    headers: { 'content-type': 'application/json', ...target.headers },
    connections,
    duration: durationSeconds,
    ...(target.pathForConnection
      ? {
          setupClient: (client: autocannon.Client) =>
            client.setRequest({ path: target.pathForConnection!(connection++) }),
        }
      : {}),
  })
  const non2xx = result.non2xx + result.errors
  return { rps: result.requests.average, p99: result.latency.p99, non2xx }
}

async function benchOne(engine: 'sqlite' | 'postgres'): Promise<BenchRow[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanshelf-bench-'))
  const database =
    engine === 'sqlite' ? openDatabase(`sqlite:${path.join(dataDir, 'bench.sqlite')}`) : await createTestDatabase()
  const {
    app,
    origin: url,
    demo,
    authorization,
  } = await startSeededServer(database, {
    DATA_DIR: dataDir,
    RATE_LIMIT: '1000000',
    RATE_LIMIT_MAX_QUEUED: '100000',
  })
  const product = await database.db
    .selectFrom('products')
    .select('id')
    .where('shop_id', '=', demo.id)
    .limit(1)
    .executeTakeFirstOrThrow()

  // Storefront API (issue 6): a catalogue page and a cart add, with the demo shop's public token.
  const storefront = `storefront_token=${encodeURIComponent(demo.storefrontToken)}`
  const unlimitedVariant = await database.db
    .selectFrom('variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .select('v.id')
    .where('p.shop_id', '=', demo.id)
    .where('p.access', '=', 'PUBLIC')
    .where('p.state', '=', 'AVAILABLE')
    .where('v.stock_type', '=', 'UNLIMITED')
    .limit(1)
    .executeTakeFirstOrThrow()
  // Shoppers each have their own cart: each connection of the cart-add target adds to its own.
  const benchCarts: string[] = []
  for (let i = 0; i < connections; i++) {
    const cart = (await (
      await fetch(`${url}/v1/carts?${storefront}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ items: [] }),
      })
    ).json()) as { id: string }
    benchCarts.push(cart.id)
  }

  const targets: Target[] = [
    { name: 'constant route (baseline)', path: '/healthz' },
    {
      name: 'GET /products/{id} (basic auth)',
      path: `/open-api/v1.0/products/${product.id}`,
      target: 0.5,
      headers: { authorization },
    },
    {
      name: 'GET /order?size=20 (basic auth)',
      path: '/open-api/v1.0/order?size=20',
      target: 0.25,
      headers: { authorization },
    },
    {
      name: 'GET /v1/collections/all/products?size=20 (storefront token)',
      path: `/v1/collections/all/products?size=20&${storefront}`,
      target: 0.25,
    },
    // Adds 1 unit per request to one line of the connection's cart (a line holds at most 100000
    // units: above what one connection sends in a 10 s run).
    {
      name: 'POST /v1/carts/{id}/add (storefront token)',
      path: `/v1/carts/${benchCarts[0]}/add?${storefront}`,
      method: 'POST',
      body: JSON.stringify({ items: [{ variantId: unlimitedVariant.id, quantity: 1 }] }),
      pathForConnection: (connection) => `/v1/carts/${benchCarts[connection % benchCarts.length]}/add?${storefront}`,
      target: 0.2,
    },
  ]
  const rows: BenchRow[] = []
  let baseline = 0
  for (const target of targets) {
    // Warm up (JIT, statement caches, credential cache) before measuring.
    await autocannon({ url: url + target.path, headers: target.headers, connections: 4, duration: 1 })
    const figures = await measure(url, target)
    if (!baseline) baseline = figures.rps
    rows.push({
      suite: 'api',
      name: `${target.name} [${engine}]`,
      value: figures.rps,
      unit: 'req/s',
      baseline,
      ratio: figures.rps / baseline,
      target: target.target === undefined ? undefined : `≥ ${target.target * 100}% of baseline`,
      met: target.target === undefined ? undefined : figures.rps / baseline >= target.target,
      extra: `p99 ${figures.p99} ms${figures.non2xx ? `, ${figures.non2xx} non-2xx/errors` : ''}`,
    })
  }
  await app.close()
  await database.close()
  fs.rmSync(dataDir, { recursive: true, force: true })
  return rows
}

const rows = await benchOne('sqlite')
if (process.env.TEST_DATABASE_URL) rows.push(...(await benchOne('postgres')))
recordResults('api', rows)
