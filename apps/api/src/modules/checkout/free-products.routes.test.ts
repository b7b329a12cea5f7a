import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../db/database.js'
import { authHeaders, createTestPlatform, type TestPlatform } from '../../testing/test-platform.js'

/**
 * FREE_PRODUCTS and excluded products at checkout (decision 0023), with promotions created the
 * way the platform's clients create them: `POST /open-api/v1.0/promotions` in the published
 * shape. Amounts are checked exactly, in minor units, against the order as `GET /order/{id}`
 * answers it. Runs on SQLite and, with TEST_DATABASE=postgres, on PostgreSQL.
 */

let platform: TestPlatform
let db: Db
beforeAll(async () => {
  platform = await createTestPlatform()
  db = platform.app.platform.services.db
})
afterAll(() => platform.close())

const approved = '4242 4242 4242 4242'

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

let serial = 0
const code = (stem: string) => `${stem}-${++serial}`

/** Creates a promotion exactly as a platform client does; answers the created promotion. */
async function createPromotion(body: Record<string, unknown>) {
  const response = await platform.app.inject({
    method: 'POST',
    url: '/open-api/v1.0/promotions',
    headers: { 'content-type': 'application/json', ...authHeaders(platform.asDemo) },
    payload: JSON.stringify(body),
  })
  expect(response.statusCode, response.body).toBe(200)
  return response.json() as { id: string; code: string }
}

async function cartWith(items: { variantId: string; quantity: number }[]) {
  const result = await platform.call('createCart', {
    auth: { storefrontToken: platform.demo.storefrontToken },
    body: { items },
  })
  expect(result.status).toBe(200)
  return result.body.id as string
}

