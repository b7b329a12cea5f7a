import { parseArgs } from 'node:util'
import { type LocalCluster, startLocalCluster } from '../apps/api/src/cluster/local-cluster.js'

// `npm run cluster`: the production shape on this machine — a private PostgreSQL and Redis on
// loopback, N API nodes and M webhook workers as separate processes — in the foreground until
// Ctrl+C, then everything is stopped by PID. See the README's "Production shape / scale-out".

const { values } = parseArgs({
  options: {
    'api-nodes': { type: 'string', default: '2' },
    workers: { type: 'string', default: '2' },
    'log-level': { type: 'string', default: 'info' },
    keep: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
})
if (values.help) {
  process.stdout.write(
    [
      'Usage: npm run cluster -- [--api-nodes 2] [--workers 2] [--log-level info] [--keep]',
      '',
      'Starts a private PostgreSQL and Redis on loopback (temp dirs, random free ports), migrates,',
      'seeds the demo shops, and runs API nodes (ROLES=api) and webhook workers (ROLES=worker) as',
      'separate processes until Ctrl+C. --keep leaves DATA_DIR (credentials, logs) in place.',
      'RATE_LIMIT*, WEBHOOK_* and other server settings in the environment reach every process.',
      '',
    ].join('\n'),
  )
  process.exit(0)
}
const count = (name: string, raw: string | undefined, min: number) => {
  const value = Number(raw)
  if (!Number.isInteger(value) || value < min || value > 16) {
    process.stderr.write(`--${name} must be an integer from ${min} to 16 (got "${raw}")\n`)
    process.exit(2)
  }
  return value
}
const apiNodes = count('api-nodes', values['api-nodes'], 1)
const workers = count('workers', values.workers, 0)
const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const
const logLevel = logLevels.find((level) => level === values['log-level'])
if (!logLevel) {
  process.stderr.write(`--log-level must be one of ${logLevels.join(', ')}\n`)
  process.exit(2)
}

const say = (line: string) => process.stdout.write(`${line}\n`)
// A signal while the cluster is starting abandons the start: what has started is stopped by PID.
// (process.on, not once: under tsx a Ctrl+C arrives twice — from the terminal and relayed by tsx —
// and a second signal without a handler would end this process before it has stopped the others.)
const starting = new AbortController()
const early = () => starting.abort(new Error('interrupted'))
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, early)
let cluster: LocalCluster
try {
  cluster = await startLocalCluster({
    apiNodes,
    workers,
    logLevel,
    keepDataDir: values.keep,
    log: (line) => say(`cluster: ${line}`),
    signal: starting.signal,
  })
} catch (error) {
  say(starting.signal.aborted ? 'cluster: interrupted while starting; stopped' : `cluster: ${String(error)}`)
  process.exit(starting.signal.aborted ? 130 : 1)
}

let stopping = false
async function shutdown(reason: string, code: number) {
  if (stopping) return
  stopping = true
  say(`\ncluster: ${reason}; stopping every process by PID…`)
  try {
    await cluster.stop()
  } finally {
    say(values.keep ? `cluster: stopped; DATA_DIR kept at ${cluster.dataDir}` : 'cluster: stopped')
    process.exit(code)
  }
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.off(signal, early)
  process.on(signal, () => void shutdown(`received ${signal}`, 0))
}
process.once('uncaughtException', (error) => void shutdown(`error: ${error.stack ?? error.message}`, 1))
process.once('unhandledRejection', (error) => void shutdown(`error: ${String(error)}`, 1))

const demo = cluster.credentials.shops[0]!
const rule = '─'.repeat(78)
say(
  [
    rule,
    '  Fanshelf local cluster',
    '',
    ...cluster.nodes.map((n) => `  API node ${n.name.padEnd(10)} ${n.url}   pid ${n.pid}   log ${n.logFile}`),
    ...cluster.workers.map((w) => `  worker   ${w.name.padEnd(10)} ${''.padEnd(22)}   pid ${w.pid}   log ${w.logFile}`),
    `  PostgreSQL ${cluster.databaseUrl}   pid ${cluster.postgres.pid}`,
    `  Redis      ${cluster.redisUrl}   pid ${cluster.redis.pid}`,
    `  DATA_DIR   ${cluster.dataDir}   (shared: secret.key, demo-credentials.json, logs/)`,
    '',
    `  Credentials of every shop: ${cluster.credentialsFile}`,
    `  Demo shop ${demo.name}: API user ${demo.apiUser.username} / ${demo.apiUser.password}`,
    `    curl -u ${demo.apiUser.username}:${demo.apiUser.password} ${cluster.nodes[0]!.url}/open-api/v1.0/shops/current`,
    `    storefront token ${demo.storefrontToken}`,
    '',
    '  Any node answers any request (put a load balancer in front of them); one rate limit per',
    '  principal across the nodes (Redis); the workers share the delivery queue (PostgreSQL).',
    '  Ctrl+C stops everything.',
    rule,
  ].join('\n'),
)

// Stay in the foreground; a node or worker that dies is reported (by the cluster's log), and
// losing the database or Redis ends the cluster.
const watch = setInterval(() => {
  if (cluster.postgres.pid === undefined) void shutdown('PostgreSQL exited', 1)
  else if (cluster.redis.pid === undefined) void shutdown('Redis exited', 1)
}, 1000)
process.on('exit', () => clearInterval(watch))
