import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { isoTime } from '../../clock.js'
import type { Db } from '../../db/database.js'
import type { VariantsTable } from '../../db/schema.js'
import { type CallResult, createTestPlatform, type TestPlatform } from '../../testing/test-platform.js'
import { refuseInserts } from '../gifting/testing/refuse-inserts.js'
import { insertOrder, type OrderLineSpec, pickVariants } from './testing/order-factory.js'
import { eventCount, expectEventConforms, recordedEvents } from './testing/recorded-events.js'

let platform: TestPlatform
let db: Db
let variants: VariantsTable[]
let a: VariantsTable
let b: VariantsTable
let c: VariantsTable
let foreignVariant: VariantsTable

beforeAll(async () => {
  platform = await createTestPlatform()
  db = platform.app.platform.services.db
  variants = await pickVariants(db, platform.demo.id, 3)
  ;[a, b, c] = variants as [VariantsTable, VariantsTable, VariantsTable]
  ;[foreignVariant] = (await pickVariants(db, platform.other.id, 1)) as [VariantsTable]
})
afterAll(() => platform.close())
// Each test starts with a fresh rate-limit window: the limiter runs on the manual clock.
beforeEach(() => platform.clock.advance(10_000))

const fulfillments = () => platform.app.platform.services.fulfillments

let labels = 0
function label(company = 'UPS') {
  labels += 1
  return { trackingNumber: `1Z999AA1${String(labels).padStart(8, '0')}`, trackingCompany: company }
}

async function newOrder(lines: [VariantsTable, number][], shopId = platform.demo.id, status?: string) {
  const specs: OrderLineSpec[] = lines.map(([variant, quantity]) => ({ variant, quantity }))
  return (await insertOrder(db, shopId, specs, { status, now: platform.clock.now() - 60_000 })).order
}

function fulfil(orderId: string, items: { variantId: string; quantity: number }[], shippingLabel = label()) {
  return platform.call('createFulfillment', { body: { orderId, items, shippingLabel } })
}

async function orderStatus(orderId: string, auth = platform.asDemo) {
  const { status, body } = await platform.call('getOrder', { params: { orderId }, auth })
  expect(status).toBe(200)
  return body.status as string
}

function statusHistory(orderId: string) {
  return db
    .selectFrom('order_status_changes')
    .select(['status', 'reason', 'created_at'])
    .where('order_id', '=', orderId)
    .orderBy('created_at')
    .orderBy('id')
    .execute()
}

async function orderEvents(orderId: string) {
  const events = await recordedEvents(db, platform.demo.id, 'ORDER_UPDATED')
  return events.filter((e) => (e.data.order as { id: string }).id === orderId)
}

async function fulfilmentCount() {
  return (await db.selectFrom('fulfillments').select('id').execute()).length
}

