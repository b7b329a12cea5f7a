import {
  connectTimeoutMs,
  disableAfterFailingMs,
  goneStatus,
  maxRetryAfterMs,
  responseTimeoutMs,
} from '../webhooks/delivery-policy.js'
import type { AttemptRecord, ClaimedDelivery, DeliveryTarget, LeasedUpdate } from './delivery.repository.js'
import { nextAttemptDelayMs } from './delivery-schedule.js'
import type { AttemptResult } from './webhook-sender.js'
import type { SigningKey } from './webhook-signatures.js'

/**
 * The delivery worker's decisions, as pure functions (no clock, no database, no network): whether a
 * claimed delivery may be sent, what an attempt's result means for the delivery (delivered, retried
 * when, failed for good), and which rows recording a batch of outcomes writes. The worker
 * (delivery-worker.ts) does the I/O around them: claim → send → record → schedule.
 */

/** What became of a claimed delivery. */
export type Outcome =
  | { kind: 'delivered'; attempt: AttemptRecord }
  | { kind: 'retry'; attempt: AttemptRecord; nextAttemptAt: string; lastError: string }
  | { kind: 'failed'; attempt?: AttemptRecord; lastError: string }
  | { kind: 'gone'; attempt: AttemptRecord; lastError: string }
  | { kind: 'postponed'; nextAttemptAt: string; lastError: string }
  | { kind: 'released' }

/** A claimed delivery with what sending it needs, waiting for a slot. */
export interface Queued {
  delivery: ClaimedDelivery
  target: DeliveryTarget | undefined
  /** Resolved when claimed, so that starting a send awaits nothing and sends start in claim order. */
  key: SigningKey | undefined
  /** When this worker's lease on it ends. */
  leaseEnd: number
}

