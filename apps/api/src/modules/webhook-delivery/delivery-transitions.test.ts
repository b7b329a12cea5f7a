import { describe, expect, it } from 'vitest'
import { disableAfterFailingMs, maxAttempts, maxRetryAfterMs, retryDelaysMs } from '../webhooks/delivery-policy.js'
import type { ClaimedDelivery, DeliveryTarget } from './delivery.repository.js'
import {
  attemptBudgetMs,
  type Completion,
  decideAfterSend,
  decideBeforeSend,
  type Outcome,
  planRecords,
  type Queued,
  type RunSummary,
  reportOf,
  tally,
} from './delivery-transitions.js'
import type { AttemptResult } from './webhook-sender.js'
import type { SigningKey } from './webhook-signatures.js'

/** Unit tests of the worker's decisions, one per transition; delivery-worker*.test.ts cover them end to end. */

const now = Date.parse('2025-03-01T12:00:00.000Z')
const iso = (ms: number) => new Date(ms).toISOString()
const noJitter = () => 0.5

const delivery: ClaimedDelivery = {
  id: 'wevt_1',
  shop_id: 'sh_1',
  configuration_id: 'wh_1',
  body: '{"id":"wevt_1"}',
  attempt_count: 0,
  schedule_base_attempt: 0,
  next_attempt_at: iso(now),
  created_at: iso(now - 1_500),
}
const target: DeliveryTarget = {
  id: 'wh_1',
  shop_id: 'sh_1',
  app_id: null,
  url: 'https://receiver.example/hooks',
  enabled: 1,
  failing_since: null,
}
const key: SigningKey = { kind: 'shop', secrets: ['whsec_test'] }
const queued = (overrides: Partial<Queued> = {}): Queued => ({
  delivery,
  target,
  key,
  leaseEnd: now + 30_000,
  ...overrides,
})

function answer(overrides: Partial<AttemptResult>): AttemptResult {
  return {
    delivered: false,
    statusCode: null,
    latencyMs: 42,
    errorClass: null,
    error: null,
    responseExcerpt: null,
    retryAfterMs: undefined,
    aborted: false,
    ...overrides,
  }
}

function sent(result: AttemptResult, claimed: ClaimedDelivery = delivery): Outcome {
  return decideAfterSend({
    delivery: claimed,
    attemptId: 'watt_1',
    attemptedAt: now,
    result,
    now: now + 42,
    random: noJitter,
  })
}

