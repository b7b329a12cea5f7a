// The delivery worker: delivering, retrying on the schedule, giving up, disabling, and pruning the log.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  disableAfterFailingMs,
  maxAttempts,
  maxRetryAfterMs,
  retryDelaysMs,
  retryJitter,
} from '../webhooks/delivery-policy.js'
import { type DeliveryFixture, useDeliveryFixture } from './testing/delivery-fixture.js'
import { acknowledge, startReceiver, type TestReceiver } from './testing/test-receiver.js'

const hour = 3_600_000

describe('the delivery worker', () => {
  const current = useDeliveryFixture()
  let fixture: DeliveryFixture
  let receiver: TestReceiver

  beforeEach(async () => {
    fixture = current()
    receiver = await startReceiver()
  })
  afterEach(async () => {
    await receiver.close()
  })

  it('delivers the stored envelope once and records a successful attempt', async () => {
    const configurationId = await fixture.addConfiguration({ url: `${receiver.origin}/hooks` })
    const { deliveryIds } = await fixture.record({ type: 'DONATION', data: { id: 'don_1' } })
    const summary = await fixture.worker().runOnce()

    expect(summary).toEqual({ attempts: 1, delivered: 1, failed: 0 })
    expect(receiver.requests.map((r) => [r.method, r.url])).toEqual([['POST', '/hooks']])
    const envelope = JSON.parse(receiver.requests[0]!.body)
    expect(envelope).toMatchObject({
      testMode: false,
      id: deliveryIds[0],
      webhookId: configurationId,
      shopId: fixture.shopId,
      type: 'DONATION',
      apiVersion: 'V1',
      data: { id: 'don_1' },
    })
    expect(Object.keys(envelope)).toEqual([
      'testMode',
      'id',
      'webhookId',
      'shopId',
      'type',
      'apiVersion',
      'createdAt',
      'data',
    ])
    const delivery = await fixture.delivery(deliveryIds[0]!)
    expect(delivery).toMatchObject({ state: 'DELIVERED', attempt_count: 1, next_attempt_at: null, lease_owner: null })
    expect(await fixture.attempts(deliveryIds[0]!)).toEqual([
      expect.objectContaining({ status_code: 200, error_class: null, response_excerpt: '{"received":true}' }),
    ])
    expect(await fixture.worker().runOnce()).toEqual({ attempts: 0, delivered: 0, failed: 0 })
  })

  it('retries on the schedule (±10% jitter) until the receiver succeeds; webhook-id stays, timestamp changes', async () => {
    let calls = 0
    receiver.respond((request, response) => {
      calls++
      if (calls <= 7) response.writeHead(500).end('boom')
      else acknowledge(request, response)
    })
    await fixture.addConfiguration({ url: `${receiver.origin}/hooks` })
    const start = fixture.clock.now()
    const { deliveryIds } = await fixture.record({ type: 'DONATION' })
    const id = deliveryIds[0]!
    const worker = fixture.worker()

    const attemptTimes: number[] = []
    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      attemptTimes.push(fixture.clock.now())
      const summary = await worker.runOnce()
      expect(summary.attempts).toBe(1)
      const delivery = await fixture.delivery(id)
      if (attempt < maxAttempts) {
        expect(delivery.state).toBe('RETRYING')
        const next = Date.parse(delivery.next_attempt_at!)
        const base = retryDelaysMs[attempt - 1]!
        expect(next - fixture.clock.now()).toBeGreaterThanOrEqual(Math.floor(base * (1 - retryJitter)))
        expect(next - fixture.clock.now()).toBeLessThanOrEqual(Math.ceil(base * (1 + retryJitter)))
        // Nothing happens before the next attempt is due.
        await fixture.clock.advance(next - fixture.clock.now() - 1)
        expect((await worker.runOnce()).attempts).toBe(0)
        await fixture.clock.advance(1)
      } else {
        expect(delivery).toMatchObject({ state: 'DELIVERED', attempt_count: maxAttempts, next_attempt_at: null })
      }
    }
    // Svix's schedule: the eighth attempt lands at about 27 h 35 m.
    const total = attemptTimes.at(-1)! - start
    const nominal = retryDelaysMs.reduce((a, b) => a + b, 0)
    expect(Math.abs(total - nominal)).toBeLessThanOrEqual(nominal * retryJitter)
    expect(receiver.requests).toHaveLength(maxAttempts)
    expect(new Set(receiver.requests.map((r) => r.headers['webhook-id']))).toEqual(new Set([id]))
    const timestamps = receiver.requests.map((r) => Number(r.headers['webhook-timestamp']))
    expect(timestamps).toEqual(attemptTimes.map((t) => Math.floor(t / 1000)))
    expect(new Set(timestamps).size).toBe(maxAttempts)
    expect(new Set(receiver.requests.map((r) => r.body)).size).toBe(1)
    const attempts = await fixture.attempts(id)
    expect(attempts.map((a) => a.status_code)).toEqual([500, 500, 500, 500, 500, 500, 500, 200])
    expect(attempts.map((a) => a.error_class)).toEqual([...Array(7).fill('HTTP_STATUS'), null])
  })

  it('fails the delivery once every retry has failed', async () => {
    receiver.respond((_request, response) => response.writeHead(503).end())
    await fixture.addConfiguration({ url: `${receiver.origin}/hooks` })
    const { deliveryIds } = await fixture.record({ type: 'DONATION' })
    const worker = fixture.worker({ random: () => 0.5 })
    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      await worker.runOnce()
      const delivery = await fixture.delivery(deliveryIds[0]!)
      if (delivery.next_attempt_at)
        await fixture.clock.advance(Date.parse(delivery.next_attempt_at) - fixture.clock.now())
    }
    expect(await fixture.delivery(deliveryIds[0]!)).toMatchObject({
      state: 'FAILED',
      attempt_count: maxAttempts,
      next_attempt_at: null,
    })
    expect(receiver.requests).toHaveLength(maxAttempts)
  })

  it('disables a configuration that has failed continuously for 5 days, and a success resets the clock', async () => {
    let healthy = false
    receiver.respond((request, response) => (healthy ? acknowledge(request, response) : response.writeHead(500).end()))
    const configurationId = await fixture.addConfiguration({ url: `${receiver.origin}/hooks` })
    const worker = fixture.worker()
    const step = async (hours: number) => {
      await fixture.record({ type: 'DONATION' })
      await worker.runOnce()
      await fixture.clock.advance(hours * hour)
      await worker.runOnce()
    }
    // Three days of failures, then one success: the failing clock starts again.
    for (let i = 0; i < 12; i++) await step(6)
    expect((await fixture.configuration(configurationId)).failing_since).not.toBeNull()
    healthy = true
    await step(0)
    expect((await fixture.configuration(configurationId)).failing_since).toBeNull()
    healthy = false
    const failingFrom = fixture.clock.now()
    // Just under 5 days of failures: still enabled.
    while (fixture.clock.now() + 6 * hour < failingFrom + disableAfterFailingMs) await step(6)
    expect(await fixture.configuration(configurationId)).toMatchObject({ enabled: 1 })
    // Past 5 days: disabled, and what was queued for it is failed, not sent.
    for (let i = 0; i < 2; i++) await step(6)
    const configuration = await fixture.configuration(configurationId)
    expect(configuration.enabled).toBe(0)
    expect(configuration.disabled_reason).toMatch(/5 days/)
    const queued = await fixture.database.db
      .selectFrom('webhook_events')
      .select('id')
      .where('configuration_id', '=', configurationId)
      .where('state', 'in', ['PENDING', 'RETRYING'])
      .execute()
    expect(queued).toEqual([])
    const sent = receiver.requests.length
    expect((await fixture.record({ type: 'DONATION' })).deliveryIds).toEqual([])
    await fixture.clock.advance(24 * hour)
    await worker.runOnce()
    expect(receiver.requests).toHaveLength(sent)
  })

  it('keeps the delivery log 30 days: older deliveries, their attempts and outbox events are pruned', async () => {
    const configurationId = await fixture.addConfiguration({ url: `${receiver.origin}/hooks` })
    const worker = fixture.worker()
    const old = await fixture.record({ type: 'DONATION', data: { id: 'don_old' } })
    await worker.runOnce()
    // 29 days later a second event; the first is still kept.
    await fixture.clock.advance(29 * 24 * hour)
    const recent = await fixture.record({ type: 'DONATION', data: { id: 'don_recent' } })
    await worker.runOnce()
    expect(await fixture.delivery(old.deliveryIds[0]!)).toMatchObject({ state: 'DELIVERED' })

    // Past 30 days for the first (the worker prunes about once an hour).
    await fixture.clock.advance(2 * 24 * hour)
    await worker.runOnce()
    const db = fixture.database.db
    await expect(fixture.delivery(old.deliveryIds[0]!)).rejects.toThrow(/no result/)
    expect(await fixture.attempts(old.deliveryIds[0]!)).toEqual([])
    const eventsLeft = await db.selectFrom('events').select('data').execute()
    expect(eventsLeft.map((e) => JSON.parse(String(e.data)).id)).toEqual(['don_recent'])
    // The recent delivery and its attempt stay, readable in the log.
    expect(await fixture.delivery(recent.deliveryIds[0]!)).toMatchObject({
      state: 'DELIVERED',
      configuration_id: configurationId,
    })
    expect(await fixture.attempts(recent.deliveryIds[0]!)).toHaveLength(1)
  })

  it('disables the configuration at once on 410 Gone and fails its queued deliveries', async () => {
    receiver.respond((_request, response) => response.writeHead(410).end('gone'))
    const configurationId = await fixture.addConfiguration({ url: `${receiver.origin}/hooks` })
    const first = await fixture.record({ type: 'DONATION' })
    await fixture.clock.advance(1)
    const second = await fixture.record({ type: 'DONATION' })
    await fixture.worker({ perEndpoint: 1, concurrency: 1 }).runOnce()

    expect(receiver.requests).toHaveLength(1)
    expect(await fixture.configuration(configurationId)).toMatchObject({
      enabled: 0,
      disabled_reason: expect.stringMatching(/410/),
    })
    expect(await fixture.delivery(first.deliveryIds[0]!)).toMatchObject({ state: 'FAILED', attempt_count: 1 })
    expect(await fixture.delivery(second.deliveryIds[0]!)).toMatchObject({ state: 'FAILED', attempt_count: 0 })
  })

  it.each([
    ['503', '120', 120_000],
    ['429', '7200', maxRetryAfterMs],
  ])('honours Retry-After on %s (%s s), capped at 1 h', async (status, retryAfter, expected) => {
    receiver.respond((_request, response) => response.writeHead(Number(status), { 'retry-after': retryAfter }).end())
    await fixture.addConfiguration({ url: `${receiver.origin}/hooks` })
    const { deliveryIds } = await fixture.record({ type: 'DONATION' })
    await fixture.worker().runOnce()
    const delivery = await fixture.delivery(deliveryIds[0]!)
    expect(delivery.state).toBe('RETRYING')
    expect(Date.parse(delivery.next_attempt_at!) - fixture.clock.now()).toBe(expected)
  })

  it('accepts Retry-After as an HTTP date', async () => {
    const retryAt = new Date(fixture.clock.now() + 600_000).toUTCString()
    receiver.respond((_request, response) => response.writeHead(503, { 'retry-after': retryAt }).end())
    await fixture.addConfiguration({ url: `${receiver.origin}/hooks` })
    const { deliveryIds } = await fixture.record({ type: 'DONATION' })
    await fixture.worker().runOnce()
    const delivery = await fixture.delivery(deliveryIds[0]!)
    expect(Date.parse(delivery.next_attempt_at!) - fixture.clock.now()).toBe(600_000)
  })

  it('does not follow redirects: a 3xx is a failed attempt of class REDIRECT', async () => {
    const target = await startReceiver()
    receiver.respond((_request, response) => response.writeHead(302, { location: `${target.origin}/elsewhere` }).end())
    await fixture.addConfiguration({ url: `${receiver.origin}/hooks` })
    const { deliveryIds } = await fixture.record({ type: 'DONATION' })
    await fixture.worker().runOnce()
    expect(target.connections).toBe(0)
    expect(await fixture.attempts(deliveryIds[0]!)).toEqual([
      expect.objectContaining({ status_code: 302, error_class: 'REDIRECT' }),
    ])
    expect((await fixture.delivery(deliveryIds[0]!)).state).toBe('RETRYING')
    await target.close()
  })
})
