import type { FieldOf } from '../../forms/contract-form.ts'
import { numberOf } from '../../forms/contract-form.ts'

/**
 * The promotion form's values and the `POST /promotions` body (contract `PromotionCreateRequest`)
 * they become; every type and every discount, requirement, limit and applies-to rule.
 */

export type CreatableType = 'SHOP_SINGLE' | 'SHOP_MULTI' | 'MEMBERSHIPS_SINGLE' | 'MEMBERSHIPS_MULTI'

export const creatableTypes: { type: CreatableType; label: string; description: string }[] = [
  { type: 'SHOP_SINGLE', label: 'Shop — one code', description: 'One code for merchandise orders, e.g. SPRING15.' },
  {
    type: 'SHOP_MULTI',
    label: 'Shop — many codes',
    description: 'Many codes with the same rules; limits apply per code.',
  },
  {
    type: 'MEMBERSHIPS_SINGLE',
    label: 'Memberships — one code',
    description: 'A percentage off membership subscriptions.',
  },
  {
    type: 'MEMBERSHIPS_MULTI',
    label: 'Memberships — many codes',
    description: 'Many membership codes with the same rules.',
  },
]

export interface FreeProductValues {
  /** A multiple select gives a list; the single select of AUTO_ADDED gives one id. */
  variantIds: string[] | string
  quantity: string
}

export interface PromotionValues {
  type: CreatableType
  title: string
  code: string
  /** One code per line (multi-code types). */
  codes: string
  discountType: 'PERCENTAGE' | 'FLAT_RATE' | 'FREE_SHIPPING' | 'FREE_PRODUCTS'
  percentage: string
  shippingOption: string
  amount: string
  freeShipping: boolean
  lowestOnly: boolean
  freeProductsType: 'AUTO_ADDED' | 'MANUALLY_ADDED'
  freeProducts: FreeProductValues[]
  minimumOrderValue: string
  maximumUses: string
  oneUsePerCustomer: boolean
  appliesTo: 'ENTIRE_ORDER' | 'SELECTED_PRODUCTS' | 'ENTIRE_ORDER_WITH_EXCLUDED_PRODUCTS'
  /** The selected products, or the excluded ones. */
  products: string[]
  oncePerOrder: boolean
  newMembersOnly: boolean
  subscriptionType: 'ALL' | 'MONTHLY' | 'ANNUAL'
  tiersType: 'ALL' | 'SELECTED'
  tiersIds: string[]
}

export function emptyPromotion(): PromotionValues {
  return {
    type: 'SHOP_SINGLE',
    title: '',
    code: '',
    codes: '',
    discountType: 'PERCENTAGE',
    percentage: '',
    shippingOption: 'Excluded',
    amount: '',
    freeShipping: false,
    lowestOnly: false,
    freeProductsType: 'MANUALLY_ADDED',
    freeProducts: [{ variantIds: [], quantity: '1' }],
    minimumOrderValue: '',
    maximumUses: '',
    oneUsePerCustomer: false,
    appliesTo: 'ENTIRE_ORDER',
    products: [],
    oncePerOrder: false,
    newMembersOnly: false,
    subscriptionType: 'ALL',
    tiersType: 'ALL',
    tiersIds: [],
  }
}

export function isMulti(type: CreatableType): boolean {
  return type === 'SHOP_MULTI' || type === 'MEMBERSHIPS_MULTI'
}

export function isMemberships(type: CreatableType): boolean {
  return type === 'MEMBERSHIPS_SINGLE' || type === 'MEMBERSHIPS_MULTI'
}

export function codeList(text: string): string[] {
  return text
    .split(/[\n,]/)
    .map((code) => code.trim())
    .filter(Boolean)
}

function shopDiscount(v: PromotionValues, currency: string) {
  switch (v.discountType) {
    case 'PERCENTAGE':
      return { type: 'PERCENTAGE', percentage: numberOf(v.percentage), shippingOption: v.shippingOption }
    case 'FLAT_RATE':
      return { type: 'FLAT_RATE', money: { value: numberOf(v.amount), currency }, freeShipping: v.freeShipping }
    case 'FREE_SHIPPING':
      return { type: 'FREE_SHIPPING', lowestOnly: v.lowestOnly }
    case 'FREE_PRODUCTS':
      // The platform's shape (decision 0023): `freeProductsType: {type, products}`.
      return {
        type: 'FREE_PRODUCTS',
        freeProductsType: {
          type: v.freeProductsType,
          products: v.freeProducts.map((p) => {
            const ids = (Array.isArray(p.variantIds) ? p.variantIds : [p.variantIds]).filter(Boolean)
            return v.freeProductsType === 'AUTO_ADDED'
              ? { variantId: ids[0], quantity: numberOf(p.quantity) }
              : { availableVariantIds: ids, quantity: numberOf(p.quantity) }
          }),
        },
        freeShipping: v.freeShipping,
      }
  }
}

