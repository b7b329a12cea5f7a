import { isShippable } from '../modules/checkout/checkout-rules.js'
import { type OrderAmounts, orderAmounts, shippingMinor } from '../modules/checkout/order-pricing.js'
import { evaluatePromotion, type PromotionOutcome } from '../modules/checkout/promotion-rules.js'
import { formatPrice } from '../modules/checkout/shopper-locale.js'
import { createExchangeRates } from '../modules/money/exchange-rates.js'
import type { AddressSpec } from './demo-catalog.js'
import type { BuiltPromotion, LinePlan, ShopContext } from './demo-model.js'
import { shopTypes } from './demo-promotions.js'

/**
 * Prices the seeded orders with the API's own pricing (decision 0041): shipping and tax by
 * checkout-rules.ts through order-pricing.ts, promotions by promotion-rules.ts — the functions the
 * hosted checkout prices a cart with. The seed has no arithmetic of its own.
 */

/** The built-in rate table, not the data directory's: the seed is the same wherever it runs. */
const rates = createExchangeRates()

type Applied = Extract<PromotionOutcome, { applies: true }>

export function createOrderPricing(ctx: ShopContext) {
  const { currency } = ctx
  const home = ctx.spec.contact.location.country
  const goods = (lines: LinePlan[]) => lines.reduce((sum, l) => sum + l.variant.row.unit_price * l.quantity, 0)

  /** Shipping before discounts: the shipped units (digital goods weigh nothing) to `to`. */
  function shipping(lines: LinePlan[], to: AddressSpec | null): number {
    if (!to) return 0
    const shippedUnits = lines
      .filter((l) => isShippable(l.variant.weight as { value?: number }))
      .reduce((n, l) => n + l.quantity, 0)
    return shippingMinor({ home, destination: to, shippedUnits, currency, convert: rates.convert })
  }

  /**
   * What a promotion gives the order, as the checkout would have computed it when the order was
   * placed (the seed keeps its window and capacity, so it is evaluated as Live, before its later
   * uses); undefined when it does not apply or gives nothing. Free-product promotions are left to
   * the checkout: a seeded order has no free lines.
   */
  function promotionOutcome(
    promo: BuiltPromotion,
    lines: LinePlan[],
    shippingMinorUnits: number,
    usedBefore: boolean,
  ): Applied | undefined {
    if (!promo.spec || !shopTypes.has(promo.spec.type)) return undefined
    const result = evaluatePromotion({ ...promo.row, status: 'Live', usage_count: 0 }, null, {
      currency,
      lines: lines.map((l) => ({
        variantId: l.variant.row.id,
        productId: l.product.row.id,
        quantity: l.quantity,
        unitPrice: l.variant.row.unit_price,
      })),
      subtotal: goods(lines),
      shipping: shippingMinorUnits,
      requiresShipping: lines.some((l) => isShippable(l.variant.weight as { value?: number })),
      convert: rates.convert,
      formatMoney: (minor) => formatPrice(minor, currency),
      usedBefore,
    })
    if (!result.applies || result.freeItems.length > 0) return undefined
    return result.goodsDiscount + result.shippingDiscount > 0 ? result : undefined
  }

  /** The order's amounts; tax at the destination (the shipping address, else the billing one). */
  function amounts(
    lines: LinePlan[],
    shippingMinorUnits: number,
    outcome: Applied | null,
    destination: AddressSpec | null,
  ): OrderAmounts {
    return orderAmounts({
      lines: lines.map((l) => ({ total: l.variant.row.unit_price * l.quantity, free: false })),
      shipping: shippingMinorUnits,
      outcome,
      destination: destination ?? { country: home },
    })
  }

  return { shipping, promotionOutcome, amounts }
}
