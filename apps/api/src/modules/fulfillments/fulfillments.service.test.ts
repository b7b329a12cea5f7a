import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { isoTime } from '../../clock.js'
import type { Db } from '../../db/database.js'
import type { VariantsTable } from '../../db/schema.js'
import { DomainError } from '../../errors/domain-error.js'
import { createTestPlatform, type TestPlatform } from '../../testing/test-platform.js'
import { refuseInserts } from '../gifting/testing/refuse-inserts.js'
import { insertOrder, pickVariants } from './testing/order-factory.js'
import { eventCount, expectEventConforms, recordedEvents } from './testing/recorded-events.js'

/**
 * The service methods the admin and the CLI use: the tracker simulation, cancel and complete.
 * (`POST /fulfillments` itself is covered through HTTP in fulfillments.routes.test.ts and fulfillments.refusals.test.ts.)
 */
let platform: TestPlatform
let db: Db
let a: VariantsTable
let b: VariantsTable

beforeAll(async () => {
  platform = await createTestPlatform()
  db = platform.app.platform.services.db
  ;[a, b] = (await pickVariants(db, platform.demo.id, 2)) as [VariantsTable, VariantsTable]
})
afterAll(() => platform.close())
beforeEach(() => platform.clock.advance(10_000))

const service = () => platform.app.platform.services.fulfillments

let labels = 0
async function orderWithFulfilment(lines: [VariantsTable, number][], fulfil: [VariantsTable, number][]) {
  const { order } = await insertOrder(
    db,
    platform.demo.id,
    lines.map(([variant, quantity]) => ({ variant, quantity })),
    { now: platform.clock.now() - 60_000 },
  )
  labels += 1
  const { fulfillmentId } = await service().createFulfillment(platform.demo.id, {
    orderId: order.id,
    items: fulfil.map(([variant, quantity]) => ({ variantId: variant.id, quantity })),
    shippingLabel: { trackingNumber: `TRK${labels}`, trackingCompany: 'DHL' },
  })
  // What follows happens later, so events and history read in order.
  await platform.clock.advance(1_000)
  return { order, fulfillmentId }
}

async function rejection(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  if (!(error instanceof DomainError)) throw new Error(`expected a DomainError, got ${String(error)}`)
  return error
}

async function orderEventsOf(orderId: string) {
  return (await recordedEvents(db, platform.demo.id, 'ORDER_UPDATED')).filter(
    (e) => (e.data.order as { id: string }).id === orderId,
  )
}

