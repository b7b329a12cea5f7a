import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Config } from '../config.js'
import { migrateToLatest, openDatabase } from '../db/database.js'
import { SecretBox } from '../security/secret-box.js'
import { writeDemoCredentials } from '../seed/demo-credentials.js'
import { type DemoCredentials, seedDemo } from '../seed/demo-seed.js'
import { ClusterProcess, type ExitRecord, freePort, logLine, run, until } from './cluster-process.js'
import { type LocalPostgres, startLocalPostgres } from './local-postgres.js'
import { type LocalRedis, startLocalRedis } from './local-redis.js'

/**
 * The production shape on one machine (`npm run cluster`, and the cluster and crash tests): a
 * private PostgreSQL and Redis on loopback, the schema migrated and the demo shops seeded, then N
 * stateless API nodes (`ROLES=api`, apps/api/src/server.ts) and M webhook workers
 * (`ROLES=worker`, apps/api/src/worker.ts) as separate processes on their own ports — the same
 * entrypoints and environment variables a deployment uses. Every process is started and stopped by
 * PID; a node or worker can be SIGKILLed and restarted on its port, as a machine dies and comes back.
 */
export interface LocalClusterOptions {
  /** API nodes (default 2). */
  apiNodes?: number
  /** Webhook worker processes (default 2). */
  workers?: number
  /** More environment for every API node and worker (RATE_LIMIT, RATE_LIMIT_WINDOW_MS, …). */
  env?: Record<string, string>
  /** LOG_LEVEL of the nodes and workers (default warn). */
  logLevel?: Config['logLevel']
  /** Progress lines while starting and stopping. */
  log?: (line: string) => void
  /** Keep DATA_DIR (credentials, logs) after stop() instead of removing it. */
  keepDataDir?: boolean
  /** Abandons the start: what has started is stopped, and the start rejects with the reason. */
  signal?: AbortSignal
}

export interface ClusterMember {
  readonly role: 'api' | 'worker'
  /** 0-based position in `nodes` / `workers`. */
  readonly index: number
  /** `api-1`, `worker-2`, … */
  readonly name: string
  /** The PID while it runs. */
  readonly pid: number | undefined
  readonly running: boolean
  readonly logFile: string
  /** API nodes: `http://127.0.0.1:<port>` (the same port across restarts). */
  readonly url: string | undefined
  readonly port: number | undefined
}

export interface LocalCluster {
  /** The DATA_DIR every process shares: secret.key (the SecretBox key), demo-credentials.json, logs/. */
  readonly dataDir: string
  readonly databaseUrl: string
  readonly redisUrl: string
  readonly credentialsFile: string
  readonly credentials: DemoCredentials
  readonly postgres: { readonly pid: number | undefined; readonly port: number; readonly logFile: string }
  readonly redis: { readonly pid: number | undefined; readonly port: number; readonly logFile: string }
  readonly nodes: readonly ClusterMember[]
  readonly workers: readonly ClusterMember[]
  /** Processes that ended without being told to (should stay empty). */
  readonly unexpectedExits: readonly ExitRecord[]
  /** Sends `signal` (default SIGKILL) to API node `i` and waits until it is gone. */
  killNode(i: number, signal?: NodeJS.Signals): Promise<void>
  /** Starts API node `i` again on its port and waits until it serves. */
  restartNode(i: number): Promise<void>
  killWorker(i: number, signal?: NodeJS.Signals): Promise<void>
  restartWorker(i: number): Promise<void>
  /** Stops every process by PID (nodes and workers first, then Redis and PostgreSQL). */
  stop(): Promise<void>
}

const repoRoot = path.resolve(import.meta.dirname, '../../../..')
const serverEntry = path.join(repoRoot, 'apps/api/src/server.ts')
const workerEntry = path.join(repoRoot, 'apps/api/src/worker.ts')

