import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../db/database.js'
import { authHeaders, createTestPlatform, type TestPlatform } from '../../testing/test-platform.js'
import { eventCount, expectEventConforms, recordedEvents } from '../fulfillments/testing/recorded-events.js'

/**
 * Promotions as the platform's clients send and read them (decision 0023): `appliesToProducts`,
 * `FREE_PRODUCTS` with `freeProductsType {type, products}`, `ENTIRE_ORDER_WITH_EXCLUDED_PRODUCTS`,
 * and `GET /promotions?codes=`. Requests go to the published paths with the published spellings;
 * `platform.call` additionally checks each answer against our contract.
 */

let platform: TestPlatform
let db: Db
let products: string[]
let variants: string[]
let foreign: { productId: string; variantId: string }
beforeAll(async () => {
  platform = await createTestPlatform()
  db = platform.app.platform.services.db
  const rows = await db
    .selectFrom('products')
    .select('id')
    .where('shop_id', '=', platform.demo.id)
    .orderBy('id')
    .limit(3)
    .execute()
  products = rows.map((r) => r.id)
  variants = (
    await db.selectFrom('variants').select('id').where('product_id', '=', products[0]!).orderBy('position').execute()
  ).map((v) => v.id)
  const other = platform.other.id
  foreign = {
    productId: (await db.selectFrom('products').select('id').where('shop_id', '=', other).executeTakeFirstOrThrow()).id,
    variantId: (await db.selectFrom('variants').select('id').where('shop_id', '=', other).executeTakeFirstOrThrow()).id,
  }
})
afterAll(() => platform.close())

let serial = 0
const code = (stem = 'PLAT') => `${stem}-${++serial}`

async function send(method: 'GET' | 'POST', url: string, body?: unknown) {
  const response = await platform.app.inject({
    method,
    url,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...authHeaders(platform.asDemo) },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  })
  return { status: response.statusCode, body: response.json() }
}

const createPromotion = (body: unknown) => send('POST', '/open-api/v1.0/promotions', body)

async function written() {
  const promotions = (await db.selectFrom('promotions').select('id').execute()).length
  return { promotions, events: await eventCount(db) }
}

/** A 400 REQUEST_VALIDATION_FAILED naming exactly these body fields, with nothing written. */
async function expectRefused(body: unknown, fields: string[]) {
  const before = await written()
  const result = await createPromotion(body)
  expect(result.status, JSON.stringify(result.body)).toBe(400)
  expect(result.body.code).toBe('REQUEST_VALIDATION_FAILED')
  expect(result.body.details.errors.map((e: { field: string }) => e.field)).toEqual(expect.arrayContaining(fields))
  expect(await written()).toEqual(before)
  return result.body
}

