// Fulfilments refused (POST /fulfillments): 400 naming the field, unknown variants, too many units,
// unknown or cancelled orders, and the same label twice.
import { describe, expect, it } from 'vitest'
import {
  a,
  b,
  expectError,
  foreignVariant,
  fulfil,
  fulfillments,
  fulfilmentCount,
  label,
  newOrder,
  orderStatus,
  platform,
  setUpFulfilmentCalls,
} from './testing/fulfilment-calls.js'

setUpFulfilmentCalls()

describe('POST /fulfillments', () => {
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
})