/** The request body; empty inputs stay absent so the contract's validator names them. */
export function toPromotionBody(v: PromotionValues, currency: string): Record<string, unknown> {
  const codes = isMulti(v.type) ? { codes: codeList(v.codes) } : { code: v.code.trim() }
  const title = v.title.trim() ? { title: v.title.trim() } : {}
  if (isMemberships(v.type)) {
    return {
      type: v.type,
      ...title,
      ...codes,
      discount: { type: 'PERCENTAGE', percentage: numberOf(v.percentage) },
      requirements: { newMembersOnly: v.newMembersOnly },
      subscriptionType: { type: v.subscriptionType },
      tiers: v.tiersType === 'ALL' ? { type: 'ALL' } : { type: 'SELECTED', tiersIds: v.tiersIds },
    }
  }
  const maximum = numberOf(v.maximumUses)
  return {
    type: v.type,
    ...title,
    ...codes,
    discount: shopDiscount(v, currency),
    ...(v.minimumOrderValue.trim()
      ? { requirements: { minimumOrderValue: { value: numberOf(v.minimumOrderValue), currency } } }
      : {}),
    limits: {
      ...(maximum === undefined ? {} : { maximumUsesNumber: maximum }),
      oneUsePerCustomer: v.oneUsePerCustomer,
    },
    appliesTo:
      v.appliesTo === 'ENTIRE_ORDER'
        ? { type: 'ENTIRE_ORDER' }
        : v.appliesTo === 'ENTIRE_ORDER_WITH_EXCLUDED_PRODUCTS'
          ? { type: 'ENTIRE_ORDER_WITH_EXCLUDED_PRODUCTS', excludedProducts: v.products }
          : { type: 'SELECTED_PRODUCTS', products: v.products, oncePerOrder: v.oncePerOrder },
  }
}

const rules: [RegExp, string][] = [
  [/^\/(type|title|code)$/, '$1'],
  [/^\/codes(\/.*)?$/, 'codes'],
  [/^\/discount\/percentage$/, 'percentage'],
  [/^\/discount\/(shippingOption|shipping)$/, 'shippingOption'],
  [/^\/discount\/money(\/.*)?$/, 'amount'],
  [/^\/discount\/freeShipping$/, 'freeShipping'],
  [/^\/discount\/lowestOnly$/, 'lowestOnly'],
  [/^\/discount\/freeProductsType(\/type)?$/, 'freeProductsType'],
  [/^\/discount\/freeProductsType\/products\/(\d+)\/quantity$/, 'freeProducts.$1.quantity'],
  [/^\/discount\/freeProductsType\/products\/(\d+)(\/.*)?$/, 'freeProducts.$1.variantIds'],
  [/^\/discount\/freeProductsType\/products$/, 'freeProducts.root'],
  [/^\/discount(\/type)?$/, 'discountType'],
  [/^\/requirements\/minimumOrderValue(\/.*)?$/, 'minimumOrderValue'],
  [/^\/requirements\/newMembersOnly$/, 'newMembersOnly'],
  [/^\/limits(\/.*)?$/, 'maximumUses'],
  [/^\/appliesTo\/oncePerOrder$/, 'oncePerOrder'],
  [/^\/appliesTo\/(products|excludedProducts)(\/.*)?$/, 'products'],
  [/^\/appliesTo(\/type)?$/, 'appliesTo'],
  [/^\/subscriptionType(\/.*)?$/, 'subscriptionType'],
  [/^\/tiers\/(tiersIds|ids)(\/.*)?$/, 'tiersIds'],
  [/^\/tiers(\/type)?$/, 'tiersType'],
]

export const promotionFieldOf: FieldOf = (pointer) => {
  for (const [pattern, field] of rules) if (pattern.test(pointer)) return pointer.replace(pattern, field)
  return undefined
}
