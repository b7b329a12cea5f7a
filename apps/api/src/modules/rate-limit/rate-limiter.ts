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

/**
 * The reserved slots of one principal, sorted (slots are non-decreasing). Pruning advances a head
 * index instead of shifting the array, and counts use binary search, so a reservation costs
 * O(log n) even when a large limit keeps many slots in the window.
 */
class SlotLog {
  private slots: number[] = []
  private head = 0

  get length(): number {
    return this.slots.length - this.head
  }

  /** The i-th slot from the oldest still in the log. */
  at(i: number): number {
    return this.slots[this.head + i] as number
  }

  push(slot: number): void {
    this.slots.push(slot)
  }

  /** Drops slots at or before the cutoff. */
  dropThrough(cutoff: number): void {
    this.head = this.firstAfter(cutoff)
    if (this.head > 1024 && this.head * 2 > this.slots.length) {
      this.slots = this.slots.slice(this.head)
      this.head = 0
    }
  }

  /** How many slots are strictly after `time`. */
  countAfter(time: number): number {
    return this.slots.length - this.firstAfter(time)
  }

  remove(slot: number): void {
    const index = this.slots.lastIndexOf(slot)
    if (index >= this.head) this.slots.splice(index, 1)
  }

  private firstAfter(time: number): number {
    let low = this.head
    let high = this.slots.length
    while (low < high) {
      const mid = (low + high) >>> 1
      if ((this.slots[mid] as number) <= time) low = mid + 1
      else high = mid
    }
    return low
  }
}

/** In-process limiter: one sorted log of reserved slots per principal. */
export class MemoryRateLimiter implements RateLimiter {
  /**
   * Bound: one log per principal with a slot in the last window; at most once a window (on the
   * clock) the logs whose slots all left it are dropped, so principals seen once do not stay.
   */
  private readonly logs = new Map<string, SlotLog>()
  private lastSweep = Number.NEGATIVE_INFINITY

  constructor(
    readonly settings: RateLimitSettings,
    private readonly clock: Clock,
  ) {}

  async reserve(key: string): Promise<ReserveResult> {
    const { limit, windowMs, maxWaitMs, maxQueued } = this.settings
    const now = this.clock.now()
    this.sweep(now)
    const log = this.prune(key, now)
    const slot = log.length < limit ? now : Math.max(now, log.at(log.length - limit) + windowMs)
    const queued = log.countAfter(now)
    if (slot - now > maxWaitMs || (slot > now && queued >= maxQueued)) {
      const oldest = log.length > 0 ? log.at(0) : now
      return {
        ok: false,
        retryAfterSeconds: Math.max(1, Math.ceil((slot - now) / 1000)),
        remaining: 0,
        resetSeconds: Math.max(0, Math.ceil((oldest + windowMs - now) / 1000)),
      }
    }
    // Slots are non-decreasing, so appending keeps the log sorted.
    log.push(slot)
    const inWindowAtSlot = log.countAfter(slot - windowMs)
    const oldest = log.at(0)
    const reservation: Reservation = {
      slot,
      now,
      remaining: Math.max(0, limit - inWindowAtSlot),
      resetSeconds: Math.max(0, Math.ceil((oldest + windowMs - Math.max(now, slot)) / 1000)),
      release: async () => {
        this.logs.get(key)?.remove(slot)
      },
    }
    return { ok: true, reservation }
  }

  private prune(key: string, now: number): SlotLog {
    let log = this.logs.get(key)
    if (!log) {
      log = new SlotLog()
      this.logs.set(key, log)
    }
    log.dropThrough(now - this.settings.windowMs)
    return log
  }

  /** Principals whose logs are kept (for tests of the bound). */
  get trackedPrincipals(): number {
    return this.logs.size
  }

  /** Drops the logs with no slot after `now - windowMs`, at most once a window. */
  private sweep(now: number): void {
    const { windowMs } = this.settings
    if (now - this.lastSweep < windowMs) return
    this.lastSweep = now
    for (const [key, log] of this.logs) {
      if (log.length === 0 || log.at(log.length - 1) <= now - windowMs) this.logs.delete(key)
    }
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
