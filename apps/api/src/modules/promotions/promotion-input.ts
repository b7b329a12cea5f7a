import { type ValidationIssue, validationError } from '../../errors/domain-error.js'
import { type Money, toMinor, toMoney } from '../money/money.js'
import { oncePerOrderNotSupported } from './promotions.errors.js'

/**
 * `POST /promotions` bodies (contract schema `PromotionCreateRequest`, already validated against
 * it) turned into the canonical wire shapes the promotion's JSON columns hold. Both spellings of a
 * field are accepted and one is kept (decision 0004): `EntireOrder`/`SelectedProducts` →
 * `ENTIRE_ORDER`/`SELECTED_PRODUCTS`, `maximumUse` → `maximumUsesNumber`, `shipping` →
 * `shippingOption`, `ids` → `tiersIds`; when both are sent, the canonical one wins.
 * `appliesToProducts` (the platform's request field) is an alias of a `SELECTED_PRODUCTS`
 * `appliesTo`; sent with a different `appliesTo` it is refused naming both (decision 0023). The
 * deprecated flat `FREE_PRODUCTS` form (`freeProductsType` a string, `products` beside it) is
 * stored in the platform's shape, `freeProductsType: {type, products}`.
 */

export type ShippingOption = 'Excluded' | 'Included' | 'FreeLowestOnly' | 'Free'

export type FreeProductInput =
  | { variantId: string; quantity: number }
  | { availableVariantIds: string[]; quantity: number }

/** Contract schema `FreeProductsType`: the platform's shape, and what the column holds. */
export type FreeProductsType =
  | { type: 'AUTO_ADDED'; products: { variantId: string; quantity: number }[] }
  | { type: 'MANUALLY_ADDED'; products: { availableVariantIds: string[]; quantity: number }[] }

export type ShopDiscountInput =
  | { type: 'PERCENTAGE'; percentage: number; shippingOption?: ShippingOption; shipping?: ShippingOption }
  | { type: 'FLAT_RATE'; money: Money; freeShipping: boolean }
  | { type: 'FREE_SHIPPING'; lowestOnly?: boolean }
  | {
      type: 'FREE_PRODUCTS'
      freeProductsType: FreeProductsType | 'AUTO_ADDED' | 'MANUALLY_ADDED'
      /** Deprecated flat form only. */
      products?: FreeProductInput[]
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
    | { type: 'ENTIRE_ORDER_WITH_EXCLUDED_PRODUCTS'; excludedProducts: string[] }
  /** The platform's request spelling of a SELECTED_PRODUCTS `appliesTo`. */
  appliesToProducts?: { productIds: string[]; oncePerOrder?: boolean }
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
  /** Products named by `appliesTo` (or `appliesToProducts`), with the field naming each, in request order. */
  products: { field: string; id: string }[]
  /** Variants named by `discount.freeProductsType.products`, with the field naming each, in request order. */
  variants: { field: string; id: string }[]
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
      return {
        type: 'FREE_PRODUCTS',
        freeProductsType: freeProductsTypeOf(discount, issues),
        freeShipping: discount.freeShipping ?? false,
      }
  }
}

type FreeProductsDiscountInput = Extract<ShopDiscountInput, { type: 'FREE_PRODUCTS' }>

/** The platform's `freeProductsType` of either request form (the flat one is deprecated). */
function freeProductsTypeOf(discount: FreeProductsDiscountInput, issues: ValidationIssue[]): FreeProductsType {
  const given = discount.freeProductsType
  if (typeof given === 'object') {
    if (discount.products !== undefined) {
      issues.push({
        location: 'body',
        field: 'discount/products',
        rule: 'not',
        message: 'must not be sent with an object freeProductsType; the products go in freeProductsType.products',
      })
    }
    return given.type === 'AUTO_ADDED'
      ? { type: 'AUTO_ADDED', products: given.products.map((p) => ({ variantId: p.variantId, quantity: p.quantity })) }
      : {
          type: 'MANUALLY_ADDED',
          products: given.products.map((p) => ({ availableVariantIds: p.availableVariantIds, quantity: p.quantity })),
        }
  }
  if (discount.products === undefined) {
    issues.push({
      location: 'body',
      field: 'discount/products',
      rule: 'required',
      message: "must have required property 'products' (the flat form of freeProductsType)",
    })
  }
  const products = discount.products ?? []
  if (given === 'AUTO_ADDED') {
    products.forEach((product, index) => {
      if (!('variantId' in product)) {
        issues.push({
          location: 'body',
          field: `discount/products/${index}/variantId`,
          rule: 'required',
          message: 'AUTO_ADDED free products must name a variantId',
        })
      }
    })
    return {
      type: 'AUTO_ADDED',
      products: products.flatMap((p) => ('variantId' in p ? [{ variantId: p.variantId, quantity: p.quantity }] : [])),
    }
  }
  return {
    type: 'MANUALLY_ADDED',
    products: products.map((p) => ({
      availableVariantIds: 'variantId' in p ? [p.variantId] : p.availableVariantIds,
      quantity: p.quantity,
    })),
  }
}

