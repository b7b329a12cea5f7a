import type { GiftDrawsTable, GiftPurchasesTable, GiftsTable, GiveawayPackagesTable } from '../db/schema.js'
import { giftPrepaidShippingMinor, giftTaxMinor } from '../modules/gifting/gift-pricing.js'
import type { ProductKind, PromotionSpec } from './demo-catalog.js'
import { giftableKinds, giftMessages, giftScenarios, packageScenarios } from './demo-copy.js'
import type { BuiltProduct, BuiltPromotion, ShopContext } from './demo-model.js'
import { statusForAge } from './demo-order-status.js'
import { giftLine, type OrderWriter } from './demo-orders.js'
import type { Person } from './demo-people.js'
import { popularity, sellableAt as sellableAmong } from './demo-products.js'
import { clampToAnchor, DAY, HOUR, iso, json, MINUTE, SECOND, seedAnchorMs } from './demo-time.js'
import type { Prng } from './prng.js'

/**
 * Gift purchases with their draws and gifts, and giveaway link packages with their links: every
 * gift status, redeemed gifts becoming orders, unredeemed ones free-product promotions.
 */

export interface GiftDeps {
  products: BuiltProduct[]
  /** People who watch but have not bought: the winners and recipients. */
  chatters: Person[]
  pickSupporter: (p: Prng) => Person
  orders: OrderWriter
  buildPromotion: (p: Prng, s: PromotionSpec) => BuiltPromotion
  promotions: BuiltPromotion[]
}

export function buildGiftPurchases(ctx: ShopContext, deps: GiftDeps) {
  const { spec, shopId, currency, rows, base } = ctx
  const { chatters, pickSupporter, buildPromotion, promotions } = deps
  const { emitOrder, newFriendlyId } = deps.orders
  const sellableAt = (ms: number, kinds?: Set<ProductKind>) => sellableAmong(deps.products, ms, kinds)
  const giftPrng = base.fork('gifts')
  for (const scenarioIndex of spec.counts.giftScenarios) {
    const scenario = giftScenarios[scenarioIndex]!
    const purchasedMs = Math.round(seedAnchorMs - scenario.ageDays * DAY + giftPrng.int(-6 * HOUR, 6 * HOUR))
    const candidates = sellableAt(purchasedMs, giftableKinds).filter((p) => p.row.state === 'AVAILABLE')
    const gifted = giftPrng.weighted(candidates.map((p) => [p, popularity(p)] as const))
    const gifter = pickSupporter(giftPrng)
    const unit = gifted.variants[0]!.row
    const subtotal = unit.unit_price * scenario.quantity
    // What the gifting API charges when the checkout passes no figures of its own (gift-pricing.ts).
    const prepaidShipping = giftPrepaidShippingMinor(scenario.quantity, currency)
    const tax = giftTaxMinor(subtotal, currency)
    const purchase: GiftPurchasesTable = {
      id: giftPrng.id('giftPurchase'),
      shop_id: shopId,
      friendly_id: newFriendlyId(giftPrng),
      product_id: gifted.row.id,
      offer: json({
        id: gifted.row.id,
        name: gifted.row.name,
        slug: gifted.row.slug,
        description: gifted.row.description,
        primaryImage: gifted.images[0] ?? null,
      }),
      currency,
      subtotal,
      tax,
      total: subtotal + tax + prepaidShipping,
      profit: subtotal - (unit.unit_cost ?? 0) * scenario.quantity,
      prepaid_shipping: prepaidShipping,
      email: gifter.email,
      username: gifter.username,
      message: giftPrng.pick(giftMessages),
      quantity: scenario.quantity,
      created_at: iso(purchasedMs),
    }
    rows.gift_purchases.push(purchase)

    let drawStartMs = purchasedMs + giftPrng.int(800, 2_500)
    let winnerDraw: { id: string; finishedMs: number } | undefined
    let lastDraw: { id: string; finishedMs: number } | undefined
    for (const d of scenario.draws) {
      const duration = giftPrng.pick([60, 90, 120])
      const endsMs = drawStartMs + duration * SECOND
      const finishedMs =
        d.outcome === 'EXPIRED' ? endsMs + MINUTE : drawStartMs + giftPrng.int(20, duration - 1) * SECOND
      const draw: GiftDrawsTable = {
        id: giftPrng.id('draw'),
        shop_id: shopId,
        gift_purchase_id: purchase.id,
        type: d.type,
        duration_seconds: duration,
        created_at: iso(drawStartMs),
        ends_at: iso(endsMs),
        finished_at: iso(finishedMs),
        outcome: d.outcome,
      }
      rows.gift_draws.push(draw)
      lastDraw = { id: draw.id, finishedMs }
      if (d.winners > 0) winnerDraw = lastDraw
      drawStartMs = finishedMs + giftPrng.int(30, 300) * SECOND
    }
    const winnersCount = scenario.draws.reduce((n, d) => Math.max(n, d.winners), 0)
    const winners = giftPrng.sample(chatters, winnersCount)
    for (const [position, status] of scenario.gifts.entries()) {
      const winner = position < winnersCount ? winners[position] : undefined
      const selectedMs = winner ? winnerDraw!.finishedMs : undefined
      const gift: GiftsTable = {
        id: giftPrng.id('gift'),
        shop_id: shopId,
        gift_purchase_id: purchase.id,
        package_id: null,
        draw_id: winner ? winnerDraw!.id : lastDraw!.id,
        product_id: gifted.row.id,
        status,
        winner_email: null,
        winner_username: winner ? (winner.username ?? `${winner.firstName.toLowerCase()}_tv`) : null,
        winner_selected_at: selectedMs === undefined ? null : iso(selectedMs),
        promotion_id: null,
        order_id: null,
        order_friendly_id: null,
        position,
        created_at: iso(purchasedMs),
        cancelled_at: null,
        redeemed_at: null,
      }
      if (status === 'REDEEMED' && winner && selectedMs !== undefined) {
        const redeemedMs = clampToAnchor(selectedMs + giftPrng.float(0.2, 60) * HOUR)
        const line = giftLine(giftPrng, gifted)
        const order = emitOrder(giftPrng, {
          createdMs: redeemedMs,
          person: winner,
          lines: [line],
          source: { type: 'TWITCH_GIFT_REDEMPTION', giftId: gift.id, giftPurchaseId: purchase.id },
          status: statusForAge(giftPrng, (seedAnchorMs - redeemedMs) / DAY, false),
          digital: false,
        })
        gift.winner_email = winner.email
        gift.order_id = order.id
        gift.order_friendly_id = order.friendly_id
        gift.redeemed_at = iso(redeemedMs)
      } else if (status === 'CHANGED_TO_PROMOTION') {
        // The winner did not redeem within 14 days: the gift became a free-product code for them.
        const convertedMs = clampToAnchor((selectedMs ?? purchasedMs) + 14 * DAY + giftPrng.int(0, 6 * HOUR))
        const promo = buildPromotion(giftPrng, {
          type: 'SHOP_SINGLE',
          status: 'Live',
          title: `Gift ${purchase.friendly_id}: ${gifted.row.name}`,
          code: `GIFT-${giftPrng.friendlyId()}`,
          discount: {
            type: 'FREE_PRODUCTS',
            freeProductsType: 'MANUALLY_ADDED',
            product: gifted.spec.code,
            freeShipping: true,
          },
          maximumUses: 1,
          oneUsePerCustomer: true,
          startDaysAgo: (seedAnchorMs - convertedMs) / DAY,
        })
        promo.row.created_at = iso(convertedMs)
        promo.row.updated_at = iso(convertedMs)
        for (const code of promo.codes) code.created_at = iso(convertedMs)
        promo.capacity = 0
        promo.spec = undefined
        promotions.push(promo)
        gift.promotion_id = promo.row.id
      } else if (status === 'CANCELLED') {
        gift.cancelled_at = iso(clampToAnchor(lastDraw!.finishedMs + giftPrng.float(1, 48) * HOUR))
      }
      rows.gifts.push(gift)
    }
  }
}