describe('delivery transitions', () => {
  it('success: a 2xx delivers it, records the attempt, clears a failing endpoint and reports the lag', () => {
    expect(decideBeforeSend(queued(), now, undefined)).toEqual({ kind: 'send', target, key })
    const outcome = sent(answer({ delivered: true, statusCode: 200, responseExcerpt: 'ok' }))
    expect(outcome).toEqual({
      kind: 'delivered',
      attempt: {
        id: 'watt_1',
        webhookEventId: 'wevt_1',
        shopId: 'sh_1',
        attemptedAt: iso(now),
        statusCode: 200,
        latencyMs: 42,
        errorClass: null,
        responseExcerpt: 'ok',
      },
    })
    const failingTarget = { ...target, failing_since: iso(now - 60_000) }
    const plan = planRecords([{ delivery, target: failingTarget, outcome }], now)
    expect(plan).toMatchObject({ delivered: ['wevt_1'], recovered: ['wh_1'], released: [], records: [] })
    expect(plan.attempts).toHaveLength(1)
    expect(reportOf(delivery, outcome, now + 42)).toEqual({ result: 'success', lagMs: 1_542 })
  })

  it('retryable failure: retried after the schedule’s delay (or a longer Retry-After), the endpoint marked failing', () => {
    const outcome = sent(answer({ statusCode: 500, errorClass: 'HTTP_STATUS', error: 'HTTP 500.' }))
    expect(outcome).toMatchObject({
      kind: 'retry',
      nextAttemptAt: iso(now + 42 + retryDelaysMs[0]),
      lastError: 'HTTP 500.',
    })
    const throttled = sent(answer({ statusCode: 429, error: 'HTTP 429.', retryAfterMs: 60_000 }))
    expect(throttled).toMatchObject({ kind: 'retry', nextAttemptAt: iso(now + 42 + 60_000) })

    const { records, attempts } = planRecords([{ delivery, target, outcome }], now)
    expect(attempts).toHaveLength(1)
    expect(records).toEqual([
      {
        deliveryId: 'wevt_1',
        change: {
          state: 'RETRYING',
          nextAttemptAt: iso(now + 42 + retryDelaysMs[0]),
          lastError: 'HTTP 500.',
          attempted: true,
        },
        markFailing: { configurationId: 'wh_1', since: iso(now) },
        disable: {
          configurationId: 'wh_1',
          shopId: 'sh_1',
          reason: 'Deliveries failed continuously for 5 days.',
          failingSinceAtMost: iso(now - disableAfterFailingMs),
          gone: false,
        },
      },
    ])
    expect(reportOf(delivery, outcome, now)).toEqual({ result: 'failure' })
  })

  it('permanent failure: the retries ran out — failed for good', () => {
    const last = { ...delivery, attempt_count: maxAttempts - 1 }
    const outcome = sent(answer({ errorClass: 'TIMEOUT', error: 'No complete answer within 5000 ms.' }), last)
    expect(outcome).toMatchObject({
      kind: 'failed',
      lastError: 'No complete answer within 5000 ms. Every retry failed.',
    })
    expect(planRecords([{ delivery: last, target, outcome }], now).records[0]?.change).toEqual({
      state: 'FAILED',
      nextAttemptAt: null,
      lastError: 'No complete answer within 5000 ms. Every retry failed.',
      attempted: true,
    })
    expect(reportOf(last, outcome, now)).toEqual({ result: 'permanent' })
    // A replay starts a new schedule: the same attempt count is then only its first failure.
    expect(sent(answer({ statusCode: 500 }), { ...last, schedule_base_attempt: maxAttempts - 1 }).kind).toBe('retry')
  })

  it('permanent failure: a 410 fails it and disables the configuration; later sends to it fail unsent', () => {
    const outcome = sent(answer({ statusCode: 410, errorClass: 'HTTP_STATUS', error: 'HTTP 410.' }))
    expect(outcome).toMatchObject({ kind: 'gone', lastError: 'HTTP 410.' })
    expect(planRecords([{ delivery, target, outcome }], now).records).toEqual([
      {
        deliveryId: 'wevt_1',
        change: { state: 'FAILED', nextAttemptAt: null, lastError: 'HTTP 410.', attempted: true },
        disable: { configurationId: 'wh_1', shopId: 'sh_1', reason: 'The endpoint answered 410 Gone.', gone: true },
      },
    ])
    expect(decideBeforeSend(queued(), now, now + 1)).toEqual({
      kind: 'failed',
      lastError: 'The endpoint answered 410 Gone; the configuration is disabled.',
    })
    // Once the remembered 410 has run out, the (re-enabled) configuration is sent to again.
    expect(decideBeforeSend(queued(), now, now).kind).toBe('send')
  })

  it('disabled configuration: fails unsent, without an attempt or a mark on the endpoint', () => {
    for (const item of [queued({ target: { ...target, enabled: 0 } }), queued({ target: undefined })]) {
      const outcome = decideBeforeSend(item, now, undefined)
      expect(outcome).toEqual({ kind: 'failed', lastError: 'The webhook configuration is disabled or was deleted.' })
      const plan = planRecords([{ delivery, target: item.target, outcome: outcome as Outcome }], now)
      expect(plan.attempts).toEqual([])
      expect(plan.records).toEqual([
        {
          deliveryId: 'wevt_1',
          change: {
            state: 'FAILED',
            nextAttemptAt: null,
            lastError: 'The webhook configuration is disabled or was deleted.',
            attempted: false,
          },
        },
      ])
    }
  })

  it('no signing key: postponed by the longest Retry-After, not counted as an attempt', () => {
    const outcome = decideBeforeSend(queued({ key: undefined }), now, undefined)
    expect(outcome).toEqual({
      kind: 'postponed',
      nextAttemptAt: iso(now + maxRetryAfterMs),
      lastError: 'No signing key is available for shop sh_1.',
    })
    expect(planRecords([{ delivery, target, outcome: outcome as Outcome }], now).records[0]?.change).toEqual({
      nextAttemptAt: iso(now + maxRetryAfterMs),
      lastError: 'No signing key is available for shop sh_1.',
      attempted: false,
    })
  })

  it('lease lost: a delivery whose lease could end mid-attempt, or whose attempt was abandoned, is given back', () => {
    expect(decideBeforeSend(queued({ leaseEnd: now + attemptBudgetMs - 1 }), now, undefined)).toEqual({
      kind: 'released',
    })
    expect(decideBeforeSend(queued({ leaseEnd: now + attemptBudgetMs }), now, undefined).kind).toBe('send')
    const abandoned = sent(answer({ aborted: true, error: 'The worker stopped during the attempt.' }))
    expect(abandoned).toEqual({ kind: 'released' })
    const plan = planRecords([{ delivery, target, outcome: abandoned }], now)
    expect(plan).toEqual({ attempts: [], delivered: [], recovered: [], released: ['wevt_1'], records: [] })
    expect(reportOf(delivery, abandoned, now)).toBeUndefined()
  })

  it('counts attempts, deliveries and permanent failures of a batch', () => {
    const batch: Completion[] = [
      { delivery, target, outcome: sent(answer({ delivered: true, statusCode: 204 })) },
      { delivery, target, outcome: sent(answer({ statusCode: 500 })) },
      { delivery, target, outcome: sent(answer({ statusCode: 410 })) },
      { delivery, target, outcome: { kind: 'failed', lastError: 'disabled' } },
      { delivery, target, outcome: { kind: 'released' } },
    ]
    const summary: RunSummary = { attempts: 0, delivered: 0, failed: 0 }
    for (const { outcome } of batch) tally(summary, outcome)
    expect(summary).toEqual({ attempts: 3, delivered: 1, failed: 2 })
  })
})
