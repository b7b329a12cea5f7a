import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Db } from '../../db/database.js'
import { type CallResult, createTestPlatform, type TestPlatform } from '../../testing/test-platform.js'
import { eventCount, expectEventConforms, recordedEvents } from '../fulfillments/testing/recorded-events.js'
import { refuseInserts } from '../gifting/testing/refuse-inserts.js'

let platform: TestPlatform
let db: Db
let productId: string
let otherProductId: string
let variantIds: string[]
let tierId: string
let foreign: { productId: string; variantId: string; tierId: string; code: string }
let seededCode: string

beforeAll(async () => {
  platform = await createTestPlatform()
  db = platform.app.platform.services.db
  const products = await db
    .selectFrom('products')
    .select('id')
    .where('shop_id', '=', platform.demo.id)
    .orderBy('id')
    .limit(2)
    .execute()
  productId = products[0]!.id
  otherProductId = products[1]!.id
  variantIds = (
    await db.selectFrom('variants').select('id').where('product_id', '=', productId).orderBy('position').execute()
  ).map((v) => v.id)
  tierId = (
    await db
      .selectFrom('membership_tiers')
      .select('id')
      .where('shop_id', '=', platform.demo.id)
      .executeTakeFirstOrThrow()
  ).id
  const other = platform.other.id
  foreign = {
    productId: (await db.selectFrom('products').select('id').where('shop_id', '=', other).executeTakeFirstOrThrow()).id,
    variantId: (await db.selectFrom('variants').select('id').where('shop_id', '=', other).executeTakeFirstOrThrow()).id,
    tierId: (
      await db.selectFrom('membership_tiers').select('id').where('shop_id', '=', other).executeTakeFirstOrThrow()
    ).id,
    code: (await db.selectFrom('promotion_codes').select('code').where('shop_id', '=', other).executeTakeFirstOrThrow())
      .code,
  }
  seededCode = (
    await db
      .selectFrom('promotion_codes')
      .select('code')
      .where('shop_id', '=', platform.demo.id)
      .executeTakeFirstOrThrow()
  ).code
})
afterAll(() => platform.close())
beforeEach(() => platform.clock.advance(10_000))

let serial = 0
/** A code no other test uses. */
function code(stem = 'CODE') {
  serial += 1
  return `${stem}-${serial}`
}

function create(body: unknown, auth = platform.asDemo) {
  return platform.call('createPromotion', { body, auth })
}

async function promotionCount() {
  return (await db.selectFrom('promotions').select('id').execute()).length
}

function expectCreatedShape(result: CallResult, expected: Record<string, unknown>) {
  expect(result.status, JSON.stringify(result.body)).toBe(200)
  expect(result.body).toEqual({
    id: expect.stringMatching(/^prm_[A-Za-z0-9_-]{22}$/),
    status: 'Live',
    usageCount: 0,
    ...expected,
  })
}

/** The promotion reads back identically and its PROMOTION_CREATED event carries the same shape. */
async function expectStoredAndRecorded(result: CallResult) {
  const read = await platform.call('getPromotion', { params: { promotionId: result.body.id } })
  expect(read.status).toBe(200)
  expect(read.body).toEqual(result.body)
  const events = (await recordedEvents(db, platform.demo.id, 'PROMOTION_CREATED')).filter(
    (e) => e.data.id === result.body.id,
  )
  expect(events.map((e) => e.data)).toEqual([result.body])
  expectEventConforms(platform.contract, events[0]!)
}

