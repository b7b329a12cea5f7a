/**
 * npm run bench:webhooks — webhook delivery figures (issue 5), on SQLite and (when
 * TEST_DATABASE_URL is set, e.g. under scripts/with-postgres.sh) PostgreSQL:
 *
 * - throughput: deliveries per second from a backlog to a local receiver (another process, so the
 *   receiver does not share the worker's CPU), 4 in flight per endpoint across 10 endpoints;
 * - commit-to-receipt latency on an idle queue: an event is committed, the in-process worker is
 *   woken (what the API does after every write request) and the receiver notes its arrival; and the
 *   same without the wake-up, as a separate worker process sees it (it polls every 100 ms).
 *
 * Prints figures against the targets; never asserts times.
 */
import { type ChildProcess, fork } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { systemClock } from '../apps/api/src/clock.js'
import { type DatabaseHandle, migrateToLatest, openDatabase } from '../apps/api/src/db/database.js'
import { newId } from '../apps/api/src/ids.js'
import { recordEvent } from '../apps/api/src/modules/events/event-outbox.js'
import { createDeliveryWorker, type DeliveryWorker } from '../apps/api/src/modules/webhook-delivery/delivery-worker.js'
import { createSigningKeys } from '../apps/api/src/modules/webhook-delivery/webhook-signatures.js'
import { SecretBox } from '../apps/api/src/security/secret-box.js'
import { createTestDatabase } from '../apps/api/src/testing/test-database.js'
import { type BenchRow, peakRssRow, recordResults } from './report.js'

const now = () => performance.timeOrigin + performance.now()

// ---------------------------------------------------------------- the receiver (child process)

/** Receipts, batched: [webhook-id, epoch ms with sub-ms precision]. */
type ReceiptBatch = { receipts: [string, number][] }

function runReceiver(): void {
  let pending: [string, number][] = []
  const server = http.createServer((req, res) => {
    req.resume()
    req.on('end', () => {
      pending.push([String(req.headers['webhook-id']), now()])
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}')
    })
  })
  server.keepAliveTimeout = 60_000
  server.listen(0, '127.0.0.1', () => {
    process.send?.({ port: (server.address() as AddressInfo).port })
  })
  setInterval(() => {
    if (pending.length === 0) return
    process.send?.({ receipts: pending } satisfies ReceiptBatch)
    pending = []
  }, 2).unref()
  process.on('disconnect', () => process.exit(0))
}

interface Receiver {
  origin: string
  receipts: Map<string, number>
  count: number
  waitFor(count: number, timeoutMs: number): Promise<boolean>
  stop(): void
}

async function startReceiverProcess(): Promise<Receiver> {
  const child: ChildProcess = fork(import.meta.filename, ['--receiver'], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  const port = await new Promise<number>((resolve) => {
    child.once('message', (message) => resolve((message as { port: number }).port))
  })
  const receipts = new Map<string, number>()
  let count = 0
  let waiter: { count: number; resolve: (ok: boolean) => void } | undefined
  child.on('message', (message) => {
    const batch = message as Partial<ReceiptBatch>
    for (const [id, at] of batch.receipts ?? []) {
      count++
      if (!receipts.has(id)) receipts.set(id, at)
    }
    if (waiter && count >= waiter.count) {
      waiter.resolve(true)
      waiter = undefined
    }
  })
  return {
    origin: `http://127.0.0.1:${port}`,
    receipts,
    get count() {
      return count
    },
    waitFor(target, timeoutMs) {
      if (count >= target) return Promise.resolve(true)
      return new Promise((resolve) => {
        const timer = setTimeout(() => resolve(false), timeoutMs)
        waiter = {
          count: target,
          resolve: (ok) => {
            clearTimeout(timer)
            resolve(ok)
          },
        }
      })
    },
    stop: () => child.disconnect(),
  }
}

// ---------------------------------------------------------------- the bench (parent)

interface World {
  database: DatabaseHandle
  shopId: string
  secretBox: SecretBox
  dataDir: string
}

async function openWorld(engine: 'sqlite' | 'postgres'): Promise<World> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanshelf-bench-webhooks-'))
  const database =
    engine === 'sqlite' ? openDatabase(`sqlite:${path.join(dataDir, 'bench.sqlite')}`) : await createTestDatabase()
  await migrateToLatest(database.db)
  const secretBox = SecretBox.fromKey('bench-webhooks')
  const shopId = `sh_${randomUUID()}`
  const at = new Date().toISOString()
  await database.db
    .insertInto('shops')
    .values({
      id: shopId,
      name: 'Bench shop',
      domain: 'bench.test',
      public_domain: 'bench.example',
      currency: 'USD',
      contact_info: '{}',
      webhook_secret: secretBox.seal(`whsec_${randomBytes(24).toString('base64')}`),
      webhook_secret_previous: null,
      webhook_secret_previous_until: null,
      created_at: at,
      updated_at: at,
    })
    .execute()
  return { database, shopId, secretBox, dataDir }
}

