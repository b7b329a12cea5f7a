import type { OrderLinesTable, OrderStatusChangesTable, OrdersTable } from '../db/schema.js'
import type { AddressSpec } from './demo-catalog.js'
import { carriers, orderMessages } from './demo-copy.js'
import type { BuiltProduct, BuiltPromotion, LinePlan, OrderPlan, ShopContext } from './demo-model.js'
import { statusPaths, statusReason, stepHours } from './demo-order-status.js'
import { address } from './demo-people.js'
import { shopTypes } from './demo-promotions.js'
import { DAY, HOUR, iso, json, MINUTE, SECOND, seedAnchorMs } from './demo-time.js'
import type { Prng } from './prng.js'

/** Writes a planned order: its row, lines and status history (`rows.orders`, `rows.order_lines`, …). */

const taxRates: Record<string, number> = {
  'US-CA': 0.0725,
  'US-NY': 0.08875,
  'US-TX': 0.0825,
  'US-WA': 0.101,
  'US-IL': 0.1025,
  'US-CO': 0.0881,
  'US-MN': 0.07875,
  'US-GA': 0.089,
  'US-MA': 0.0625,
  'US-AZ': 0.086,
  'US-TN': 0.0925,
  'US-OH': 0.0775,
  'US-NC': 0.0725,
  'US-UT': 0.0725,
  'US-WI': 0.055,
  'US-OR': 0,
  'CA-ON': 0.13,
  'CA-BC': 0.12,
  GB: 0.2,
  DE: 0.19,
  AU: 0.1,
  IE: 0.23,
  NL: 0.21,
  FR: 0.2,
  FI: 0.255,
  AT: 0.2,
  PT: 0.23,
}

function taxRate(place: AddressSpec | null): number {
  if (!place) return 0
  return taxRates[`${place.country}-${place.state ?? ''}`] ?? taxRates[place.country] ?? 0
}

export function createOrderWriter(
  ctx: ShopContext,
  promotions: BuiltPromotion[],
  product: (code: string) => BuiltProduct,
) {
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

  const shippingFor = (lines: LinePlan[], to: AddressSpec | null): number => {
    if (!to) return 0
    const items = lines.reduce((n, l) => n + l.quantity, 0)
    if (currency === 'EUR') {
      const base = to.country === 'IE' ? 495 : 895
      return Math.min(base + 150 * (items - 1), base * 2)
    }
    const base = to.country === 'US' ? 599 : to.country === 'CA' ? 1299 : 1699
    return Math.min(base + (to.country === 'US' ? 150 : 300) * (items - 1), base * 2)
  }

  /** The discount a promotion gives an order, or undefined when it cannot apply. */
  const discountFor = (promo: BuiltPromotion, lines: LinePlan[], subtotal: number, shipping: number) => {
    const s = promo.spec
    if (!s || !shopTypes.has(s.type)) return undefined
    let eligible = subtotal
    if (s.excludedProducts) {
      // Excluded lines get no discount and do not count towards the minimum (decision 0023).
      const excluded = new Set(s.excludedProducts.map((code) => product(code).row.id))
      eligible = lines
        .filter((l) => !excluded.has(l.product.row.id))
        .reduce((sum, l) => sum + l.variant.row.unit_price * l.quantity, 0)
      if (eligible === 0 || eligible < (s.minimumOrderValue ?? 0)) return undefined
    }
    if (s.appliesTo) {
      const ids = new Set(s.appliesTo.products.map((code) => product(code).row.id))
      const matching = lines.filter((l) => ids.has(l.product.row.id))
      if (matching.length === 0) return undefined
      eligible = s.appliesTo.oncePerOrder
        ? Math.max(...matching.map((l) => l.variant.row.unit_price))
        : matching.reduce((sum, l) => sum + l.variant.row.unit_price * l.quantity, 0)
    }
    const d = s.discount
    if (d.type === 'PERCENTAGE') {
      let amount = Math.round((eligible * d.percentage) / 100)
      if (d.shippingOption === 'Included') amount += Math.round((shipping * d.percentage) / 100)
      if (d.shippingOption === 'Free' || d.shippingOption === 'FreeLowestOnly') amount += shipping
      return amount
    }
    if (d.type === 'FLAT_RATE') return Math.min(d.amount, eligible) + (d.freeShipping ? shipping : 0)
    if (d.type === 'FREE_SHIPPING') return shipping > 0 ? shipping : undefined
    return undefined
  }
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
    const subtotal = plan.lines.reduce((sum, l) => sum + l.variant.row.unit_price * l.quantity, 0)
    const shipping = isGift ? 0 : shippingFor(plan.lines, shippingAddress)
    let discount = isGift ? subtotal : 0
    let promotionId: string | null = null
    if (plan.source.type === 'ORDER' && p.chance(spec.key === 'pixel-pines' ? 0.3 : 0.35)) {
      const candidates = promotions
        .map((promo) => ({ promo, amount: discountFor(promo, plan.lines, subtotal, shipping) }))
        .filter(
          ({ promo, amount }) =>
            amount !== undefined &&
            amount > 0 &&
            promo.orderUses < promo.capacity &&
            promo.startMs < plan.createdMs &&
            plan.createdMs < promo.endMs &&
            subtotal >= (promo.spec?.minimumOrderValue ?? 0) &&
            !(promo.spec?.oneUsePerCustomer && promo.usedBy.has(plan.person.email)),
        )
      if (candidates.length > 0) {
        const chosen = p.pick(candidates)
        chosen.promo.orderUses += 1
        chosen.promo.usedBy.add(plan.person.email)
        promotionId = chosen.promo.row.id
        discount = Math.min(chosen.amount!, subtotal + shipping)
      }
    }
    const goodsAfterDiscount = Math.max(0, subtotal - discount)
    const tax = isGift ? 0 : Math.round(goodsAfterDiscount * taxRate(shippingAddress ?? billingAddress))
    const donation = plan.source.type === 'ORDER' && p.chance(0.12) ? p.pick([100, 200, 300, 500, 1000]) : 0
    const total = subtotal - discount + shipping + tax + donation

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