describe('advanceTracker (the tracker simulation)', () => {
  it('moves the tracker to the next state and the order with it, recording ORDER_UPDATED', async () => {
    const { order, fulfillmentId } = await orderWithFulfilment([[a, 1]], [[a, 1]])
    await platform.clock.advance(1_000)
    const at = isoTime(platform.clock.now())
    const moved = await service().advanceTracker(fulfillmentId)
    expect(moved).toMatchObject({
      previousTrackerState: 'LABEL_CREATED',
      previousOrderStatus: 'IN_PRODUCTION',
      orderStatusChanged: true,
      fulfillment: {
        id: fulfillmentId,
        tracker: { state: 'IN_TRANSIT', inTransitAt: at, deliveredAt: null },
        updatedAt: at,
      },
      order: { id: order.id, status: 'SHIPPED', updatedAt: at },
    })
    const read = await platform.call('getOrder', { params: { orderId: order.id } })
    expect(read.body).toEqual(moved.order)
    const events = await orderEventsOf(order.id)
    expect(events.map((e) => e.data)).toEqual([
      expect.objectContaining({ order: expect.objectContaining({ status: 'IN_PRODUCTION' }) }),
      { order: read.body, update: { type: 'STATUS' } },
    ])
    expectEventConforms(platform.contract, events[1]!)
    await platform.clock.advance(1_000)
    const delivered = await service().advanceTracker(fulfillmentId)
    expect(delivered.fulfillment.tracker).toEqual({
      state: 'DELIVERED',
      inTransitAt: at,
      deliveredAt: isoTime(platform.clock.now()),
    })
    expect(delivered.order.status).toBe('DELIVERED')
  })

  it('jumps to a given later state (a parcel scanned only on delivery)', async () => {
    const { order, fulfillmentId } = await orderWithFulfilment([[a, 1]], [[a, 1]])
    const moved = await service().advanceTracker(fulfillmentId, 'DELIVERED')
    expect(moved.previousTrackerState).toBe('LABEL_CREATED')
    expect(moved.fulfillment.tracker).toMatchObject({ state: 'DELIVERED', inTransitAt: null })
    expect(moved.order.status).toBe('DELIVERED')
    expect((await orderEventsOf(order.id)).map((e) => (e.data.order as { status: string }).status)).toEqual([
      'IN_PRODUCTION',
      'DELIVERED',
    ])
  })

  it('moves a tracker without an order event when the shipments call for the status the order has', async () => {
    const { order, fulfillmentId } = await orderWithFulfilment(
      [
        [a, 1],
        [b, 2],
      ],
      [[a, 1]],
    )
    expect((await service().advanceTracker(fulfillmentId)).order.status).toBe('PARTIALLY_SHIPPED')
    const second = await service().createFulfillment(platform.demo.id, {
      orderId: order.id,
      items: [{ variantId: b.id, quantity: 1 }],
      shippingLabel: { trackingNumber: 'SAME1', trackingCompany: 'DHL' },
    })
    const events = await eventCount(db)
    const moved = await service().advanceTracker(second.fulfillmentId)
    expect(moved).toMatchObject({
      previousTrackerState: 'LABEL_CREATED',
      fulfillment: { tracker: { state: 'IN_TRANSIT' } },
      previousOrderStatus: 'PARTIALLY_SHIPPED',
      orderStatusChanged: false,
      order: { status: 'PARTIALLY_SHIPPED' },
    })
    expect(await eventCount(db)).toBe(events)
  })

  it('never moves backwards, nor past DELIVERED (409 FULFILLMENT_TRACKER_TRANSITION_NOT_ALLOWED)', async () => {
    const { fulfillmentId } = await orderWithFulfilment([[a, 1]], [[a, 1]])
    await service().advanceTracker(fulfillmentId, 'IN_TRANSIT')
    for (const to of ['LABEL_CREATED', 'IN_TRANSIT'] as const) {
      const error = await rejection(service().advanceTracker(fulfillmentId, to))
      expect(error.code).toBe('FULFILLMENT_TRACKER_TRANSITION_NOT_ALLOWED')
      expect(error.status).toBe(409)
      expect(error.details).toEqual({ fulfillmentId, state: 'IN_TRANSIT', requestedState: to })
    }
    await service().advanceTracker(fulfillmentId)
    const error = await rejection(service().advanceTracker(fulfillmentId))
    expect(error.message).toBe(
      `The tracker of fulfilment ${fulfillmentId} is DELIVERED already; it cannot advance further.`,
    )
  })

  it('answers 404 FULFILLMENT_NOT_FOUND for an unknown fulfilment and for another shop’s when scoped', async () => {
    expect((await rejection(service().advanceTracker('ful_unknown'))).code).toBe('FULFILLMENT_NOT_FOUND')
    const { fulfillmentId } = await orderWithFulfilment([[a, 1]], [[a, 1]])
    const error = await rejection(service().advanceTracker(fulfillmentId, undefined, { shopId: platform.other.id }))
    expect(error.status).toBe(404)
    expect((await service().getFulfillment(fulfillmentId)).tracker.state).toBe('LABEL_CREATED')
    expect((await service().advanceTracker(fulfillmentId, undefined, { shopId: platform.demo.id })).order.status).toBe(
      'SHIPPED',
    )
  })

  it('leaves the tracker and the order as they were when the event cannot be recorded', async () => {
    const { order, fulfillmentId } = await orderWithFulfilment([[a, 1]], [[a, 1]])
    const restore = await refuseInserts(platform.app.platform.database, 'events')
    try {
      await expect(service().advanceTracker(fulfillmentId)).rejects.toThrow(/forced failure/)
    } finally {
      await restore()
    }
    expect((await service().getFulfillment(fulfillmentId)).tracker.state).toBe('LABEL_CREATED')
    const read = await platform.call('getOrder', { params: { orderId: order.id } })
    expect(read.body.status).toBe('IN_PRODUCTION')
  })

  it('serializes concurrent moves of one order’s trackers: the order ends DELIVERED, each status once', async () => {
    const { order } = await insertOrder(
      db,
      platform.demo.id,
      [
        { variant: a, quantity: 1 },
        { variant: b, quantity: 1 },
      ],
      { now: platform.clock.now() },
    )
    const ids: string[] = []
    for (const [variant, n] of [
      [a, 1],
      [b, 2],
    ] as const) {
      ids.push(
        (
          await service().createFulfillment(platform.demo.id, {
            orderId: order.id,
            items: [{ variantId: variant.id, quantity: 1 }],
            shippingLabel: { trackingNumber: `RACE${n}`, trackingCompany: 'DHL' },
          })
        ).fulfillmentId,
      )
    }
    await Promise.all(ids.map((id) => service().advanceTracker(id, 'DELIVERED')))
    expect((await platform.call('getOrder', { params: { orderId: order.id } })).body.status).toBe('DELIVERED')
    // Same clock instant: compare as sets. Each status once — the second move saw the first's tracker.
    const statuses = (await orderEventsOf(order.id)).map((e) => (e.data.order as { status: string }).status)
    expect(statuses.sort()).toEqual(['DELIVERED', 'IN_PRODUCTION', 'PARTIALLY_DELIVERED', 'PARTIALLY_IN_PRODUCTION'])
  })
})

