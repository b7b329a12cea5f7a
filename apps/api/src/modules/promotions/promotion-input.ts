import { type ValidationIssue, validationError } from '../../http/errors.js'
import { type Money, toMinor, toMoney } from '../money/money.js'
import { oncePerOrderNotSupported } from './promotions.errors.js'

/**
 * `POST /promotions` bodies (contract schema `PromotionCreateRequest`, already validated against
 * it) turned into the canonical wire shapes the promotion's JSON columns hold. Both spellings of a
 * field are accepted and one is kept (decision 0004): `EntireOrder`/`SelectedProducts` →
 * `ENTIRE_ORDER`/`SELECTED_PRODUCTS`, `maximumUse` → `maximumUsesNumber`, `shipping` →
 * `shippingOption`, `ids` → `tiersIds`; when both are sent, the canonical one wins.
 */

export type ShippingOption = 'Excluded' | 'Included' | 'FreeLowestOnly' | 'Free'

export type FreeProductInput =
  | { variantId: string; quantity: number }
  | { availableVariantIds: string[]; quantity: number }

export type ShopDiscountInput =
  | { type: 'PERCENTAGE'; percentage: number; shippingOption?: ShippingOption; shipping?: ShippingOption }
  | { type: 'FLAT_RATE'; money: Money; freeShipping: boolean }
  | { type: 'FREE_SHIPPING'; lowestOnly?: boolean }
  | {
      type: 'FREE_PRODUCTS'
      freeProductsType: 'AUTO_ADDED' | 'MANUALLY_ADDED'
      products: FreeProductInput[]
      freeShipping?: boolean
    }

interface ShopFieldsInput {
  title?: string
  discount: ShopDiscountInput
  requirements?: { minimumOrderValue?: Money }
  limits?: { maximumUsesNumber?: number; maximumUse?: number; oneUsePerCustomer: boolean }
  appliesTo?:
    | { type: 'ENTIRE_ORDER' | 'EntireOrder' }
    | { type: 'SELECTED_PRODUCTS' | 'SelectedProducts'; products: string[]; oncePerOrder?: boolean }
}

interface MembershipFieldsInput {
  title?: string
  discount: { type: 'PERCENTAGE'; percentage: number }
  requirements?: { newMembersOnly: boolean }
  subscriptionType?: { type: 'ALL' | 'MONTHLY' | 'ANNUAL' }
  tiers?: { type: 'ALL' } | { type: 'SELECTED'; tiersIds?: string[]; ids?: string[] }
}

export type PromotionCreateRequest =
  | ({ type: 'SHOP_SINGLE'; code: string } & ShopFieldsInput)
  | ({ type: 'SHOP_MULTI'; codes: string[] } & ShopFieldsInput)
  | ({ type: 'MEMBERSHIPS_SINGLE'; code: string } & MembershipFieldsInput)
  | ({ type: 'MEMBERSHIPS_MULTI'; codes: string[] } & MembershipFieldsInput)

export type CreatableType = PromotionCreateRequest['type']

/** A promotion ready to store: canonical wire shapes, and what must be checked against the shop. */
export interface NormalisedPromotion {
  type: CreatableType
  title: string
  codes: string[]
  discount: unknown
  requirements: unknown
  limits: { maximumUsesNumber: number | null; oneUsePerCustomer: boolean } | null
  appliesTo: unknown
  subscriptionType: unknown
  tiers: unknown
  /** Every amount with where it was given (`field`), for the shop-currency check. */
  amounts: { field: string; money: Money }[]
  /** Products named by `appliesTo.products`, in request order. */
  productIds: string[]
  /** Variants named by `discount.products`, in request order. */
  variantIds: string[]
  /** Tiers named by `tiers.tiersIds`, in request order. */
  tierIds: string[]
}

/** Discounts `appliesTo.oncePerOrder` cannot be combined with (the whole order's shipping or free goods). */
export const oncePerOrderUnsupported: readonly ShopDiscountInput['type'][] = ['FREE_SHIPPING', 'FREE_PRODUCTS']

function canonicalMoney(money: Money, field: string, issues: ValidationIssue[]): Money {
  const minor = toMinor(money.value, money.currency)
  if (minor === undefined) {
    issues.push({
      location: 'body',
      field: `${field}/value`,
      rule: 'multipleOf',
      message: `must have at most the minor-unit precision of ${money.currency}`,
    })
    return money
  }
  return toMoney(minor, money.currency)
}

