import { randomBytes, randomUUID } from 'node:crypto'
import os from 'node:os'
import type { Clock } from '../../clock.js'
import type { DatabaseHandle } from '../../db/database.js'
import { perEndpointConcurrency } from '../webhooks/delivery-policy.js'
import { createClaimer } from './delivery-claims.js'
import { createDispatcher } from './delivery-dispatch.js'
import { deliveryLogPruneIntervalMs, pruneDeliveryLog } from './delivery-log-retention.js'
import { createOutcomeRecorder } from './delivery-records.js'
import {
  attemptBudgetMs,
  decideAfterSend,
  decideBeforeSend,
  type Outcome,
  type OutcomeReport,
  type Queued,
  type RunSummary,
  reportOf,
  tally,
} from './delivery-transitions.js'
import { createGoneConfigurations } from './gone-configurations.js'
import { createWebhookSender, type WebhookSender } from './webhook-sender.js'
import { type SigningKeys, signDelivery } from './webhook-signatures.js'
import type { Resolver, WebhookUrlRules } from './webhook-url-guard.js'
import { silentLog, type WorkerLog } from './worker-log.js'

export type { OutcomeReport, RunSummary } from './delivery-transitions.js'
export type { WorkerLog } from './worker-log.js'

/**
 * The delivery worker: claims due deliveries with a lease, sends each (signed per attempt), and
 * records the attempt and the delivery's next state.
 *
 * - At-least-once: a delivery stays leased while it is sent; if the worker dies, the lease expires
 *   and another claim sends it again (same body, same `webhook-id`). A claimed delivery whose lease
 *   could run out before its attempt ends is given back unsent, so two workers never send it at once.
 * - Fair: at most `perEndpoint` requests in flight per configuration (per worker), so one slow
 *   receiver cannot take every slot; an endpoint's sends start in FIFO order (oldest due first).
 * - Fast: woken in process by `wake()` (the app calls it after each write request commits) and
 *   otherwise polls every `idlePollMs`; an endpoint's next deliveries are claimed ahead, and the
 *   outcomes of many attempts are written in one transaction.
 * - Split by step (claim → send → record → schedule): the decisions are pure functions in
 *   delivery-transitions.ts; claiming is delivery-claims.ts, the per-endpoint slots
 *   delivery-dispatch.ts, recording delivery-records.ts. This file wires them and runs the loop.
 * - Testable: `runOnce()` sends everything due at the clock's current time and waits for it. Every
 *   business time — due times, the retry schedule, Retry-After, the 5-day rule, leases, HTTP
 *   timeouts — comes from the injected clock; only the poll, discovery and write cadences are real
 *   time (a ManualClock would otherwise have to be advanced for the worker to notice anything).
 */

export interface DeliveryWorkerOptions {
  database: DatabaseHandle
  clock: Clock
  /** The SSRF rules (config.webhooks), applied again at every connection. */
  rules: WebhookUrlRules
  signingKeys: SigningKeys
  resolve?: Resolver
  /** Jitter source in [0, 1). */
  random?: () => number
  workerId?: string
  /** Requests in flight at once, all endpoints together. */
  concurrency?: number
  /** Requests in flight at once per configuration (delivery-policy). */
  perEndpoint?: number
  /** How long a claim holds a delivery; must outlast two attempts (default 30 s). */
  leaseMs?: number
  /** Poll interval when not woken (real time: see idle()). */
  idlePollMs?: number
  log?: WorkerLog
  /** Told of every attempt's outcome as it settles (the metrics count them). */
  onOutcome?: (report: OutcomeReport) => void
}

export interface DeliveryWorker {
  readonly workerId: string
  /** Starts the background loop (the in-process worker or a worker process). */
  start(options?: { log?: WorkerLog }): void
  /**
   * Stops claiming and gives back the leases of claimed deliveries not yet sent. Attempts in flight
   * get `graceMs` (real time) to finish and be recorded — a shutdown passes `shutdownGraceMs`, so a
   * receiver that answers in time is not sent the same delivery again by the next worker; past it
   * (default 0) they are abandoned and their leases released. Records what is done. A second call
   * waits for the first.
   */
  stop(options?: { graceMs?: number }): Promise<void>
  /** Something was queued: claim now rather than at the next poll. */
  wake(): void
  /** Sends every delivery due now and waits for the outcomes (tests step the clock between runs). */
  runOnce(): Promise<RunSummary>
  readonly running: boolean
  /** What this worker has done since it was created (for logs and metrics). */
  readonly totals: Readonly<RunSummary>
}

