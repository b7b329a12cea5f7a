// Creating promotions: every type (POST /promotions).
import { describe, expect, it } from 'vitest'
import {
  code,
  create,
  expectCreatedShape,
  expectStoredAndRecorded,
  otherProductId,
  platform,
  productId,
  setUpPromotionWrites,
  tierId,
  variantIds,
} from './testing/promotion-writes.js'

setUpPromotionWrites()

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