/** Every variant a FREE_PRODUCTS discount names, with the request field that names it. */
function freeProductVariants(discount: FreeProductsDiscountInput): { field: string; id: string }[] {
  const given = discount.freeProductsType
  const base = typeof given === 'object' ? 'discount/freeProductsType/products' : 'discount/products'
  const products: FreeProductInput[] = typeof given === 'object' ? given.products : (discount.products ?? [])
  return products.flatMap((product, index) =>
    'variantId' in product
      ? [{ field: `${base}/${index}/variantId`, id: product.variantId }]
      : product.availableVariantIds.map((id, j) => ({ field: `${base}/${index}/availableVariantIds/${j}`, id })),
  )
}

type AppliesTo =
  | { type: 'ENTIRE_ORDER' }
  | { type: 'SELECTED_PRODUCTS'; products: string[]; oncePerOrder: boolean }
  | { type: 'ENTIRE_ORDER_WITH_EXCLUDED_PRODUCTS'; excludedProducts: string[] }

function canonicalAppliesTo(input: ShopFieldsInput['appliesTo']): AppliesTo | undefined {
  switch (input?.type) {
    case undefined:
      return undefined
    case 'SELECTED_PRODUCTS':
    case 'SelectedProducts':
      return { type: 'SELECTED_PRODUCTS', products: input.products, oncePerOrder: input.oncePerOrder ?? false }
    case 'ENTIRE_ORDER_WITH_EXCLUDED_PRODUCTS':
      return { type: 'ENTIRE_ORDER_WITH_EXCLUDED_PRODUCTS', excludedProducts: input.excludedProducts }
    default:
      return { type: 'ENTIRE_ORDER' }
  }
}

const sameIds = (a: string[], b: string[]) => {
  const left = new Set(a.map((id) => id.toLowerCase()))
  return left.size === new Set(b.map((id) => id.toLowerCase())).size && b.every((id) => left.has(id.toLowerCase()))
}

/**
 * `appliesTo`, or its alias `appliesToProducts`; both may be sent when they say the same (the same
 * products in any order, the same `oncePerOrder`), otherwise both fields are named in the 400.
 */
function resolveAppliesTo(
  request: ShopFieldsInput,
  issues: ValidationIssue[],
): { appliesTo: AppliesTo; products: { field: string; id: string }[]; oncePerOrderField: string } {
  const canonical = canonicalAppliesTo(request.appliesTo)
  const alias = request.appliesToProducts
  if (canonical && alias) {
    const same =
      canonical.type === 'SELECTED_PRODUCTS' &&
      canonical.oncePerOrder === (alias.oncePerOrder ?? false) &&
      sameIds(canonical.products, alias.productIds)
    if (!same) {
      const message = (other: string) =>
        `must say the same as ${other} (an alias of it) when both are sent; send one of the two`
      issues.push(
        { location: 'body', field: 'appliesTo', rule: 'aliasConflict', message: message('appliesToProducts') },
        { location: 'body', field: 'appliesToProducts', rule: 'aliasConflict', message: message('appliesTo') },
      )
    }
  }
  if (canonical) {
    const products =
      canonical.type === 'SELECTED_PRODUCTS'
        ? canonical.products.map((id, i) => ({ field: `appliesTo/products/${i}`, id }))
        : canonical.type === 'ENTIRE_ORDER_WITH_EXCLUDED_PRODUCTS'
          ? canonical.excludedProducts.map((id, i) => ({ field: `appliesTo/excludedProducts/${i}`, id }))
          : []
    return { appliesTo: canonical, products, oncePerOrderField: 'appliesTo/oncePerOrder' }
  }
  if (alias) {
    return {
      appliesTo: { type: 'SELECTED_PRODUCTS', products: alias.productIds, oncePerOrder: alias.oncePerOrder ?? false },
      products: alias.productIds.map((id, i) => ({ field: `appliesToProducts/productIds/${i}`, id })),
      oncePerOrderField: 'appliesToProducts/oncePerOrder',
    }
  }
  return { appliesTo: { type: 'ENTIRE_ORDER' }, products: [], oncePerOrderField: 'appliesTo/oncePerOrder' }
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
      products: [],
      variants: [],
      tierIds,
    }
  }

  const discount = normaliseShopDiscount(request.discount, issues)
  const minimum = request.requirements?.minimumOrderValue
  const minimumOrderValue = minimum ? canonicalMoney(minimum, 'requirements/minimumOrderValue', issues) : null
  const { appliesTo, products, oncePerOrderField } = resolveAppliesTo(request, issues)
  if (issues.length > 0) throw validationError(issues)

  if (
    appliesTo.type === 'SELECTED_PRODUCTS' &&
    appliesTo.oncePerOrder &&
    oncePerOrderUnsupported.includes(request.discount.type)
  ) {
    throw oncePerOrderNotSupported(request.discount.type, oncePerOrderField)
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
    products,
    variants: request.discount.type === 'FREE_PRODUCTS' ? freeProductVariants(request.discount) : [],
    tierIds: [],
  }
}
