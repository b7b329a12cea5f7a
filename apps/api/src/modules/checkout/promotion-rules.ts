import type { PromotionCodesTable, PromotionsTable } from '../../db/schema.js'
import type { ErrorCode } from '../../errors/error-codes.js'
import { minorUnitExponent } from '../money/money.js'
import type { FreeProductsType } from '../promotions/promotion-input.js'
import { isExhausted, isUsable } from '../promotions/promotion-status.js'
import { maximumUsesOf } from '../promotions/promotion-usage.js'
import { type FreeItem, freeCartUnits, freeItemsOf } from './free-products.js'

/**
 * How a shop promotion applies to a checkout (contract schemas `ShopDiscount`,
 * `ShopRequirements`, `PromotionLimits`, `PromotionAppliesTo`; decision 0008). Pure: the
 * checkout service loads the promotion, its code and the customer's earlier uses, and applies the
 * outcome. Amounts are minor units of the order's currency.
 *
 * - Only `SHOP_*` promotions discount merchandise; membership promotions are refused here.
 * - The promotion, and for multi-code promotions the code, must be `Live`, and below
 *   `limits.maximumUsesNumber` (per promotion for single-code and automatic promotions, per code
 *   for multi-code ones).
 * - `requirements.minimumOrderValue` (converted) is compared with the goods subtotal, leaving out
 *   the lines of `appliesTo.excludedProducts` and the cart units a `FREE_PRODUCTS` discount makes
 *   free (decision 0023).
 * - `limits.oneUsePerCustomer`: one order per email address.
 * - `appliesTo.SELECTED_PRODUCTS`: the discount applies to the matching lines only, or with
 *   `oncePerOrder` to one unit — the most expensive matching one.
 * - `appliesTo.ENTIRE_ORDER_WITH_EXCLUDED_PRODUCTS`: the lines of `excludedProducts` get no
 *   discount; an order of excluded products only is not eligible.
 * - Discounts: `PERCENTAGE` of the eligible amount, plus per `shippingOption` (`Included`: the
 *   same percentage of shipping; `Free`/`FreeLowestOnly`: shipping free, the checkout having a
 *   single shipping method); `FLAT_RATE` (converted) up to the eligible amount, plus shipping with
 *   `freeShipping`; `FREE_SHIPPING`; `FREE_PRODUCTS` gives units free of charge by
 *   free-products.ts (`AUTO_ADDED`: the listed variants are added; `MANUALLY_ADDED`: the cart's
 *   units of `availableVariantIds` are free, the rest added), plus shipping with `freeShipping`.
 * - Percentages round half up; a discount never exceeds what it discounts.
 */

export interface PricedLine {
  variantId: string
  productId: string
  quantity: number
  /** Minor units of the order currency. */
  unitPrice: number
}

export interface PromotionContext {
  currency: string
  lines: PricedLine[]
  /** Goods subtotal of the cart lines. */
  subtotal: number
  shipping: number
  requiresShipping: boolean
  /** Converts minor units between currencies (the exchange-rate table). */
  convert: (minor: number, from: string, to: string) => number
  /** Writes minor units of `currency` for the shopper (checkout/shopper-locale.ts). */
  formatMoney: (minor: number) => string
  /** Whether the customer (by email) has used the promotion before; unknown before an email is given. */
  usedBefore: boolean
}

export type PromotionOutcome =
  | { applies: true; goodsDiscount: number; shippingDiscount: number; freeItems: FreeItem[] }
  | { applies: false; code: ErrorCode; message: string; details?: Record<string, unknown> }

interface Money {
  value: number
  currency: string
}

type ShopDiscount =
  | { type: 'PERCENTAGE'; percentage: number; shippingOption: 'Excluded' | 'Included' | 'FreeLowestOnly' | 'Free' }
  | { type: 'FLAT_RATE'; money: Money; freeShipping: boolean }
  | { type: 'FREE_SHIPPING'; lowestOnly: boolean }
  | { type: 'FREE_PRODUCTS'; freeProductsType: FreeProductsType; freeShipping: boolean }

const shopTypes = new Set(['SHOP_SINGLE', 'SHOP_MULTI', 'SHOP_AUTO_APPLYING'])

function parse<T>(json: string | null, fallback: T): T {
  return json === null ? fallback : (JSON.parse(json) as T)
}