describe('cancelOrder', () => {
  it('cancels an order nothing of which is fulfilled: CANCELLED, its history and ORDER_UPDATED', async () => {
    const { order } = await insertOrder(db, platform.demo.id, [{ variant: a, quantity: 1 }])
    const at = isoTime(platform.clock.now())
    const cancelled = await service().cancelOrder(platform.demo.id, order.id, 'Customer asked to cancel')
    expect(cancelled).toMatchObject({ id: order.id, status: 'CANCELLED', updatedAt: at })
    expect((await platform.call('getOrder', { params: { orderId: order.id } })).body).toEqual(cancelled)
    const last = await db
      .selectFrom('order_status_changes')
      .select(['status', 'reason', 'created_at'])
      .where('order_id', '=', order.id)
      .where('status', '=', 'CANCELLED')
      .execute()
    expect(last).toEqual([{ status: 'CANCELLED', reason: 'Customer asked to cancel', created_at: at }])
    const events = await orderEventsOf(order.id)
    expect(events.map((e) => e.data)).toEqual([{ order: cancelled, update: { type: 'STATUS' } }])
    expectEventConforms(platform.contract, events[0]!)
  })

  it('refuses an order with a fulfilment, a cancelled one and a shipped one (409), changing nothing', async () => {
    const { order: fulfilled } = await orderWithFulfilment(
      [
        [a, 1],
        [b, 1],
      ],
      [[a, 1]],
    )
    const partly = await rejection(service().cancelOrder(platform.demo.id, fulfilled.id))
    expect(partly).toMatchObject({
      code: 'ORDER_NOT_CANCELLABLE',
      status: 409,
      message: `Order ${fulfilled.id} cannot be cancelled: part of it is fulfilled.`,
      details: { orderId: fulfilled.id, status: 'PARTIALLY_IN_PRODUCTION' },
    })
    const { order: cancelled } = await insertOrder(db, platform.demo.id, [{ variant: a, quantity: 1 }], {
      status: 'CANCELLED',
    })
    expect((await rejection(service().cancelOrder(platform.demo.id, cancelled.id))).code).toBe(
      'ORDER_ALREADY_CANCELLED',
    )
    const { order: shipped } = await insertOrder(db, platform.demo.id, [{ variant: a, quantity: 1 }], {
      status: 'SHIPPED',
    })
    const error = await rejection(service().cancelOrder(platform.demo.id, shipped.id))
    expect(error.code).toBe('ORDER_NOT_CANCELLABLE')
    expect(error.message).toBe(`Order ${shipped.id} cannot be cancelled: it is SHIPPED.`)
    expect((await platform.call('getOrder', { params: { orderId: shipped.id } })).body.status).toBe('SHIPPED')
  })

  it('answers 404 ORDER_NOT_FOUND for another shop’s order', async () => {
    const { order } = await insertOrder(db, platform.demo.id, [{ variant: a, quantity: 1 }])
    const error = await rejection(service().cancelOrder(platform.other.id, order.id))
    expect(error).toMatchObject({ code: 'ORDER_NOT_FOUND', status: 404 })
    expect((await platform.call('getOrder', { params: { orderId: order.id } })).body.status).toBe('CONFIRMED')
  })

  it('makes a later fulfilment of the cancelled order fail with 409 FULFILLMENT_ORDER_CANCELLED', async () => {
    const { order } = await insertOrder(db, platform.demo.id, [{ variant: a, quantity: 1 }])
    await service().cancelOrder(platform.demo.id, order.id)
    const result = await platform.call('createFulfillment', {
      body: {
        orderId: order.id,
        items: [{ variantId: a.id, quantity: 1 }],
        shippingLabel: { trackingNumber: 'LATE1', trackingCompany: 'UPS' },
      },
    })
    expect(result.status).toBe(409)
    expect(result.body.code).toBe('FULFILLMENT_ORDER_CANCELLED')
  })
})

