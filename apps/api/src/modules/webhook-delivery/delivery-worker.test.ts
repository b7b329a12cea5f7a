import type { ServerResponse } from 'node:http'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { recordEvent } from '../events/event-outbox.js'
import {
  disableAfterFailingMs,
  loggedResponseBytes,
  maxAttempts,
  maxResponseBytes,
  maxRetryAfterMs,
  perEndpointConcurrency,
  responseTimeoutMs,
  retryDelaysMs,
  retryJitter,
} from '../webhooks/delivery-policy.js'
import { type DeliveryFixture, useDeliveryFixture } from './testing/delivery-fixture.js'
import { acknowledge, type ReceivedRequest, startReceiver, type TestReceiver } from './testing/test-receiver.js'

const hour = 3_600_000

function envelopeOf(request: ReceivedRequest) {
  return JSON.parse(request.body) as { id: string; webhookId: string; type: string; data: { seq?: number } }
}

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 10_000
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}

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

  it('cuts a receiver that never answers at the response timeout', async () => {
    receiver.respond(() => {})
    await fixture.addConfiguration({ url: `${receiver.origin}/hooks` })
    const { deliveryIds } = await fixture.record({ type: 'DONATION' })
    const run = fixture.worker().runOnce()
    await receiver.waitFor(1)
    await until(() => fixture.clock.pendingSleepers > 0, 'the response timer')
    await fixture.clock.advance(responseTimeoutMs - 500)
    expect(receiver.open).toBe(1)
    await fixture.clock.advance(500)
    const summary = await run
    expect(summary.attempts).toBe(1)
    expect(await fixture.attempts(deliveryIds[0]!)).toEqual([
      expect.objectContaining({ status_code: null, error_class: 'TIMEOUT' }),
    ])
    await until(() => receiver.open === 0, 'the receiver to see the connection closed')
  })

  it('cuts an answer whose body does not end within the timeout, keeping its status', async () => {
    let headersSent = false
    receiver.respond((_request, response) => {
      response.writeHead(200)
      response.write('partial', () => {
        headersSent = true
      })
    })
    await fixture.addConfiguration({ url: `${receiver.origin}/hooks` })
    const { deliveryIds } = await fixture.record({ type: 'DONATION' })
    const run = fixture.worker().runOnce()
    await until(() => headersSent, 'the status line to be sent')
    // Real time for the worker's socket to read it (the clock only cuts the attempt).
    await new Promise((resolve) => setTimeout(resolve, 50))
    await fixture.clock.advance(responseTimeoutMs)
    await run
    expect(await fixture.attempts(deliveryIds[0]!)).toEqual([
      expect.objectContaining({ status_code: 200, error_class: 'TIMEOUT' }),
    ])
  })

  it('stops reading a 100 MB answer at 64 KiB with flat memory', async () => {
    let written = 0
    const chunk = Buffer.alloc(64 * 1024, 'x')
    receiver.respond((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/plain' })
      const pump = () => {
        while (written < 100 * 1024 * 1024) {
          written += chunk.length
          if (!response.write(chunk)) return void response.once('drain', pump)
        }
        response.end()
      }
      response.on('error', () => {})
      pump()
    })
    await fixture.addConfiguration({ url: `${receiver.origin}/hooks` })
    const { deliveryIds } = await fixture.record({ type: 'DONATION' })
    global.gc?.()
    const heapBefore = process.memoryUsage().heapUsed
    await fixture.worker().runOnce()
    const heapAfter = process.memoryUsage().heapUsed

    const [attempt] = await fixture.attempts(deliveryIds[0]!)
    // A 2xx is success whatever the body; the read simply stops at the cap.
    expect(attempt).toMatchObject({ status_code: 200, error_class: null })
    expect(attempt?.response_excerpt).toHaveLength(loggedResponseBytes)
    // The receiver could only fill the socket buffers before the worker hung up.
    expect(written).toBeLessThan(16 * 1024 * 1024)
    expect(written).toBeGreaterThan(maxResponseBytes)
    expect(heapAfter - heapBefore).toBeLessThan(20 * 1024 * 1024)
  })

  it('fans out to each configuration only the types it subscribes to, FIFO per endpoint', async () => {
    const a = await fixture.addConfiguration({ url: `${receiver.origin}/a`, allowedTypes: ['ORDER_PLACED'] })
    const b = await fixture.addConfiguration({
      url: `${receiver.origin}/b`,
      allowedTypes: ['ORDER_PLACED', 'DONATION'],
    })
    const c = await fixture.addConfiguration({
      url: `${receiver.origin}/c`,
      allowedTypes: ['DONATION', 'PRODUCT_CREATED'],
    })
    const other = await fixture.addShop()
    await fixture.addConfiguration({
      url: `${receiver.origin}/other`,
      allowedTypes: ['DONATION'],
      shopId: other.shopId,
    })
    const types = ['ORDER_PLACED', 'DONATION', 'PRODUCT_CREATED', 'NEWSLETTER_SUBSCRIBED'] as const
    let seq = 0
    for (let round = 0; round < 5; round++) {
      for (const type of types) {
        await fixture.record({ type, data: { seq: seq++ } })
        await fixture.clock.advance(1)
      }
    }
    await fixture.worker({ perEndpoint: 1 }).runOnce()

    const byPath = (path: string) => receiver.requests.filter((r) => r.url === path).map(envelopeOf)
    const expectStream = (path: string, configurationId: string, subscribed: readonly string[]) => {
      const received = byPath(path)
      expect(received.every((e) => e.webhookId === configurationId)).toBe(true)
      expect(received.map((e) => e.type)).toEqual(
        Array.from({ length: 5 }, () => types.filter((t) => subscribed.includes(t))).flat(),
      )
      const seqs = received.map((e) => e.data.seq!)
      expect(seqs).toEqual([...seqs].sort((x, y) => x - y))
    }
    expectStream('/a', a, ['ORDER_PLACED'])
    expectStream('/b', b, ['ORDER_PLACED', 'DONATION'])
    expectStream('/c', c, ['DONATION', 'PRODUCT_CREATED'])
    expect(byPath('/other')).toEqual([])
    expect(receiver.requests).toHaveLength(25)
  })

  it('starts sends to one endpoint in FIFO order with several in flight', async () => {
    await fixture.addConfiguration({ url: `${receiver.origin}/hooks` })
    for (let seq = 0; seq < 40; seq++) {
      await fixture.record({ type: 'DONATION', data: { seq } })
      await fixture.clock.advance(1)
    }
    await fixture.worker().runOnce()
    const seqs = receiver.requests.map((r) => envelopeOf(r).data.seq)
    expect(seqs).toHaveLength(40)
    expect(new Set(seqs).size).toBe(40)
    // Up to four requests overlap; each starts only after every older one has started.
    const displacement = seqs.map((seq, position) => Math.abs(seq! - position))
    expect(Math.max(...displacement)).toBeLessThan(perEndpointConcurrency)
  })

  it('bounds requests in flight per endpoint so a slow receiver does not starve the others', async () => {
    const slow = await startReceiver(() => {})
    const slowId = await fixture.addConfiguration({ url: `${slow.origin}/slow`, allowedTypes: ['DONATION'] })
    const fastId = await fixture.addConfiguration({ url: `${receiver.origin}/fast`, allowedTypes: ['ORDER_PLACED'] })
    for (let i = 0; i < 20; i++) await fixture.record({ type: 'DONATION', configurationId: slowId })
    await fixture.clock.advance(1)
    for (let i = 0; i < 5; i++) await fixture.record({ type: 'ORDER_PLACED', configurationId: fastId })

    const worker = fixture.worker({ concurrency: 8 })
    worker.start()
    worker.wake()
    await receiver.waitFor(5)
    await until(() => slow.requests.length === perEndpointConcurrency, 'the slow receiver to fill up')
    expect(slow.maxOpen).toBe(perEndpointConcurrency)
    expect(receiver.requests).toHaveLength(5)
    await worker.stop()
    // Stopping abandons the hanging attempts: their leases are released, nothing is counted.
    const leased = await fixture.database.db
      .selectFrom('webhook_events')
      .select(['state', 'attempt_count', 'lease_owner'])
      .where('configuration_id', '=', slowId)
      .execute()
    expect(leased.every((d) => d.state === 'PENDING' && Number(d.attempt_count) === 0 && d.lease_owner === null)).toBe(
      true,
    )
    await slow.close()
  })

  it('stops gracefully: attempts in flight finish and are recorded, claimed ones not yet sent are given back', async () => {
    const held: ServerResponse[] = []
    const slow = await startReceiver((_request, response) => {
      held.push(response)
    })
    const configurationId = await fixture.addConfiguration({ url: `${slow.origin}/slow` })
    const { deliveryIds } = await fixture.record({ type: 'DONATION' })
    for (let i = 0; i < 5; i++) await fixture.record({ type: 'DONATION' })
    expect(deliveryIds).toHaveLength(1)

    // Two sends in flight (the worker's concurrency); the other four claimed and queued behind them.
    const worker = fixture.worker({ concurrency: 2 })
    worker.start()
    worker.wake()
    await until(() => slow.requests.length === 2, 'two attempts in flight')
    let stopped = false
    const stopping = worker.stop({ graceMs: 10_000 }).then(() => {
      stopped = true
    })
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(stopped).toBe(false)
    // Nothing new starts while the stop waits.
    expect(slow.requests).toHaveLength(2)
    for (const response of held) response.writeHead(200).end()
    await stopping

    const deliveries = await fixture.database.db
      .selectFrom('webhook_events')
      .select(['state', 'attempt_count', 'lease_owner'])
      .where('configuration_id', '=', configurationId)
      .execute()
    const states = deliveries.map((d) => `${d.state}:${Number(d.attempt_count)}:${d.lease_owner ?? '-'}`).sort()
    // The two the receiver answered are delivered (a next worker will not send them again)…
    expect(states.filter((state) => state === 'DELIVERED:1:-')).toHaveLength(2)
    // …and the four never sent are free for the next worker, unattempted.
    expect(states.filter((state) => state === 'PENDING:0:-')).toHaveLength(4)
    await slow.close()
  })

  it('never lets two workers send the same delivery', async () => {
    const configurations = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        fixture.addConfiguration({ url: `${receiver.origin}/c${i}`, allowedTypes: ['DONATION'] }),
      ),
    )
    expect(configurations).toHaveLength(4)
    for (let i = 0; i < 100; i++) await fixture.record({ type: 'DONATION', data: { seq: i } })
    const one = fixture.worker()
    const two = fixture.worker()
    const [first, second] = await Promise.all([one.runOnce(), two.runOnce()])
    expect(first.delivered + second.delivered).toBe(400)
    const ids = receiver.requests.map((r) => r.headers['webhook-id'])
    expect(ids).toHaveLength(400)
    expect(new Set(ids).size).toBe(400)
  })

  it('fails deliveries of a configuration that was disabled after they were queued, without sending', async () => {
    const configurationId = await fixture.addConfiguration({ url: `${receiver.origin}/hooks` })
    const { deliveryIds } = await fixture.record({ type: 'DONATION' })
    await fixture.database.db
      .updateTable('webhook_configurations')
      .set({ enabled: 0 })
      .where('id', '=', configurationId)
      .execute()
    await fixture.worker().runOnce()
    expect(receiver.requests).toHaveLength(0)
    expect(await fixture.delivery(deliveryIds[0]!)).toMatchObject({ state: 'FAILED', attempt_count: 0 })
  })

  it('records a connection failure when nothing listens', async () => {
    const closed = await startReceiver()
    const url = `${closed.origin}/hooks`
    await closed.close()
    await fixture.addConfiguration({ url })
    const { deliveryIds } = await fixture.record({ type: 'DONATION' })
    await fixture.worker().runOnce()
    expect(await fixture.attempts(deliveryIds[0]!)).toEqual([
      expect.objectContaining({ status_code: null, error_class: 'CONNECTION_ERROR' }),
    ])
  })

  it('never sees an event whose domain write rolled back (no orphan event)', async () => {
    await fixture.addConfiguration({ url: `${receiver.origin}/hooks` })
    const db = fixture.database.db
    const failure = new Error('injected after the domain write')
    await expect(
      db.transaction().execute(async (trx) => {
        await trx
          .insertInto('mailing_list_entries')
          .values({
            id: 'mle_rolledBack',
            shop_id: fixture.shopId,
            email: 'fan@example.com',
            created_at: '2026-11-02T12:00:00.000Z',
          })
          .execute()
        await recordEvent(
          trx,
          { shopId: fixture.shopId, type: 'DONATION', data: { email: 'fan@example.com' } },
          fixture.clock.now(),
        )
        throw failure
      }),
    ).rejects.toBe(failure)
    for (const table of ['mailing_list_entries', 'events', 'webhook_events'] as const) {
      expect(await db.selectFrom(table).select('id').execute()).toEqual([])
    }
    expect(await fixture.worker().runOnce()).toEqual({ attempts: 0, delivered: 0, failed: 0 })
    expect(receiver.connections).toBe(0)
  })

  it('is woken in process and delivers without waiting for a poll', async () => {
    await fixture.addConfiguration({ url: `${receiver.origin}/hooks` })
    const worker = fixture.worker({ idlePollMs: 3_600_000 })
    worker.start()
    // Let the first (empty) claim pass: the worker now idles for an hour unless woken.
    await new Promise((resolve) => setTimeout(resolve, 50))
    await fixture.record({ type: 'DONATION' })
    worker.wake()
    await receiver.waitFor(1)
    await worker.stop()
  })
})
