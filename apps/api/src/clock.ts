/**
 * Time comes from a Clock so that retries, expiries, draws and rate-limit windows can be tested
 * without sleeping. Production uses the system clock; tests use ManualClock and advance it.
 */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number
  /** Resolves after `ms` of this clock's time. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason)
      const timer = setTimeout(() => {
        signal?.removeEventListener('abort', onAbort)
        resolve()
      }, ms)
      const onAbort = () => {
        clearTimeout(timer)
        reject(signal?.reason)
      }
      signal?.addEventListener('abort', onAbort, { once: true })
    }),
}

interface Sleeper {
  wakeAt: number
  resolve: () => void
}

/** A clock that only moves when told to. Sleepers wake in time order as it advances. */
export class ManualClock implements Clock {
  private current: number
  private sleepers: Sleeper[] = []

  constructor(start: number | Date = Date.UTC(2026, 0, 15, 12, 0, 0)) {
    this.current = typeof start === 'number' ? start : start.getTime()
  }

  now(): number {
    return this.current
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    if (ms <= 0) return Promise.resolve()
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason)
      const sleeper: Sleeper = { wakeAt: this.current + ms, resolve }
      this.sleepers.push(sleeper)
      signal?.addEventListener(
        'abort',
        () => {
          this.sleepers = this.sleepers.filter((s) => s !== sleeper)
          reject(signal.reason)
        },
        { once: true },
      )
    })
  }

  /** Moves time forward, waking every sleeper whose time has come (yielding between wake-ups). */
  async advance(ms: number): Promise<void> {
    const target = this.current + ms
    for (;;) {
      const due = this.sleepers.filter((s) => s.wakeAt <= target).sort((a, b) => a.wakeAt - b.wakeAt)[0]
      if (!due) break
      this.current = Math.max(this.current, due.wakeAt)
      this.sleepers = this.sleepers.filter((s) => s !== due)
      due.resolve()
      await new Promise((r) => setImmediate(r))
    }
    this.current = target
    await new Promise((r) => setImmediate(r))
  }

  set(time: number | Date): void {
    this.current = typeof time === 'number' ? time : time.getTime()
  }

  /** Number of pending sleepers (tests use it to wait until a request is queued). */
  get pendingSleepers(): number {
    return this.sleepers.length
  }

  /**
   * Number of pending sleepers that wake at exactly `time`: those of one kind (the requests waiting
   * for one rate-limit slot), whatever other timers (the draw deadlines') come and go meanwhile.
   */
  sleepersWakingAt(time: number): number {
    return this.sleepers.filter((sleeper) => sleeper.wakeAt === time).length
  }
}

export function isoTime(ms: number): string {
  return new Date(ms).toISOString()
}