describe('POST /promotions with appliesToProducts (the platform’s request field)', () => {
  it('creates a selected-products promotion from the published request shape', async () => {
    const c = code()
    // Exactly the published document's SHOP_SINGLE request: `shipping`, `maximumUse`, `appliesToProducts`.
    const result = await createPromotion({
      type: 'SHOP_SINGLE',
      code: c,
      discount: { type: 'PERCENTAGE', percentage: 15, shipping: 'Excluded' },
      requirements: { minimumOrderValue: { value: 20, currency: 'USD' } },
      appliesToProducts: { productIds: [products[0], products[1]], oncePerOrder: true },
      limits: { maximumUse: 50, oneUsePerCustomer: true },
    })
    expect(result.status, JSON.stringify(result.body)).toBe(200)
    expect(result.body).toMatchObject({
      type: 'SHOP_SINGLE',
      code: c,
      appliesTo: { type: 'SELECTED_PRODUCTS', products: [products[0], products[1]], oncePerOrder: true },
      limits: { maximumUsesNumber: 50, oneUsePerCustomer: true },
    })
    expect(result.body).not.toHaveProperty('appliesToProducts')
    const read = await platform.call('getPromotion', { params: { promotionId: result.body.id } })
    expect(read.body).toEqual(result.body)
    const [event] = (await recordedEvents(db, platform.demo.id, 'PROMOTION_CREATED')).filter(
      (e) => e.data.id === result.body.id,
    )
    expect(event?.data).toEqual(result.body)
    expectEventConforms(platform.contract, event!)
  })

  it('defaults oncePerOrder to false, like appliesTo', async () => {
    const result = await createPromotion({
      type: 'SHOP_MULTI',
      codes: [code(), code()],
      discount: { type: 'FLAT_RATE', money: { value: 5, currency: 'USD' }, freeShipping: false },
      appliesToProducts: { productIds: [products[2]] },
    })
    expect(result.status).toBe(200)
    expect(result.body.appliesTo).toEqual({ type: 'SELECTED_PRODUCTS', products: [products[2]], oncePerOrder: false })
  })

  it('accepts both fields when they say the same, in any order', async () => {
    const result = await createPromotion({
      type: 'SHOP_SINGLE',
      code: code(),
      discount: { type: 'FREE_SHIPPING' },
      appliesTo: { type: 'SelectedProducts', products: [products[1], products[0]] },
      appliesToProducts: { productIds: [products[0], products[1]], oncePerOrder: false },
    })
    expect(result.status, JSON.stringify(result.body)).toBe(200)
    expect(result.body.appliesTo).toEqual({
      type: 'SELECTED_PRODUCTS',
      products: [products[1], products[0]],
      oncePerOrder: false,
    })
  })

  it('refuses both fields saying different things, naming both, with nothing written', async () => {
    const base = { type: 'SHOP_SINGLE', discount: { type: 'PERCENTAGE', percentage: 10, shipping: 'Excluded' } }
    const cases = [
      { appliesTo: { type: 'ENTIRE_ORDER' }, appliesToProducts: { productIds: [products[0]] } },
      {
        appliesTo: { type: 'SELECTED_PRODUCTS', products: [products[0]] },
        appliesToProducts: { productIds: [products[1]] },
      },
      {
        appliesTo: { type: 'SELECTED_PRODUCTS', products: [products[0]], oncePerOrder: true },
        appliesToProducts: { productIds: [products[0]] },
      },
    ]
    for (const fields of cases) {
      const body = await expectRefused({ ...base, code: code(), ...fields }, ['appliesTo', 'appliesToProducts'])
      expect(body.details.errors).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ field: 'appliesTo', rule: 'aliasConflict' }),
          expect.objectContaining({ field: 'appliesToProducts', rule: 'aliasConflict' }),
        ]),
      )
    }
  })

  it('validates appliesToProducts by the same rules as appliesTo', async () => {
    const base = { type: 'SHOP_SINGLE', discount: { type: 'FREE_SHIPPING' } }
    await expectRefused({ ...base, code: code(), appliesToProducts: { productIds: [] } }, [
      'appliesToProducts/productIds',
    ])
    await expectRefused({ ...base, code: code(), appliesToProducts: { productIds: ['not-a-uuid'] } }, [
      'appliesToProducts/productIds/0',
    ])
    await expectRefused({ ...base, code: code(), appliesToProducts: { oncePerOrder: true } }, [
      'appliesToProducts/productIds',
    ])
    for (const id of [foreign.productId, '00000000-0000-4000-8000-000000000000']) {
      const before = await written()
      const result = await createPromotion({
        ...base,
        code: code(),
        appliesToProducts: { productIds: [products[0], id] },
      })
      expect(result.status).toBe(400)
      expect(result.body).toMatchObject({
        code: 'PROMOTION_PRODUCT_NOT_FOUND',
        details: { field: 'appliesToProducts/productIds/1', productId: id },
      })
      expect(await written()).toEqual(before)
    }
    const once = await createPromotion({
      ...base,
      code: code(),
      appliesToProducts: { productIds: [products[0]], oncePerOrder: true },
    })
    expect(once.status).toBe(400)
    expect(once.body).toMatchObject({
      code: 'PROMOTION_ONCE_PER_ORDER_CONFIGURATION_NOT_SUPPORTED_FOR_DISCOUNT_TYPE',
      details: { field: 'appliesToProducts/oncePerOrder', discountType: 'FREE_SHIPPING' },
    })
  })
})

