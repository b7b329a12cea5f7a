// Creating promotions: a 400 naming the field, one rule at a time.
import { describe, expect, it } from 'vitest'
import { eventCount } from '../fulfillments/testing/recorded-events.js'
import { create, db, promotionCount, setUpPromotionWrites } from './testing/promotion-writes.js'

setUpPromotionWrites()

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
