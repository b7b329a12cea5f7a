// Creating promotions: the rules that depend on the shop.
import { describe, expect, it } from 'vitest'
import type { CallResult } from '../../testing/test-platform.js'
import { refuseInserts } from '../gifting/testing/refuse-inserts.js'
import {
  code,
  create,
  db,
  foreign,
  platform,
  productId,
  promotionCount,
  seededCode,
  setUpPromotionWrites,
  tierId,
  variantIds,
} from './testing/promotion-writes.js'

setUpPromotionWrites()

describe('POST /promotions: rules that depend on the shop', () => {
  it.each([
    ['FREE_SHIPPING', { type: 'FREE_SHIPPING' }],
    [
      'FREE_PRODUCTS',
      {
        type: 'FREE_PRODUCTS',
        freeProductsType: 'MANUALLY_ADDED',
        products: [{ availableVariantIds: ['7d2e9f4a-1b3c-4d5e-8f6a-9b0c1d2e3f4a'], quantity: 1 }],
      },
    ],
  ])(
    'answers 400 PROMOTION_ONCE_PER_ORDER_CONFIGURATION_NOT_SUPPORTED_FOR_DISCOUNT_TYPE for oncePerOrder with %s',
    async (type, discount) => {
      const before = await promotionCount()
      const result = await create({
        type: 'SHOP_SINGLE',
        code: code(),
        discount,
        appliesTo: { type: 'SELECTED_PRODUCTS', products: [productId], oncePerOrder: true },
      })
      expect(result.status).toBe(400)
      expect(result.body).toEqual({
        code: 'PROMOTION_ONCE_PER_ORDER_CONFIGURATION_NOT_SUPPORTED_FOR_DISCOUNT_TYPE',
        message: `appliesTo.oncePerOrder cannot be combined with a ${type} discount.`,
        details: { field: 'appliesTo/oncePerOrder', discountType: type },
      })
      expect(await promotionCount()).toBe(before)
    },
  )

  it('answers 400 PROMOTION_PRODUCT_NOT_FOUND for a product or variant of another shop, or unknown', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000'
    for (const id of [foreign.productId, unknown]) {
      const result = await create({
        type: 'SHOP_SINGLE',
        code: code(),
        discount: { type: 'PERCENTAGE', percentage: 10, shippingOption: 'Excluded' },
        appliesTo: { type: 'SELECTED_PRODUCTS', products: [productId, id] },
      })
      expect(result.status).toBe(400)
      expect(result.body).toEqual({
        code: 'PROMOTION_PRODUCT_NOT_FOUND',
        message: `Product ${id} (appliesTo.products.1) was not found in the shop.`,
        details: { field: 'appliesTo/products/1', productId: id },
      })
    }
    const variant = await create({
      type: 'SHOP_SINGLE',
      code: code(),
      discount: {
        type: 'FREE_PRODUCTS',
        freeProductsType: 'MANUALLY_ADDED',
        products: [{ availableVariantIds: [variantIds[0], foreign.variantId], quantity: 1 }],
      },
    })
    expect(variant.status).toBe(400)
    expect(variant.body.code).toBe('PROMOTION_PRODUCT_NOT_FOUND')
    expect(variant.body.details).toEqual({
      field: 'discount/products/0/availableVariantIds/1',
      variantId: foreign.variantId,
    })
  })

  it('answers 400 PROMOTION_TIER_NOT_FOUND for another shop’s tier', async () => {
    const result = await create({
      type: 'MEMBERSHIPS_MULTI',
      codes: [code()],
      discount: { type: 'PERCENTAGE', percentage: 10 },
      tiers: { type: 'SELECTED', tiersIds: [tierId, foreign.tierId] },
    })
    expect(result.status).toBe(400)
    expect(result.body).toEqual({
      code: 'PROMOTION_TIER_NOT_FOUND',
      message: `Membership tier ${foreign.tierId} (tiers.tiersIds) was not found in the shop.`,
      details: { tierId: foreign.tierId },
    })
  })

  it('answers 400 PROMOTION_CURRENCY_MISMATCH for an amount not in the shop’s currency', async () => {
    const flat = await create({
      type: 'SHOP_SINGLE',
      code: code(),
      discount: { type: 'FLAT_RATE', money: { value: 5, currency: 'EUR' }, freeShipping: false },
    })
    expect(flat.status).toBe(400)
    expect(flat.body).toEqual({
      code: 'PROMOTION_CURRENCY_MISMATCH',
      message: "discount.money is in EUR; amounts must be in the shop's currency, USD.",
      details: { field: 'discount/money', currency: 'EUR', shopCurrency: 'USD' },
    })
    const minimum = await create({
      type: 'SHOP_SINGLE',
      code: code(),
      discount: { type: 'FREE_SHIPPING' },
      requirements: { minimumOrderValue: { value: 50, currency: 'JPY' } },
    })
    expect(minimum.body.details).toEqual({
      field: 'requirements/minimumOrderValue',
      currency: 'JPY',
      shopCurrency: 'USD',
    })
  })

  it('answers 409 PROMOTION_CODE_DUPLICATION naming a code the shop already uses, ignoring case', async () => {
    const taken = seededCode.toLowerCase()
    const before = await promotionCount()
    const single = await create({ type: 'SHOP_SINGLE', code: taken, discount: { type: 'FREE_SHIPPING' } })
    expect(single.status).toBe(409)
    expect(single.body).toEqual({
      code: 'PROMOTION_CODE_DUPLICATION',
      message: `The code ${taken} is already used by another promotion.`,
      details: { promotionCode: taken },
    })
    const multi = await create({
      type: 'MEMBERSHIPS_MULTI',
      codes: [code(), taken],
      discount: { type: 'PERCENTAGE', percentage: 5 },
    })
    expect(multi.status).toBe(409)
    expect(multi.body.details).toEqual({ promotionCode: taken })
    expect(await promotionCount()).toBe(before)
    // Another shop's codes do not count.
    expect(
      (await create({ type: 'SHOP_SINGLE', code: foreign.code, discount: { type: 'FREE_SHIPPING' } })).status,
    ).toBe(200)
  })

  it('answers 409 PROMOTION_CODES_DUPLICATION for the same code twice in one request, ignoring case', async () => {
    const c = code('TWICE')
    const result = await create({
      type: 'SHOP_MULTI',
      codes: [c, code(), c.toLowerCase()],
      discount: { type: 'FREE_SHIPPING' },
    })
    expect(result.status).toBe(409)
    expect(result.body).toEqual({
      code: 'PROMOTION_CODES_DUPLICATION',
      message: `The codes ${c}, ${c.toLowerCase()} are the same when compared ignoring case.`,
      details: { promotionCodes: [c, c.toLowerCase()] },
    })
  })

  it('lets exactly one of two concurrent requests take a code', async () => {
    const c = code('RACE')
    const results = await Promise.all([
      create({ type: 'SHOP_SINGLE', code: c, discount: { type: 'FREE_SHIPPING' } }),
      create({ type: 'SHOP_SINGLE', code: c.toLowerCase(), discount: { type: 'FREE_SHIPPING' } }),
    ])
    expect(results.map((r) => r.status).sort()).toEqual([200, 409])
    expect(results.find((r) => r.status === 409)?.body.code).toBe('PROMOTION_CODE_DUPLICATION')
  })

  it('answers 401 without credentials', async () => {
    expect(
      (await create({ type: 'SHOP_SINGLE', code: code(), discount: { type: 'FREE_SHIPPING' } }, 'none')).status,
    ).toBe(401)
  })

  it('leaves no promotion when the event cannot be recorded (one transaction)', async () => {
    const before = await promotionCount()
    const c = code('ATOMIC')
    const restore = await refuseInserts(platform.app.platform.database, 'events')
    let result: CallResult
    try {
      result = await create({ type: 'SHOP_MULTI', codes: [c], discount: { type: 'FREE_SHIPPING' } })
    } finally {
      await restore()
    }
    expect(result.status).toBe(500)
    expect(await promotionCount()).toBe(before)
    expect(await db.selectFrom('promotion_codes').select('id').where('code_key', '=', c).execute()).toEqual([])
    expect((await create({ type: 'SHOP_MULTI', codes: [c], discount: { type: 'FREE_SHIPPING' } })).status).toBe(200)
  })

  it('creates the documented maximum of 1000 codes in one promotion', async () => {
    const codes = Array.from({ length: 1000 }, (_, i) => `BULK-${String(i).padStart(4, '0')}`)
    const result = await create({ type: 'SHOP_MULTI', codes, discount: { type: 'FREE_SHIPPING' } })
    expect(result.status).toBe(200)
    expect(result.body.codes.map((c: { code: string }) => c.code)).toEqual(codes)
  })
})