describe('POST /promotions: every type', () => {
  it('creates a SHOP_SINGLE percentage promotion with requirements, limits and the entire order', async () => {
    const c = code('SPRING')
    const result = await create({
      type: 'SHOP_SINGLE',
      title: 'Spring sale',
      code: c,
      discount: { type: 'PERCENTAGE', percentage: 15, shippingOption: 'Excluded' },
      requirements: { minimumOrderValue: { value: 40.0, currency: 'USD' } },
      limits: { maximumUsesNumber: 1000, oneUsePerCustomer: true },
      appliesTo: { type: 'ENTIRE_ORDER' },
    })
    expectCreatedShape(result, {
      title: 'Spring sale',
      type: 'SHOP_SINGLE',
      code: c,
      discount: { type: 'PERCENTAGE', percentage: 15, shippingOption: 'Excluded' },
      requirements: { minimumOrderValue: { value: 40, currency: 'USD' } },
      limits: { maximumUsesNumber: 1000, oneUsePerCustomer: true },
      appliesTo: { type: 'ENTIRE_ORDER' },
    })
    await expectStoredAndRecorded(result)
    const list = await platform.call('listPromotions', { query: { size: 1 } })
    expect(list.body.results).toEqual([result.body])
  })

  it('accepts the platform’s request spellings and answers the canonical ones', async () => {
    const c = code()
    const result = await create({
      type: 'SHOP_SINGLE',
      code: c,
      discount: { type: 'PERCENTAGE', percentage: 12.5, shipping: 'FreeLowestOnly' },
      limits: { maximumUse: 3, oneUsePerCustomer: false },
      appliesTo: { type: 'SelectedProducts', products: [productId] },
    })
    expectCreatedShape(result, {
      title: c,
      type: 'SHOP_SINGLE',
      code: c,
      discount: { type: 'PERCENTAGE', percentage: 12.5, shippingOption: 'FreeLowestOnly' },
      requirements: { minimumOrderValue: null },
      limits: { maximumUsesNumber: 3, oneUsePerCustomer: false },
      appliesTo: { type: 'SELECTED_PRODUCTS', products: [productId], oncePerOrder: false },
    })
    await expectStoredAndRecorded(result)
    const entire = await create({
      type: 'SHOP_SINGLE',
      code: code(),
      discount: { type: 'FREE_SHIPPING' },
      appliesTo: { type: 'EntireOrder' },
    })
    expect(entire.body.appliesTo).toEqual({ type: 'ENTIRE_ORDER' })
  })

  it('keeps the canonical spelling when both are sent', async () => {
    const result = await create({
      type: 'SHOP_SINGLE',
      code: code(),
      discount: { type: 'PERCENTAGE', percentage: 10, shippingOption: 'Included', shipping: 'Free' },
      limits: { maximumUsesNumber: 7, maximumUse: 9, oneUsePerCustomer: true },
    })
    expect(result.body.discount.shippingOption).toBe('Included')
    expect(result.body.limits.maximumUsesNumber).toBe(7)
    const members = await create({
      type: 'MEMBERSHIPS_SINGLE',
      code: code(),
      discount: { type: 'PERCENTAGE', percentage: 10 },
      tiers: { type: 'SELECTED', tiersIds: [tierId], ids: ['mt_nonexistent'] },
    })
    expect(members.status).toBe(200)
    expect(members.body.tiers).toEqual({ type: 'SELECTED', tiersIds: [tierId] })
  })

  it('defaults omitted requirements, limits and applies-to to none, unlimited and the entire order', async () => {
    const c = code()
    const result = await create({ type: 'SHOP_SINGLE', code: c, discount: { type: 'FREE_SHIPPING' } })
    expectCreatedShape(result, {
      title: c,
      type: 'SHOP_SINGLE',
      code: c,
      discount: { type: 'FREE_SHIPPING', lowestOnly: false },
      requirements: { minimumOrderValue: null },
      limits: { maximumUsesNumber: null, oneUsePerCustomer: false },
      appliesTo: { type: 'ENTIRE_ORDER' },
    })
    await expectStoredAndRecorded(result)
  })

  it('creates a SHOP_MULTI flat-rate promotion on selected products, each code Live with its own usage', async () => {
    const codes = [code('RAID'), code('RAID'), code('RAID')]
    const result = await create({
      type: 'SHOP_MULTI',
      codes,
      discount: { type: 'FLAT_RATE', money: { value: 15.5, currency: 'USD' }, freeShipping: true },
      limits: { maximumUsesNumber: 1, oneUsePerCustomer: true },
      appliesTo: { type: 'SELECTED_PRODUCTS', products: [productId, otherProductId], oncePerOrder: true },
    })
    expectCreatedShape(result, {
      title: codes[0],
      type: 'SHOP_MULTI',
      codes: codes.map((c) => ({ id: expect.stringMatching(/^prc_/), code: c, usageCount: 0, status: 'Live' })),
      discount: { type: 'FLAT_RATE', money: { value: 15.5, currency: 'USD' }, freeShipping: true },
      requirements: { minimumOrderValue: null },
      limits: { maximumUsesNumber: 1, oneUsePerCustomer: true },
      appliesTo: { type: 'SELECTED_PRODUCTS', products: [productId, otherProductId], oncePerOrder: true },
    })
    await expectStoredAndRecorded(result)
  })

  it('creates FREE_PRODUCTS promotions in the platform’s shape, automatically added or added by the customer', async () => {
    const autoAdded = {
      type: 'FREE_PRODUCTS',
      freeProductsType: { type: 'AUTO_ADDED', products: [{ variantId: variantIds[0], quantity: 2 }] },
      freeShipping: false,
    }
    const auto = await create({
      type: 'SHOP_SINGLE',
      code: code('FREE'),
      discount: autoAdded,
      requirements: { minimumOrderValue: { value: 100, currency: 'USD' } },
      limits: { oneUsePerCustomer: true },
    })
    expect(auto.status, JSON.stringify(auto.body)).toBe(200)
    expect(auto.body.discount).toEqual(autoAdded)
    await expectStoredAndRecorded(auto)
    const manual = await create({
      type: 'SHOP_MULTI',
      codes: [code('FREE'), code('FREE')],
      discount: {
        type: 'FREE_PRODUCTS',
        freeProductsType: { type: 'MANUALLY_ADDED', products: [{ availableVariantIds: variantIds, quantity: 1 }] },
        freeShipping: true,
      },
    })
    expect(manual.status, JSON.stringify(manual.body)).toBe(200)
    expect(manual.body.discount).toEqual({
      type: 'FREE_PRODUCTS',
      freeProductsType: { type: 'MANUALLY_ADDED', products: [{ availableVariantIds: variantIds, quantity: 1 }] },
      freeShipping: true,
    })
    await expectStoredAndRecorded(manual)
    const list = await platform.call('listPromotions', { query: { codes: manual.body.codes[0].code } })
    expect(list.body.results).toEqual([manual.body])
  })

  it('still accepts the deprecated flat FREE_PRODUCTS form and answers the platform’s shape', async () => {
    const result = await create({
      type: 'SHOP_SINGLE',
      code: code('FLAT'),
      discount: {
        type: 'FREE_PRODUCTS',
        freeProductsType: 'MANUALLY_ADDED',
        products: [
          { availableVariantIds: variantIds, quantity: 1 },
          { variantId: variantIds[0], quantity: 2 },
        ],
      },
    })
    expect(result.status, JSON.stringify(result.body)).toBe(200)
    expect(result.body.discount).toEqual({
      type: 'FREE_PRODUCTS',
      freeProductsType: {
        type: 'MANUALLY_ADDED',
        products: [
          { availableVariantIds: variantIds, quantity: 1 },
          { availableVariantIds: [variantIds[0]], quantity: 2 },
        ],
      },
      freeShipping: false,
    })
    await expectStoredAndRecorded(result)
  })

  it('creates a MEMBERSHIPS_SINGLE promotion with its defaults', async () => {
    const c = code('MEMBERS')
    const result = await create({
      type: 'MEMBERSHIPS_SINGLE',
      code: c,
      discount: { type: 'PERCENTAGE', percentage: 20 },
    })
    expectCreatedShape(result, {
      title: c,
      type: 'MEMBERSHIPS_SINGLE',
      code: c,
      discount: { type: 'PERCENTAGE', percentage: 20 },
      requirements: { newMembersOnly: false },
      subscriptionType: { type: 'ALL' },
      tiers: { type: 'ALL' },
    })
    await expectStoredAndRecorded(result)
  })

  it('creates a MEMBERSHIPS_MULTI promotion for new annual members of selected tiers (tiers as `ids`)', async () => {
    const codes = [code('ANNUAL'), code('ANNUAL')]
    const result = await create({
      type: 'MEMBERSHIPS_MULTI',
      title: 'New annual members 20% off',
      codes,
      discount: { type: 'PERCENTAGE', percentage: 20 },
      requirements: { newMembersOnly: true },
      subscriptionType: { type: 'ANNUAL' },
      tiers: { type: 'SELECTED', ids: [tierId] },
    })
    expectCreatedShape(result, {
      title: 'New annual members 20% off',
      type: 'MEMBERSHIPS_MULTI',
      codes: codes.map((c) => ({ id: expect.stringMatching(/^prc_/), code: c, usageCount: 0, status: 'Live' })),
      discount: { type: 'PERCENTAGE', percentage: 20 },
      requirements: { newMembersOnly: true },
      subscriptionType: { type: 'ANNUAL' },
      tiers: { type: 'SELECTED', tiersIds: [tierId] },
    })
    await expectStoredAndRecorded(result)
  })
})