function form(cartId: string, overrides: Record<string, string> = {}) {
  return {
    cartId,
    email: `free-${++serial}@example.com`,
    'shipping.name': 'Sam Rivera',
    'shipping.address1': '1200 Morrison St',
    'shipping.city': 'San Francisco',
    'shipping.state': 'CA',
    'shipping.zip': '94102',
    'shipping.country': 'US',
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
  return { status: response.statusCode, body: response.json() }
}

/** Places the order and answers it as the open API serves it. */
async function placeAndRead(fields: Record<string, string>) {
  const placed = await post('/checkout/api/orders', fields)
  expect(placed.status, JSON.stringify(placed.body)).toBe(201)
  const order = await platform.call('getOrder', { params: { orderId: placed.body.orderId } })
  expect(order.status).toBe(200)
  return order.body
}

const usd = (minor: number) => ({ value: minor / 100, currency: 'USD' })
/** California sales tax, 7.25 %, rounded half up (decision 0008). */
const caTax = (minor: number) => Math.round(minor * 0.0725)
/** Domestic shipping: 5.99, then 1.50 per further unit, at most 11.98 (decision 0008). */
const domesticShipping = (units: number) => Math.min(599 + 150 * (units - 1), 1198)

type Offer = { variant: { id: string; quantity: number; price: { value: number } } }
const offerLines = (order: { offers: Offer[] }) =>
  order.offers.map((o) => [o.variant.id, o.variant.quantity, Math.round(o.variant.price.value * 100)])

async function stockOf(variantId: string) {
  return (await db.selectFrom('variants').select('in_stock').where('id', '=', variantId).executeTakeFirstOrThrow())
    .in_stock
}

describe('FREE_PRODUCTS AUTO_ADDED at checkout', () => {
  it('adds the listed variant at its quantity, free: the discount is exactly its value, tax and shipping leave it out', async () => {
    const tee = await variantOf('pixel-pines-logo-tee')
    const sticker = await variantOf('holographic-logo-sticker')
    const promotion = await createPromotion({
      type: 'SHOP_SINGLE',
      code: code('AUTO'),
      discount: {
        type: 'FREE_PRODUCTS',
        freeProductsType: { type: 'AUTO_ADDED', products: [{ variantId: sticker.id, quantity: 2 }] },
        freeShipping: false,
      },
    })
    const cartId = await cartWith([{ variantId: tee.id, quantity: 1 }])
    const order = await placeAndRead(form(cartId, { promotionCode: promotion.code }))

    const free = sticker.unit_price * 2
    const shipping = domesticShipping(1)
    const tax = caTax(tee.unit_price)
    expect(order.promotionId).toBe(promotion.id)
    expect(order.amounts).toMatchObject({
      subtotal: usd(tee.unit_price + free),
      shipping: usd(shipping),
      tax: usd(tax),
      discount: usd(free),
      total: usd(tee.unit_price + shipping + tax),
    })
    expect(offerLines(order)).toEqual([
      [tee.id, 1, tee.unit_price],
      [sticker.id, 2, sticker.unit_price * 2],
    ])
  })

  it('takes the free units’ stock, and does not apply when the stock cannot cover them', async () => {
    const tee = await variantOf('pixel-pines-logo-tee')
    const hoodie = await variantOf('night-forest-hoodie')
    expect(hoodie.stock_type).toBe('LIMITED')
    await db.updateTable('variants').set({ in_stock: 3 }).where('id', '=', hoodie.id).execute()
    const promotion = await createPromotion({
      type: 'SHOP_SINGLE',
      code: code('HOODIE'),
      discount: {
        type: 'FREE_PRODUCTS',
        freeProductsType: { type: 'AUTO_ADDED', products: [{ variantId: hoodie.id, quantity: 2 }] },
        freeShipping: true,
      },
    })
    // The cart already holds 2 of the 3 units: 2 more free ones cannot be had.
    const short = await cartWith([{ variantId: hoodie.id, quantity: 2 }])
    const quote = await post('/checkout/api/quote', form(short, { promotionCode: promotion.code }))
    expect(quote.body.promotion).toBeNull()
    expect(quote.body.promotionError).toBe('The free product of this promotion is out of stock.')
    const refused = await post('/checkout/api/orders', form(short, { promotionCode: promotion.code }))
    expect(refused.status).toBe(409)
    expect(refused.body.code).toBe('PROMOTION_NOT_APPLICABLE')
    expect(await stockOf(hoodie.id)).toBe(3)

    const cartId = await cartWith([
      { variantId: tee.id, quantity: 1 },
      { variantId: hoodie.id, quantity: 1 },
    ])
    const order = await placeAndRead(form(cartId, { promotionCode: promotion.code }))
    expect(await stockOf(hoodie.id)).toBe(0)
    const free = hoodie.unit_price * 2
    const shipping = domesticShipping(2)
    const tax = caTax(tee.unit_price + hoodie.unit_price)
    expect(order.amounts).toMatchObject({
      subtotal: usd(tee.unit_price + hoodie.unit_price + free),
      shipping: usd(shipping),
      tax: usd(tax),
      // The free hoodies and, with freeShipping, the shipping.
      discount: usd(free + shipping),
      total: usd(tee.unit_price + hoodie.unit_price + tax),
    })
  })
})

describe('FREE_PRODUCTS MANUALLY_ADDED at checkout', () => {
  async function stickerPromotion(extra: Record<string, unknown> = {}) {
    const small = await variantOf('raid-squad-sticker-pack', 0)
    const large = await variantOf('raid-squad-sticker-pack', 1)
    const promotion = await createPromotion({
      type: 'SHOP_SINGLE',
      code: code('PICK'),
      discount: {
        type: 'FREE_PRODUCTS',
        freeProductsType: {
          type: 'MANUALLY_ADDED',
          products: [{ availableVariantIds: [small.id, large.id], quantity: 1 }],
        },
        freeShipping: false,
      },
      ...extra,
    })
    return { small, large, promotion }
  }

  it('makes the shopper’s own unit free, the most expensive first, and adds nothing', async () => {
    const tee = await variantOf('pixel-pines-logo-tee')
    const { small, large, promotion } = await stickerPromotion()
    expect(large.unit_price).toBeGreaterThan(small.unit_price)
    const cartId = await cartWith([
      { variantId: tee.id, quantity: 1 },
      { variantId: small.id, quantity: 1 },
      { variantId: large.id, quantity: 2 },
    ])
    const order = await placeAndRead(form(cartId, { promotionCode: promotion.code }))
    const goods = tee.unit_price + small.unit_price + large.unit_price * 2
    const paid = goods - large.unit_price
    const shipping = domesticShipping(4)
    expect(order.amounts).toMatchObject({
      subtotal: usd(goods),
      discount: usd(large.unit_price),
      tax: usd(caTax(paid)),
      total: usd(paid + shipping + caTax(paid)),
    })
    // One of the two large packs is the free one; four units in all, as in the cart.
    expect(offerLines(order)).toEqual([
      [tee.id, 1, tee.unit_price],
      [small.id, 1, small.unit_price],
      [large.id, 1, large.unit_price],
      [large.id, 1, large.unit_price],
    ])
  })

  it('adds the shopper’s pick when the cart holds none (by default the first in stock)', async () => {
    const tee = await variantOf('pixel-pines-logo-tee')
    const { small, large, promotion } = await stickerPromotion()
    const cartId = await cartWith([{ variantId: tee.id, quantity: 1 }])
    const quote = await post('/checkout/api/quote', form(cartId, { promotionCode: promotion.code }))
    expect(quote.body.freeChoices).toEqual([
      {
        chosen: small.id,
        options: [
          { variantId: small.id, label: expect.stringContaining('Raid Squad Sticker Pack') },
          { variantId: large.id, label: expect.stringContaining('Raid Squad Sticker Pack') },
        ],
      },
    ])
    const order = await placeAndRead(form(cartId, { promotionCode: promotion.code, 'freeChoice.0': large.id }))
    expect(offerLines(order)).toEqual([
      [tee.id, 1, tee.unit_price],
      [large.id, 1, large.unit_price],
    ])
    expect(order.amounts).toMatchObject({
      subtotal: usd(tee.unit_price + large.unit_price),
      shipping: usd(domesticShipping(1)),
      discount: usd(large.unit_price),
      total: usd(tee.unit_price + domesticShipping(1) + caTax(tee.unit_price)),
    })
  })

  it('does not count the free units towards the minimum order value', async () => {
    const tee = await variantOf('pixel-pines-logo-tee')
    const { large, promotion } = await stickerPromotion({
      requirements: { minimumOrderValue: { value: tee.unit_price / 100, currency: 'USD' } },
    })
    // Two large packs may reach the minimum, but one of them is the free one.
    expect(large.unit_price * 2).toBeGreaterThanOrEqual(tee.unit_price)
    const below = await cartWith([{ variantId: large.id, quantity: 2 }])
    const refused = await post('/checkout/api/orders', form(below, { promotionCode: promotion.code }))
    expect(refused.status).toBe(409)
    expect(refused.body.code).toBe('PROMOTION_MINIMUM_NOT_MET')
    const enough = await cartWith([
      { variantId: tee.id, quantity: 1 },
      { variantId: large.id, quantity: 1 },
    ])
    const order = await placeAndRead(form(enough, { promotionCode: promotion.code }))
    expect(order.amounts.discount).toEqual(usd(large.unit_price))
  })
})

describe('ENTIRE_ORDER_WITH_EXCLUDED_PRODUCTS at checkout', () => {
  async function excludingTee(minimumMinor?: number) {
    const tee = await variantOf('pixel-pines-logo-tee')
    return createPromotion({
      type: 'SHOP_SINGLE',
      code: code('EXCL'),
      discount: { type: 'PERCENTAGE', percentage: 25, shipping: 'Excluded' },
      appliesTo: { type: 'ENTIRE_ORDER_WITH_EXCLUDED_PRODUCTS', excludedProducts: [tee.product_id] },
      ...(minimumMinor === undefined
        ? {}
        : { requirements: { minimumOrderValue: { value: minimumMinor / 100, currency: 'USD' } } }),
    })
  }

  it('gives the excluded product’s lines no discount', async () => {
    const tee = await variantOf('pixel-pines-logo-tee')
    const camp = await variantOf('campfire-crew-tee')
    const promotion = await excludingTee()
    const cartId = await cartWith([
      { variantId: tee.id, quantity: 2 },
      { variantId: camp.id, quantity: 1 },
    ])
    const order = await placeAndRead(form(cartId, { promotionCode: promotion.code }))
    const goods = tee.unit_price * 2 + camp.unit_price
    const discount = Math.round(camp.unit_price * 0.25)
    const shipping = domesticShipping(3)
    const tax = caTax(goods - discount)
    expect(order.amounts).toMatchObject({
      subtotal: usd(goods),
      discount: usd(discount),
      tax: usd(tax),
      total: usd(goods - discount + shipping + tax),
    })
  })

  it('does not count excluded lines towards the minimum, and refuses an order of excluded products only', async () => {
    const tee = await variantOf('pixel-pines-logo-tee')
    const camp = await variantOf('campfire-crew-tee')
    const promotion = await excludingTee(camp.unit_price + 1)
    // The whole order is above the minimum; what the promotion applies to is not.
    const below = await cartWith([
      { variantId: tee.id, quantity: 3 },
      { variantId: camp.id, quantity: 1 },
    ])
    const refused = await post('/checkout/api/orders', form(below, { promotionCode: promotion.code }))
    expect(refused.status).toBe(409)
    expect(refused.body.code).toBe('PROMOTION_MINIMUM_NOT_MET')
    const onlyExcluded = await cartWith([{ variantId: tee.id, quantity: 1 }])
    const none = await post('/checkout/api/orders', form(onlyExcluded, { promotionCode: promotion.code }))
    expect(none.body.code).toBe('PROMOTION_NOT_APPLICABLE')
    const enough = await cartWith([{ variantId: camp.id, quantity: 2 }])
    const order = await placeAndRead(form(enough, { promotionCode: promotion.code }))
    expect(order.amounts.discount).toEqual(usd(Math.round(camp.unit_price * 2 * 0.25)))
  })
})
