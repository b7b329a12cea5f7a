// The delivery worker in order and in parallel: fan-out, FIFO per endpoint, bounded concurrency,
// graceful stop, one sender per delivery, and the outbox only after the domain write commits.
import type { ServerResponse } from 'node:http'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { recordEvent } from '../events/event-outbox.js'
import { perEndpointConcurrency } from '../webhooks/delivery-policy.js'
import { type DeliveryFixture, useDeliveryFixture } from './testing/delivery-fixture.js'
import { envelopeOf, startReceiver, type TestReceiver, until } from './testing/test-receiver.js'

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