function normaliseShopDiscount(discount: ShopDiscountInput, issues: ValidationIssue[]) {
  switch (discount.type) {
    case 'PERCENTAGE':
      return {
        type: 'PERCENTAGE',
        percentage: discount.percentage,
        // The schema requires one of the two spellings.
        shippingOption: discount.shippingOption ?? discount.shipping ?? 'Excluded',
      }
    case 'FLAT_RATE':
      return {
        type: 'FLAT_RATE',
        money: canonicalMoney(discount.money, 'discount/money', issues),
        freeShipping: discount.freeShipping,
      }
    case 'FREE_SHIPPING':
      return { type: 'FREE_SHIPPING', lowestOnly: discount.lowestOnly ?? false }
    case 'FREE_PRODUCTS':
      if (discount.freeProductsType === 'AUTO_ADDED') {
        discount.products.forEach((product, index) => {
          if (!('variantId' in product)) {
            issues.push({
              location: 'body',
              field: `discount/products/${index}/variantId`,
              rule: 'required',
              message: 'AUTO_ADDED free products must name a variantId',
            })
          }
        })
      }
      return {
        type: 'FREE_PRODUCTS',
        freeProductsType: discount.freeProductsType,
        products: discount.products.map((p) =>
          'variantId' in p
            ? { variantId: p.variantId, quantity: p.quantity }
            : { availableVariantIds: p.availableVariantIds, quantity: p.quantity },
        ),
        freeShipping: discount.freeShipping ?? false,
      }
  }
}

/**
 * Canonicalises a validated body; throws 400 REQUEST_VALIDATION_FAILED (every issue) or
 * PROMOTION_ONCE_PER_ORDER_CONFIGURATION_NOT_SUPPORTED_FOR_DISCOUNT_TYPE for the rules the schema
 * cannot state. Shop-dependent rules (currency, products, tiers, codes) are the service's.
 */
export function normalisePromotion(request: PromotionCreateRequest): NormalisedPromotion {
  const codes = 'codes' in request ? request.codes : [request.code]
  const title = request.title ?? codes[0] ?? ''
  const issues: ValidationIssue[] = []
  if (request.title !== undefined && request.title.trim() === '') {
    issues.push({ location: 'body', field: 'title', rule: 'minLength', message: 'must not be blank' })
  }

  if (request.type === 'MEMBERSHIPS_SINGLE' || request.type === 'MEMBERSHIPS_MULTI') {
    const tiers = request.tiers ?? { type: 'ALL' as const }
    const tierIds = tiers.type === 'SELECTED' ? (tiers.tiersIds ?? tiers.ids ?? []) : []
    if (issues.length > 0) throw validationError(issues)
    return {
      type: request.type,
      title,
      codes,
      discount: { type: 'PERCENTAGE', percentage: request.discount.percentage },
      requirements: { newMembersOnly: request.requirements?.newMembersOnly ?? false },
      limits: null,
      appliesTo: null,
      subscriptionType: { type: request.subscriptionType?.type ?? 'ALL' },
      tiers: tiers.type === 'SELECTED' ? { type: 'SELECTED', tiersIds: tierIds } : { type: 'ALL' },
      amounts: [],
      productIds: [],
      variantIds: [],
      tierIds,
    }
  }

  const discount = normaliseShopDiscount(request.discount, issues)
  const minimum = request.requirements?.minimumOrderValue
  const minimumOrderValue = minimum ? canonicalMoney(minimum, 'requirements/minimumOrderValue', issues) : null
  if (issues.length > 0) throw validationError(issues)

  const input = request.appliesTo ?? { type: 'ENTIRE_ORDER' as const }
  const selected = input.type === 'SELECTED_PRODUCTS' || input.type === 'SelectedProducts' ? input : undefined
  const appliesTo = selected
    ? { type: 'SELECTED_PRODUCTS', products: selected.products, oncePerOrder: selected.oncePerOrder ?? false }
    : { type: 'ENTIRE_ORDER' }
  if (selected?.oncePerOrder && oncePerOrderUnsupported.includes(request.discount.type)) {
    throw oncePerOrderNotSupported(request.discount.type)
  }
  const amounts: NormalisedPromotion['amounts'] = []
  if (request.discount.type === 'FLAT_RATE') {
    amounts.push({ field: 'discount/money', money: (discount as { money: Money }).money })
  }
  if (minimumOrderValue) amounts.push({ field: 'requirements/minimumOrderValue', money: minimumOrderValue })
  return {
    type: request.type,
    title,
    codes,
    discount,
    requirements: { minimumOrderValue },
    limits: {
      maximumUsesNumber: request.limits?.maximumUsesNumber ?? request.limits?.maximumUse ?? null,
      oneUsePerCustomer: request.limits?.oneUsePerCustomer ?? false,
    },
    appliesTo,
    subscriptionType: null,
    tiers: null,
    amounts,
    productIds: selected?.products ?? [],
    variantIds:
      request.discount.type === 'FREE_PRODUCTS'
        ? request.discount.products.flatMap((p) => ('variantId' in p ? [p.variantId] : p.availableVariantIds))
        : [],
    tierIds: [],
  }
}
