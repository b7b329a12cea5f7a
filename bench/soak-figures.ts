/**
 * What bench/soak.ts measures and how it reduces it: every answer's response time and when it came
 * (for p99 per window), failures by kind, and the server process's samples (RSS, open fds, WAL).
 */
import fs from 'node:fs'
import path from 'node:path'

export interface Sample {
  /** ms since the traffic started. */
  t: number
  /** Taken while the traffic ran (the last sample is taken after it stopped). */
  underLoad: boolean
  rssMb: number
  fds: number
  walBytes: number
}

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!
}

/** Least-squares slope of y over t (ms), per minute. */
export function slopePerMinute(points: readonly { t: number; y: number }[]): number {
  const n = points.length
  if (n < 2) return 0
  const meanT = points.reduce((s, p) => s + p.t, 0) / n
  const meanY = points.reduce((s, p) => s + p.y, 0) / n
  let num = 0
  let den = 0
  for (const p of points) {
    num += (p.t - meanT) * (p.y - meanY)
    den += (p.t - meanT) ** 2
  }
  return den === 0 ? 0 : (num / den) * 60_000
}

/** Open file descriptors of a Linux process (0 where /proc is not there). */
export function openFds(pid: number): number {
  try {
    return fs.readdirSync(`/proc/${pid}/fd`).length
  } catch {
    return 0
  }
}

/** Bytes of every SQLite write-ahead log (`*-wal`) in `dataDir`. */
export function walBytes(dataDir: string): number {
  return fs
    .readdirSync(dataDir)
    .filter((name) => name.endsWith('-wal'))
    .reduce((sum, name) => sum + fs.statSync(path.join(dataDir, name)).size, 0)
}

/** Answers (when, how long) and failures, from the moment `start()` is called. */
export class TrafficLog {
  private startedAt = 0
  private readonly answeredAt: number[] = []
  private readonly latencyMs: number[] = []
  readonly failures = new Map<string, number>()

  start(): void {
    this.startedAt = Date.now()
  }
  /** ms since `start()`. */
  now(): number {
    return Date.now() - this.startedAt
  }
  get answered(): number {
    return this.answeredAt.length
  }
  get failureCount(): number {
    return [...this.failures.values()].reduce((a, b) => a + b, 0)
  }
  answer(ms: number, status: number): void {
    this.answeredAt.push(this.now())
    this.latencyMs.push(ms)
    if (status < 200 || status >= 300) this.fail(`HTTP ${status}`)
  }
  fail(kind: string, count = 1): void {
    if (count > 0) this.failures.set(kind, (this.failures.get(kind) ?? 0) + count)
  }
  /** p99 of the answers that came in [from, to) (ms since `start()`). */
  p99Between(from: number, to: number): number {
    const values: number[] = []
    for (let i = 0; i < this.answeredAt.length; i++) {
      const at = this.answeredAt[i]!
      if (at >= from && at < to) values.push(this.latencyMs[i]!)
    }
    return percentile(values, 0.99)
  }
}