/** Installs PostgreSQL and Redis when missing (as CI does; scripts/system-deps.sh). */
async function ensureSystemDeps(signal: AbortSignal | undefined): Promise<void> {
  const result = await run(path.join(repoRoot, 'scripts/system-deps.sh'), ['postgres', 'redis'], {
    ...(signal ? { signal } : {}),
  })
  if (result.code !== 0) throw new Error(`scripts/system-deps.sh postgres redis failed:\n${result.output}`)
}

class Member implements ClusterMember {
  constructor(
    readonly role: 'api' | 'worker',
    readonly index: number,
    readonly process: ClusterProcess,
    readonly port: number | undefined,
  ) {}
  get name() {
    return this.process.name
  }
  get pid() {
    return this.process.pid
  }
  get running() {
    return this.process.running
  }
  get logFile() {
    return this.process.logFile
  }
  get url() {
    return this.port === undefined ? undefined : `http://127.0.0.1:${this.port}`
  }
}

export async function startLocalCluster(options: LocalClusterOptions = {}): Promise<LocalCluster> {
  const log = options.log ?? (() => {})
  const apiNodeCount = options.apiNodes ?? 2
  const workerCount = options.workers ?? 2
  const { signal } = options
  await ensureSystemDeps(signal)

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanshelf-cluster-'))
  const logDir = path.join(dataDir, 'logs')
  fs.mkdirSync(logDir)
  const unexpectedExits: ExitRecord[] = []
  const started: ClusterProcess[] = []
  let postgres: LocalPostgres | undefined
  let redis: LocalRedis | undefined

  // The safety net: if this process exits without stop() (an uncaught error, process.exit), no
  // child outlives it. Only a SIGKILL of this process itself can still leave them behind.
  const tempDirs = options.keepDataDir ? [] : [dataDir]
  const killAll = () => {
    for (const child of started) child.killNow()
    for (const dir of tempDirs) {
      try {
        // A process SIGKILLed a moment ago may still be writing its last files.
        fs.rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 })
      } catch {}
    }
  }
  process.on('exit', killAll)
  const track = (child: ClusterProcess) => {
    started.push(child)
    child.onUnexpectedExit = (exit) => {
      unexpectedExits.push(exit)
      log(`${exit.name} (pid ${exit.pid}) exited unexpectedly: code ${exit.code}, signal ${exit.signal}`)
    }
    return child
  }

  const members: Member[] = []
  const stopAll = async () => {
    await Promise.all(members.map((m) => m.process.stop()))
    await redis?.stop()
    await postgres?.stop()
    process.off('exit', killAll)
    if (!options.keepDataDir) fs.rmSync(dataDir, { recursive: true, force: true })
  }

  try {
    log('Starting PostgreSQL and Redis on loopback…')
    const postgresLog = path.join(logDir, 'postgres.log')
    const redisLog = path.join(logDir, 'redis.log')
    const register = (owned: { dir: string } | { process: ClusterProcess }) => {
      if ('dir' in owned) tempDirs.push(owned.dir)
      else track(owned.process)
    }
    const [pgStarted, redisStarted] = await Promise.allSettled([
      startLocalPostgres({ logFile: postgresLog, register, ...(signal ? { signal } : {}) }),
      startLocalRedis({ logFile: redisLog, register, ...(signal ? { signal } : {}) }),
    ])
    if (pgStarted.status === 'fulfilled') postgres = pgStarted.value
    if (redisStarted.status === 'fulfilled') redis = redisStarted.value
    if (pgStarted.status === 'rejected') throw pgStarted.reason
    if (redisStarted.status === 'rejected') throw redisStarted.reason
    const databaseUrl = postgres!.url
    const redisUrl = redis!.url

    signal?.throwIfAborted()
    const ports = await Promise.all(Array.from({ length: apiNodeCount }, () => freePort()))
    // The deployment's public URL: in production the load balancer's; here the first node's.
    const publicUrl = `http://127.0.0.1:${ports[0]}`

    log('Migrating and seeding the demo shops…')
    const database = openDatabase(databaseUrl, { poolSize: 2 })
    let credentials: DemoCredentials
    try {
      await migrateToLatest(database.db)
      credentials = await seedDemo(database.db, {
        secretBox: SecretBox.fromDataDir(dataDir),
        publicUrl,
        now: Date.now(),
      })
    } finally {
      await database.close()
    }
    const credentialsFile = writeDemoCredentials(dataDir, credentials)
    signal?.throwIfAborted()

    const env = (role: 'api' | 'worker', port?: number): NodeJS.ProcessEnv => ({
      ...process.env,
      ROLES: role,
      HOST: '127.0.0.1',
      ...(port === undefined ? {} : { PORT: String(port) }),
      PUBLIC_URL: publicUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      // Seeded once above; a node must never seed (two would race).
      SEED_DEMO: 'false',
      LOG_LEVEL: options.logLevel ?? 'warn',
      ...options.env,
    })
    for (let i = 0; i < apiNodeCount; i++) {
      const port = ports[i]!
      const url = `http://127.0.0.1:${port}`
      const node = new ClusterProcess({
        name: `api-${i + 1}`,
        command: process.execPath,
        args: ['--import', 'tsx', serverEntry],
        env: env('api', port),
        cwd: repoRoot,
        logFile: path.join(logDir, `api-${i + 1}.log`),
        ready: (_process, _since, signal) =>
          until(async () => {
            const response = await fetch(`${url}/readyz`)
            if (!response.ok) throw new Error(`readyz ${response.status}`)
          }, signal),
      })
      members.push(new Member('api', i, track(node), port))
    }
    for (let i = 0; i < workerCount; i++) {
      const logFile = path.join(logDir, `worker-${i + 1}.log`)
      const worker = new ClusterProcess({
        name: `worker-${i + 1}`,
        command: process.execPath,
        args: ['--import', 'tsx', workerEntry],
        env: env('worker'),
        cwd: repoRoot,
        logFile,
        ready: (_process, since, signal) => logLine(logFile, since, /Webhook worker \S+ started/, signal),
      })
      members.push(new Member('worker', i, track(worker), undefined))
    }
    log(`Starting ${apiNodeCount} API nodes and ${workerCount} workers…`)
    const results = await Promise.allSettled(members.map((m) => m.process.start(signal)))
    const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected')
    if (failed) throw failed.reason

    const nodes = members.filter((m) => m.role === 'api')
    const workers = members.filter((m) => m.role === 'worker')
    const at = <T>(list: T[], i: number, what: string): T => {
      const item = list[i]
      if (!item) throw new Error(`There is no ${what} ${i} (0-based; ${list.length} running)`)
      return item
    }
    let stopped = false
    return {
      dataDir,
      databaseUrl,
      redisUrl,
      credentialsFile,
      credentials,
      postgres: {
        get pid() {
          return postgres!.process.pid
        },
        port: postgres!.port,
        logFile: postgresLog,
      },
      redis: {
        get pid() {
          return redis!.process.pid
        },
        port: redis!.port,
        logFile: redisLog,
      },
      nodes,
      workers,
      unexpectedExits,
      async killNode(i, signal = 'SIGKILL') {
        await at(nodes, i, 'API node').process.kill(signal)
      },
      async restartNode(i) {
        await at(nodes, i, 'API node').process.start()
      },
      async killWorker(i, signal = 'SIGKILL') {
        await at(workers, i, 'worker').process.kill(signal)
      },
      async restartWorker(i) {
        await at(workers, i, 'worker').process.start()
      },
      async stop() {
        if (stopped) return
        stopped = true
        log('Stopping the cluster…')
        await stopAll()
      },
    }
  } catch (error) {
    await stopAll().catch(() => {})
    throw error
  }
}
