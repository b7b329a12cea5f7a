/**
 * npm run bench:soak — the server as `npm start` runs it (bench/server-process.ts, SQLite, the demo
 * shops) under a steady mix of traffic for minutes, watching for what grows: its resident set, its
 * latency, its open file descriptors, the SQLite write-ahead log; and checking that nothing fails and
 * every order's ORDER_PLACED webhook arrives exactly once. Figures are recorded, never asserted: the
 * process exits non-zero only when the soak could not run.
 *
 *   SOAK_MINUTES=10          measured minutes, after the warm-up (fractions allowed: 0.5)
 *   SOAK_WARMUP_MINUTES=1    minutes of the same traffic before measuring (JIT, caches, pools)
 *
 * Traffic, at fixed rates (autocannon `overallRate` per stream; ~260 requests/s in all):
 * - open API reads with basic auth: products list, product by id, orders page;
 * - storefront reads with the shop's token: collections, a collection's products, product by slug;
 * - carts: create, then add a line (a new cart each time, as shoppers do);
 * - every request with fetch's `accept-encoding` (bench/api-targets.ts `clientHeaders`);
 * - a checkout every 0.5 s: a cart, then `POST /checkout/api/orders` — the hosted checkout's JSON call,
 *   paid with the approved test card, for an UNLIMITED variant (stock never runs out) — whose
 *   ORDER_PLACED goes to a receiver in this process (bench/soak-receiver.ts), registered through
 *   `POST /open-api/v1.0/webhooks` and verifying each signature.
 *
 * Every 5 s: VmRSS of the server process, its open fds (/proc/<pid>/fd), the size of DATA_DIR/*-wal.
 * Latency per request is autocannon's response time (sent to answered; for the checkout, this
 * process's fetch), gathered per window. Windows are one minute, or half the measured time when it
 * is shorter than two minutes, so a short check still compares a first and a last window.
 *
 * Rows (targets of issue 24): RSS least-squares slope over the samples after warm-up ≤ 1 MB/min; p99
 * of the last window ≤ 1.5× the first; 0 errors (any non-2xx, connection error or timeout, warm-up
 * included); every order placed delivered exactly once (by `webhook-id`; after the traffic stops the
 * bench waits, at most 2 minutes, until every order has arrived and the receiver has been quiet for
 * 5 s). Informational: peak RSS, fds and WAL first/last/max, webhook lag p99, requests sent.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import { checkoutForm } from '../apps/api/src/cluster/testing/shopper.js'
import { clientHeaders } from './api-targets.js'
import { type BenchRow, recordResults, resultsDir } from './report.js'
import { startServerProcess } from './server-process.js'
import { openFds, percentile, type Sample, slopePerMinute, TrafficLog, walBytes } from './soak-figures.js'
import { startSoakReceiver } from './soak-receiver.js'

function minutes(name: string, fallback: number): number {
  const raw = process.env[name]
  const value = raw === undefined || raw === '' ? fallback : Number(raw)
  if (!Number.isFinite(value) || value < 0 || (name === 'SOAK_MINUTES' && value <= 0)) {
    throw new Error(`${name} must be a positive number of minutes (got "${raw}")`)
  }
  return value
}
const soakMs = minutes('SOAK_MINUTES', 10) * 60_000
const warmupMs = minutes('SOAK_WARMUP_MINUTES', 1) * 60_000
// autocannon takes whole seconds: the traffic runs for warm-up + soak, rounded up to a second.
const trafficSeconds = Math.ceil((warmupMs + soakMs) / 1000)
const sampleEveryMs = 5_000
const checkoutEveryMs = 500
const windowMs = Math.min(60_000, soakMs / 2)

const say = (line: string) => process.stdout.write(`${line}\n`)

const log = new TrafficLog()

// ------------------------------------------------------------------------------------ the run

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanshelf-soak-'))
say(`soak: building and starting the server (DATA_DIR ${dataDir})…`)
const server = await startServerProcess(dataDir, {
  DATABASE_URL: '',
  // The shop's rate limit must not shape the traffic (as bench/api.ts).
  RATE_LIMIT: '1000000',
  RATE_LIMIT_MAX_QUEUED: '100000',
})
try {
  const shop = server.credentials.shops[0]
  if (!shop) throw new Error('the demo seed wrote no shop credentials')
  const authorization = `Basic ${Buffer.from(`${shop.apiUser.username}:${shop.apiUser.password}`).toString('base64')}`
  const storefront = `storefront_token=${encodeURIComponent(shop.storefrontToken)}`
  const json = async (pathname: string, init: RequestInit = {}) => {
    const response = await fetch(server.origin + pathname, init)
    if (!response.ok)
      throw new Error(`${init.method ?? 'GET'} ${pathname}: ${response.status} ${await response.text()}`)
    return (await response.json()) as Record<string, unknown>
  }
  const asApiUser = { authorization, 'content-type': 'application/json' }

  // What the traffic reads and buys, found through the APIs as an integrator would.
  const products = (await json('/open-api/v1.0/products?size=5', { headers: asApiUser })).results as { id: string }[]
  const catalogue = (await json(`/v1/collections/all/products?size=50&${storefront}`)).results as {
    slug: string
    variants: { id: string; stock: { type: string } }[]
  }[]
  const unlimited = catalogue.flatMap((p) => p.variants).find((v) => v.stock.type === 'UNLIMITED')
  if (!products[0] || !catalogue[0] || !unlimited)
    throw new Error('the demo shop has no product with an UNLIMITED variant')
  const productId = products[0].id
  const slug = catalogue[0].slug
  const variantId = unlimited.id

  const { secret } = (await json('/open-api/v1.0/webhooks-secret', { headers: asApiUser })) as { secret: string }
  const receiver = await startSoakReceiver(secret)
  await json('/open-api/v1.0/webhooks', {
    method: 'POST',
    headers: asApiUser,
    body: JSON.stringify({ url: receiver.url, allowedTypes: ['ORDER_PLACED'] }),
  })

  const cartBody = JSON.stringify({ items: [] })
  const addBody = JSON.stringify({ items: [{ variantId, quantity: 1 }] })
  const streams: { name: string; rate: number; headers?: Record<string, string>; requests: autocannon.Request[] }[] = [
    {
      name: 'open API products list',
      rate: 30,
      headers: asApiUser,
      requests: [{ path: '/open-api/v1.0/products?size=20' }],
    },
    {
      name: 'open API product by id',
      rate: 40,
      headers: asApiUser,
      requests: [{ path: `/open-api/v1.0/products/${productId}` }],
    },
    {
      name: 'open API orders page',
      rate: 30,
      headers: asApiUser,
      requests: [{ path: '/open-api/v1.0/order?size=20' }],
    },
    { name: 'storefront collections', rate: 30, requests: [{ path: `/v1/collections?${storefront}` }] },
    {
      name: 'storefront products',
      rate: 40,
      requests: [{ path: `/v1/collections/all/products?size=20&${storefront}` }],
    },
    { name: 'storefront product by slug', rate: 40, requests: [{ path: `/v1/products/${slug}?${storefront}` }] },
    {
      name: 'cart create + add',
      rate: 46,
      headers: { 'content-type': 'application/json' },
      requests: [
        {
          method: 'POST',
          path: `/v1/carts?${storefront}`,
          body: cartBody,
          onResponse: (status, body, context) => {
            ;(context as { cartId?: string }).cartId =
              status === 200 ? (JSON.parse(body) as { id: string }).id : undefined
          },
        },
        {
          method: 'POST',
          body: addBody,
          setupRequest: (request, context) => {
            const cartId = (context as { cartId?: string }).cartId
            // No cart (its creation failed, and was counted): start over with a new one.
            return (
              cartId ? { ...request, path: `/v1/carts/${cartId}/add?${storefront}` } : undefined
            ) as autocannon.Request
          },
        },
      ],
    },
  ]

  // One checkout: a cart with the variant, then the hosted checkout's order call.
  const placed = new Map<string, number>()
  let checkoutsInFlight = 0
  let checkoutRequests = 0
  const timed = async (pathname: string, init: RequestInit) => {
    checkoutRequests++
    const started = performance.now()
    try {
      const response = await fetch(server.origin + pathname, init)
      const body = await response.text()
      log.answer(performance.now() - started, response.status)
      return response.ok ? (JSON.parse(body) as Record<string, unknown>) : undefined
    } catch (error) {
      log.fail(`checkout: ${(error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message}`)
      return undefined
    }
  }
  const checkout = async () => {
    checkoutsInFlight++
    try {
      const cart = await timed(`/v1/carts?${storefront}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ items: [{ variantId, quantity: 1 }], metadata: { source: 'soak' } }),
      })
      if (!cart) return
      const order = await timed('/checkout/api/orders', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        // The cluster tests' shopper: an approved test card, an address in Oregon.
        body: new URLSearchParams({ ...checkoutForm(String(cart.id)), email: 'soak-shopper@example.com' }).toString(),
      })
      if (order) placed.set(String(order.orderId), Date.now())
    } finally {
      checkoutsInFlight--
    }
  }

  const samples: Sample[] = []
  const sample = (underLoad: boolean) => {
    const s: Sample = {
      t: log.now(),
      underLoad,
      rssMb: server.memory().rssMb,
      fds: openFds(server.pid),
      walBytes: walBytes(dataDir),
    }
    samples.push(s)
    if (samples.length % 6 === 1 || !underLoad) {
      say(
        `soak ${(s.t / 1000).toFixed(0).padStart(4)} s: RSS ${s.rssMb.toFixed(0)} MB, fds ${s.fds}, WAL ${(s.walBytes / 2 ** 20).toFixed(1)} MB, ` +
          `${log.answered} answered, p99 of the last 30 s ${log.p99Between(s.t - 30_000, s.t).toFixed(0)} ms, ` +
          `${log.failureCount} errors, ${placed.size} orders, ${receiver.firstOrderPlacedAt.size} delivered`,
      )
    }
  }

  say(
    `soak: ${streams.reduce((s, x) => s + x.rate, 0) + 2 * (1000 / checkoutEveryMs)} req/s for ${trafficSeconds} s ` +
      `(${warmupMs / 60_000} min warm-up, then ${soakMs / 60_000} min measured)`,
  )
  log.start()
  sample(true)
  // A sample in the last second may catch the load generators closing their connections.
  const sampler = setInterval(() => sample(log.now() < trafficSeconds * 1000 - 1000), sampleEveryMs)
  const checkouts = setInterval(() => void checkout(), checkoutEveryMs)
  const perStream = await Promise.all(
    streams.map(async (stream) => {
      const result = await new Promise<autocannon.Result>((resolve, reject) => {
        const instance = autocannon(
          {
            url: server.origin,
            connections: Math.max(2, Math.ceil(stream.rate / 10)),
            overallRate: stream.rate,
            duration: trafficSeconds,
            // As the platform's HTTP clients ask (fetch's accept-encoding): compressed answers.
            headers: { ...clientHeaders, ...stream.headers },
            requests: stream.requests,
          },
          (error, done) => (error ? reject(error) : resolve(done)),
        )
        instance.on('response', (_client, status, _bytes, ms) => log.answer(ms, status))
      })
      if (result.errors) log.failures.set(`${stream.name}: connection errors`, result.errors)
      if (result.timeouts) log.failures.set(`${stream.name}: timeouts`, result.timeouts)
      return { name: stream.name, sent: result.requests.sent }
    }),
  )
  clearInterval(checkouts)
  const trafficEnd = log.now()
  while (checkoutsInFlight > 0) await new Promise((resolve) => setTimeout(resolve, 50))
  clearInterval(sampler)
  sample(false)

  // Deliveries settle: every order arrived and the receiver quiet for 5 s, or 2 minutes at most.
  const settleDeadline = Date.now() + 120_000
  while (Date.now() < settleDeadline) {
    const allArrived = [...placed.keys()].every((id) => receiver.firstOrderPlacedAt.has(id))
    if (allArrived && Date.now() - receiver.lastRequestAt > 5_000) break
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  const settledAfterS = (log.now() - trafficEnd) / 1000

  // ---------------------------------------------------------------------------------- figures
  const underLoad = samples.filter((s) => s.underLoad)
  const measured = underLoad.filter((s) => s.t >= warmupMs)
  const firstMeasured = measured[0] ?? samples[0]!
  const last = underLoad[underLoad.length - 1]!
  const afterTraffic = samples[samples.length - 1]!
  const rssSlope = slopePerMinute(measured.map((s) => ({ t: s.t, y: s.rssMb })))
  const windows: number[] = []
  for (let from = warmupMs; from + windowMs <= trafficEnd + 1; from += windowMs)
    windows.push(log.p99Between(from, from + windowMs))
  const firstP99 = log.p99Between(warmupMs, warmupMs + windowMs)
  const lastP99 = log.p99Between(trafficEnd - windowMs, trafficEnd)
  const errors = log.failureCount
  const twice = [...receiver.countsByWebhookId.values()].filter((count) => count > 1).length
  const lost = [...placed.keys()].filter((id) => !receiver.firstOrderPlacedAt.has(id)).length
  const strangers = [...receiver.firstOrderPlacedAt.keys()].filter((id) => !placed.has(id)).length
  const lags = [...placed].flatMap(([id, at]) => {
    const arrived = receiver.firstOrderPlacedAt.get(id)
    return arrived === undefined ? [] : [Math.max(0, arrived - at)]
  })
  const sent = perStream.reduce((s, x) => s + x.sent, 0)
  const mb = (bytes: number) => bytes / 2 ** 20
  const windowName = windowMs === 60_000 ? 'minute' : `${(windowMs / 60_000).toFixed(2)} min window`
  const memory = server.memory()
  const rows: BenchRow[] = [
    {
      suite: 'soak',
      name: 'RSS slope after warm-up (least squares)',
      value: rssSlope,
      unit: 'MB/min',
      target: '≤ 1 MB/min',
      met: measured.length >= 2 && rssSlope <= 1,
      extra: `${firstMeasured.rssMb.toFixed(0)} → ${last.rssMb.toFixed(0)} MB over ${measured.length} samples`,
    },
    {
      suite: 'soak',
      name: `p99 latency, last ${windowName} vs first after warm-up`,
      value: lastP99,
      unit: 'ms',
      baseline: firstP99,
      ratio: firstP99 > 0 ? lastP99 / firstP99 : undefined,
      ratioStyle: 'times',
      target: '≤ ×1.5',
      met: firstP99 > 0 && lastP99 <= 1.5 * firstP99,
      extra: `p99 per ${windowName}: ${windows.map((v) => v.toFixed(0)).join(', ')} ms`,
    },
    {
      suite: 'soak',
      name: 'errors (non-2xx, connection errors, timeouts; warm-up included)',
      value: errors,
      unit: 'requests',
      target: '0',
      met: errors === 0,
      extra: errors ? [...log.failures].map(([kind, count]) => `${kind}: ${count}`).join(', ') : undefined,
    },
    {
      suite: 'soak',
      name: 'orders placed, each ORDER_PLACED delivered exactly once',
      value: placed.size - lost,
      unit: 'delivered',
      baseline: placed.size,
      ratio: placed.size ? (placed.size - lost) / placed.size : undefined,
      target: 'all, none twice',
      met: placed.size > 0 && lost === 0 && twice === 0 && strangers === 0 && receiver.refused === 0,
      extra:
        `${placed.size} placed, ${lost} lost, ${twice} delivered more than once, ${receiver.refused} refused, ` +
        `${strangers} unknown orders; settled ${settledAfterS.toFixed(1)} s after the traffic`,
    },
    {
      suite: 'soak',
      name: 'webhook lag p99 (order answered → delivery received)',
      value: percentile(lags, 0.99),
      unit: 'ms',
    },
    {
      suite: 'soak',
      name: 'peak RSS (VmHWM, since start, seeding included)',
      value: memory.peakRssMb,
      unit: 'MB',
      extra: `RSS ${samples[0]!.rssMb.toFixed(0)} MB when the traffic started, ${firstMeasured.rssMb.toFixed(0)} after warm-up, ${last.rssMb.toFixed(0)} at the end of the traffic, ${afterTraffic.rssMb.toFixed(0)} after it`,
    },
    {
      suite: 'soak',
      name: 'open file descriptors, end of the traffic',
      value: last.fds,
      unit: 'fds',
      extra: `${firstMeasured.fds} after warm-up, ${samples[0]!.fds} when the traffic started, max ${Math.max(...samples.map((s) => s.fds))}, ${afterTraffic.fds} after the traffic`,
    },
    {
      suite: 'soak',
      name: 'SQLite WAL size, end of the traffic',
      value: mb(last.walBytes),
      unit: 'MB',
      extra: `${mb(firstMeasured.walBytes).toFixed(1)} MB after warm-up, max ${mb(Math.max(...samples.map((s) => s.walBytes))).toFixed(1)} MB`,
    },
    {
      suite: 'soak',
      name: 'requests sent',
      value: sent + checkoutRequests,
      unit: 'requests',
      extra:
        `${(log.answered / (trafficEnd / 1000)).toFixed(0)} answered/s over ${(trafficEnd / 1000).toFixed(0)} s; ` +
        perStream.map((x) => `${x.name} ${x.sent}`).join(', ') +
        `, checkout (cart + order) ${checkoutRequests}`,
    },
  ]
  recordResults('soak', rows)
  // The series behind the rows, for a look at the shape of any growth (not part of the report).
  fs.writeFileSync(
    path.join(resultsDir, 'soak-samples.json'),
    JSON.stringify({ warmupMs, windowMs, p99PerWindowMs: windows, samples }, null, 1),
  )
  say(`soak: samples in ${path.relative(process.cwd(), path.join(resultsDir, 'soak-samples.json'))}`)
  await receiver.close()
} finally {
  await server.stop()
  fs.rmSync(dataDir, { recursive: true, force: true })
}
