import type { Clock } from '../../clock.js'

/**
 * The rate-limit contract (ARCHITECTURE.md): at most `limit` requests *start* per principal in any
 * rolling `windowMs`. Excess requests are delayed, FIFO, using a reservation log: the next slot is
 * max(now, the limit-th most recent reservation + window). A wait above `maxWaitMs`, or more than
 * `maxQueued` requests already waiting, is refused (429 with Retry-After).
 */
export interface RateLimitSettings {
  limit: number
  windowMs: number
  maxWaitMs: number
  maxQueued: number
}

export interface Reservation {
  /** When the request may start (ms since epoch, on the limiter's clock). */
  slot: number
  now: number
  /** Requests still available in the window once this one starts. */
  remaining: number
  /** Seconds until the window has room again (the oldest reservation leaves it). */
  resetSeconds: number
  /** Gives the slot back (a waiter that went away). */
  release(): Promise<void>
}

export type ReserveResult =
  | { ok: true; reservation: Reservation }
  | { ok: false; retryAfterSeconds: number; remaining: 0; resetSeconds: number }

export interface RateLimiter {
  readonly settings: RateLimitSettings
  reserve(key: string, requestId: string): Promise<ReserveResult>
  close(): Promise<void>
}

/** In-process limiter: one sorted log of reserved slots per principal. */
export class MemoryRateLimiter implements RateLimiter {
  private readonly logs = new Map<string, number[]>()

  constructor(
    readonly settings: RateLimitSettings,
    private readonly clock: Clock,
  ) {}

  async reserve(key: string): Promise<ReserveResult> {
    const { limit, windowMs, maxWaitMs, maxQueued } = this.settings
    const now = this.clock.now()
    const log = this.prune(key, now)
    const slot = log.length < limit ? now : Math.max(now, (log[log.length - limit] as number) + windowMs)
    const queued = log.filter((s) => s > now).length
    if (slot - now > maxWaitMs || (slot > now && queued >= maxQueued)) {
      const oldest = log[0] ?? now
      return {
        ok: false,
        retryAfterSeconds: Math.max(1, Math.ceil((slot - now) / 1000)),
        remaining: 0,
        resetSeconds: Math.max(0, Math.ceil((oldest + windowMs - now) / 1000)),
      }
    }
    // Slots are non-decreasing, so appending keeps the log sorted.
    log.push(slot)
    const inWindowAtSlot = log.filter((s) => s > slot - windowMs).length
    const oldest = log[0] as number
    const reservation: Reservation = {
      slot,
      now,
      remaining: Math.max(0, limit - inWindowAtSlot),
      resetSeconds: Math.max(0, Math.ceil((oldest + windowMs - Math.max(now, slot)) / 1000)),
      release: async () => {
        const current = this.logs.get(key)
        const index = current?.lastIndexOf(slot) ?? -1
        if (current && index >= 0) current.splice(index, 1)
      },
    }
    return { ok: true, reservation }
  }

  private prune(key: string, now: number): number[] {
    let log = this.logs.get(key)
    if (!log) {
      log = []
      this.logs.set(key, log)
    }
    const cutoff = now - this.settings.windowMs
    let drop = 0
    while (drop < log.length && (log[drop] as number) <= cutoff) drop++
    if (drop > 0) log.splice(0, drop)
    return log
  }

  async close(): Promise<void> {
    this.logs.clear()
  }
}

/** Headers sent on every rate-limited response (IETF draft names + the legacy X- names). */
export function rateLimitHeaderValues(
  settings: RateLimitSettings,
  state: { remaining: number; resetSeconds: number },
): Record<string, string> {
  const windowSeconds = Math.ceil(settings.windowMs / 1000)
  const reset = Math.min(windowSeconds, Math.max(0, state.resetSeconds))
  return {
    'ratelimit-policy': `"default";q=${settings.limit};w=${windowSeconds}`,
    ratelimit: `"default";r=${state.remaining};t=${reset}`,
    'x-ratelimit-limit': String(settings.limit),
    'x-ratelimit-remaining': String(state.remaining),
    'x-ratelimit-reset': String(reset),
  }
}
