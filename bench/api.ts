/**
 * npm run bench:api — throughput and latency of authenticated open API reads, each as a ratio to a
 * constant route served by the same process (the baseline), on SQLite and (when TEST_DATABASE_URL
 * is set, e.g. under scripts/with-postgres.sh) PostgreSQL. Prints figures; never asserts times.
 * The server is the one `npm start` runs (bench/server-process.ts: the bundle, in a process of its
 * own, seeding the demo shops), so its peak resident set is measured alone, against its budget.
 * The targets (every list operation of the three contracts among them) are in bench/api-targets.ts.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import { openDatabase } from '../apps/api/src/db/database.js'
import { createEmptyTestDatabaseUrl } from '../apps/api/src/testing/test-database.js'
import { apiTargets, findBenchIds, requestHeaders, type Target } from './api-targets.js'
import { basicAuthorization } from './bench-server.js'
import { processCpuMs } from './process-memory.js'
import { type BenchRow, formatRows, peakRssRow, recordResults } from './report.js'
import { startServerProcess } from './server-process.js'

/** The budget for the peak resident set of the process `npm start` runs, under this benchmark. */
const peakRssBudgetMb = 250

const durationSeconds = Number(process.env.BENCH_DURATION ?? 10)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32)
/** BENCH_ONLY=<regex>: measure only the targets whose name matches (and the baseline, always). */
const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : undefined

async function measure(url: string, target: Target, pid: number) {
  let connection = 0
  const cpuBefore = processCpuMs(pid)
  const result = await autocannon({
    url: url + target.path,
    method: target.method ?? 'GET',
    body: target.body,
    headers: requestHeaders(target),
    connections,
    duration: durationSeconds,
    ...(target.pathForConnection
      ? {
          // setRequests, not setRequest: the latter only changes the client's first request, after
          // which every connection went back to the target's path (all shoppers on one cart).
          setupClient: (client: autocannon.Client) =>
            client.setRequests([{ path: target.pathForConnection!(connection++) }]),
        }
      : {}),
  })
  const non2xx = result.non2xx + result.errors
  const cpuUsPerRequest =
    result.requests.total > 0 ? ((processCpuMs(pid) - cpuBefore) * 1000) / result.requests.total : 0
  return { rps: result.requests.average, p99: result.latency.p99, non2xx, cpuUsPerRequest }
}

async function benchOne(engine: 'sqlite' | 'postgres'): Promise<BenchRow[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanshelf-bench-'))
  // SQLite: the server's default file in DATA_DIR. PostgreSQL: a fresh database on the test server.
  const empty =
    engine === 'sqlite'
      ? { url: `sqlite:${path.join(dataDir, 'fanshelf.sqlite')}`, drop: async () => {} }
      : await createEmptyTestDatabaseUrl(dataDir)
  const server = await startServerProcess(dataDir, {
    DATABASE_URL: empty.url,
    RATE_LIMIT: '1000000',
    RATE_LIMIT_MAX_QUEUED: '100000',
  })
  const afterStart = server.memory()
  const url = server.origin
  const demo = server.credentials.shops[0]!
  const authorization = basicAuthorization(demo.apiUser.username, demo.apiUser.password)
  // The bench reads ids beside the server, as another process would.
  const database = openDatabase(empty.url, { poolSize: 2 })
  const ids = await findBenchIds(database.db, demo.id, { url, storefrontToken: demo.storefrontToken, connections })
  const targets = apiTargets({ url, authorization, storefrontToken: demo.storefrontToken, ids }).filter(
    (target, i) => i === 0 || !only || only.test(target.name),
  )
  const rows: BenchRow[] = []
  let baseline = 0
  for (const target of targets) {
    // Warm up (JIT, statement caches, credential cache) before measuring.
    await autocannon({
      url: url + target.path,
      method: target.method ?? 'GET',
      body: target.body,
      headers: requestHeaders(target),
      connections: 4,
      duration: 1,
    })
    const figures = await measure(url, target, server.pid)
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
      extra: `p99 ${figures.p99} ms, server CPU ${figures.cpuUsPerRequest.toFixed(0)} µs/request${figures.non2xx ? `, ${figures.non2xx} non-2xx/errors` : ''}`,
    })
  }
  rows.push({
    ...peakRssRow(
      'api',
      `peak RSS of the server process (npm start's bundle) [${engine}]`,
      server.pid,
      peakRssBudgetMb,
    ),
    extra: `${afterStart.rssMb.toFixed(0)} MB once started and seeded, ${server.memory().rssMb.toFixed(0)} MB at the end`,
  })
  await database.close()
  await server.stop()
  await empty.drop()
  fs.rmSync(dataDir, { recursive: true, force: true })
  return rows
}

/** BENCH_ENGINES=sqlite|postgres: one engine only (both by default; PostgreSQL when TEST_DATABASE_URL is set). */
const engines = (process.env.BENCH_ENGINES ?? 'sqlite,postgres').split(',')
const rows: BenchRow[] = []
if (engines.includes('sqlite')) rows.push(...(await benchOne('sqlite')))
if (engines.includes('postgres') && process.env.TEST_DATABASE_URL) rows.push(...(await benchOne('postgres')))
// A partial run (BENCH_ONLY, BENCH_ENGINES) prints its figures but leaves bench/results/api.json as it was.
if (only || process.env.BENCH_ENGINES) process.stdout.write(`\n${formatRows(rows)}\n`)
else recordResults('api', rows)
