import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../db/database.js'
import { newId } from '../../ids.js'
import { createTestPlatform, type TestPlatform } from '../../testing/test-platform.js'
import { checkoutTestKit, form } from './checkout-test-kit.js'

/**
 * Promotions at the hosted checkout through HTTP: codes and automatic promotions, their limits and
 * how the order records them. Runs on SQLite and, with TEST_DATABASE=postgres, on PostgreSQL.
 */

let platform: TestPlatform
let db: Db
beforeAll(async () => {
  platform = await createTestPlatform()
  db = platform.app.platform.services.db
})
afterAll(() => platform.close())

const { variantOf, cartWith, post, placeOrder } = checkoutTestKit(() => platform)

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
