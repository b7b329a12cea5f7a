// Fulfilling orders (POST /fulfillments): the order's status, history and events, one transaction, races.
import { describe, expect, it } from 'vitest'
import { isoTime } from '../../clock.js'
import type { CallResult } from '../../testing/test-platform.js'
import { refuseInserts } from '../gifting/testing/refuse-inserts.js'
import {
  a,
  b,
  c,
  db,
  fulfil,
  fulfillments,
  label,
  newOrder,
  orderEvents,
  orderStatus,
  platform,
  setUpFulfilmentCalls,
  statusHistory,
} from './testing/fulfilment-calls.js'
import { eventCount, expectEventConforms } from './testing/recorded-events.js'

setUpFulfilmentCalls()

describe('POST /fulfillments', () => {
  it('fulfils part of an order: 201 ful_…, the order PARTIALLY_IN_PRODUCTION, its history and ORDER_UPDATED', async () => {
    const order = await newOrder([
      [a, 2],
      [b, 1],
    ])
    const shippingLabel = { trackingNumber: '1Z999AA10123456784', trackingCompany: 'UPS' }
    const at = isoTime(platform.clock.now())
    const created = await fulfil(order.id, [{ variantId: a.id, quantity: 1 }], shippingLabel)
    expect(created.status).toBe(201)
    expect(created.body).toEqual({ fulfillmentId: expect.stringMatching(/^ful_[A-Za-z0-9_-]{22}$/) })
    const fulfillmentId = created.body.fulfillmentId as string

    const read = await platform.call('getOrder', { params: { orderId: order.id } })
    expect(read.body.status).toBe('PARTIALLY_IN_PRODUCTION')
    expect(read.body.updatedAt).toBe(at)

    expect(await db.selectFrom('fulfillments').selectAll().where('id', '=', fulfillmentId).execute()).toEqual([
      {
        id: fulfillmentId,
        shop_id: platform.demo.id,
        order_id: order.id,
        tracking_number: '1Z999AA10123456784',
        tracking_company: 'UPS',
        tracking_key: '["UPS","1Z999AA10123456784"]',
        tracker_state: 'LABEL_CREATED',
        created_at: at,
        updated_at: at,
        in_transit_at: null,
        delivered_at: null,
      },
    ])
    expect(await fulfillments().getFulfillment(fulfillmentId)).toEqual({
      id: fulfillmentId,
      orderId: order.id,
      items: [{ variantId: a.id, quantity: 1 }],
      shippingLabel,
      tracker: { state: 'LABEL_CREATED', inTransitAt: null, deliveredAt: null },
      createdAt: at,
      updatedAt: at,
    })
    expect(await statusHistory(order.id)).toEqual([
      expect.objectContaining({ status: 'CONFIRMED' }),
      {
        status: 'PARTIALLY_IN_PRODUCTION',
        reason: `Fulfilment ${fulfillmentId} created (UPS 1Z999AA10123456784)`,
        created_at: at,
      },
    ])
    const events = await orderEvents(order.id)
    expect(events).toHaveLength(1)
    expect(events[0]?.data).toEqual({ order: read.body, update: { type: 'STATUS' } })
    expect(events[0]?.created_at).toBe(at)
    expectEventConforms(platform.contract, { ...events[0]!, data: events[0]!.data })
  })

  it('moves the order to IN_PRODUCTION when every unit is in a fulfilment, adding repeated variantIds together', async () => {
    const order = await newOrder([
      [a, 3],
      [b, 1],
    ])
    const created = await fulfil(order.id, [
      { variantId: a.id, quantity: 1 },
      { variantId: b.id, quantity: 1 },
      { variantId: a.id, quantity: 2 },
    ])
    expect(created.status).toBe(201)
    expect(await orderStatus(order.id)).toBe('IN_PRODUCTION')
    const view = await fulfillments().getFulfillment(created.body.fulfillmentId)
    expect(view.items.sort((x, y) => x.variantId.localeCompare(y.variantId))).toEqual(
      [
        { variantId: a.id, quantity: 3 },
        { variantId: b.id, quantity: 1 },
      ].sort((x, y) => x.variantId.localeCompare(y.variantId)),
    )
    expect((await orderEvents(order.id)).map((e) => (e.data.order as { status: string }).status)).toEqual([
      'IN_PRODUCTION',
    ])
  })

  it('records no event when a fulfilment leaves the status as it is', async () => {
    const order = await newOrder([
      [a, 1],
      [b, 1],
      [c, 1],
    ])
    expect((await fulfil(order.id, [{ variantId: a.id, quantity: 1 }])).status).toBe(201)
    const history = await statusHistory(order.id)
    const before = await eventCount(db)
    expect((await fulfil(order.id, [{ variantId: b.id, quantity: 1 }])).status).toBe(201)
    expect(await orderStatus(order.id)).toBe('PARTIALLY_IN_PRODUCTION')
    expect(await statusHistory(order.id)).toEqual(history)
    expect(await eventCount(db)).toBe(before)
  })

  it('walkthrough: an order fulfilled in two parts passes through every shipping status to COMPLETED', async () => {
    const order = await newOrder([
      [a, 2],
      [b, 1],
    ])
    // Each step a second later, so the history reads in order.
    const step = () => platform.clock.advance(1_000)
    const first = (await fulfil(order.id, [{ variantId: a.id, quantity: 2 }], label('UPS'))).body.fulfillmentId
    expect(await orderStatus(order.id)).toBe('PARTIALLY_IN_PRODUCTION')
    await step()
    await fulfillments().advanceTracker(first)
    expect(await orderStatus(order.id)).toBe('PARTIALLY_SHIPPED')
    await step()
    const second = (await fulfil(order.id, [{ variantId: b.id, quantity: 1 }], label('USPS'))).body.fulfillmentId
    expect(await orderStatus(order.id)).toBe('PARTIALLY_SHIPPED')
    await step()
    await fulfillments().advanceTracker(second, 'IN_TRANSIT')
    expect(await orderStatus(order.id)).toBe('SHIPPED')
    await step()
    await fulfillments().advanceTracker(first)
    expect(await orderStatus(order.id)).toBe('PARTIALLY_DELIVERED')
    await step()
    await fulfillments().advanceTracker(second)
    expect(await orderStatus(order.id)).toBe('DELIVERED')
    await step()
    await fulfillments().completeOrder(platform.demo.id, order.id)
    expect(await orderStatus(order.id)).toBe('COMPLETED')

    const passed = [
      'CONFIRMED',
      'PARTIALLY_IN_PRODUCTION',
      'PARTIALLY_SHIPPED',
      'SHIPPED',
      'PARTIALLY_DELIVERED',
      'DELIVERED',
      'COMPLETED',
    ]
    expect((await statusHistory(order.id)).map((h) => h.status)).toEqual(passed)
    const events = await orderEvents(order.id)
    expect(events.map((e) => (e.data.order as { status: string }).status)).toEqual(passed.slice(1))
    for (const event of events) {
      expect(event.data.update).toEqual({ type: 'STATUS' })
      expectEventConforms(platform.contract, event)
    }
    expect((await fulfillments().listFulfillments(platform.demo.id, order.id)).map((f) => f.tracker.state)).toEqual([
      'DELIVERED',
      'DELIVERED',
    ])
  })

  it('answers 401 without credentials', async () => {
    const order = await newOrder([[a, 1]])
    const result = await platform.call('createFulfillment', {
      body: { orderId: order.id, items: [{ variantId: a.id, quantity: 1 }], shippingLabel: label() },
      auth: 'none',
    })
    expect(result.status).toBe(401)
    expect(await orderStatus(order.id)).toBe('CONFIRMED')
  })

  it('leaves neither the fulfilment nor the status change when the event cannot be recorded (one transaction)', async () => {
    const order = await newOrder([[a, 2]])
    const history = await statusHistory(order.id)
    const before = await eventCount(db)
    const restore = await refuseInserts(platform.app.platform.database, 'events')
    let result: CallResult
    try {
      result = await fulfil(order.id, [{ variantId: a.id, quantity: 1 }])
    } finally {
      await restore()
    }
    expect(result.status).toBe(500)
    expect(result.body).toEqual({ code: 'INTERNAL_ERROR', message: expect.any(String) })
    expect(await fulfillments().listFulfillments(platform.demo.id, order.id)).toEqual([])
    expect(
      await db.selectFrom('fulfillment_items').select('order_id').where('order_id', '=', order.id).execute(),
    ).toEqual([])
    expect(await orderStatus(order.id)).toBe('CONFIRMED')
    expect(await statusHistory(order.id)).toEqual(history)
    expect(await eventCount(db)).toBe(before)
    // And the same request succeeds once events can be written.
    expect((await fulfil(order.id, [{ variantId: a.id, quantity: 1 }])).status).toBe(201)
  })

  it('lets exactly one of two fulfilments racing for the last unit of a line win', async () => {
    for (let round = 0; round < 3; round++) {
      const order = await newOrder([
        [a, 2],
        [b, 1],
      ])
      expect((await fulfil(order.id, [{ variantId: a.id, quantity: 1 }])).status).toBe(201)
      const results = await Promise.all([
        fulfil(order.id, [{ variantId: a.id, quantity: 1 }]),
        fulfil(order.id, [{ variantId: a.id, quantity: 1 }]),
      ])
      expect(results.map((r) => r.status).sort()).toEqual([201, 400])
      const loser = results.find((r) => r.status === 400) as CallResult
      expect(loser.body.code).toBe('FULFILLMENT_VARIANT_QUANTITY_TOO_HIGH')
      expect(loser.body.details).toMatchObject({ variantId: a.id, quantity: 1, fulfillable: 0 })
      const fulfilled = await db
        .selectFrom('fulfillment_items')
        .select('quantity')
        .where('order_id', '=', order.id)
        .where('variant_id', '=', a.id)
        .execute()
      expect(fulfilled.reduce((sum, r) => sum + r.quantity, 0)).toBe(2)
      expect(await orderStatus(order.id)).toBe('PARTIALLY_IN_PRODUCTION')
    }
  })

  it('lets exactly one of many concurrent fulfilments of a one-unit order win, with one status change', async () => {
    const order = await newOrder([[a, 1]])
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        fulfillments()
          .createFulfillment(platform.demo.id, {
            orderId: order.id,
            items: [{ variantId: a.id, quantity: 1 }],
            shippingLabel: label(),
          })
          .then(
            () => 'won',
            (error: { code?: string }) => error.code,
          ),
      ),
    )
    expect(results.filter((r) => r === 'won')).toHaveLength(1)
    expect(results.filter((r) => r === 'FULFILLMENT_VARIANT_QUANTITY_TOO_HIGH')).toHaveLength(7)
    expect((await statusHistory(order.id)).map((h) => h.status)).toEqual(['CONFIRMED', 'IN_PRODUCTION'])
    expect(await orderEvents(order.id)).toHaveLength(1)
  })
})