async function addConfigurations(world: World, receiver: Receiver, count: number): Promise<string[]> {
  const ids: string[] = []
  const at = new Date().toISOString()
  for (let i = 0; i < count; i++) {
    const id = newId('webhookConfiguration')
    ids.push(id)
    await world.database.db
      .insertInto('webhook_configurations')
      .values({
        id,
        shop_id: world.shopId,
        app_id: null,
        url: `${receiver.origin}/endpoint-${i}`,
        allowed_types: '["DONATION"]',
        api_version: 'V1',
        enabled: 1,
        disabled_reason: null,
        failing_since: null,
        created_at: at,
        updated_at: at,
      })
      .execute()
  }
  return ids
}

function workerFor(world: World, idlePollMs?: number): DeliveryWorker {
  return createDeliveryWorker({
    database: world.database,
    clock: systemClock,
    rules: { allowLoopback: true, allowPrivate: false, requireHttps: false },
    signingKeys: createSigningKeys({ db: world.database.db, secretBox: world.secretBox, clock: systemClock }),
    idlePollMs,
  })
}

const donation = (seq: number) => ({
  id: `don_${randomBytes(16).toString('base64url').slice(0, 22)}`,
  shopId: 'sh_bench',
  status: 'COMPLETED',
  email: `fan${seq}@example.com`,
  username: `fan${seq}`,
  message: 'Keep the streams coming!',
  amounts: { total: { value: 10, currency: 'USD' } },
  createdAt: new Date().toISOString(),
  updatedAt: new Date().toISOString(),
})

async function throughput(world: World, receiver: Receiver, endpoints: number, eventsPerEndpoint: number) {
  const configurations = await addConfigurations(world, receiver, endpoints)
  // A backlog: every configuration subscribes to DONATION, so each event fans out to all of them.
  for (let i = 0; i < eventsPerEndpoint; i += 250) {
    await world.database.db.transaction().execute(async (trx) => {
      for (let j = i; j < Math.min(i + 250, eventsPerEndpoint); j++) {
        await recordEvent(trx, { shopId: world.shopId, type: 'DONATION', data: donation(j) }, Date.now())
      }
    })
  }
  const total = configurations.length * eventsPerEndpoint
  const before = receiver.count
  const worker = workerFor(world)
  const cpu = process.cpuUsage()
  const started = now()
  worker.start()
  const complete = await receiver.waitFor(before + total, 120_000)
  const elapsed = now() - started
  const used = process.cpuUsage(cpu)
  await worker.stop()
  await world.database.db
    .updateTable('webhook_configurations')
    .set({ enabled: 0 })
    .where('id', 'in', configurations)
    .execute()
  return {
    total,
    complete,
    perSecond: ((receiver.count - before) / elapsed) * 1000,
    cpuMicros: (used.user + used.system) / total,
  }
}

/** Baseline: plain keep-alive POSTs of the same bodies to the same receiver, as many in flight. */
async function plainPosts(receiver: Receiver, total: number, inFlight: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: inFlight })
  const body = JSON.stringify({ testMode: false, id: 'weve_baseline', data: donation(0) })
  const before = receiver.count
  const cpu = process.cpuUsage()
  const started = now()
  let next = 0
  const post = (i: number) =>
    new Promise<void>((resolve, reject) => {
      const request = http.request(`${receiver.origin}/baseline`, {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'webhook-id': `weve_baseline_${i}` },
      })
      request.on('response', (response) => {
        response.resume()
        response.on('end', () => resolve())
      })
      request.on('error', reject)
      request.end(body)
    })
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < total) await post(next++)
    }),
  )
  const elapsed = now() - started
  const used = process.cpuUsage(cpu)
  agent.destroy()
  await receiver.waitFor(before + total, 10_000)
  return { perSecond: (total / elapsed) * 1000, cpuMicros: (used.user + used.system) / total }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN
}