export const defaultLeaseMs = 30_000
export const defaultIdlePollMs = 100
export const defaultConcurrency = 64

/**
 * Attempt ids are internal (the contract does not expose them). Time first, so that new attempts
 * append to the primary-key index instead of touching random pages; randomUUID draws from a pool.
 */
function newAttemptId(): string {
  return `watt_${Date.now().toString(36).padStart(9, '0')}${randomUUID().replaceAll('-', '').slice(0, 16)}`
}

/**
 * How long a shutdown lets attempts in flight finish: the longest an attempt can take (it connects
 * and the receiver answers within their timeouts), so a stopping worker abandons none that could end.
 */
export const shutdownGraceMs = attemptBudgetMs

export function createDeliveryWorker(options: DeliveryWorkerOptions): DeliveryWorker {
  const { database, clock, signingKeys } = options
  const random = options.random ?? Math.random
  const workerId = options.workerId ?? `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`
  const concurrency = options.concurrency ?? defaultConcurrency
  const perEndpoint = options.perEndpoint ?? perEndpointConcurrency
  const leaseMs = options.leaseMs ?? defaultLeaseMs
  const idlePollMs = options.idlePollMs ?? defaultIdlePollMs
  // A claimed delivery may wait for one attempt of its endpoint before its own: two budgets.
  if (leaseMs < 2 * attemptBudgetMs) {
    throw new Error(`leaseMs must outlast two attempts (at least ${2 * attemptBudgetMs} ms)`)
  }
  let log = options.log ?? silentLog
  const currentLog = () => log
  let sender: WebhookSender | undefined
  const senderOf = () => {
    sender ??= createWebhookSender({ clock, rules: options.rules, resolve: options.resolve, maxSockets: concurrency })
    return sender
  }

  let started = false
  let stopped = false
  const isStopped = () => stopped
  let stopping: Promise<void> | undefined
  let loopDone: Promise<void> = Promise.resolve()
  let wakeRequested = false
  let interruptIdle: (() => void) | undefined
  let summary: RunSummary = { attempts: 0, delivered: 0, failed: 0 }
  const totals: RunSummary = { attempts: 0, delivered: 0, failed: 0 }
  /**
   * Configurations this worker saw answer 410, until its claims can no longer hold deliveries
   * loaded before the disable was recorded: nothing more is sent to them meanwhile. Bound: the
   * 410s of the last lease (gone-configurations.ts).
   */
  const gone = createGoneConfigurations()
  let lastPrune = Number.NEGATIVE_INFINITY

  const recorder = createOutcomeRecorder({ database, clock, workerId, log: currentLog })

  /** Send: sign and send one claimed delivery, and decide what its answer means. */
  async function attempt(item: Queued): Promise<Outcome> {
    const configurationId = item.target?.id
    const goneUntil = configurationId === undefined ? undefined : gone.until(configurationId)
    const decision = decideBeforeSend(item, clock.now(), goneUntil)
    if (decision.kind !== 'send' && decision.kind !== 'postponed') return decision
    // Past the 410 check: a remembered 410 has run out.
    if (goneUntil !== undefined && configurationId !== undefined) gone.forget(configurationId)
    if (decision.kind === 'postponed') return decision
    const { target, key } = decision
    const attemptedAt = clock.now()
    const headers = signDelivery(key, {
      id: item.delivery.id,
      timestamp: Math.floor(attemptedAt / 1000),
      body: item.delivery.body,
    })
    const result = await senderOf().send({ url: target.url, body: item.delivery.body, headers })
    return decideAfterSend({
      delivery: item.delivery,
      attemptId: newAttemptId(),
      attemptedAt,
      result,
      now: clock.now(),
      random,
    })
  }

  const dispatcher = createDispatcher({
    concurrency,
    perEndpoint,
    isStopped,
    attempt,
    log: currentLog,
    settled(item, outcome) {
      if (outcome.kind === 'gone') {
        const now = clock.now()
        gone.remember(item.delivery.configuration_id, now + leaseMs, now)
      }
      tally(summary, outcome)
      tally(totals, outcome)
      const report = options.onOutcome && reportOf(item.delivery, outcome, clock.now())
      if (report) options.onOutcome?.(report)
      // Record.
      recorder.push({ delivery: item.delivery, target: item.target, outcome })
    },
    freed(endpoint, ranDry) {
      // An endpoint ran dry: others may be waiting to be discovered.
      if (ranDry) claimer.requestDiscovery()
      // Schedule: claim more once this endpoint runs short (and not at every completion).
      if (claimer.draining && !stopped && endpoint.queue.length < perEndpoint) claimer.schedulePump()
    },
  })

  const claimer = createClaimer({
    database,
    clock,
    workerId,
    leaseMs,
    concurrency,
    perEndpoint,
    signingKeys,
    dispatcher,
    isStopped,
    log: currentLog,
  })

  /**
   * Waits for a wake-up or the next poll. The poll cadence is real time, not the injected clock: it
   * is not a business delay (due times, retries, leases and timeouts all use the clock), and a
   * ManualClock advanced by days would otherwise spin the loop once per poll interval.
   */
  function idle(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      // Not unref'd: in a worker process this timer is what keeps the process running.
      const timer = setTimeout(done, ms)
      function done() {
        clearTimeout(timer)
        interruptIdle = undefined
        resolve()
      }
      interruptIdle = done
    })
  }

  /** About once an hour (on the clock): the delivery log keeps 30 days. */
  async function maybePrune(): Promise<void> {
    const now = clock.now()
    if (now - lastPrune < deliveryLogPruneIntervalMs) return
    lastPrune = now
    try {
      const pruned = await pruneDeliveryLog(database.db, now)
      if (pruned.deliveries > 0 || pruned.events > 0) log.info({ ...pruned }, 'Pruned the delivery log (30 days)')
    } catch (error) {
      log.error({ err: error }, 'Could not prune the delivery log')
    }
  }

  async function loop(): Promise<void> {
    while (!stopped) {
      await maybePrune()
      wakeRequested = false
      claimer.requestDiscovery()
      await claimer.pump()
      if (stopped) break
      if (!wakeRequested) await idle(idlePollMs)
    }
  }

  return {
    workerId,
    totals,
    get running() {
      return started && !stopped
    },
    start(startOptions = {}) {
      if (started) return
      if (startOptions.log) log = startOptions.log
      started = true
      claimer.draining = true
      loopDone = loop().catch((error: unknown) => log.error({ err: error }, 'The webhook worker loop stopped'))
    },
    wake() {
      wakeRequested = true
      claimer.requestDiscovery()
      interruptIdle?.()
    },
    stop(stopOptions = {}) {
      stopping ??= (async () => {
        stopped = true
        interruptIdle?.()
        claimer.cancelDiscovery()
        // No claim is under way once these settle, and nothing new starts (the dispatcher checks `stopped`).
        await loopDone
        await claimer.lastPump()
        // Claimed but not started: give the leases back.
        for (const item of dispatcher.takeQueued()) {
          recorder.pushUnscheduled({ delivery: item.delivery, target: item.target, outcome: { kind: 'released' } })
        }
        // Attempts in flight finish within the grace (real time: a shutdown's bound), or are abandoned.
        const graceMs = stopOptions.graceMs ?? 0
        const { sending } = dispatcher
        if (graceMs > 0 && sending.size > 0) {
          let timer: NodeJS.Timeout | undefined
          const graceOver = new Promise<void>((resolve) => {
            timer = setTimeout(resolve, graceMs)
          })
          await Promise.race([Promise.allSettled([...sending]), graceOver])
          clearTimeout(timer)
        }
        sender?.abortAll()
        await Promise.allSettled([...sending])
        await recorder.flushed()
        sender?.close()
      })()
      return stopping
    },
    async runOnce() {
      summary = { attempts: 0, delivered: 0, failed: 0 }
      const wasDraining = claimer.draining
      claimer.draining = true
      claimer.stepping = true
      const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve))
      const { sending } = dispatcher
      await maybePrune()
      try {
        for (;;) {
          const before = claimer.claimedTotal
          claimer.requestDiscovery()
          await claimer.pump()
          // Completions refill their slots themselves (draining); wait until all is quiet.
          while (dispatcher.held > 0 || claimer.busy) await (sending.size > 0 ? Promise.race(sending) : nextTurn())
          if (claimer.claimedTotal === before) break
        }
        await recorder.flushed()
      } finally {
        claimer.draining = wasDraining
        claimer.stepping = false
      }
      const result = summary
      summary = { attempts: 0, delivered: 0, failed: 0 }
      return result
    },
  }
}
