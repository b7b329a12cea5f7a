import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { buildApp, loadConfig, startPlatform, startWorker } from '@fanshelf/api'
import { type Command, parseOptions, UsageError } from '../command.js'

const repoRoot = path.resolve(import.meta.dirname, '../../../..')

/** Builds a front end whose build output is missing (the first `npm start` on a fresh clone). */
function ensureBuilt(what: string, workspace: string, output: string, log: (line: string) => void): void {
  if (fs.existsSync(output)) return
  log(`Building the ${what} (first start only)…`)
  const result = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: repoRoot, stdio: 'inherit' })
  if (result.status !== 0) throw new Error(`The ${what} failed to build; see the output above.`)
}

function ensureFrontEndsBuilt(siteDir: string, log: (line: string) => void): void {
  // The SDK first: the example storefront and the docs' SDK samples import its build (dist/).
  ensureBuilt('SDK', 'packages/sdk', path.join(repoRoot, 'packages/sdk/dist/index.js'), log)
  ensureBuilt('merchant admin', 'apps/admin', path.join(repoRoot, 'apps/admin/dist/index.html'), log)
  ensureBuilt('checkout', 'apps/checkout', path.join(repoRoot, 'apps/checkout/dist/.vite/manifest.json'), log)
  ensureBuilt('documentation site', 'apps/site', path.join(siteDir, 'index.html'), log)
}

/** A worker-only process: no HTTP server, just webhook delivery until a signal. */
async function startWorkerOnly(io: { out(text: string): void }): Promise<number> {
  const config = loadConfig({ roles: new Set(['worker']) as Set<'api' | 'worker'> })
  const worker = await startWorker(config)
  io.out(`Webhook worker ${worker.worker.workerId} started (Ctrl+C stops it)\n`)
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve)
    process.once('SIGTERM', resolve)
  })
  await worker.stop()
  return 0
}

async function start(roles: string, io: { out(text: string): void }): Promise<number> {
  if (roles === 'worker') return startWorkerOnly(io)
  const config = loadConfig(roles === 'api' ? { roles: new Set(['api']) as Set<'api' | 'worker'> } : {})
  if (config.roles.has('api')) ensureFrontEndsBuilt(config.siteDir, (line) => io.out(`${line}\n`))
  await startPlatform(config, buildApp, { out: (line) => io.out(`${line}\n`) })
  // Keep running until a signal closes the server.
  await new Promise(() => {})
  return 0
}

export const startCommand: Command = {
  name: 'start',
  summary: 'Start everything on one origin (what `npm start` runs)',
  usage: [
    'Usage: fanshelf start',
    '',
    'Builds what is missing (the SDK, admin, checkout and docs site), seeds the demo shops into an empty',
    'database, and serves the docs, open API, storefront API, admin and checkout on one origin:',
    'PUBLIC_URL, else http://HOST:PORT (by default http://127.0.0.1:4000). It records that origin in',
    'DATA_DIR/server.json for the commands run beside it (trigger, listen, demo-credentials).',
    'Environment: PORT, HOST, DATA_DIR, DATABASE_URL, REDIS_URL, PUBLIC_URL, LOG_LEVEL, LOG_FORMAT.',
  ].join('\n'),
  async run(args, io) {
    parseOptions(args, {})
    return start('all', io)
  },
}

export const serveCommand: Command = {
  name: 'serve',
  summary: 'Serve one role: --role all | api | worker',
  usage: [
    'Usage: fanshelf serve --role all|api|worker',
    '',
    '  --role api     stateless API node (scale out behind a load balancer)',
    '  --role worker  webhook delivery worker (run several against PostgreSQL)',
    '  --role all     both in one process (the default)',
  ].join('\n'),
  async run(args, io) {
    const { values } = parseOptions(args, { role: { type: 'string', default: 'all' } })
    const role = values.role as string
    if (!['all', 'api', 'worker'].includes(role))
      throw new UsageError(`--role must be all, api or worker (got "${role}")`)
    return start(role, io)
  },
}