function isOneUsePerCustomer(promotion: PromotionsTable): boolean {
  return parse<{ oneUsePerCustomer?: boolean }>(promotion.limits, {}).oneUsePerCustomer ?? false
}

function toMinor(money: Money): number {
  // Money values are major units with at most the currency's decimals (decision 0004).
  return Math.round(money.value * 10 ** minorUnitExponent(money.currency))
}

function refuse(code: ErrorCode, message: string, details?: Record<string, unknown>): PromotionOutcome {
  return { applies: false, code, message, ...(details ? { details } : {}) }
}

const statusMessages: Record<string, string> = {
  Ended: 'has ended',
  Archived: 'is no longer available',
  AllUsed: 'has been used the maximum number of times',
}

/** Whether the promotion (and code) can be used at all, whatever the order. */
export function usability(promotion: PromotionsTable, code: PromotionCodesTable | null): PromotionOutcome | undefined {
  const label = code ? `Code ${code.code}` : `Promotion ${promotion.title ?? promotion.id}`
  if (!shopTypes.has(promotion.type)) {
    return refuse('PROMOTION_NOT_APPLICABLE', `${label} is for memberships, not for shop orders.`)
  }
  const status = promotion.type === 'SHOP_MULTI' && code && isUsable(promotion.status) ? code.status : promotion.status
  if (!isUsable(status)) {
    return refuse('PROMOTION_NOT_LIVE', `${label} ${statusMessages[status] ?? 'cannot be used'}.`, { status })
  }
  const used = promotion.type === 'SHOP_MULTI' && code ? code.usage_count : promotion.usage_count
  if (isExhausted(used, maximumUsesOf(promotion))) {
    return refuse('PROMOTION_NOT_LIVE', `${label} ${statusMessages.AllUsed}.`, { status: 'AllUsed' })
  }
  return undefined
}

export function evaluatePromotion(
  promotion: PromotionsTable,
  code: PromotionCodesTable | null,
  context: PromotionContext,
): PromotionOutcome {
  const unusable = usability(promotion, code)
  if (unusable) return unusable
  const label = code ? `Code ${code.code}` : `Promotion ${promotion.title ?? promotion.id}`

  if (isOneUsePerCustomer(promotion) && context.usedBefore) {
    return refuse('PROMOTION_ALREADY_USED', `${label} can be used once per customer, and this email has used it.`)
  }

  const appliesTo = parse<{ type: string; products?: string[]; oncePerOrder?: boolean; excludedProducts?: string[] }>(
    promotion.applies_to,
    { type: 'ENTIRE_ORDER' },
  )
  const excluded = new Set(appliesTo.type === 'ENTIRE_ORDER_WITH_EXCLUDED_PRODUCTS' ? appliesTo.excludedProducts : [])
  const counted = context.lines.filter((line) => !excluded.has(line.productId))
  if (counted.length === 0) {
    return refuse('PROMOTION_NOT_APPLICABLE', `${label} does not apply to the products in this order.`)
  }
  const discount = JSON.parse(promotion.discount) as ShopDiscount
  const freeItems = discount.type === 'FREE_PRODUCTS' ? freeItemsOf(discount.freeProductsType, context.lines) : []
  const freeUnits = freeCartUnits(freeItems)

  const requirements = parse<{ minimumOrderValue?: Money | null }>(promotion.requirements, {})
  if (requirements.minimumOrderValue) {
    const minimum = context.convert(
      toMinor(requirements.minimumOrderValue),
      requirements.minimumOrderValue.currency,
      context.currency,
    )
    // What the shopper pays for among the goods the promotion is for.
    const countedSubtotal = counted.reduce(
      (sum, line) => sum + line.unitPrice * Math.max(0, line.quantity - (freeUnits.get(line.variantId) ?? 0)),
      0,
    )
    if (countedSubtotal < minimum) {
      const notCounted = excluded.size > 0 || freeUnits.size > 0 ? ' (excluded and free products do not count)' : ''
      return refuse(
        'PROMOTION_MINIMUM_NOT_MET',
        `${label} needs an order of at least ${context.formatMoney(minimum)}${notCounted}.`,
        {
          minimumMinor: minimum,
          currency: context.currency,
        },
      )
    }
  }

  let eligible = counted.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0)
  if (appliesTo.type === 'SELECTED_PRODUCTS' || appliesTo.type === 'SelectedProducts') {
    const products = new Set(appliesTo.products ?? [])
    const matching = context.lines.filter((line) => products.has(line.productId))
    if (matching.length === 0) {
      return refuse('PROMOTION_NOT_APPLICABLE', `${label} applies to products that are not in this order.`)
    }
    eligible = appliesTo.oncePerOrder
      ? Math.max(...matching.map((line) => line.unitPrice))
      : matching.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0)
  }

  const shippingIfFree = (free: boolean) => (free ? context.shipping : 0)
  switch (discount.type) {
    case 'PERCENTAGE': {
      const goods = Math.min(eligible, Math.round((eligible * discount.percentage) / 100 + 1e-9))
      const option = discount.shippingOption ?? 'Excluded'
      const shipping =
        option === 'Included'
          ? Math.round((context.shipping * discount.percentage) / 100 + 1e-9)
          : shippingIfFree(option === 'Free' || option === 'FreeLowestOnly')
      return {
        applies: true,
        goodsDiscount: goods,
        shippingDiscount: Math.min(shipping, context.shipping),
        freeItems: [],
      }
    }
    case 'FLAT_RATE': {
      const amount = context.convert(toMinor(discount.money), discount.money.currency, context.currency)
      return {
        applies: true,
        goodsDiscount: Math.min(amount, eligible),
        shippingDiscount: shippingIfFree(discount.freeShipping),
        freeItems: [],
      }
    }
    case 'FREE_SHIPPING':
      if (!context.requiresShipping) {
        return refuse('PROMOTION_NOT_APPLICABLE', `${label} gives free shipping, and nothing in this order ships.`)
      }
      return { applies: true, goodsDiscount: 0, shippingDiscount: context.shipping, freeItems: [] }
    case 'FREE_PRODUCTS':
      return {
        applies: true,
        goodsDiscount: 0,
        shippingDiscount: shippingIfFree(discount.freeShipping),
        freeItems,
      }
    default:
      return refuse('PROMOTION_NOT_APPLICABLE', `${label} has a discount this checkout does not support.`)
  }
}

