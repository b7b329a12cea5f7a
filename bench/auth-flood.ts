/**
 * npm run bench:auth-flood — what 40 concurrent clients sending wrong HTTP Basic credentials do to
 * everyone else (issue 17). The median latency of a docs page and of an authenticated API read,
 * measured by a client on another address, first on an idle server and then under the flood, in
 * the same run; the figure is the ratio (target: ≤ 3× idle). Two floods:
 *
 * - one address guessing (the per-address limit answers it with 429 after 30 failures);
 * - a distributed guess (the per-address limit lifted, as if each guess came from a new address):
 *   every guess is checked, which stays cheap because generated credentials are checked with a
 *   keyed digest rather than a memory-hard hash (decision 0030).
 *
 * Also counts how the flood itself was answered. Prints figures; never asserts times.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import { openDatabase } from '../apps/api/src/db/database.js'
import { basicAuthorization, startSeededServer } from './bench-server.js'
import { type BenchRow, peakRssRow, recordResults } from './report.js'

const root = path.resolve(import.meta.dirname, '..')
const floodSeconds = Number(process.env.BENCH_DURATION ?? 10)
const floodConnections = 40
const docsPath = '/webhooks/signature-verification/'
const probeAddress = '127.0.0.2'
const maxRatio = 3

if (!fs.existsSync(path.join(root, 'apps/site/build', docsPath, 'index.html'))) {
  process.stdout.write('The docs site is not built; building it (npm run build:site)…\n')
  const built = spawnSync('npm', ['run', 'build:site'], { cwd: root, stdio: 'inherit' })
  if (built.status !== 0) process.exit(built.status ?? 1)
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
}

/** One keep-alive client on another loopback address: a legitimate reader, not the attacker. */
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })

function timedGet(origin: string, pathname: string, headers: Record<string, string> = {}): Promise<number> {
  const url = new URL(pathname, origin)
  const started = performance.now()
  return new Promise((resolve, reject) => {
    const request = http.get(
      { host: url.hostname, port: url.port, path: url.pathname, headers, agent, localAddress: probeAddress },
      (response) => {
        response.resume()
        response.on('end', () => {
          if ((response.statusCode ?? 0) >= 400) reject(new Error(`${pathname} answered ${response.statusCode}`))
          else resolve(performance.now() - started)
        })
      },
    )
    request.on('error', reject)
  })
}

/** Alternates the two reads until `until()` says stop; answers each one's latencies. */
async function probe(origin: string, authorization: string, until: () => boolean) {
  const docs: number[] = []
  const api: number[] = []
  while (!until()) {
    docs.push(await timedGet(origin, docsPath))
    api.push(await timedGet(origin, '/open-api/v1.0/shops/current', { authorization }))
  }
  return { docs: median(docs), api: median(api), samples: docs.length }
}

async function scenario(name: string, env: Record<string, string>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanshelf-bench-flood-'))
  const database = openDatabase(`sqlite:${path.join(dataDir, 'bench.sqlite')}`)
  const { app, origin, demo, authorization } = await startSeededServer(database, { DATA_DIR: dataDir, ...env })

  // Idle: warm up, then measure for as long as the flood will last.
  let stopAt = performance.now() + 1000
  await probe(origin, authorization, () => performance.now() > stopAt)
  stopAt = performance.now() + floodSeconds * 1000
  const idle = await probe(origin, authorization, () => performance.now() > stopAt)

  // The flood: every connection guesses the demo API user's password.
  const statuses = new Map<number, number>()
  let guess = 0
  let flooding = true
  const flood = autocannon({
    url: `${origin}/open-api/v1.0/shops/current`,
    connections: floodConnections,
    duration: floodSeconds + 1,
    setupClient: (client: autocannon.Client) => {
      client.setHeaders({ authorization: basicAuthorization(demo.apiUser.username, `guess-${guess++}`) })
      client.on('response', (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1))
    },
  })
  const flooded = flood.then((result) => {
    flooding = false
    return result
  })
  await new Promise((resolve) => setTimeout(resolve, 500))
  const underFlood = await probe(origin, authorization, () => !flooding)
  const floodResult = await flooded

  await app.close()
  await database.close()
  fs.rmSync(dataDir, { recursive: true, force: true })

  const answered = [...statuses].map(([status, count]) => `${count} × ${status}`).join(', ')
  const row = (what: string, idleMs: number, floodMs: number): BenchRow => ({
    suite: 'auth-flood',
    name: `${what} — ${name}`,
    value: floodMs,
    unit: 'ms median',
    baseline: idleMs,
    ratio: floodMs / idleMs,
    ratioStyle: 'times',
    target: `≤ ×${maxRatio} of idle`,
    met: floodMs / idleMs <= maxRatio,
    extra: `${underFlood.samples} samples; flood ${Math.round(floodResult.requests.average)} req/s: ${answered}`,
  })
  return [
    row(`docs page ${docsPath}`, idle.docs, underFlood.docs),
    row('GET /shops/current (basic auth)', idle.api, underFlood.api),
  ]
}

const rows = [
  ...(await scenario('40 clients, one address', {})),
  ...(await scenario('40 clients, distributed (no per-address limit)', { AUTH_FAILURES_PER_ADDRESS: '1000000' })),
]
agent.destroy()
rows.push(peakRssRow('auth-flood', 'peak RSS of the bench process (API and flooding clients in-process)'))
recordResults('auth-flood', rows)