async function latency(world: World, receiver: Receiver, samples: number, woken: boolean) {
  const [configurationId] = await addConfigurations(world, receiver, 1)
  const worker = workerFor(world)
  worker.start()
  const latencies: number[] = []
  for (let i = 0; i < samples + 10; i++) {
    const { deliveryIds } = await world.database.db
      .transaction()
      .execute((trx) =>
        recordEvent(trx, { shopId: world.shopId, type: 'DONATION', data: donation(i), configurationId }, Date.now()),
      )
    const committed = now()
    if (woken) worker.wake()
    const id = deliveryIds[0] as string
    const deadline = committed + 5_000
    while (!receiver.receipts.has(id) && now() < deadline) await new Promise((resolve) => setTimeout(resolve, 1))
    const received = receiver.receipts.get(id)
    // The first few warm the connection and the JIT.
    if (i >= 10 && received !== undefined) latencies.push(received - committed)
    // An idle queue: the next event comes after the worker has gone back to waiting.
    await new Promise((resolve) => setTimeout(resolve, 15 + Math.random() * 20))
  }
  await worker.stop()
  latencies.sort((a, b) => a - b)
  return { p50: percentile(latencies, 50), p99: percentile(latencies, 99), samples: latencies.length }
}

async function benchOne(engine: 'sqlite' | 'postgres'): Promise<BenchRow[]> {
  const world = await openWorld(engine)
  const receiver = await startReceiverProcess()
  const endpoints = 10
  const eventsPerEndpoint = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 2_000)
  const rows: BenchRow[] = []
  try {
    // Warm-up (JIT, sockets, statement paths), not reported.
    await throughput(world, receiver, 2, 200)
    const baseline = await plainPosts(receiver, endpoints * eventsPerEndpoint, endpoints * 4)
    const figures = await throughput(world, receiver, endpoints, eventsPerEndpoint)
    rows.push({
      suite: 'webhooks',
      name: `plain keep-alive POSTs to the same receiver (baseline) [${engine}]`,
      value: baseline.perSecond,
      unit: 'req/s',
      extra: `${baseline.cpuMicros.toFixed(0)} µs CPU per request, ${endpoints * 4} in flight`,
    })
    rows.push({
      suite: 'webhooks',
      name: `deliveries/s to a local receiver [${engine}]`,
      value: figures.perSecond,
      unit: 'deliveries/s',
      baseline: baseline.perSecond,
      ratio: figures.perSecond / baseline.perSecond,
      target: engine === 'sqlite' ? '≥ 2000/s' : undefined,
      met: engine === 'sqlite' ? figures.perSecond >= 2_000 : undefined,
      extra: `${figures.total} deliveries to ${endpoints} endpoints, ${figures.cpuMicros.toFixed(0)} µs CPU per delivery${figures.complete ? '' : ', INCOMPLETE'}`,
    })
    const woken = await latency(world, receiver, 200, true)
    rows.push({
      suite: 'webhooks',
      name: `commit-to-receipt p50, in-process worker woken [${engine}]`,
      value: woken.p50,
      unit: 'ms',
      extra: `${woken.samples} samples, idle queue`,
    })
    rows.push({
      suite: 'webhooks',
      name: `commit-to-receipt p99, in-process worker woken [${engine}]`,
      value: woken.p99,
      unit: 'ms',
      target: '≤ 100 ms',
      met: woken.p99 <= 100,
      extra: `${woken.samples} samples, idle queue`,
    })
    const polled = await latency(world, receiver, 100, false)
    rows.push({
      suite: 'webhooks',
      name: `commit-to-receipt p50 / p99, worker polling (separate process) [${engine}]`,
      value: polled.p50,
      unit: 'ms',
      extra: `p99 ${polled.p99.toFixed(1)} ms, ${polled.samples} samples, polls every 100 ms`,
    })
  } finally {
    receiver.stop()
    await world.database.close()
    fs.rmSync(world.dataDir, { recursive: true, force: true })
  }
  return rows
}

if (process.argv.includes('--receiver')) {
  runReceiver()
} else {
  const rows = await benchOne('sqlite')
  if (process.env.TEST_DATABASE_URL) rows.push(...(await benchOne('postgres')))
  rows.push(
    peakRssRow('webhooks', 'peak RSS of the bench process (API and delivery worker in-process; receivers apart)'),
  )
  recordResults('webhooks', rows)
}
