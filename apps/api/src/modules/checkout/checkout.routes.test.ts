import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../db/database.js'
import { newId } from '../../ids.js'
import { createTestPlatform, type TestPlatform } from '../../testing/test-platform.js'
import { createExchangeRates } from '../money/exchange-rates.js'

/**
 * The hosted checkout through HTTP: the JSON endpoints the hydrated page calls, the plain-form
 * path, and the pages. Runs on SQLite and, with TEST_DATABASE=postgres, on PostgreSQL (the race
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
const approved = '4242 4242 4242 4242'
const declined = '4000 0000 0000 0002'

async function variantOf(slug: string, position = 0) {
  return db
    .selectFrom('variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .selectAll('v')
    .where('p.shop_id', '=', platform.demo.id)
    .where('p.slug', '=', slug)
    .where('v.position', '=', position)
    .executeTakeFirstOrThrow()
}

async function limitedVariant() {
  return (
    db
      .selectFrom('variants as v')
      .innerJoin('products as p', 'p.id', 'v.product_id')
      .selectAll('v')
      .where('p.shop_id', '=', platform.demo.id)
      .where('p.access', '=', 'PUBLIC')
      .where('p.state', '=', 'AVAILABLE')
      .where('v.stock_type', '=', 'LIMITED')
      .where('v.in_stock', '>=', 3)
      // Cheap enough that a test order stays below the automatic free-shipping promotion's $75.
      .where('v.unit_price', '<=', 4000)
      .orderBy('v.id')
      .executeTakeFirstOrThrow()
  )
}

async function cartWith(items: { variantId: string; quantity: number }[], currency?: string, metadata = {}) {
  const result = await platform.call('createCart', {
    auth: { storefrontToken: platform.demo.storefrontToken },
    query: currency ? { currency } : {},
    body: { items, metadata },
  })
  expect(result.status).toBe(200)
  return result.body.id as string
}

const oregon = {
  'shipping.name': 'Sam Rivera',
  'shipping.address1': '1200 Morrison St',
  'shipping.address2': '',
  'shipping.city': 'Portland',
  'shipping.state': 'OR',
  'shipping.zip': '97204',
  'shipping.country': 'US',
  'shipping.phone': '+1 503 555 0100',
}

function form(cartId: string, overrides: Record<string, string> = {}) {
  return {
    cartId,
    email: 'Shopper@Example.com',
    emailMarketingOptIn: 'on',
    ...oregon,
    billingSameAsShipping: 'on',
    'card.name': 'Sam Rivera',
    'card.number': approved,
    'card.expiry': '12/30',
    'card.cvc': '123',
    ...overrides,
  }
}

async function post(url: string, body: unknown) {
  const response = await platform.app.inject({ method: 'POST', url, payload: body as Record<string, unknown> })
  return { status: response.statusCode, body: response.json(), headers: response.headers }
}

const placeOrder = (body: unknown) => post('/checkout/api/orders', body)

async function orderCount() {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

async function stockOf(variantId: string) {
  return (await db.selectFrom('variants').select('in_stock').where('id', '=', variantId).executeTakeFirstOrThrow())
    .in_stock
}

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

describe('promotions at checkout', () => {
  async function promotionByCode(code: string) {
    return db
      .selectFrom('promotions as p')
      .innerJoin('promotion_codes as c', 'c.promotion_id', 'p.id')
      .selectAll('p')
      .where('p.shop_id', '=', platform.demo.id)
      .where('c.code_key', '=', code)
      .executeTakeFirstOrThrow()
  }

  /** A Live single-code shop promotion usable `maximumUses` times. */
  async function insertPromotion(
    code: string,
    maximumUses: number | null,
    discount: unknown,
    extra: Record<string, unknown> = {},
  ) {
    const id = newId('promotion')
    const at = new Date(platform.clock.now()).toISOString()
    await db
      .insertInto('promotions')
      .values({
        id,
        shop_id: platform.demo.id,
        type: 'SHOP_SINGLE',
        title: `Test ${code}`,
        status: 'Live',
        discount: JSON.stringify(discount),
        requirements: JSON.stringify({ minimumOrderValue: null }),
        limits: JSON.stringify({ maximumUsesNumber: maximumUses, oneUsePerCustomer: false }),
        applies_to: JSON.stringify({ type: 'ENTIRE_ORDER' }),
        subscription_type: null,
        tiers: null,
        usage_count: 0,
        created_at: at,
        updated_at: at,
        ...extra,
      })
      .execute()
    await db
      .insertInto('promotion_codes')
      .values({
        id: newId('promotionCode'),
        promotion_id: id,
        shop_id: platform.demo.id,
        code,
        code_key: code.toUpperCase(),
        usage_count: 0,
        status: 'Live',
        position: 0,
        created_at: at,
      })
      .execute()
    return id
  }

  it('applies a percentage code with a minimum order, counts its use, and refuses a second use by the same email', async () => {
    const tee = await variantOf('pixel-pines-logo-tee')
    const before = await promotionByCode('WINTER10')
    const cartId = await cartWith([{ variantId: tee.id, quantity: 2 }])
    const quote = await post('/checkout/api/quote', form(cartId, { promotionCode: 'winter10' }))
    expect(quote.status).toBe(200)
    expect(quote.body.promotion).toEqual({ label: 'WINTER10 — 10% off on orders of $50.00 or more', code: 'WINTER10' })
    const placed = await placeOrder(form(cartId, { promotionCode: 'winter10', email: 'winter@example.com' }))
    expect(placed.status, JSON.stringify(placed.body)).toBe(201)
    const order = await platform.call('getOrder', { params: { orderId: placed.body.orderId } })
    const subtotal = tee.unit_price * 2
    const discount = Math.round(subtotal * 0.1)
    expect(order.body.promotionId).toBe(before.id)
    expect(order.body.amounts.discount.value).toBe(discount / 100)
    expect(order.body.amounts.total.value).toBe((subtotal - discount + 599 + 150) / 100)
    expect((await promotionByCode('WINTER10')).usage_count).toBe(before.usage_count + 1)

    const second = await cartWith([{ variantId: tee.id, quantity: 2 }])
    const refused = await placeOrder(form(second, { promotionCode: 'WINTER10', email: 'WINTER@example.com' }))
    expect(refused.status).toBe(409)
    expect(refused.body).toMatchObject({ code: 'PROMOTION_ALREADY_USED', details: { field: 'promotionCode' } })
  })

  it('refuses a code below its minimum order value, an ended code, a membership code and an unknown code', async () => {
    const tee = await variantOf('pixel-pines-logo-tee')
    const cartId = await cartWith([{ variantId: tee.id, quantity: 1 }])
    const cases = [
      ['WINTER10', 'PROMOTION_MINIMUM_NOT_MET'],
      ['LAUNCH15', 'PROMOTION_NOT_LIVE'],
      ['MEMBERS20', 'PROMOTION_NOT_APPLICABLE'],
      ['NOPE123', 'PROMOTION_CODE_NOT_FOUND'],
    ]
    for (const [code, expected] of cases) {
      const quote = await post('/checkout/api/quote', form(cartId, { promotionCode: code! }))
      expect(quote.body.promotion, code).toBeNull()
      expect(quote.body.promotionError, code).toEqual(expect.any(String))
      const placed = await placeOrder(form(cartId, { promotionCode: code! }))
      expect(placed.body.code, code).toBe(expected)
    }
    // Without the code the order goes through.
    expect((await placeOrder(form(cartId))).status).toBe(201)
  })

  it('uses up a promotion: the last use makes it AllUsed with PROMOTION_STATUS_CHANGED, the next is refused', async () => {
    const promotionId = await insertPromotion('LASTONE', 1, {
      type: 'FLAT_RATE',
      money: { value: 5, currency: 'USD' },
      freeShipping: true,
    })
    const tee = await variantOf('pixel-pines-logo-tee')
    const cartId = await cartWith([{ variantId: tee.id, quantity: 1 }])
    const placed = await placeOrder(form(cartId, { promotionCode: 'LASTONE' }))
    expect(placed.status, JSON.stringify(placed.body)).toBe(201)
    const order = await platform.call('getOrder', { params: { orderId: placed.body.orderId } })
    // 5.00 off the goods and free shipping.
    expect(order.body.amounts.discount.value).toBe((500 + 599) / 100)
    expect(order.body.amounts.total.value).toBe((tee.unit_price - 500) / 100)
    const promotion = await db
      .selectFrom('promotions')
      .selectAll()
      .where('id', '=', promotionId)
      .executeTakeFirstOrThrow()
    expect(promotion).toMatchObject({ status: 'AllUsed', usage_count: 1 })
    const event = await db
      .selectFrom('events')
      .selectAll()
      .where('type', '=', 'PROMOTION_STATUS_CHANGED')
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow()
    expect(JSON.parse(event.data)).toMatchObject({ id: promotionId, status: 'AllUsed', usageCount: 1 })
    const next = await placeOrder(
      form(await cartWith([{ variantId: tee.id, quantity: 1 }]), { promotionCode: 'LASTONE' }),
    )
    expect(next.status).toBe(409)
    expect(next.body.code).toBe('PROMOTION_NOT_LIVE')
  })

  it('two orders racing for a promotion’s last use: one uses it, the other is refused', async () => {
    await insertPromotion('RACEONE', 1, { type: 'PERCENTAGE', percentage: 50, shippingOption: 'Excluded' })
    const tee = await variantOf('pixel-pines-logo-tee')
    const carts = [
      await cartWith([{ variantId: tee.id, quantity: 1 }]),
      await cartWith([{ variantId: tee.id, quantity: 1 }]),
    ]
    const results = await Promise.all(carts.map((cartId) => placeOrder(form(cartId, { promotionCode: 'RACEONE' }))))
    expect(results.map((r) => r.status).sort()).toEqual([201, 409])
  })

  it('applies a selected-products discount once per order to the most expensive matching unit', async () => {
    const product = await db
      .selectFrom('products')
      .select('id')
      .where('slug', '=', 'pixel-pines-logo-tee')
      .executeTakeFirstOrThrow()
    await insertPromotion(
      'TEEONCE',
      null,
      { type: 'PERCENTAGE', percentage: 50, shippingOption: 'Excluded' },
      { applies_to: JSON.stringify({ type: 'SELECTED_PRODUCTS', products: [product.id], oncePerOrder: true }) },
    )
    const tee = await variantOf('pixel-pines-logo-tee')
    const other = await variantOf('campfire-crew-tee')
    const cartId = await cartWith([
      { variantId: tee.id, quantity: 3 },
      { variantId: other.id, quantity: 1 },
    ])
    const quote = await post('/checkout/api/quote', form(cartId, { promotionCode: 'TEEONCE' }))
    const expected = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(
      Math.round(tee.unit_price / 2) / 100,
    )
    expect(quote.body.discount).toBe(expected)
  })

  it('applies the automatic free-shipping promotion once the order reaches its minimum', async () => {
    const tee = await variantOf('pixel-pines-logo-tee')
    const small = await post('/checkout/api/quote', form(await cartWith([{ variantId: tee.id, quantity: 1 }])))
    expect(small.body.promotion).toBeNull()
    const quantity = Math.ceil(7500 / tee.unit_price)
    const big = await post('/checkout/api/quote', form(await cartWith([{ variantId: tee.id, quantity }])))
    expect(big.body.promotion).toEqual({ label: 'Free shipping on orders of $75.00 or more', code: null })
    expect(big.body.discount).toBe(big.body.shipping)
  })
})