describe('POST /promotions: 400 naming the field, one rule at a time', () => {
  const percentage = { type: 'PERCENTAGE', percentage: 10, shippingOption: 'Excluded' }
  const shop = (extra: Record<string, unknown>) => ({
    type: 'SHOP_SINGLE',
    code: 'VALID-1',
    discount: percentage,
    ...extra,
  })
  // A bad or missing discriminator is reported on the discriminator property itself (http/validation.ts).
  const cases: [string, string, () => unknown][] = [
    ['type', 'discriminator', () => ({ code: 'VALID-1', discount: percentage })],
    ['type', 'discriminator', () => ({ type: 'SHOP_AUTO_APPLYING', code: 'VALID-1', discount: percentage })],
    ['code', 'required', () => ({ type: 'SHOP_SINGLE', discount: percentage })],
    ['code', 'pattern', () => shop({ code: 'AB' })],
    ['code', 'pattern', () => shop({ code: 'A'.repeat(33) })],
    ['code', 'pattern', () => shop({ code: 'SPRING 15' })],
    ['codes', 'required', () => ({ type: 'SHOP_MULTI', discount: percentage })],
    ['codes', 'minItems', () => ({ type: 'SHOP_MULTI', codes: [], discount: percentage })],
    ['codes', 'uniqueItems', () => ({ type: 'SHOP_MULTI', codes: ['SAME-1', 'SAME-1'], discount: percentage })],
    ['codes/1', 'pattern', () => ({ type: 'SHOP_MULTI', codes: ['GOOD-1', 'bad code'], discount: percentage })],
    ['title', 'minLength', () => shop({ title: '' })],
    ['title', 'maxLength', () => shop({ title: 'x'.repeat(101) })],
    ['title', 'minLength', () => shop({ title: '   ' })],
    ['discount', 'required', () => ({ type: 'SHOP_SINGLE', code: 'VALID-1' })],
    ['discount/type', 'discriminator', () => shop({ discount: { type: 'BOGO' } })],
    ['discount/percentage', 'minimum', () => shop({ discount: { ...percentage, percentage: 0 } })],
    ['discount/percentage', 'maximum', () => shop({ discount: { ...percentage, percentage: 101 } })],
    ['discount/shippingOption', 'enum', () => shop({ discount: { ...percentage, shippingOption: 'Cheap' } })],
    ['discount/money', 'required', () => shop({ discount: { type: 'FLAT_RATE', freeShipping: false } })],
    [
      'discount/money/value',
      'minimum',
      () => shop({ discount: { type: 'FLAT_RATE', money: { value: -1, currency: 'USD' }, freeShipping: false } }),
    ],
    [
      'discount/money/value',
      'multipleOf',
      () => shop({ discount: { type: 'FLAT_RATE', money: { value: 1.005, currency: 'USD' }, freeShipping: false } }),
    ],
    [
      'discount/money/currency',
      'pattern',
      () => shop({ discount: { type: 'FLAT_RATE', money: { value: 5, currency: 'usd' }, freeShipping: false } }),
    ],
    [
      'discount/freeShipping',
      'required',
      () => shop({ discount: { type: 'FLAT_RATE', money: { value: 5, currency: 'USD' } } }),
    ],
    [
      'discount/products/0/variantId',
      'required',
      () =>
        shop({
          discount: {
            type: 'FREE_PRODUCTS',
            freeProductsType: 'AUTO_ADDED',
            products: [{ availableVariantIds: ['7d2e9f4a-1b3c-4d5e-8f6a-9b0c1d2e3f4a'], quantity: 1 }],
          },
        }),
    ],
    [
      'discount/products',
      'minItems',
      () => shop({ discount: { type: 'FREE_PRODUCTS', freeProductsType: 'MANUALLY_ADDED', products: [] } }),
    ],
    [
      'requirements/minimumOrderValue/value',
      'multipleOf',
      () => shop({ requirements: { minimumOrderValue: { value: 9.999, currency: 'USD' } } }),
    ],
    ['requirements/newMembersOnly', 'additionalProperties', () => shop({ requirements: { newMembersOnly: true } })],
    ['limits/oneUsePerCustomer', 'required', () => shop({ limits: { maximumUsesNumber: 5 } })],
    ['limits/maximumUsesNumber', 'minimum', () => shop({ limits: { maximumUsesNumber: 0, oneUsePerCustomer: true } })],
    ['limits/maximumUse', 'type', () => shop({ limits: { maximumUse: 2.5, oneUsePerCustomer: true } })],
    ['appliesTo/type', 'discriminator', () => shop({ appliesTo: { type: 'Everything' } })],
    ['appliesTo/products', 'required', () => shop({ appliesTo: { type: 'SELECTED_PRODUCTS' } })],
    ['appliesTo/products', 'minItems', () => shop({ appliesTo: { type: 'SELECTED_PRODUCTS', products: [] } })],
    ['appliesTo/products/0', 'format', () => shop({ appliesTo: { type: 'SELECTED_PRODUCTS', products: ['p1'] } })],
    [
      'discount/shippingOption',
      'additionalProperties',
      () => ({ type: 'MEMBERSHIPS_SINGLE', code: 'VALID-1', discount: percentage }),
    ],
    [
      'discount/type',
      'const',
      () => ({ type: 'MEMBERSHIPS_SINGLE', code: 'VALID-1', discount: { type: 'FLAT_RATE', percentage: 10 } }),
    ],
    [
      'requirements/newMembersOnly',
      'required',
      () => ({
        type: 'MEMBERSHIPS_SINGLE',
        code: 'VALID-1',
        discount: { type: 'PERCENTAGE', percentage: 10 },
        requirements: {},
      }),
    ],
    [
      'subscriptionType/type',
      'enum',
      () => ({
        type: 'MEMBERSHIPS_SINGLE',
        code: 'VALID-1',
        discount: { type: 'PERCENTAGE', percentage: 10 },
        subscriptionType: { type: 'WEEKLY' },
      }),
    ],
    [
      'tiers/tiersIds',
      'required',
      () => ({
        type: 'MEMBERSHIPS_SINGLE',
        code: 'VALID-1',
        discount: { type: 'PERCENTAGE', percentage: 10 },
        tiers: { type: 'SELECTED' },
      }),
    ],
    [
      'tiers/ids/0',
      'pattern',
      () => ({
        type: 'MEMBERSHIPS_SINGLE',
        code: 'VALID-1',
        discount: { type: 'PERCENTAGE', percentage: 10 },
        tiers: { type: 'SELECTED', ids: ['tier-1'] },
      }),
    ],
    [
      'limits',
      'additionalProperties',
      () => ({
        type: 'MEMBERSHIPS_SINGLE',
        code: 'VALID-1',
        discount: { type: 'PERCENTAGE', percentage: 10 },
        limits: { oneUsePerCustomer: true },
      }),
    ],
    ['startsAt', 'additionalProperties', () => shop({ startsAt: '2027-01-01T00:00:00Z' })],
  ]
  it.each(cases)('“%s” (%s)', async (field, rule, body) => {
    const before = await promotionCount()
    const events = await eventCount(db)
    const result = await create(body())
    expect(result.status, JSON.stringify(result.body)).toBe(400)
    expect(result.body.code).toBe('REQUEST_VALIDATION_FAILED')
    expect(result.body.details.errors).toContainEqual(expect.objectContaining({ location: 'body', field, rule }))
    expect(await promotionCount()).toBe(before)
    expect(await eventCount(db)).toBe(events)
  })
})

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