describe('POST /promotions with FREE_PRODUCTS: bad input is refused naming the field, nothing written', () => {
  const freeProducts = (freeProductsType: unknown, extra: Record<string, unknown> = {}) => ({
    type: 'SHOP_SINGLE',
    code: code('FREE'),
    discount: { type: 'FREE_PRODUCTS', freeProductsType, freeShipping: false, ...extra },
  })

  it('refuses unknown and other shops’ variants with PROMOTION_PRODUCT_NOT_FOUND', async () => {
    const cases: [unknown, string, string][] = [
      [
        { type: 'AUTO_ADDED', products: [{ variantId: '00000000-0000-4000-8000-000000000000', quantity: 1 }] },
        'discount/freeProductsType/products/0/variantId',
        '00000000-0000-4000-8000-000000000000',
      ],
      [
        {
          type: 'AUTO_ADDED',
          products: [
            { variantId: variants[0], quantity: 1 },
            { variantId: foreign.variantId, quantity: 1 },
          ],
        },
        'discount/freeProductsType/products/1/variantId',
        foreign.variantId,
      ],
      [
        { type: 'MANUALLY_ADDED', products: [{ availableVariantIds: [variants[0], foreign.variantId], quantity: 1 }] },
        'discount/freeProductsType/products/0/availableVariantIds/1',
        foreign.variantId,
      ],
    ]
    for (const [type, field, variantId] of cases) {
      const before = await written()
      const result = await createPromotion(freeProducts(type))
      expect(result.status).toBe(400)
      expect(result.body).toEqual({
        code: 'PROMOTION_PRODUCT_NOT_FOUND',
        message: `Variant ${variantId} (${field.replaceAll('/', '.')}) was not found in the shop.`,
        details: { field, variantId },
      })
      expect(await written()).toEqual(before)
    }
  })

  it('refuses shapes the published document does not allow', async () => {
    await expectRefused(freeProducts({ type: 'AUTO_ADDED', products: [{ variantId: variants[0], quantity: 0 }] }), [
      'discount/freeProductsType/products/0/quantity',
    ])
    await expectRefused(
      freeProducts({ type: 'MANUALLY_ADDED', products: [{ availableVariantIds: [variants[0]], quantity: -1 }] }),
      ['discount/freeProductsType/products/0/quantity'],
    )
    await expectRefused(freeProducts({ type: 'AUTO_ADDED', products: [] }), ['discount/freeProductsType/products'])
    await expectRefused(
      freeProducts({ type: 'MANUALLY_ADDED', products: [{ availableVariantIds: [], quantity: 1 }] }),
      ['discount/freeProductsType/products/0/availableVariantIds'],
    )
    // An AUTO_ADDED entry names one variantId, not a choice.
    await expectRefused(
      freeProducts({ type: 'AUTO_ADDED', products: [{ availableVariantIds: [variants[0]], quantity: 1 }] }),
      ['discount/freeProductsType/products/0/variantId'],
    )
    await expectRefused(freeProducts({ type: 'SOMETIMES', products: [] }), ['discount/freeProductsType/type'])
    // The object form carries its products; a flat `products` beside it is refused.
    await expectRefused(
      freeProducts(
        { type: 'AUTO_ADDED', products: [{ variantId: variants[0], quantity: 1 }] },
        { products: [{ variantId: variants[0], quantity: 1 }] },
      ),
      ['discount/products'],
    )
  })
})

