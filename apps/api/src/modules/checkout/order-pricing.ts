import { shippingRateCurrency, shippingUsdMinor, shippingZone, taxMinor, taxRate } from './checkout-rules.js'
import type { PromotionOutcome } from './promotion-rules.js'

/**
 * The arithmetic of an order's amounts, pure (no database): shipping for the shipped units, and
 * the discount, tax and total from the goods, the shipping and the promotion's outcome, by the
 * rules of checkout-rules.ts. The checkout's quote (checkout-pricing.ts) and the demo seed both
 * price orders with these functions, so there is one tax table and one discount engine
 * (promotion-rules.ts) — decision 0041.
 */

export interface Destination {
  country: string
  state?: string | null
}

/** Shipping in minor units of `currency` for `shippedUnits` shipped units from `home` to `destination`. */
export function shippingMinor(input: {
  home: string | undefined
  destination: Destination
  shippedUnits: number
  currency: string
  convert: (minor: number, from: string, to: string) => number
}): number {
  return input.convert(
    shippingUsdMinor(shippingZone(input.home, input.destination.country), input.shippedUnits),
    shippingRateCurrency,
    input.currency,
  )
}

export interface OrderAmounts {
  subtotal: number
  shipping: number
  goodsDiscount: number
  shippingDiscount: number
  /** Goods and shipping discounts together. */
  discount: number
  tax: number
  total: number
}

/**
 * An order's amounts: `lines` with their totals (free lines, made free by a `FREE_PRODUCTS`
 * promotion, count as goods discount), `shipping` before discounts, the applied promotion's outcome
 * if any, tax at the destination's rate on the goods after the goods discount.
 */
export function orderAmounts(input: {
  lines: readonly { total: number; free: boolean }[]
  shipping: number
  outcome: Extract<PromotionOutcome, { applies: true }> | null
  destination: Destination
}): OrderAmounts {
  const { lines, shipping, outcome } = input
  const freeValue = lines.filter((line) => line.free).reduce((sum, line) => sum + line.total, 0)
  const subtotal = lines.reduce((sum, line) => sum + line.total, 0)
  const goodsDiscount = Math.min(subtotal, (outcome?.goodsDiscount ?? 0) + freeValue)
  const shippingDiscount = Math.min(shipping, outcome?.shippingDiscount ?? 0)
  const tax = taxMinor(subtotal - goodsDiscount, taxRate(input.destination))
  const discount = goodsDiscount + shippingDiscount
  return {
    subtotal,
    shipping,
    goodsDiscount,
    shippingDiscount,
    discount,
    tax,
    total: Math.max(0, subtotal + shipping + tax - discount),
  }
}

/** A redeemed gift's order: free — the discount equals the goods; shipping was prepaid by the gifter, no tax. */
export function giftOrderAmounts(
  goods: number,
): Pick<OrderAmounts, 'subtotal' | 'shipping' | 'tax' | 'discount' | 'total'> {
  return { subtotal: goods, shipping: 0, tax: 0, discount: goods, total: 0 }
}
