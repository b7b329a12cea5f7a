import autocannon from 'autocannon'
import type { DatabaseHandle } from '../../apps/api/src/db/database.js'

/** The load each measurement applies (autocannon), and the helpers around it. */

export const durationSeconds = Number(process.env.BENCH_DURATION ?? 5)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32)

export interface Figures {
  rps: number
  p50: number
  p99: number
  errors: number
}

export function log(message: string): void {
  process.stdout.write(`${message}\n`)
}

export async function measure(
  url: string,
  headers: Record<string, string>,
  duration = durationSeconds,
): Promise<Figures> {
  const result = await autocannon({ url, headers, connections, duration })
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts,
  }
}

export async function getJson<T>(base: string, pathname: string, headers: Record<string, string>): Promise<T> {
  const response = await fetch(base + pathname, { headers })
  if (!response.ok) throw new Error(`${pathname} answered ${response.status}: ${await response.text()}`)
  return (await response.json()) as T
}

/**
 * Writes `perSecond` rows a second to a table no measured read touches (failed admin sign-ins):
 * the background writes of a live shop, which make every counted total be counted again.
 */
export function startWriter(database: DatabaseHandle, perSecond: number) {
  let n = 0
  let pending = Promise.resolve()
  const timer = setInterval(() => {
    n += 1
    pending = database.db
      .insertInto('auth_attempts')
      .values({ key: `bench:${process.pid}:${Date.now()}:${n}`, count: 1, window_ends_at: Date.now() + 60_000 })
      .execute()
      .then(() => {})
  }, 1000 / perSecond)
  return {
    async stop() {
      clearInterval(timer)
      await pending
    },
  }
}

/**
 * Waits until the server has finished what the load generator left in flight (requests the
 * database is still working through): a cheap authenticated read queues behind them, so it is
 * answered quickly only once they are done.
 */
export async function settle(base: string, headers: Record<string, string>): Promise<void> {
  const deadline = Date.now() + 120_000
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 250))
    const started = performance.now()
    await fetch(`${base}/open-api/v1.0/order?size=1`, { headers })
    if (performance.now() - started < 100 || Date.now() > deadline) return
  }
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