export interface Completion {
  delivery: ClaimedDelivery
  target: DeliveryTarget | undefined
  outcome: Outcome
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

/** The longest an attempt can hold its lease: connect, answer, and time to record the outcome. */
export const attemptBudgetMs = responseTimeoutMs + connectTimeoutMs + 1_000

export const iso = (ms: number) => new Date(ms).toISOString()

/** Claimed → ready to send, or an outcome reached without sending. */
export type SendDecision = { kind: 'send'; target: DeliveryTarget; key: SigningKey } | Outcome

/**
 * Before sending: a delivery whose lease could run out before its attempt ends is given back
 * (another worker may take it over); a disabled or deleted configuration, or one this worker saw
 * answer 410 (`goneUntil` still ahead), fails it; without a signing key it waits (up to an hour).
 */
export function decideBeforeSend(item: Queued, now: number, goneUntil: number | undefined): SendDecision {
  const { target, key } = item
  if (now + attemptBudgetMs > item.leaseEnd) return { kind: 'released' }
  if (target?.enabled !== 1) {
    return { kind: 'failed', lastError: 'The webhook configuration is disabled or was deleted.' }
  }
  if (goneUntil !== undefined && goneUntil > now) {
    return { kind: 'failed', lastError: `The endpoint answered ${goneStatus} Gone; the configuration is disabled.` }
  }
  if (!key) {
    return {
      kind: 'postponed',
      nextAttemptAt: iso(now + maxRetryAfterMs),
      lastError: `No signing key is available for ${target.app_id ? `platform app ${target.app_id}` : `shop ${target.shop_id}`}.`,
    }
  }
  return { kind: 'send', target, key }
}

export interface SentAttempt {
  delivery: ClaimedDelivery
  attemptId: string
  attemptedAt: number
  result: AttemptResult
  /** When the answer came. */
  now: number
  /** Jitter source in [0, 1). */
  random: () => number
}

/**
 * After sending: a 2xx delivers it; a 410 fails it and disables the endpoint; any other failure is
 * retried on the schedule (or later, if the receiver's Retry-After asks), or fails it when the
 * schedule is exhausted; an attempt abandoned by a stopping worker gives the delivery back.
 */
export function decideAfterSend({ delivery, attemptId, attemptedAt, result, now, random }: SentAttempt): Outcome {
  if (result.aborted) return { kind: 'released' }
  const attempt: AttemptRecord = {
    id: attemptId,
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
  return { kind: 'retry', attempt, nextAttemptAt: iso(now + delay), lastError }
}

/** A change to one leased delivery (the lease holder and time are added when written). */
export type DeliveryChange = Omit<LeasedUpdate, 'ids' | 'workerId' | 'now'>

/** The write that records one outcome that is not batched with others. */
export interface DeliveryRecord {
  deliveryId: string
  change: DeliveryChange
  /** A failed attempt: the configuration is failing since then (unless it already was). */
  markFailing?: { configurationId: string; since: string }
  /** Disable the configuration: after a 410, or (`failingSinceAtMost`) once it failed for 5 days. */
  disable?: { configurationId: string; shopId: string; reason: string; failingSinceAtMost?: string; gone: boolean }
}

/** Everything recording a batch of outcomes writes, in the order it is written (one transaction). */
export interface RecordPlan {
  attempts: AttemptRecord[]
  /** Delivered: one statement for all. */
  delivered: string[]
  /** Configurations that delivered again after failing. */
  recovered: string[]
  /** Given back unsent: one statement for all. */
  released: string[]
  /** The other outcomes, one by one in batch order. */
  records: DeliveryRecord[]
}

/** What to write for a batch of outcomes at `now` (ms). */
export function planRecords(batch: readonly Completion[], now: number): RecordPlan {
  const nowIso = iso(now)
  const ofKind = (kind: Outcome['kind']) => batch.filter((c) => c.outcome.kind === kind)
  const delivered = ofKind('delivered')
  const plan: RecordPlan = {
    attempts: batch.flatMap((c) => ('attempt' in c.outcome && c.outcome.attempt ? [c.outcome.attempt] : [])),
    delivered: delivered.map((c) => c.delivery.id),
    recovered: [...new Set(delivered.flatMap((c) => (c.target?.failing_since ? [c.target.id] : [])))],
    released: ofKind('released').map((c) => c.delivery.id),
    records: [],
  }
  for (const { delivery, target, outcome } of batch) {
    const deliveryId = delivery.id
    switch (outcome.kind) {
      case 'retry':
      case 'failed': {
        const attempted = outcome.attempt !== undefined
        const record: DeliveryRecord = {
          deliveryId,
          change: {
            state: outcome.kind === 'retry' ? 'RETRYING' : 'FAILED',
            nextAttemptAt: outcome.kind === 'retry' ? outcome.nextAttemptAt : null,
            lastError: outcome.lastError,
            attempted,
          },
        }
        if (attempted && target) {
          record.markFailing = { configurationId: target.id, since: outcome.attempt?.attemptedAt ?? nowIso }
          record.disable = {
            configurationId: target.id,
            shopId: target.shop_id,
            reason: `Deliveries failed continuously for ${disableAfterFailingMs / 86_400_000} days.`,
            failingSinceAtMost: iso(now - disableAfterFailingMs),
            gone: false,
          }
        }
        plan.records.push(record)
        break
      }
      case 'gone':
        plan.records.push({
          deliveryId,
          change: { state: 'FAILED', nextAttemptAt: null, lastError: outcome.lastError, attempted: true },
          ...(target && {
            disable: {
              configurationId: target.id,
              shopId: target.shop_id,
              reason: `The endpoint answered ${goneStatus} Gone.`,
              gone: true,
            },
          }),
        })
        break
      case 'postponed':
        plan.records.push({
          deliveryId,
          change: { nextAttemptAt: outcome.nextAttemptAt, lastError: outcome.lastError, attempted: false },
        })
        break
      default:
        break
    }
  }
  return plan
}

/** Adds an outcome to a tally: attempts made, delivered, failed for good. */
export function tally(summary: RunSummary, outcome: Outcome): void {
  if ('attempt' in outcome && outcome.attempt) summary.attempts++
  if (outcome.kind === 'delivered') summary.delivered++
  if (outcome.kind === 'failed' || outcome.kind === 'gone') summary.failed++
}

/** What the metrics are told of an outcome at `now` (ms); nothing for one without a verdict. */
export function reportOf(delivery: ClaimedDelivery, outcome: Outcome, now: number): OutcomeReport | undefined {
  if (outcome.kind === 'delivered') return { result: 'success', lagMs: now - Date.parse(delivery.created_at) }
  if (outcome.kind === 'retry') return { result: 'failure' }
  if (outcome.kind === 'failed' || outcome.kind === 'gone') return { result: 'permanent' }
  return undefined
}
