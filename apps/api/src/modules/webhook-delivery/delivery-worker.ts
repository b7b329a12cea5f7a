import { randomBytes, randomUUID } from 'node:crypto'
import os from 'node:os'
import { performance } from 'node:perf_hooks'
import type { Clock } from '../../clock.js'
import type { DatabaseHandle } from '../../db/database.js'
import {
  connectTimeoutMs,
  disableAfterFailingMs,
  goneStatus,
  maxRetryAfterMs,
  perEndpointConcurrency,
  responseTimeoutMs,
} from '../webhooks/delivery-policy.js'
import {
  type AttemptRecord,
  type ClaimedDelivery,
  claimDueDeliveries,
  claimMoreForConfigurations,
  clearFailingSince,
  type DeliveryTarget,
  disableConfiguration,
  findDeliveryTargets,
  insertAttempts,
  markFailingSince,
  updateLeasedDeliveries,
} from './delivery.repository.js'
import { deliveryLogPruneIntervalMs, pruneDeliveryLog } from './delivery-log-retention.js'
import { nextAttemptDelayMs } from './delivery-schedule.js'
import { createWebhookSender, type WebhookSender } from './webhook-sender.js'
import { type SigningKey, type SigningKeys, signDelivery } from './webhook-signatures.js'
import type { Resolver, WebhookUrlRules } from './webhook-url-guard.js'

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
 * - Testable: `runOnce()` sends everything due at the clock's current time and waits for it. Every
 *   business time — due times, the retry schedule, Retry-After, the 5-day rule, leases, HTTP
 *   timeouts — comes from the injected clock; only the poll, discovery and write cadences are real
 *   time (a ManualClock would otherwise have to be advanced for the worker to notice anything).
 */

export interface WorkerLog {
  info(obj: object, msg?: string): void
  warn(obj: object, msg?: string): void
  error(obj: object, msg?: string): void
}

const silentLog: WorkerLog = { info() {}, warn() {}, error() {} }

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

/**
 * An attempt's outcome: `success` (a 2xx), `failure` (it will be retried) or `permanent` (no more
 * attempts: the retries ran out, the endpoint answered 410, or its configuration is disabled).
 * `lagMs`, on success: from the event's creation to now.
 */
export interface OutcomeReport {
  result: 'success' | 'failure' | 'permanent'
  lagMs?: number
}

