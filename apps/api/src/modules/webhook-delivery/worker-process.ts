import Fastify, { type FastifyInstance } from 'fastify'
import { systemClock } from '../../clock.js'
import type { Config } from '../../config.js'
import { migrateToLatest, openDatabase } from '../../db/database.js'
import { formatLogLine } from '../../http/request-log.js'
import { SecretBox } from '../../security/secret-box.js'
import { createMetricsRoutes } from '../metrics/metrics.routes.js'
import { createMetrics } from '../metrics/metrics.service.js'
import { platformAppKeys } from '../platform-apps/platform-apps.service.js'
import {
  createDeliveryWorker,
  type DeliveryWorker,
  type DeliveryWorkerOptions,
  shutdownGraceMs,
  type WorkerLog,
} from './delivery-worker.js'
import { createSigningKeys } from './webhook-signatures.js'

/**
 * A webhook worker process (`fanshelf serve --role worker`, `apps/api/src/worker.ts`): its own
 * database connection, the system clock, the same SecretBox key (DATA_DIR) as the API nodes.
 * Any number of them can run against one PostgreSQL database.
 */
export interface WorkerProcess {
  readonly worker: DeliveryWorker
  /** The origin of this worker's own `/metrics` (WORKER_METRICS_PORT), when it serves one. */
  readonly metricsOrigin: string | undefined
  /** Stops delivering (attempts in flight finish first, within `shutdownGraceMs`) and closes the database. */
  stop(): Promise<void>
}

const levels = ['trace', 'debug', 'info', 'warn', 'error', 'fatal'] as const

/** One JSON line per entry on stderr, at or above the configured level. */
export function jsonLineLog(
  level: Config['logLevel'],
  write = (line: string) => process.stderr.write(line),
): WorkerLog {
  const threshold = level === 'silent' ? Number.POSITIVE_INFINITY : levels.indexOf(level)
  const entry = (name: (typeof levels)[number]) => (obj: object, msg?: string) => {
    if (levels.indexOf(name) < threshold) return
    const fields = Object.fromEntries(
      Object.entries(obj).map(([k, v]) => [k, v instanceof Error ? { message: v.message, stack: v.stack } : v]),
    )
    write(`${JSON.stringify({ level: name, time: new Date().toISOString(), msg, ...fields })}\n`)
  }
  return { info: entry('info'), warn: entry('warn'), error: entry('error') }
}

/** Opens the database, migrates it if needed and starts delivering. */
export async function startWorker(
  config: Config,
  options: Partial<Pick<DeliveryWorkerOptions, 'leaseMs' | 'idlePollMs' | 'concurrency' | 'workerId'>> = {},
): Promise<WorkerProcess> {
  const database = openDatabase(config.databaseUrl, { poolSize: config.databasePoolSize })
  await migrateToLatest(database.db)
  const clock = systemClock
  const secretBox = SecretBox.fromConfig(config)
  const log = jsonLineLog(
    config.logLevel,
    config.logFormat === 'text' ? (line) => process.stderr.write(formatLogLine(line)) : undefined,
  )
  // The deliveries' outcomes and lag are counted where they happen: here, on its own port.
  const metrics =
    config.metricsToken && config.workerMetricsPort !== undefined ? createMetrics({ clock, database }) : undefined
  const worker = createDeliveryWorker({
    ...options,
    ...(metrics ? { onOutcome: metrics.observeDelivery } : {}),
    database,
    clock,
    rules: config.webhooks,
    signingKeys: createSigningKeys({
      db: database.db,
      secretBox,
      clock,
      appKeys: platformAppKeys(database.db, secretBox),
    }),
    log,
  })
  let metricsServer: FastifyInstance | undefined
  let metricsOrigin: string | undefined
  if (metrics && config.metricsToken && config.workerMetricsPort !== undefined) {
    metricsServer = Fastify({ logger: false })
    await metricsServer.register(createMetricsRoutes({ metrics, token: config.metricsToken }))
    metricsOrigin = await metricsServer.listen({ host: config.host, port: config.workerMetricsPort })
  }
  worker.start()
  log.info(
    { workerId: worker.workerId, ...(metricsOrigin ? { metrics: `${metricsOrigin}/metrics` } : {}) },
    'Webhook worker started',
  )
  return {
    worker,
    metricsOrigin,
    async stop() {
      await worker.stop({ graceMs: shutdownGraceMs })
      await metricsServer?.close()
      await database.close()
    },
  }
}