describe('completeOrder', () => {
  it('completes a DELIVERED order and refuses any other status (409 ORDER_STATUS_TRANSITION_NOT_ALLOWED)', async () => {
    const { order, fulfillmentId } = await orderWithFulfilment([[a, 1]], [[a, 1]])
    const early = await rejection(service().completeOrder(platform.demo.id, order.id))
    expect(early).toMatchObject({
      code: 'ORDER_STATUS_TRANSITION_NOT_ALLOWED',
      status: 409,
      details: { orderId: order.id, status: 'IN_PRODUCTION', requestedStatus: 'COMPLETED' },
    })
    await service().advanceTracker(fulfillmentId, 'DELIVERED')
    const completed = await service().completeOrder(platform.demo.id, order.id)
    expect(completed.status).toBe('COMPLETED')
    expect((await rejection(service().completeOrder(platform.demo.id, order.id))).code).toBe(
      'ORDER_STATUS_TRANSITION_NOT_ALLOWED',
    )
    expect((await rejection(service().completeOrder(platform.other.id, order.id))).code).toBe('ORDER_NOT_FOUND')
  })
})

describe('orders whose status is ahead of their fulfilments', () => {
  it('keeps a seeded SHIPPED order SHIPPED when it gets its first fulfilment (never backwards)', async () => {
    const { order } = await insertOrder(db, platform.demo.id, [{ variant: a, quantity: 2 }], { status: 'SHIPPED' })
    const events = await eventCount(db)
    const { fulfillmentId } = await service().createFulfillment(platform.demo.id, {
      orderId: order.id,
      items: [{ variantId: a.id, quantity: 1 }],
      shippingLabel: { trackingNumber: 'OLD1', trackingCompany: 'UPS' },
    })
    expect((await platform.call('getOrder', { params: { orderId: order.id } })).body.status).toBe('SHIPPED')
    const moved = await service().advanceTracker(fulfillmentId, 'DELIVERED')
    expect(moved.order.status).toBe('PARTIALLY_DELIVERED')
    expect(await eventCount(db)).toBe(events + 1)
  })
})