describe('checkout pages', () => {
  it('renders the checkout of a cart, server-side, with its lines, total and the client bundle', async () => {
    const tee = await variantOf('pixel-pines-logo-tee')
    const cartId = await cartWith([{ variantId: tee.id, quantity: 2 }])
    const response = await platform.app.inject({
      method: 'GET',
      url: `/checkout/?cartCurrency=EUR&cartId=${cartId}&utm_source=newsletter&_fbc=fb.1.x`,
    })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toContain('text/html')
    expect(response.headers['content-security-policy']).toContain("script-src 'self'")
    const html = response.body
    expect(html).toContain('<html lang="en">')
    expect(html).toContain('Pixel Pines Logo Tee')
    expect(html).toContain('name="tracking.utm_source"')
    expect(html).toContain('name="tracking.fbc"')
    expect(html).toMatch(/<script type="module" src="\/checkout\/assets\/checkout-[A-Za-z0-9_-]+\.js">/)
    expect(html).toContain('€')
    const script = /src="(\/checkout\/assets\/[^"]+)"/.exec(html)![1]!
    const bundle = await platform.app.inject({ method: 'GET', url: script, headers: { 'accept-encoding': 'gzip' } })
    expect(bundle.statusCode).toBe(200)
    expect(bundle.headers['content-encoding']).toBe('gzip')
    expect(bundle.headers['cache-control']).toContain('immutable')
    // The checkout's Vite build (apps/checkout, decision 0045): the entry that hydrates the page.
    expect(gunzipSync(bundle.rawPayload).toString()).toContain('hydrated')
  })

  it('explains an unknown, an empty and an already checked-out cart', async () => {
    const unknown = await platform.app.inject({
      method: 'GET',
      url: '/checkout/?cartId=5e0c6f3a-1b2d-4c8e-9f7a-3b4c5d6e7f80',
    })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.body).toContain('does not exist or has expired')
    const empty = await platform.app.inject({ method: 'GET', url: `/checkout/?cartId=${await cartWith([])}` })
    expect(empty.body).toContain('Your cart is empty')
    const tee = await variantOf('pixel-pines-logo-tee')
    const cartId = await cartWith([{ variantId: tee.id, quantity: 1 }])
    const placed = await placeOrder(form(cartId))
    const closed = await platform.app.inject({ method: 'GET', url: `/checkout/?cartCurrency=USD&cartId=${cartId}` })
    expect(closed.statusCode).toBe(409)
    expect(closed.body).toContain('already checked out')
    expect(closed.body).toContain(`/checkout/orders/${placed.body.orderId}`)
    const currency = await platform.app.inject({ method: 'GET', url: `/checkout/?cartCurrency=BRL&cartId=${cartId}` })
    expect(currency.statusCode).toBe(400)
  })

  it('works as a plain form: Apply re-prices, Pay redirects to the confirmation with the friendly id', async () => {
    const tee = await variantOf('pixel-pines-logo-tee')
    const cartId = await cartWith([{ variantId: tee.id, quantity: 2 }])
    const encode = (fields: Record<string, string>) => new URLSearchParams(fields).toString()
    const headers = { 'content-type': 'application/x-www-form-urlencoded' }
    const apply = await platform.app.inject({
      method: 'POST',
      url: '/checkout/',
      headers,
      payload: encode({
        ...form(cartId, { promotionCode: 'WINTER10', email: 'plainform@example.com' }),
        action: 'apply',
      }),
    })
    expect(apply.statusCode).toBe(200)
    expect(apply.body).toContain('Applied: WINTER10')
    expect(apply.body).not.toContain(`value="${approved}"`)
    const invalid = await platform.app.inject({
      method: 'POST',
      url: '/checkout/',
      headers,
      payload: encode({ ...form(cartId, { email: 'not-an-email' }), action: 'pay' }),
    })
    expect(invalid.statusCode).toBe(400)
    expect(invalid.body).toContain('Enter an email address like name@example.com.')
    expect(invalid.body).toContain('aria-invalid="true"')
    const pay = await platform.app.inject({
      method: 'POST',
      url: '/checkout/',
      headers,
      payload: encode({ ...form(cartId, { email: 'plainform@example.com' }), action: 'pay' }),
    })
    expect(pay.statusCode).toBe(303)
    const location = pay.headers.location as string
    expect(location).toMatch(/^\/checkout\/orders\/[0-9a-f-]{36}$/)
    const confirmation = await platform.app.inject({ method: 'GET', url: location })
    const order = await db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', location.split('/').pop()!)
      .executeTakeFirstOrThrow()
    expect(confirmation.statusCode).toBe(200)
    expect(confirmation.body).toContain(order.friendly_id)
    expect(confirmation.body).toContain('plainform@example.com')
    const missing = await platform.app.inject({
      method: 'GET',
      url: '/checkout/orders/5e0c6f3a-1b2d-4c8e-9f7a-3b4c5d6e7f80',
    })
    expect(missing.statusCode).toBe(404)
  })
})
