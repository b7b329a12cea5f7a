import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../db/database.js'
import { createTestPlatform, type TestPlatform } from '../../testing/test-platform.js'
import { createExchangeRates } from '../money/exchange-rates.js'
import { checkoutTestKit, declined, form } from './checkout-test-kit.js'

/**
 * The hosted checkout through HTTP: the JSON endpoints the hydrated page calls (promotions:
 * checkout-promotions.routes.test.ts; the pages and the plain-form path:
 * checkout-pages.routes.test.ts). Runs on SQLite and, with TEST_DATABASE=postgres, on PostgreSQL (the race
 * for the last unit then races real concurrent transactions).
 */

let platform: TestPlatform
let db: Db
beforeAll(async () => {
  platform = await createTestPlatform()
  db = platform.app.platform.services.db
})
afterAll(() => platform.close())

const rates = createExchangeRates()
const { variantOf, limitedVariant, cartWith, placeOrder, orderCount, stockOf } = checkoutTestKit(() => platform)

describe('POST /checkout/api/orders', () => {
  it('places the order: amounts by the documented rules, CONFIRMED, source ORDER, tracking, ORDER_PLACED, cart closed', async () => {
    const tee = await variantOf('pixel-pines-logo-tee')
    const limited = await limitedVariant()
    const stockBefore = limited.in_stock as number
    const cartId = await cartWith(
      [
        { variantId: tee.id, quantity: 1 },
        { variantId: limited.id, quantity: 1 },
      ],
      undefined,
      { source: 'pixel_site' },
    )
    const placed = await placeOrder(
      form(cartId, {
        'tracking.utm_source': 'twitch',
        'tracking.utm_campaign': 'winter-drop',
        'tracking.fbp': 'fb.1.1700000000.123',
        // A state with sales tax: California 7.25 %.
        'shipping.state': 'CA',
        'shipping.city': 'San Francisco',
        'shipping.zip': '94102',
      }),
    )
    expect(placed.status, JSON.stringify(placed.body)).toBe(201)
    expect(placed.body).toEqual({
      orderId: expect.any(String),
      friendlyId: expect.stringMatching(/^[A-Z0-9]{8}$/),
      confirmationUrl: `/checkout/orders/${placed.body.orderId}`,
    })

    // Hand-computed: goods, domestic shipping 5.99 + 1.50 (2 units), 7.25 % tax on the goods.
    const subtotal = tee.unit_price + limited.unit_price
    expect(subtotal).toBeLessThan(7500)
    const shipping = 599 + 150
    const tax = Math.round(subtotal * 0.0725)
    const order = await platform.call('getOrder', { params: { orderId: placed.body.orderId } })
    expect(order.status).toBe(200)
    expect(order.body).toMatchObject({
      id: placed.body.orderId,
      shopId: platform.demo.id,
      friendlyId: placed.body.friendlyId,
      checkoutId: expect.stringMatching(/^ch_/),
      status: 'CONFIRMED',
      email: 'shopper@example.com',
      emailMarketingOptIn: true,
      amounts: {
        subtotal: { value: subtotal / 100, currency: 'USD' },
        shipping: { value: shipping / 100, currency: 'USD' },
        tax: { value: tax / 100, currency: 'USD' },
        donation: { value: 0, currency: 'USD' },
        discount: { value: 0, currency: 'USD' },
        total: { value: (subtotal + shipping + tax) / 100, currency: 'USD' },
      },
      shipping: {
        address: {
          name: 'Sam Rivera',
          address1: '1200 Morrison St',
          city: 'San Francisco',
          state: 'CA',
          country: 'US',
          zip: '94102',
          phone: '+15035550100',
        },
      },
      source: { type: 'ORDER' },
    })
    // Optional fields without a value are omitted, never null (decision 0021).
    expect(order.body.trackingParams).toEqual({
      fbp: 'fb.1.1700000000.123',
      utm_source: 'twitch',
      utm_campaign: 'winter-drop',
    })
    expect(order.body).not.toHaveProperty('promotionId')
    expect(order.body.shipping.address).not.toHaveProperty('address2')
    expect(order.body.billing).toEqual(order.body.shipping)
    expect(
      order.body.offers.map((o: { variant: { id: string; quantity: number } }) => [o.variant.id, o.variant.quantity]),
    ).toEqual([
      [tee.id, 1],
      [limited.id, 1],
    ])

    const event = await db
      .selectFrom('events')
      .selectAll()
      .where('type', '=', 'ORDER_PLACED')
      .where('shop_id', '=', platform.demo.id)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow()
    expect(JSON.parse(event.data)).toEqual(order.body)

    expect(await stockOf(limited.id)).toBe(stockBefore - 1)
    const checkout = await db
      .selectFrom('checkouts')
      .selectAll()
      .where('order_id', '=', placed.body.orderId)
      .executeTakeFirstOrThrow()
    expect(checkout).toMatchObject({ id: order.body.checkoutId, cart_id: cartId, currency: 'USD' })
    expect(JSON.parse(checkout.metadata)).toEqual({ source: 'pixel_site' })

    // The cart is closed: readable, not changeable, not orderable twice.
    const auth = { storefrontToken: platform.demo.storefrontToken }
    expect((await platform.call('getCart', { auth, params: { cartId } })).status).toBe(200)
    const add = await platform.call('addCartItems', {
      auth,
      params: { cartId },
      body: { items: [{ variantId: tee.id, quantity: 1 }] },
    })
    expect(add.body.code).toBe('CART_CLOSED')
    const again = await placeOrder(form(cartId))
    expect(again.status).toBe(409)
    expect(again.body.code).toBe('CART_CLOSED')
  })

  it('charges in the cart currency at the table’s rates: JPY amounts have no decimals', async () => {
    const tee = await variantOf('pixel-pines-logo-tee')
    const cartId = await cartWith([{ variantId: tee.id, quantity: 2 }], 'JPY')
    const placed = await placeOrder(
      form(cartId, { 'shipping.country': 'JP', 'shipping.state': '', 'shipping.zip': '100-0001' }),
    )
    expect(placed.status, JSON.stringify(placed.body)).toBe(201)
    const order = await platform.call('getOrder', { params: { orderId: placed.body.orderId } })
    const unit = rates.convert(tee.unit_price, 'USD', 'JPY')
    const subtotal = unit * 2
    const shipping = rates.convert(1699 + 300, 'USD', 'JPY')
    const tax = Math.round(subtotal * 0.1)
    expect(order.body.amounts).toEqual({
      subtotal: { value: subtotal, currency: 'JPY' },
      shipping: { value: shipping, currency: 'JPY' },
      tax: { value: tax, currency: 'JPY' },
      donation: { value: 0, currency: 'JPY' },
      discount: { value: 0, currency: 'JPY' },
      giftCards: [],
      total: { value: subtotal + shipping + tax, currency: 'JPY' },
    })
    expect(order.body.offers[0].variant.unitPrice).toEqual({ value: unit, currency: 'JPY' })
  })

  it('declined card: 402, no order, no stock change, the cart stays open', async () => {
    const limited = await limitedVariant()
    const before = limited.in_stock as number
    const cartId = await cartWith([{ variantId: limited.id, quantity: 2 }])
    const orders = await orderCount()
    const events = await db.selectFrom('events').select('id').execute()
    const result = await placeOrder(form(cartId, { 'card.number': declined }))
    expect(result.status).toBe(402)
    expect(result.body).toEqual({
      code: 'PAYMENT_DECLINED',
      message: 'Your card was declined. No order was placed and nothing was charged.',
      details: { declineCode: 'card_declined' },
    })
    expect(await orderCount()).toBe(orders)
    expect(await stockOf(limited.id)).toBe(before)
    expect(await db.selectFrom('events').select('id').execute()).toHaveLength(events.length)
    const cart = await db.selectFrom('carts').select('status').where('id', '=', cartId).executeTakeFirstOrThrow()
    expect(cart.status).toBe('OPEN')
    // The same cart then checks out with the approved card.
    expect((await placeOrder(form(cartId))).status).toBe(201)
    expect(await stockOf(limited.id)).toBe(before - 2)
  })

  it('refuses an incomplete form naming every field, and a malformed or expired card', async () => {
    const tee = await variantOf('pixel-pines-logo-tee')
    const cartId = await cartWith([{ variantId: tee.id, quantity: 1 }])
    const result = await placeOrder({
      cartId,
      'card.number': '4242 4242 4242 4241',
      'card.expiry': '01/20',
      'card.cvc': '1',
    })
    expect(result.status).toBe(400)
    expect(result.body.code).toBe('REQUEST_VALIDATION_FAILED')
    const fields = result.body.details.errors.map((e: { field: string }) => e.field)
    expect(fields).toEqual(
      expect.arrayContaining([
        'email',
        'shipping.name',
        'shipping.address1',
        'shipping.city',
        'shipping.country',
        'card.name',
        'card.number',
        'card.expiry',
        'card.cvc',
      ]),
    )
    const billing = await placeOrder(form(cartId, { billingSameAsShipping: '' }))
    expect(billing.status).toBe(400)
    expect(billing.body.details.errors.map((e: { field: string }) => e.field)).toContain('billing.name')
  })

  it('answers 404 for an unknown cart and 400 for an empty one', async () => {
    const unknown = await placeOrder(form('5e0c6f3a-1b2d-4c8e-9f7a-3b4c5d6e7f80'))
    expect(unknown.status).toBe(404)
    expect(unknown.body.code).toBe('CHECKOUT_CART_NOT_FOUND')
    const empty = await placeOrder(form(await cartWith([])))
    expect(empty.status).toBe(400)
    expect(empty.body.code).toBe('CHECKOUT_CART_EMPTY')
  })

  it('needs no shipping address for digital goods: no shipping charge, the address is the billing one', async () => {
    const wallpaper = await variantOf('digital-wallpaper-pack-vol-1')
    const cartId = await cartWith([{ variantId: wallpaper.id, quantity: 1 }])
    const placed = await placeOrder(form(cartId))
    expect(placed.status, JSON.stringify(placed.body)).toBe(201)
    const order = await platform.call('getOrder', { params: { orderId: placed.body.orderId } })
    expect(order.body).not.toHaveProperty('shipping')
    expect(order.body.billing.address.city).toBe('Portland')
    expect(order.body.amounts.shipping.value).toBe(0)
  })

  it('two shoppers racing for the last unit: exactly one order, stock 0', async () => {
    const limited = await limitedVariant()
    await db.updateTable('variants').set({ in_stock: 1 }).where('id', '=', limited.id).execute()
    const carts = [
      await cartWith([{ variantId: limited.id, quantity: 1 }]),
      await cartWith([{ variantId: limited.id, quantity: 1 }]),
    ]
    const orders = await orderCount()
    const results = await Promise.all(carts.map((cartId) => placeOrder(form(cartId))))
    expect(results.map((r) => r.status).sort()).toEqual([201, 409])
    const lost = results.find((r) => r.status === 409)!
    expect(lost.body).toMatchObject({
      code: 'CHECKOUT_INSUFFICIENT_STOCK',
      details: { variantId: limited.id, available: 0 },
    })
    expect(await stockOf(limited.id)).toBe(0)
    expect(await orderCount()).toBe(orders + 1)
    const open = await db.selectFrom('carts').select('status').where('id', 'in', carts).execute()
    expect(open.map((c) => c.status).sort()).toEqual(['CLOSED', 'OPEN'])
  })

  it('one cart submitted twice at once gives one order', async () => {
    const tee = await variantOf('pixel-pines-logo-tee')
    const cartId = await cartWith([{ variantId: tee.id, quantity: 1 }])
    const orders = await orderCount()
    const results = await Promise.all([placeOrder(form(cartId)), placeOrder(form(cartId))])
    expect(results.map((r) => r.status).sort()).toEqual([201, 409])
    expect(await orderCount()).toBe(orders + 1)
  })
})