function expectError(result: CallResult, status: number, code: string) {
  expect(result.status, JSON.stringify(result.body)).toBe(status)
  expect(result.body.code).toBe(code)
}

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

  describe('answers 400 naming the field, and creates nothing', () => {
    const cases: [string, string, (orderId: string) => unknown][] = [
      ['orderId', 'required', () => ({ items: [{ variantId: a.id, quantity: 1 }], shippingLabel: label() })],
      [
        'orderId',
        'format',
        () => ({ orderId: 'ord-1', items: [{ variantId: a.id, quantity: 1 }], shippingLabel: label() }),
      ],
      ['items', 'required', (orderId) => ({ orderId, shippingLabel: label() })],
      ['items', 'minItems', (orderId) => ({ orderId, items: [], shippingLabel: label() })],
      [
        'items',
        'maxItems',
        (orderId) => ({
          orderId,
          items: Array.from({ length: 101 }, () => ({ variantId: a.id, quantity: 1 })),
          shippingLabel: label(),
        }),
      ],
      ['items/0/variantId', 'required', (orderId) => ({ orderId, items: [{ quantity: 1 }], shippingLabel: label() })],
      [
        'items/0/variantId',
        'format',
        (orderId) => ({ orderId, items: [{ variantId: 'x', quantity: 1 }], shippingLabel: label() }),
      ],
      [
        'items/0/quantity',
        'required',
        (orderId) => ({ orderId, items: [{ variantId: a.id }], shippingLabel: label() }),
      ],
      [
        'items/0/quantity',
        'minimum',
        (orderId) => ({ orderId, items: [{ variantId: a.id, quantity: 0 }], shippingLabel: label() }),
      ],
      [
        'items/0/quantity',
        'type',
        (orderId) => ({ orderId, items: [{ variantId: a.id, quantity: 1.5 }], shippingLabel: label() }),
      ],
      [
        'items/0/quantity',
        'type',
        (orderId) => ({ orderId, items: [{ variantId: a.id, quantity: '1' }], shippingLabel: label() }),
      ],
      [
        'items/0/sku',
        'additionalProperties',
        (orderId) => ({ orderId, items: [{ variantId: a.id, quantity: 1, sku: 'X' }], shippingLabel: label() }),
      ],
      ['shippingLabel', 'required', (orderId) => ({ orderId, items: [{ variantId: a.id, quantity: 1 }] })],
      [
        'shippingLabel/trackingNumber',
        'required',
        (orderId) => ({
          orderId,
          items: [{ variantId: a.id, quantity: 1 }],
          shippingLabel: { trackingCompany: 'UPS' },
        }),
      ],
      [
        'shippingLabel/trackingNumber',
        'minLength',
        (orderId) => ({
          orderId,
          items: [{ variantId: a.id, quantity: 1 }],
          shippingLabel: { trackingNumber: '', trackingCompany: 'UPS' },
        }),
      ],
      [
        'shippingLabel/trackingNumber',
        'maxLength',
        (orderId) => ({
          orderId,
          items: [{ variantId: a.id, quantity: 1 }],
          shippingLabel: { trackingNumber: '9'.repeat(101), trackingCompany: 'UPS' },
        }),
      ],
      [
        'shippingLabel/trackingCompany',
        'minLength',
        (orderId) => ({
          orderId,
          items: [{ variantId: a.id, quantity: 1 }],
          shippingLabel: { trackingNumber: '1Z1', trackingCompany: '   ' },
        }),
      ],
      [
        'shippingLabel/trackingCompany',
        'required',
        (orderId) => ({ orderId, items: [{ variantId: a.id, quantity: 1 }], shippingLabel: { trackingNumber: '1Z1' } }),
      ],
      [
        'trackingCode',
        'additionalProperties',
        (orderId) => ({
          orderId,
          items: [{ variantId: a.id, quantity: 1 }],
          shippingLabel: label(),
          trackingCode: 'x',
        }),
      ],
    ]
    it.each(cases)('%s (%s)', async (field, rule, body) => {
      const order = await newOrder([[a, 2]])
      const before = await fulfilmentCount()
      const result = await platform.call('createFulfillment', { body: body(order.id) })
      expectError(result, 400, 'REQUEST_VALIDATION_FAILED')
      expect(result.body.details.errors).toEqual([expect.objectContaining({ location: 'body', field, rule })])
      expect(await fulfilmentCount()).toBe(before)
      expect(await orderStatus(order.id)).toBe('CONFIRMED')
    })
  })

  it('answers 400 FULFILLMENT_ORDER_INVALID_VARIANT for a variant that is not a line of the order (also another shop’s)', async () => {
    const order = await newOrder([[a, 2]])
    for (const variant of [b, foreignVariant]) {
      const result = await fulfil(order.id, [
        { variantId: a.id, quantity: 1 },
        { variantId: variant.id, quantity: 1 },
      ])
      expectError(result, 400, 'FULFILLMENT_ORDER_INVALID_VARIANT')
      expect(result.body).toEqual({
        code: 'FULFILLMENT_ORDER_INVALID_VARIANT',
        message: `Variant ${variant.id} is not a line of order ${order.id}.`,
        details: { variantId: variant.id },
      })
    }
    expect(await fulfillments().listFulfillments(platform.demo.id, order.id)).toEqual([])
    expect(await orderStatus(order.id)).toBe('CONFIRMED')
  })

  it('answers 400 FULFILLMENT_VARIANT_QUANTITY_TOO_HIGH with the fulfillable quantity, counting earlier fulfilments', async () => {
    const order = await newOrder([
      [a, 2],
      [b, 1],
    ])
    const tooMany = await fulfil(order.id, [{ variantId: a.id, quantity: 3 }])
    expect(tooMany.status).toBe(400)
    expect(tooMany.body).toEqual({
      code: 'FULFILLMENT_VARIANT_QUANTITY_TOO_HIGH',
      message: `Only 2 units of variant ${a.id} is left to fulfil; 3 were requested.`,
      details: {
        variantId: a.id,
        quantity: 3,
        fulfillable: 2,
        items: [{ variantId: a.id, quantity: 3, fulfillable: 2 }],
      },
    })
    expect((await fulfil(order.id, [{ variantId: a.id, quantity: 1 }])).status).toBe(201)
    // Repeated variantIds add up: 1 + 1 > the 1 left.
    const repeated = await fulfil(order.id, [
      { variantId: a.id, quantity: 1 },
      { variantId: a.id, quantity: 1 },
    ])
    expect(repeated.status).toBe(400)
    expect(repeated.body.details).toMatchObject({ variantId: a.id, quantity: 2, fulfillable: 1 })
    // Every excess item is listed; the first one is in the documented top-level fields.
    const both = await fulfil(order.id, [
      { variantId: b.id, quantity: 2 },
      { variantId: a.id, quantity: 2 },
    ])
    expect(both.body.details).toEqual({
      variantId: b.id,
      quantity: 2,
      fulfillable: 1,
      items: [
        { variantId: b.id, quantity: 2, fulfillable: 1 },
        { variantId: a.id, quantity: 2, fulfillable: 1 },
      ],
    })
    expect(both.body.message).toContain('1 more item(s)')
    expect(await fulfillments().listFulfillments(platform.demo.id, order.id)).toHaveLength(1)
  })

  it('answers 404 FULFILLMENT_ORDER_NOT_FOUND for an unknown order and for another shop’s order alike', async () => {
    const foreign = await newOrder([[foreignVariant, 1]], platform.other.id)
    const unknown = '0d5e3b1a-7c9f-4a2e-8b6d-1f3a5c7e9b2d'
    for (const orderId of [unknown, foreign.id]) {
      const result = await fulfil(orderId, [{ variantId: foreignVariant.id, quantity: 1 }])
      expect(result.status).toBe(404)
      expect(result.body).toEqual({
        code: 'FULFILLMENT_ORDER_NOT_FOUND',
        message: `Order ${orderId} was not found.`,
        details: { orderId },
      })
    }
    expect(await orderStatus(foreign.id, platform.asOther)).toBe('CONFIRMED')
  })

  it('answers 409 FULFILLMENT_ORDER_CANCELLED for a cancelled order', async () => {
    const order = await newOrder([[a, 1]], platform.demo.id, 'CANCELLED')
    const result = await fulfil(order.id, [{ variantId: a.id, quantity: 1 }])
    expect(result.status).toBe(409)
    expect(result.body).toEqual({
      code: 'FULFILLMENT_ORDER_CANCELLED',
      message: `Order ${order.id} is cancelled and cannot be fulfilled.`,
      details: { orderId: order.id },
    })
    expect(await fulfillments().listFulfillments(platform.demo.id, order.id)).toEqual([])
  })

  it('answers 409 FULFILLMENT_ALREADY_EXISTS for the same carrier and tracking number on the order (ignoring case and spaces)', async () => {
    const order = await newOrder([[a, 3]])
    const first = await fulfil(order.id, [{ variantId: a.id, quantity: 1 }], {
      trackingNumber: '9400 1000 0000 0000 0000 00',
      trackingCompany: 'USPS',
    })
    expect(first.status).toBe(201)
    const retry = await fulfil(order.id, [{ variantId: a.id, quantity: 1 }], {
      trackingNumber: '9400100000000000000000',
      trackingCompany: 'usps',
    })
    expect(retry.status).toBe(409)
    expect(retry.body).toEqual({
      code: 'FULFILLMENT_ALREADY_EXISTS',
      message: `Order ${order.id} already has a fulfilment with tracking number 9400100000000000000000 (usps).`,
      details: { fulfillmentId: first.body.fulfillmentId },
    })
    // The same number with another carrier, or on another order, is another shipment.
    expect(
      (
        await fulfil(order.id, [{ variantId: a.id, quantity: 1 }], {
          trackingNumber: '9400100000000000000000',
          trackingCompany: 'DHL',
        })
      ).status,
    ).toBe(201)
    const other = await newOrder([[a, 1]])
    expect(
      (
        await fulfil(other.id, [{ variantId: a.id, quantity: 1 }], {
          trackingNumber: '9400100000000000000000',
          trackingCompany: 'USPS',
        })
      ).status,
    ).toBe(201)
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