describe('appliesTo ENTIRE_ORDER_WITH_EXCLUDED_PRODUCTS', () => {
  it('is created, read back and listed as sent', async () => {
    const result = await createPromotion({
      type: 'SHOP_SINGLE',
      code: code('EXCL'),
      discount: { type: 'PERCENTAGE', percentage: 20, shipping: 'Excluded' },
      appliesTo: { type: 'ENTIRE_ORDER_WITH_EXCLUDED_PRODUCTS', excludedProducts: [products[0], products[1]] },
    })
    expect(result.status, JSON.stringify(result.body)).toBe(200)
    expect(result.body.appliesTo).toEqual({
      type: 'ENTIRE_ORDER_WITH_EXCLUDED_PRODUCTS',
      excludedProducts: [products[0], products[1]],
    })
    const read = await platform.call('getPromotion', { params: { promotionId: result.body.id } })
    expect(read.body).toEqual(result.body)
  })

  it('refuses an empty list and products that are not the shop’s', async () => {
    await expectRefused(
      {
        type: 'SHOP_SINGLE',
        code: code('EXCL'),
        discount: { type: 'FREE_SHIPPING' },
        appliesTo: { type: 'ENTIRE_ORDER_WITH_EXCLUDED_PRODUCTS', excludedProducts: [] },
      },
      ['appliesTo/excludedProducts'],
    )
    const before = await written()
    const result = await createPromotion({
      type: 'SHOP_SINGLE',
      code: code('EXCL'),
      discount: { type: 'FREE_SHIPPING' },
      appliesTo: { type: 'ENTIRE_ORDER_WITH_EXCLUDED_PRODUCTS', excludedProducts: [foreign.productId] },
    })
    expect(result.body).toMatchObject({
      code: 'PROMOTION_PRODUCT_NOT_FOUND',
      details: { field: 'appliesTo/excludedProducts/0', productId: foreign.productId },
    })
    expect(await written()).toEqual(before)
  })
})

describe('GET /promotions?codes=', () => {
  it('lists only the promotions owning one of the codes, ignoring case, repeated or comma-separated', async () => {
    const multi = await createPromotion({
      type: 'SHOP_MULTI',
      codes: [code('MULTI'), code('MULTI')],
      discount: { type: 'FREE_SHIPPING' },
    })
    const second = multi.body.codes[1].code as string
    const list = (query: string) => send('GET', `/open-api/v1.0/promotions?${query}`)

    const single = await list('codes=winter10')
    expect(single.status).toBe(200)
    expect(single.body.results.map((p: { code?: string }) => p.code)).toEqual(['WINTER10'])
    expect(single.body.total).toBe(1)

    const byOtherCode = await list(`codes=${second.toLowerCase()}`)
    // The multi-code promotion is listed whole, with all of its codes.
    expect(byOtherCode.body.results).toEqual([multi.body])

    const repeated = await list(`codes=WINTER10&codes=${second}`)
    const comma = await list(`codes=WINTER10,${second}`)
    for (const answer of [repeated, comma]) {
      expect(answer.body.total).toBe(2)
      expect(answer.body.results.map((p: { id: string }) => p.id)).toContain(multi.body.id)
    }
    expect(comma.body).toEqual(repeated.body)

    expect((await list('codes=NO-SUCH-CODE')).body).toMatchObject({ results: [], total: 0 })
    // Another shop's code is not found in this shop.
    const otherCode = await db
      .selectFrom('promotion_codes')
      .select('code')
      .where('shop_id', '=', platform.other.id)
      .executeTakeFirstOrThrow()
    expect((await list(`codes=${otherCode.code}`)).body.total).toBe(0)

    // Through the harness too: the answer matches the contract.
    const checked = await platform.call('listPromotions', { query: { codes: ['WINTER10', second] } })
    expect(checked.body.total).toBe(2)
  })

  it('answers every list item exactly as GET /promotions/{id} does, money and minimum included', async () => {
    const page = await platform.call('listPromotions', { query: { size: 100 } })
    expect(page.status).toBe(200)
    const withMoney = page.body.results.filter(
      (p: { discount: { money?: unknown }; requirements: { minimumOrderValue?: unknown } }) =>
        p.discount.money !== undefined,
    )
    expect(withMoney.length).toBeGreaterThan(0)
    expect(
      page.body.results.some(
        (p: { requirements: { minimumOrderValue?: unknown } }) => p.requirements.minimumOrderValue,
      ),
    ).toBe(true)
    for (const item of page.body.results) {
      const one = await platform.call('getPromotion', { params: { promotionId: item.id } })
      expect(one.body).toEqual(item)
    }
  })
})