export interface RunSummary {
  attempts: number
  delivered: number
  failed: number
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

type Outcome =
  | { kind: 'delivered'; attempt: AttemptRecord }
  | { kind: 'retry'; attempt: AttemptRecord; nextAttemptAt: string; lastError: string }
  | { kind: 'failed'; attempt?: AttemptRecord; lastError: string }
  | { kind: 'gone'; attempt: AttemptRecord; lastError: string }
  | { kind: 'postponed'; nextAttemptAt: string; lastError: string }
  | { kind: 'released' }

interface Queued {
  delivery: ClaimedDelivery
  target: DeliveryTarget | undefined
  /** Resolved when claimed, so that starting a send awaits nothing and sends start in claim order. */
  key: SigningKey | undefined
  /** When this worker's lease on it ends. */
  leaseEnd: number
}

interface Endpoint {
  queue: Queued[]
  inFlight: number
}

interface Completion {
  delivery: ClaimedDelivery
  target: DeliveryTarget | undefined
  outcome: Outcome
}

export const defaultLeaseMs = 30_000
export const defaultIdlePollMs = 100
export const defaultConcurrency = 64

const iso = (ms: number) => new Date(ms).toISOString()

/**
 * Attempt ids are internal (the contract does not expose them). Time first, so that new attempts
 * append to the primary-key index instead of touching random pages; randomUUID draws from a pool.
 */
function newAttemptId(): string {
  return `watt_${Date.now().toString(36).padStart(9, '0')}${randomUUID().replaceAll('-', '').slice(0, 16)}`
}

/** The longest an attempt can hold its lease: connect, answer, and time to record the outcome. */
const attemptBudgetMs = responseTimeoutMs + connectTimeoutMs + 1_000

/**
 * How long a shutdown lets attempts in flight finish: the longest an attempt can take (it connects
 * and the receiver answers within their timeouts), so a stopping worker abandons none that could end.
 */
export const shutdownGraceMs = attemptBudgetMs

/** Discovery claims run at most this often (real time) unless a test steps the worker. */
const discoveryIntervalMs = 10

/** Outcomes wait at most this long (real time) to be written together. */
const flushDelayMs = 20
/** ...or less when this many are waiting. */
const flushBatch = 256

export function createDeliveryWorker(options: DeliveryWorkerOptions): DeliveryWorker {
  const { database, clock, signingKeys } = options
  const db = database.db
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
  let sender: WebhookSender | undefined
  const senderOf = () => {
    sender ??= createWebhookSender({ clock, rules: options.rules, resolve: options.resolve, maxSockets: concurrency })
    return sender
  }

  let started = false
  let stopped = false
  let stopping: Promise<void> | undefined
  let loopDone: Promise<void> = Promise.resolve()
  let wakeRequested = false
  let interruptIdle: (() => void) | undefined

  let inFlight = 0
  /** Per configuration: claimed deliveries waiting for a slot (FIFO) and requests in flight. */
  const endpoints = new Map<string, Endpoint>()
  let held = 0
  const sending = new Set<Promise<void>>()

  let completions: Completion[] = []
  let flushTimer: NodeJS.Timeout | undefined
  let writing = false
  let flushChain: Promise<void> = Promise.resolve()
  let summary: RunSummary = { attempts: 0, delivered: 0, failed: 0 }
  const totals: RunSummary = { attempts: 0, delivered: 0, failed: 0 }

  let pumping = false
  let pumpAgain = false
  let pumpRun: Promise<void> = Promise.resolve()
  let pumpScheduled = false
  let claimedTotal = 0
  /**
   * Deliveries held per endpoint at most (queued + in flight): the next sends are already here when
   * a slot frees, and an endpoint is refilled about every `depth - perEndpoint` completions, not at
   * each. A queued delivery whose lease would run out before its attempt ends is given back unsent.
   */
  const depth = 4 * perEndpoint
  let discoveryRequested = true
  let lastDiscovery = Number.NEGATIVE_INFINITY
  let discoveryTimer: NodeJS.Timeout | undefined
  /** runOnce: discover on every round, never deferred. */
  let stepping = false
  /** Slots freed by completions are refilled at once (the background loop, or runOnce). */
  let draining = false
  /**
   * Configurations this worker saw answer 410, until its claims can no longer hold deliveries
   * loaded before the disable was recorded: nothing more is sent to them meanwhile.
   */
  const gone = new Map<string, number>()
  let lastPrune = Number.NEGATIVE_INFINITY

  async function deliver({ delivery, target, key, leaseEnd }: Queued): Promise<Outcome> {
    // Waited too long in the queue: another worker may take it over before this attempt ends.
    if (clock.now() + attemptBudgetMs > leaseEnd) return { kind: 'released' }
    if (target?.enabled !== 1) {
      return { kind: 'failed', lastError: 'The webhook configuration is disabled or was deleted.' }
    }
    const goneUntil = gone.get(target.id)
    if (goneUntil !== undefined && goneUntil > clock.now()) {
      return { kind: 'failed', lastError: `The endpoint answered ${goneStatus} Gone; the configuration is disabled.` }
    }
    if (goneUntil !== undefined) gone.delete(target.id)
    if (!key) {
      return {
        kind: 'postponed',
        nextAttemptAt: iso(clock.now() + maxRetryAfterMs),
        lastError: `No signing key is available for ${target.app_id ? `platform app ${target.app_id}` : `shop ${target.shop_id}`}.`,
      }
    }
    const attemptedAt = clock.now()
    const headers = signDelivery(key, {
      id: delivery.id,
      timestamp: Math.floor(attemptedAt / 1000),
      body: delivery.body,
    })
    const result = await senderOf().send({ url: target.url, body: delivery.body, headers })
    if (result.aborted) return { kind: 'released' }
    const attempt: AttemptRecord = {
      id: newAttemptId(),
      webhookEventId: delivery.id,
      shopId: delivery.shop_id,
      attemptedAt: iso(attemptedAt),
      statusCode: result.statusCode,
      latencyMs: result.latencyMs,
      errorClass: result.errorClass,
      responseExcerpt: result.responseExcerpt,
    }
    if (result.delivered) return { kind: 'delivered', attempt }
    const lastError = result.error ?? 'The attempt failed.'
    if (result.statusCode === goneStatus) return { kind: 'gone', attempt, lastError }
    const failedInSchedule = delivery.attempt_count + 1 - delivery.schedule_base_attempt
    const delay = nextAttemptDelayMs(failedInSchedule, result.retryAfterMs, random)
    if (delay === undefined) return { kind: 'failed', attempt, lastError: `${lastError} Every retry failed.` }
    return { kind: 'retry', attempt, nextAttemptAt: iso(clock.now() + delay), lastError }
  }

  async function writeCompletions(batch: Completion[]): Promise<void> {
    const now = iso(clock.now())
    const delivered = batch.filter((c) => c.outcome.kind === 'delivered')
    const released = batch.filter((c) => c.outcome.kind === 'released')
    const recovered = new Set(delivered.flatMap((c) => (c.target?.failing_since ? [c.target.id] : [])))
    await db.transaction().execute(async (trx) => {
      await insertAttempts(
        trx,
        batch.flatMap((c) => ('attempt' in c.outcome && c.outcome.attempt ? [c.outcome.attempt] : [])),
      )
      const ids = (completions: Completion[]) => completions.map((c) => c.delivery.id)
      // The common outcomes share one statement each.
      if (delivered.length > 0) {
        await updateLeasedDeliveries(trx, {
          ids: ids(delivered),
          workerId,
          now,
          state: 'DELIVERED',
          nextAttemptAt: null,
          lastError: null,
          attempted: true,
        })
      }
      for (const configurationId of recovered) await clearFailingSince(trx, configurationId, now)
      if (released.length > 0)
        await updateLeasedDeliveries(trx, { ids: ids(released), workerId, now, attempted: false })

      for (const { delivery, target, outcome } of batch) {
        const base = { ids: [delivery.id], workerId, now }
        switch (outcome.kind) {
          case 'retry':
          case 'failed': {
            const attempted = outcome.attempt !== undefined
            await updateLeasedDeliveries(trx, {
              ...base,
              state: outcome.kind === 'retry' ? 'RETRYING' : 'FAILED',
              nextAttemptAt: outcome.kind === 'retry' ? outcome.nextAttemptAt : null,
              lastError: outcome.lastError,
              attempted,
            })
            if (attempted && target) {
              await markFailingSince(trx, target.id, outcome.attempt?.attemptedAt ?? now)
              const cutoff = iso(clock.now() - disableAfterFailingMs)
              const reason = `Deliveries failed continuously for ${disableAfterFailingMs / 86_400_000} days.`
              if (await disableConfiguration(trx, target.id, reason, now, cutoff)) {
                log.warn({ configurationId: target.id, shopId: target.shop_id }, 'Webhook configuration disabled')
              }
            }
            break
          }
          case 'gone': {
            await updateLeasedDeliveries(trx, {
              ...base,
              state: 'FAILED',
              nextAttemptAt: null,
              lastError: outcome.lastError,
              attempted: true,
            })
            const reason = `The endpoint answered ${goneStatus} Gone.`
            if (target && (await disableConfiguration(trx, target.id, reason, now))) {
              log.warn({ configurationId: target.id, shopId: target.shop_id }, 'Webhook configuration disabled (410)')
            }
            break
          }
          case 'postponed':
            await updateLeasedDeliveries(trx, {
              ...base,
              nextAttemptAt: outcome.nextAttemptAt,
              lastError: outcome.lastError,
              attempted: false,
            })
            break
          default:
            break
        }
      }
    })
  }

  /**
   * Outcomes are written in batches, one transaction each: at most every `flushDelayMs` (real time —
   * a batching cadence, like the poll), at once when many are waiting, one write at a time.
   */
  function scheduleFlush(): void {
    if (writing || flushTimer) return
    flushTimer = setTimeout(runFlush, completions.length >= flushBatch ? 0 : flushDelayMs)
  }

  function runFlush(): void {
    flushTimer = undefined
    const batch = completions
    completions = []
    if (batch.length === 0) return
    writing = true
    flushChain = writeCompletions(batch)
      .catch((error: unknown) => {
        // The leases expire and the deliveries are claimed again: at-least-once holds.
        log.error({ err: error, count: batch.length }, 'Could not record webhook delivery outcomes')
      })
      .finally(() => {
        writing = false
        if (completions.length > 0) scheduleFlush()
      })
  }

  /** Writes every outcome recorded so far, now. */
  async function flushed(): Promise<void> {
    for (;;) {
      if (flushTimer) {
        clearTimeout(flushTimer)
        runFlush()
      }
      await flushChain
      if (writing) continue
      if (completions.length === 0 && !flushTimer) return
      if (!flushTimer) runFlush()
    }
  }

  function count(outcome: Outcome): void {
    for (const tally of [summary, totals]) {
      if ('attempt' in outcome && outcome.attempt) tally.attempts++
      if (outcome.kind === 'delivered') tally.delivered++
      if (outcome.kind === 'failed' || outcome.kind === 'gone') tally.failed++
    }
  }

  function report(delivery: ClaimedDelivery, outcome: Outcome): void {
    if (!options.onOutcome) return
    if (outcome.kind === 'delivered') {
      options.onOutcome({ result: 'success', lagMs: clock.now() - Date.parse(delivery.created_at) })
    } else if (outcome.kind === 'retry') {
      options.onOutcome({ result: 'failure' })
    } else if (outcome.kind === 'failed' || outcome.kind === 'gone') {
      options.onOutcome({ result: 'permanent' })
    }
  }

  function endpointOf(configurationId: string): Endpoint {
    let endpoint = endpoints.get(configurationId)
    if (!endpoint) {
      endpoint = { queue: [], inFlight: 0 }
      endpoints.set(configurationId, endpoint)
    }
    return endpoint
  }

  /** Starts queued sends while the endpoint and the worker have free slots, oldest first. */
  function drain(configurationId: string, endpoint: Endpoint): void {
    // Stopping: what is queued stays queued, and stop() gives the leases back.
    while (!stopped && endpoint.inFlight < perEndpoint && inFlight < concurrency && endpoint.queue.length > 0) {
      const next = endpoint.queue.shift() as Queued
      send(configurationId, endpoint, next)
    }
    if (endpoint.inFlight === 0 && endpoint.queue.length === 0) endpoints.delete(configurationId)
  }

  function settle(configurationId: string, endpoint: Endpoint, item: Queued, outcome: Outcome): void {
    held--
    if (outcome.kind === 'gone') gone.set(configurationId, clock.now() + leaseMs)
    count(outcome)
    report(item.delivery, outcome)
    completions.push({ ...item, outcome })
    scheduleFlush()
    drain(configurationId, endpoint)
    // An endpoint ran dry: others may be waiting to be discovered.
    if (!endpoints.has(configurationId)) discoveryRequested = true
    // A worker slot freed: another endpoint may be waiting for one.
    for (const [id, other] of endpoints) if (other.queue.length > 0) drain(id, other)
    // Claim more once this endpoint runs short (and not at every completion).
    if (draining && !stopped && endpoint.queue.length < perEndpoint) schedulePump()
  }

  function send(configurationId: string, endpoint: Endpoint, item: Queued): void {
    inFlight++
    endpoint.inFlight++
    const done = deliver(item)
      .catch((error: unknown): Outcome => {
        log.error({ err: error, webhookEventId: item.delivery.id }, 'Webhook delivery crashed')
        return { kind: 'released' }
      })
      .then((outcome) => {
        inFlight--
        endpoint.inFlight--
        settle(configurationId, endpoint, item, outcome)
      })
    sending.add(done)
    void done.finally(() => sending.delete(done))
  }

  /** Claimed deliveries become queued sends, with what sending them needs loaded now. */
  async function accept(claimed: ClaimedDelivery[], leaseEnd: number): Promise<number> {
    if (claimed.length === 0) return 0
    claimedTotal += claimed.length
    // If loading fails from here on, the leases simply expire and the deliveries are claimed again.
    const targets = await findDeliveryTargets(db, [...new Set(claimed.map((d) => d.configuration_id))])
    const keys = new Map<string, SigningKey | undefined>()
    for (const target of targets.values()) {
      const signing = { id: target.id, shopId: target.shop_id, appId: target.app_id }
      keys.set(target.id, await signingKeys.forConfiguration(signing))
    }
    held += claimed.length
    const touched = new Set<string>()
    for (const delivery of claimed) {
      const id = delivery.configuration_id
      endpointOf(id).queue.push({ delivery, target: targets.get(id), key: keys.get(id), leaseEnd })
      touched.add(id)
    }
    for (const id of touched) drain(id, endpointOf(id))
    return claimed.length
  }

  function lease() {
    const now = clock.now()
    return { workerId, now: iso(now), leaseUntil: iso(now + leaseMs), end: now + leaseMs }
  }

  /** Refill: endpoints this worker holds that run short get their next due deliveries (an index range each). */
  async function refill(): Promise<number> {
    let free = 4 * concurrency - held
    const room = new Map<string, number>()
    for (const [id, endpoint] of endpoints) {
      if (endpoint.queue.length >= perEndpoint || free <= 0) continue
      const want = Math.min(free, depth - endpoint.inFlight - endpoint.queue.length)
      if (want <= 0) continue
      room.set(id, want)
      free -= want
    }
    if (room.size === 0) return 0
    const claim = lease()
    return accept(await claimMoreForConfigurations(db, database.dialect, { ...claim, room }), claim.end)
  }

  /**
   * Discovery: due deliveries of endpoints this worker does not hold yet, oldest first. It scans
   * past the backlog of the endpoints it holds, so it runs when asked (a wake-up, a poll, an
   * endpoint drained) and at most every `discoveryIntervalMs`.
   */
  async function discover(): Promise<number> {
    const free = 4 * concurrency - held
    if (free <= 0) return 0
    const room = new Map<string, number>()
    for (const id of endpoints.keys()) room.set(id, 0)
    const claim = lease()
    const claimed = await claimDueDeliveries(db, database.dialect, {
      ...claim,
      limit: free,
      window: Math.max(64, free * 2),
      room,
      perEndpoint: depth,
    })
    return accept(claimed, claim.end)
  }

  async function claimRound(): Promise<number> {
    if (stopped) return 0
    let claimed = await refill()
    if (discoveryRequested) {
      const wait = lastDiscovery + discoveryIntervalMs - performance.now()
      if (wait <= 0 || stepping) {
        discoveryRequested = false
        lastDiscovery = performance.now()
        claimed += await discover()
      } else if (!discoveryTimer && draining) {
        discoveryTimer = setTimeout(() => {
          discoveryTimer = undefined
          schedulePump()
        }, wait)
      }
    }
    return claimed
  }

  /** Completions free slots: claim again once this turn's completions are all in. */
  function schedulePump(): void {
    if (pumpScheduled) return
    pumpScheduled = true
    setImmediate(() => {
      pumpScheduled = false
      void pump()
    })
  }

  /** Claims until nothing more is wanted; one pump at a time (a second call asks the running one to go again). */
  function pump(): Promise<void> {
    if (pumping) {
      pumpAgain = true
      return pumpRun
    }
    pumping = true
    pumpRun = (async () => {
      try {
        do {
          pumpAgain = false
          await claimRound()
        } while (pumpAgain && !stopped)
      } catch (error) {
        log.error({ err: error }, 'Could not claim webhook deliveries')
      } finally {
        pumping = false
      }
    })()
    return pumpRun
  }

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
      const pruned = await pruneDeliveryLog(db, now)
      if (pruned.deliveries > 0 || pruned.events > 0) log.info({ ...pruned }, 'Pruned the delivery log (30 days)')
    } catch (error) {
      log.error({ err: error }, 'Could not prune the delivery log')
    }
  }

  async function loop(): Promise<void> {
    while (!stopped) {
      await maybePrune()
      wakeRequested = false
      discoveryRequested = true
      await pump()
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
      draining = true
      loopDone = loop().catch((error: unknown) => log.error({ err: error }, 'The webhook worker loop stopped'))
    },
    wake() {
      wakeRequested = true
      discoveryRequested = true
      interruptIdle?.()
    },
    stop(stopOptions = {}) {
      stopping ??= (async () => {
        stopped = true
        interruptIdle?.()
        clearTimeout(discoveryTimer)
        // No claim is under way once these settle, and nothing new starts (drain checks `stopped`).
        await loopDone
        await pumpRun
        // Claimed but not started: give the leases back.
        for (const [, endpoint] of endpoints) {
          for (const item of endpoint.queue.splice(0)) {
            held--
            completions.push({ ...item, outcome: { kind: 'released' } })
          }
        }
        // Attempts in flight finish within the grace (real time: a shutdown's bound), or are abandoned.
        const graceMs = stopOptions.graceMs ?? 0
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
        await flushed()
        sender?.close()
      })()
      return stopping
    },
    async runOnce() {
      summary = { attempts: 0, delivered: 0, failed: 0 }
      const wasDraining = draining
      draining = true
      stepping = true
      const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve))
      await maybePrune()
      try {
        for (;;) {
          const before = claimedTotal
          discoveryRequested = true
          await pump()
          // Completions refill their slots themselves (draining); wait until all is quiet.
          while (held > 0 || pumping || pumpScheduled) await (sending.size > 0 ? Promise.race(sending) : nextTurn())
          if (claimedTotal === before) break
        }
        await flushed()
      } finally {
        draining = wasDraining
        stepping = false
      }
      const result = summary
      summary = { attempts: 0, delivered: 0, failed: 0 }
      return result
    },
  }
}
