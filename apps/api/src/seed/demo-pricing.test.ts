import { describe, expect, it } from 'vitest'
import { parseConfig } from '../config.js'
import { shippingUsdMinor, shippingZone, taxMinor, taxRate } from '../modules/checkout/checkout-rules.js'
import { evaluatePromotion } from '../modules/checkout/promotion-rules.js'
import { giftPrepaidShippingMinor, giftTaxMinor } from '../modules/gifting/gift-pricing.js'
import { createExchangeRates } from '../modules/money/exchange-rates.js'
import { buildDemoData } from './demo-data.js'

/**
 * The seeded amounts are the API's (decision 0041): shipping and tax by the checkout's rules
 * (checkout-rules.ts, one tax table), discounts by its promotion engine (promotion-rules.ts), gift
 * purchases by gift-pricing.ts. Recomputed here from the rules, order by order.
 */
describe('demo data prices', () => {
  const data = buildDemoData({ publicUrl: parseConfig({}).publicUrl })
  const rates = createExchangeRates()
  const parse = <T>(text: string | null) => (text === null ? null : (JSON.parse(text) as T))
  type Place = { country: string; state?: string | null }

  it('prices every paid order as the checkout would', () => {
    let withPromotion = 0
    for (const { shop, rows } of data) {
      const home = parse<{ location: { country: string } }>(shop.contact_info)!.location.country
      const promotions = new Map(rows.promotions.map((p) => [p.id, p]))
      for (const order of rows.orders) {
        if (order.source_type === 'GIVEAWAY_LINKS' || order.source_type === 'TWITCH_GIFT_REDEMPTION') continue
        const lines = rows.order_lines.filter((l) => l.order_id === order.id)
        const to = parse<Place>(order.shipping_address)
        const shippedUnits = lines
          .filter((l) => parse<{ weight: { value: number } }>(l.variant)!.weight.value > 0)
          .reduce((n, l) => n + l.quantity, 0)
        const shipping = to
          ? rates.convert(shippingUsdMinor(shippingZone(home, to.country), shippedUnits), 'USD', order.currency)
          : 0
        expect(order.shipping, order.friendly_id).toBe(shipping)
        let goodsDiscount = 0
        if (order.promotion_id) {
          withPromotion += 1
          const promotion = promotions.get(order.promotion_id)!
          const outcome = evaluatePromotion({ ...promotion, status: 'Live', usage_count: 0 }, null, {
            currency: order.currency,
            lines: lines.map((l) => ({
              variantId: l.variant_id,
              productId: l.product_id,
              quantity: l.quantity,
              unitPrice: l.unit_price,
            })),
            subtotal: order.subtotal,
            shipping,
            requiresShipping: shippedUnits > 0,
            convert: rates.convert,
            formatMoney: String,
            usedBefore: false,
          })
          if (!outcome.applies) throw new Error(`${order.friendly_id}: ${outcome.message}`)
          goodsDiscount = outcome.goodsDiscount
          expect(order.discount, order.friendly_id).toBe(
            outcome.goodsDiscount + Math.min(shipping, outcome.shippingDiscount),
          )
        } else {
          expect(order.discount).toBe(0)
        }
        const destination = to ?? parse<Place>(order.billing_address) ?? { country: home }
        expect(order.tax, order.friendly_id).toBe(taxMinor(order.subtotal - goodsDiscount, taxRate(destination)))
        expect(order.total).toBe(order.subtotal + order.shipping + order.tax - order.discount + order.donation)
      }
    }
    expect(withPromotion).toBeGreaterThan(20)
  })

  it('prices gift purchases as the gifting API does', () => {
    for (const { rows } of data) {
      for (const purchase of rows.gift_purchases) {
        expect(purchase.tax).toBe(giftTaxMinor(purchase.subtotal, purchase.currency))
        expect(purchase.prepaid_shipping).toBe(giftPrepaidShippingMinor(purchase.quantity, purchase.currency))
      }
    }
  })
})
