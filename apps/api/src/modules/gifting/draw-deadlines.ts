import type { Clock } from '../../clock.js'
import type { GiftingService } from './gifting.service.js'

/**
 * The background task that ends draws nobody finished: a loop on the injected clock that ends every
 * overdue draw, then sleeps until the next open draw's deadline (at most `idlePollMs`, so draws
 * opened by another node are seen too). A draw opened in this process wakes it at once. Tests step
 * it with `runOnce()` after advancing a ManualClock.
 */
export interface DrawDeadlineTask {
  start(): void
  /** Stops the loop and waits for the pass in progress. */
  stop(): Promise<void>
  /** One pass: ends every overdue draw; answers their ids. */
  runOnce(): Promise<string[]>
}

export interface DrawDeadlineTaskOptions {
  gifting: Pick<GiftingService, 'endOverdueDraws' | 'nextDrawDeadline' | 'onDrawOpened'>
  clock: Clock
  /** Longest sleep between passes (default 30 s; shorter than any draw's window plus grace). */
  idlePollMs?: number
  onError?: (error: unknown) => void
}

/** Shortest sleep between passes, so a deadline that is already due never spins the loop. */
const minWaitMs = 1_000
/** Passes run back to back when a deadline is already due after a pass, before sleeping anyway. */
const maxRerunsDue = 10

export function createDrawDeadlineTask(options: DrawDeadlineTaskOptions): DrawDeadlineTask {
  const { gifting, clock } = options
  const idlePollMs = options.idlePollMs ?? 30_000
  const onError =
    options.onError ?? ((error: unknown) => process.stderr.write(`Draw deadline task failed: ${String(error)}\n`))
  let loop: Promise<void> | undefined
  let stopping = false
  let sleeping: AbortController | undefined
  let wakeRequested = false
  let unsubscribe: (() => void) | undefined

  function wake(): void {
    wakeRequested = true
    sleeping?.abort()
  }

  async function sleep(ms: number): Promise<void> {
    if (wakeRequested || stopping) return
    const controller = new AbortController()
    sleeping = controller
    try {
      await clock.sleep(ms, controller.signal)
    } catch {
      // Woken early (a draw opened, or stop()).
    } finally {
      sleeping = undefined
    }
  }

  async function run(): Promise<void> {
    let rerunsDue = 0
    while (!stopping) {
      wakeRequested = false
      let waitMs = idlePollMs
      try {
        await gifting.endOverdueDraws()
        const next = await gifting.nextDrawDeadline()
        const dueInMs = next === undefined ? idlePollMs : next - clock.now()
        // The clock moved past a deadline while this pass ran: run again now (a few times at most).
        if (dueInMs <= 0 && rerunsDue < maxRerunsDue) {
          rerunsDue++
          continue
        }
        waitMs = Math.min(idlePollMs, Math.max(minWaitMs, dueInMs))
      } catch (error) {
        onError(error)
      }
      rerunsDue = 0
      await sleep(waitMs)
    }
  }

  return {
    start() {
      if (loop) return
      stopping = false
      unsubscribe = gifting.onDrawOpened(wake)
      loop = run()
    },
    async stop() {
      stopping = true
      unsubscribe?.()
      sleeping?.abort()
      await loop
      loop = undefined
    },
    runOnce: () => gifting.endOverdueDraws(),
  }
}