/**
 * What the promotion gives, for the shopper, with every amount converted to the order's currency
 * (`10% off on orders of €46.00 or more`, `Free shipping on orders of ¥11,250 or more`). The
 * checkout shows this rather than the promotion's title: the title is the merchant's name for it,
 * written once in the shop's currency (`Free shipping over $75`), wrong in any other.
 */
export function describePromotion(
  promotion: PromotionsTable,
  context: Pick<PromotionContext, 'currency' | 'convert' | 'formatMoney'>,
): string {
  const money = (amount: Money) =>
    context.formatMoney(context.convert(toMinor(amount), amount.currency, context.currency))
  const discount = JSON.parse(promotion.discount) as ShopDiscount
  const andFreeShipping = (free: boolean) => (free ? ' and free shipping' : '')
  let gives: string
  switch (discount.type) {
    case 'PERCENTAGE':
      gives =
        discount.shippingOption === 'Included'
          ? `${discount.percentage}% off, shipping included`
          : `${discount.percentage}% off${andFreeShipping(discount.shippingOption === 'Free' || discount.shippingOption === 'FreeLowestOnly')}`
      break
    case 'FLAT_RATE':
      gives = `${money(discount.money)} off${andFreeShipping(discount.freeShipping)}`
      break
    case 'FREE_SHIPPING':
      gives = 'Free shipping'
      break
    case 'FREE_PRODUCTS':
      gives = `A free product${andFreeShipping(discount.freeShipping)}`
      break
    default:
      gives = 'Discount'
  }
  const appliesTo = parse<{ type: string; oncePerOrder?: boolean }>(promotion.applies_to, { type: 'ENTIRE_ORDER' })
  const selected = appliesTo.type === 'SELECTED_PRODUCTS' || appliesTo.type === 'SelectedProducts'
  const scope =
    discount.type === 'PERCENTAGE' || discount.type === 'FLAT_RATE'
      ? selected
        ? appliesTo.oncePerOrder
          ? ' one selected product'
          : ' selected products'
        : appliesTo.type === 'ENTIRE_ORDER_WITH_EXCLUDED_PRODUCTS'
          ? ' (some products excluded)'
          : ''
      : ''
  const minimum = parse<{ minimumOrderValue?: Money | null }>(promotion.requirements, {}).minimumOrderValue
  const threshold = minimum ? ` on orders of ${money(minimum)} or more` : ''
  return scope.startsWith(' (') ? `${gives}${threshold}${scope}` : `${gives}${scope}${threshold}`
}
