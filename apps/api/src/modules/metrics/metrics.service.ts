import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client'
import type { Clock } from '../../clock.js'
import type { DatabaseHandle } from '../../db/database.js'
import { readDeliveryQueue } from '../webhook-delivery/delivery.repository.js'
import type { OutcomeReport } from '../webhook-delivery/delivery-worker.js'

/**
 * What `/metrics` exposes (decision 0033), in one registry per app: tests build many apps in one
 * process, and prom-client's global default registry would refuse the second app's metrics.
 *
 * Labels are bounded by the code, never by the traffic: an operationId or a registered route
 * pattern (never a raw URL, so ids in paths cannot explode the series), a known method, a status.
 */

/** Seconds; the top buckets cover requests delayed for a rate-limit slot (up to 30 s by default). */
const requestDurationBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30]
const rateLimitWaitBuckets = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 30, 60]
/** Seconds from an event to its successful delivery: the first attempt, then the retry schedule (5 s … 10 h). */
const deliveryLagBuckets = [0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 1800, 3600, 7200, 21600, 86400]

/** The error codes of every 429 the server answers. */
export const tooManyRequestsCodes = ['RATE_LIMITED', 'TOO_MANY_FAILED_CREDENTIALS', 'SIGN_IN_THROTTLED'] as const

export interface RequestObservation {
  method: string
  operation: string
  status: number
  durationSeconds: number
}

export function createMetrics(deps: { clock: Clock; database: DatabaseHandle }) {
  const { clock, database } = deps
  const registry = new Registry()
  // Process memory, CPU, handles, GC and event-loop lag (nodejs_eventloop_lag_*), as every Node exporter names them.
  collectDefaultMetrics({ register: registry })

  // Label sets are bounded: operation (one per contract operation or route pattern, or `unmatched`;
  // never the URL: http-metrics.ts), method (7 and OTHER), status (the codes this server answers).
  const requests = new Counter({
    name: 'fanshelf_http_requests_total',
    help: 'HTTP requests answered, by operationId (or route pattern outside the contracts), method and status code.',
    labelNames: ['operation', 'method', 'status'] as const,
    registers: [registry],
  })
  const requestDuration = new Histogram({
    name: 'fanshelf_http_request_duration_seconds',
    help: 'Time from receiving a request to answering it (rate-limit waits included), by operation and status class.',
    labelNames: ['operation', 'method', 'status_class'] as const,
    buckets: requestDurationBuckets,
    registers: [registry],
  })
  const tooManyRequests = new Counter({
    name: 'fanshelf_http_too_many_requests_total',
    help: 'Requests refused with 429, by error code: RATE_LIMITED (the wait for a slot would exceed the bound), TOO_MANY_FAILED_CREDENTIALS, SIGN_IN_THROTTLED.',
    labelNames: ['code'] as const,
    registers: [registry],
  })
  const rateLimitWait = new Histogram({
    name: 'fanshelf_rate_limit_wait_seconds',
    help: 'How long requests over the per-principal rate limit were delayed for their slot (delayed requests only).',
    buckets: rateLimitWaitBuckets,
    registers: [registry],
  })
  const deliveries = new Counter({
    name: 'fanshelf_webhook_deliveries_total',
    help: 'Webhook delivery attempts by this process, by result: success (2xx), failure (to be retried), permanent (no more attempts).',
    labelNames: ['result'] as const,
    registers: [registry],
  })
  const deliveryLag = new Histogram({
    name: 'fanshelf_webhook_delivery_lag_seconds',
    help: 'Time from an event to its successful delivery (retries included).',
    buckets: deliveryLagBuckets,
    registers: [registry],
  })
  const queue = new Gauge({
    name: 'fanshelf_webhook_queue_deliveries',
    help: 'Webhook deliveries still to be sent, in the whole database (every worker): pending (all) and due (their next attempt time has come).',
    labelNames: ['state'] as const,
    registers: [registry],
  })
  const oldestDue = new Gauge({
    name: 'fanshelf_webhook_queue_oldest_due_seconds',
    help: 'How long the most overdue webhook delivery has been due (0 when none is): grows when no worker keeps up.',
    registers: [registry],
  })
  const databaseUp = new Gauge({
    name: 'fanshelf_database_up',
    help: '1 if the scrape-time queries (the webhook queue) succeeded, 0 if the database could not answer.',
    registers: [registry],
  })
  // The PostgreSQL pool (SQLite is one embedded connection: nothing to exhaust).
  const poolUsage = database.poolUsage
  const pool = poolUsage
    ? {
        connections: new Gauge({
          name: 'fanshelf_db_pool_connections',
          help: 'PostgreSQL connections of this process, by state (in_use, idle) and the pool maximum (max).',
          labelNames: ['state'] as const,
          registers: [registry],
        }),
        waiting: new Gauge({
          name: 'fanshelf_db_pool_waiting_queries',
          help: 'Queries waiting for a PostgreSQL connection: the pool (DATABASE_POOL_SIZE) is exhausted.',
          registers: [registry],
        }),
      }
    : undefined

  /** The values read at scrape time: the queue (one query) and the pool. */
  async function refresh(): Promise<void> {
    try {
      const now = clock.now()
      const state = await readDeliveryQueue(database.db, new Date(now).toISOString())
      queue.set({ state: 'pending' }, state.pending)
      queue.set({ state: 'due' }, state.due)
      const overdueMs = state.oldestNextAttemptAt ? now - Date.parse(state.oldestNextAttemptAt) : 0
      oldestDue.set(Math.max(0, overdueMs) / 1000)
      databaseUp.set(1)
    } catch {
      // The other metrics are still worth scraping; the queue keeps its last values.
      databaseUp.set(0)
    }
    if (pool && poolUsage) {
      const usage = poolUsage()
      pool.connections.set({ state: 'in_use' }, usage.total - usage.idle)
      pool.connections.set({ state: 'idle' }, usage.idle)
      pool.connections.set({ state: 'max' }, usage.max)
      pool.waiting.set(usage.waiting)
    }
  }

  // Every result and code starts at 0, so rate() and increase() see the first one.
  for (const result of ['success', 'failure', 'permanent'] as const) deliveries.inc({ result }, 0)
  for (const code of tooManyRequestsCodes) tooManyRequests.inc({ code }, 0)

  return {
    contentType: registry.contentType,
    observeRequest({ method, operation, status, durationSeconds }: RequestObservation): void {
      requests.inc({ operation, method, status: String(status) })
      requestDuration.observe({ operation, method, status_class: `${Math.floor(status / 100)}xx` }, durationSeconds)
    },
    countTooManyRequests(code: string): void {
      tooManyRequests.inc({ code })
    },
    observeRateLimitWait(waitMs: number): void {
      rateLimitWait.observe(waitMs / 1000)
    },
    observeDelivery({ result, lagMs }: OutcomeReport): void {
      deliveries.inc({ result })
      if (result === 'success' && lagMs !== undefined) deliveryLag.observe(Math.max(0, lagMs) / 1000)
    },
    /** The exposition text (Prometheus text format 0.0.4), with the scrape-time values read now. */
    async scrape(): Promise<string> {
      await refresh()
      return registry.metrics()
    },
    /** The same as JSON (prom-client's shape), for tests and tools. */
    async scrapeJson() {
      await refresh()
      return registry.getMetricsAsJSON()
    },
  }
}

export type Metrics = ReturnType<typeof createMetrics>