export function buildGiveawayPackages(ctx: ShopContext, deps: GiftDeps) {
  const { spec, shopId, rows, base } = ctx
  const { chatters } = deps
  const { emitOrder } = deps.orders
  const sellableAt = (ms: number, kinds?: Set<ProductKind>) => sellableAmong(deps.products, ms, kinds)
  const packagePrng = base.fork('packages')
  for (const scenarioIndex of spec.counts.packageScenarios) {
    const scenario = packageScenarios[scenarioIndex]!
    const createdMs = Math.round(seedAnchorMs - scenario.ageDays * DAY + packagePrng.int(0, 8 * HOUR))
    const candidates = sellableAt(createdMs, giftableKinds).filter((p) => p.row.state === 'AVAILABLE')
    const given = packagePrng.weighted(candidates.map((p) => [p, popularity(p)] as const))
    const pkg: GiveawayPackagesTable = {
      id: packagePrng.id('giveawayPackage'),
      shop_id: shopId,
      product_id: given.row.id,
      created_at: iso(createdMs),
    }
    rows.giveaway_packages.push(pkg)
    const recipients = packagePrng.sample(chatters, scenario.links.length)
    for (const [position, status] of scenario.links.entries()) {
      const gift: GiftsTable = {
        id: packagePrng.id('gift'),
        shop_id: shopId,
        gift_purchase_id: null,
        package_id: pkg.id,
        draw_id: null,
        product_id: given.row.id,
        status,
        winner_email: null,
        winner_username: null,
        winner_selected_at: null,
        promotion_id: null,
        order_id: null,
        order_friendly_id: null,
        position,
        created_at: iso(createdMs),
        cancelled_at: null,
        redeemed_at: null,
      }
      if (status === 'REDEEMED') {
        const redeemedMs = clampToAnchor(createdMs + packagePrng.float(2, Math.min(scenario.ageDays, 20) * 24) * HOUR)
        const order = emitOrder(packagePrng, {
          createdMs: redeemedMs,
          person: recipients[position]!,
          lines: [giftLine(packagePrng, given)],
          source: { type: 'GIVEAWAY_LINKS', giftId: gift.id },
          status: statusForAge(packagePrng, (seedAnchorMs - redeemedMs) / DAY, false),
          digital: false,
        })
        gift.order_id = order.id
        gift.order_friendly_id = order.friendly_id
        gift.redeemed_at = iso(redeemedMs)
      } else if (status === 'CANCELLED') {
        gift.cancelled_at = iso(clampToAnchor(createdMs + packagePrng.float(1, 10) * DAY))
      }
      rows.gifts.push(gift)
    }
  }
}
