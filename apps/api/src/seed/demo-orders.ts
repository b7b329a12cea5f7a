import type { OrderLinesTable, OrderStatusChangesTable, OrdersTable } from '../db/schema.js'
import { giftOrderAmounts } from '../modules/checkout/order-pricing.js'
import type { AddressSpec } from './demo-catalog.js'
import { carriers, orderMessages } from './demo-copy.js'
import type { BuiltProduct, BuiltPromotion, LinePlan, OrderPlan, ShopContext } from './demo-model.js'
import { createOrderPricing } from './demo-order-pricing.js'
import { statusPaths, statusReason, stepHours } from './demo-order-status.js'
import { address } from './demo-people.js'
import { DAY, HOUR, iso, json, MINUTE, SECOND, seedAnchorMs } from './demo-time.js'
import type { Prng } from './prng.js'

/** Writes a planned order: its row, lines and status history (`rows.orders`, `rows.order_lines`, …). */

export function createOrderWriter(ctx: ShopContext, promotions: BuiltPromotion[]) {
  const { spec, shopId, currency, rows } = ctx
  const friendlyIds = new Set<string>()
  const newFriendlyId = (p: Prng) => {
    for (;;) {
      const id = p.friendlyId()
      if (!friendlyIds.has(id)) {
        friendlyIds.add(id)
        return id
      }
    }
  }

  const pricing = createOrderPricing(ctx)

  const trackingParams = (p: Prng, createdMs: number) =>
    json({
      fbc: p.chance(0.35) ? `fb.1.${createdMs - p.int(MINUTE, DAY)}.IwAR${p.token(24)}` : null,
      fbp: p.chance(0.5) ? `fb.1.${createdMs - p.int(DAY, 60 * DAY)}.${p.int(1_000_000_000, 1_999_999_999)}` : null,
      utm_source: p.pick(['twitch', 'youtube', 'instagram', 'tiktok', 'newsletter', 'discord']),
      utm_medium: p.pick(['social', 'email', 'stream', 'bio-link']),
      utm_campaign: p.chance(0.8)
        ? p.pick(['winter-drop', 'subathon-2026', 'pip-plush-launch', 'spooky-season', 'back-to-school'])
        : null,
      utm_content: p.chance(0.5) ? p.pick(['panel', 'chat-command', 'pinned-post', 'story']) : null,
      utm_term: p.chance(0.15) ? p.pick(['hoodie', 'plush', 'stickers', 'mug']) : null,
    })

  /** Turns a plan into its order row, lines and status history. */
  const emitOrder = (p: Prng, plan: OrderPlan): OrdersTable => {
    const id = p.uuid()
    const isGift = plan.source.type === 'GIVEAWAY_LINKS' || plan.source.type === 'TWITCH_GIFT_REDEMPTION'
    const isSample = plan.source.type === 'SAMPLES_ORDER'
    const shippingAddress: AddressSpec | null = plan.digital
      ? null
      : isSample
        ? { ...spec.contact.location, name: spec.admins.owner.name }
        : plan.person.address
    let billingAddress: AddressSpec | null
    if (isGift) billingAddress = null
    else if (isSample) billingAddress = spec.contact.location
    else if (plan.digital) billingAddress = plan.person.address
    else {
      const roll = p.next()
      billingAddress =
        roll < 0.75 ? plan.person.address : roll < 0.88 ? address(p, plan.person.name, spec.region) : null
    }
    // Priced as the checkout prices (demo-order-pricing.ts); a redeemed gift's order is free.
    const subtotal = plan.lines.reduce((sum, l) => sum + l.variant.row.unit_price * l.quantity, 0)
    const shippingBefore = isGift ? 0 : pricing.shipping(plan.lines, shippingAddress)
    let outcome: Parameters<typeof pricing.amounts>[2] = null
    let promotionId: string | null = null
    if (plan.source.type === 'ORDER' && p.chance(spec.key === 'pixel-pines' ? 0.3 : 0.35)) {
      const candidates = promotions
        .filter(
          (promo) => promo.orderUses < promo.capacity && promo.startMs < plan.createdMs && plan.createdMs < promo.endMs,
        )
        .map((promo) => ({
          promo,
          outcome: pricing.promotionOutcome(promo, plan.lines, shippingBefore, promo.usedBy.has(plan.person.email)),
        }))
        .filter((c) => c.outcome !== undefined)
      if (candidates.length > 0) {
        const chosen = p.pick(candidates)
        chosen.promo.orderUses += 1
        chosen.promo.usedBy.add(plan.person.email)
        promotionId = chosen.promo.row.id
        outcome = chosen.outcome!
      }
    }
    const amounts = isGift
      ? giftOrderAmounts(subtotal)
      : pricing.amounts(plan.lines, shippingBefore, outcome, shippingAddress ?? billingAddress)
    const { shipping, tax, discount } = amounts
    const donation = plan.source.type === 'ORDER' && p.chance(0.12) ? p.pick([100, 200, 300, 500, 1000]) : 0
    const total = amounts.total + donation

    // Status history: CONFIRMED first, then the path to the current status, inside the seed window.
    const path = [...statusPaths[plan.status]]
    if (plan.digital && plan.status === 'COMPLETED') path.splice(1, path.length - 2)
    if (plan.status === 'SHIPPED' && plan.lines.length > 1 && p.chance(0.4)) path.splice(2, 0, 'PARTIALLY_SHIPPED')
    if (plan.status === 'IN_PRODUCTION' && plan.lines.length > 1 && p.chance(0.4)) {
      path.splice(1, 0, 'PARTIALLY_IN_PRODUCTION')
    }
    if (plan.status === 'CANCELLED' && !plan.digital && p.chance(0.25)) path.splice(1, 0, 'IN_PRODUCTION')
    const gaps = path.map((status, i) => {
      if (i === 0) return 0
      if (plan.digital && status === 'COMPLETED') return p.int(5 * SECOND, 2 * MINUTE)
      const [lo, hi] = stepHours[status]
      return p.float(lo, hi) * HOUR
    })
    const available = seedAnchorMs - plan.createdMs - MINUTE
    const totalGap = gaps.reduce((a, b) => a + b, 0)
    const scale = totalGap > available * 0.95 ? (available * 0.95) / totalGap : 1
    let at = plan.createdMs
    const carrier = p.pick(carriers)
    const trackingNumber = carrier.tracking(p)
    for (const [i, status] of path.entries()) {
      at += Math.round(gaps[i]! * scale)
      rows.order_status_changes.push({
        id: p.id('statusChange'),
        order_id: id,
        shop_id: shopId,
        status,
        reason: statusReason(p, status, plan.source.type, carrier.name, trackingNumber),
        created_at: iso(at),
      } satisfies OrderStatusChangesTable)
    }
    const updatedMs = at

    for (const [position, line] of plan.lines.entries()) {
      const v = line.variant
      rows.order_lines.push({
        id: p.id('orderLine'),
        order_id: id,
        shop_id: shopId,
        position,
        product_id: line.product.row.id,
        variant_id: v.row.id,
        quantity: line.quantity,
        unit_price: v.row.unit_price,
        unit_cost: v.row.unit_cost,
        compare_at_price: v.row.compare_at_price,
        product: json({
          id: line.product.row.id,
          name: line.product.row.name,
          slug: line.product.row.slug,
          description: line.product.row.description,
          primaryImage: v.primaryImage ?? line.product.images[0] ?? null,
        }),
        variant: json({
          id: v.row.id,
          name: v.row.name,
          sku: v.row.sku,
          attributes: v.attributes,
          weight: v.weight,
          dimensions: v.dimensions,
        }),
      } satisfies OrderLinesTable)
    }

    const order: OrdersTable = {
      id,
      shop_id: shopId,
      friendly_id: newFriendlyId(p),
      checkout_id: p.id('checkout'),
      promotion_id: promotionId,
      status: plan.status,
      email: isSample ? spec.contact.contactEmail : plan.person.email,
      email_marketing_opt_in: !isGift && !isSample && p.chance(0.45) ? 1 : 0,
      username: isSample ? null : plan.person.username,
      message: !isGift && !isSample && p.chance(0.2) ? p.pick(orderMessages) : null,
      currency,
      subtotal,
      shipping,
      tax,
      donation,
      discount,
      total,
      billing_address: billingAddress ? json(billingAddress) : null,
      shipping_address: shippingAddress ? json(shippingAddress) : null,
      source_type: plan.source.type,
      source_gift_id: 'giftId' in plan.source ? plan.source.giftId : null,
      source_gift_purchase_id: plan.source.type === 'TWITCH_GIFT_REDEMPTION' ? plan.source.giftPurchaseId : null,
      tracking_params: plan.source.type === 'ORDER' && p.chance(0.35) ? trackingParams(p, plan.createdMs) : null,
      created_at: iso(plan.createdMs),
      updated_at: iso(updatedMs),
    }
    rows.orders.push(order)
    return order
  }
  return { emitOrder, newFriendlyId }
}

export type OrderWriter = ReturnType<typeof createOrderWriter>

/** One unit of a gifted product, in a variant that is in stock if one is. */
export const giftLine = (p: Prng, product: BuiltProduct): LinePlan => {
  const inStock = product.variants.filter((v) => v.row.in_stock === null || v.row.in_stock > 0)
  return { product, variant: p.pick(inStock.length > 0 ? inStock : product.variants), quantity: 1 }
}
