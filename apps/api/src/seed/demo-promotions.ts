import type { PromotionCodesTable, PromotionsTable } from '../db/schema.js'
import type { PromotionSpec } from './demo-catalog.js'
import type { BuiltProduct, BuiltPromotion, ShopContext } from './demo-model.js'
import { DAY, HOUR, iso, json, seedAnchorMs } from './demo-time.js'
import type { Prng } from './prng.js'

/** The shop's promotions and codes, and how often each was used (`rows.promotions`, `rows.promotion_codes`). */

export const shopTypes = new Set(['SHOP_SINGLE', 'SHOP_MULTI', 'SHOP_AUTO_APPLYING'])

/** Builds a promotion (and its codes) from its spec; codes are unique per shop. */
export function createPromotionBuilder(
  ctx: ShopContext,
  product: (code: string) => BuiltProduct,
  tierId: (key: string) => string,
) {
  const { shopId, money } = ctx
  const codeKeys = new Set<string>()
  const newCode = (code: string) => {
    if (codeKeys.has(code.toUpperCase())) throw new Error(`Duplicate demo promotion code ${code}`)
    codeKeys.add(code.toUpperCase())
    return code
  }
  const generatedCode = (p: Prng, stem: string) => {
    for (;;) {
      const code = `${stem}-${p.friendlyId().slice(0, 4)}`
      if (!codeKeys.has(code.toUpperCase())) return newCode(code)
    }
  }
  const buildPromotion = (p: Prng, s: PromotionSpec): BuiltPromotion => {
    const id = p.id('promotion')
    const isShop = shopTypes.has(s.type)
    const isMulti = s.type === 'SHOP_MULTI' || s.type === 'MEMBERSHIPS_MULTI'
    const startMs = Math.round(seedAnchorMs - s.startDaysAgo * DAY + p.int(0, 6 * HOUR))
    const endMs = s.endDaysAgo === undefined ? Number.POSITIVE_INFINITY : Math.round(seedAnchorMs - s.endDaysAgo * DAY)
    const updatedMs = Number.isFinite(endMs) ? endMs : startMs + p.int(0, Math.round((s.startDaysAgo / 3) * DAY))
    let discount: unknown
    const d = s.discount
    if (d.type === 'PERCENTAGE') {
      discount = isShop
        ? { type: 'PERCENTAGE', percentage: d.percentage, shippingOption: d.shippingOption ?? 'Excluded' }
        : { type: 'PERCENTAGE', percentage: d.percentage }
    } else if (d.type === 'FLAT_RATE') {
      discount = { type: 'FLAT_RATE', money: money(d.amount), freeShipping: d.freeShipping }
    } else if (d.type === 'FREE_SHIPPING') {
      discount = { type: 'FREE_SHIPPING', lowestOnly: d.lowestOnly }
    } else {
      const free = product(d.product)
      discount = {
        type: 'FREE_PRODUCTS',
        freeProductsType:
          d.freeProductsType === 'AUTO_ADDED'
            ? { type: 'AUTO_ADDED', products: [{ variantId: free.variants[0]!.row.id, quantity: 1 }] }
            : {
                type: 'MANUALLY_ADDED',
                products: [{ availableVariantIds: free.variants.map((v) => v.row.id), quantity: 1 }],
              },
        freeShipping: d.freeShipping,
      }
    }
    const codes: string[] = isMulti
      ? Array.from({ length: s.codeCount ?? 3 }, () => generatedCode(p, s.code ?? 'CODE'))
      : s.code
        ? [newCode(s.code)]
        : []
    const row: PromotionsTable = {
      id,
      shop_id: shopId,
      type: s.type,
      title: s.title,
      status: s.status,
      discount: json(discount),
      requirements: json(
        isShop
          ? { minimumOrderValue: s.minimumOrderValue === undefined ? null : money(s.minimumOrderValue) }
          : { newMembersOnly: s.newMembersOnly ?? false },
      ),
      limits: isShop
        ? json({ maximumUsesNumber: s.maximumUses ?? null, oneUsePerCustomer: s.oneUsePerCustomer ?? false })
        : null,
      applies_to: isShop
        ? json(
            s.appliesTo
              ? {
                  type: 'SELECTED_PRODUCTS',
                  products: s.appliesTo.products.map((code) => product(code).row.id),
                  oncePerOrder: s.appliesTo.oncePerOrder,
                }
              : s.excludedProducts
                ? {
                    type: 'ENTIRE_ORDER_WITH_EXCLUDED_PRODUCTS',
                    excludedProducts: s.excludedProducts.map((code) => product(code).row.id),
                  }
                : { type: 'ENTIRE_ORDER' },
          )
        : null,
      subscription_type: isShop ? null : json({ type: s.subscriptionType ?? 'ALL' }),
      tiers: isShop
        ? null
        : json(
            s.tiers === undefined || s.tiers === 'ALL'
              ? { type: 'ALL' }
              : { type: 'SELECTED', tiersIds: s.tiers.map((key) => tierId(key)) },
          ),
      usage_count: 0,
      created_at: iso(startMs),
      updated_at: iso(updatedMs),
    }
    const codeRows = codes.map(
      (code, position): PromotionCodesTable => ({
        id: p.id('promotionCode'),
        promotion_id: id,
        shop_id: shopId,
        code,
        code_key: code.toUpperCase(),
        usage_count: 0,
        status: s.status,
        position,
        created_at: iso(startMs),
      }),
    )
    const perCode = s.maximumUses ?? Number.POSITIVE_INFINITY
    const total = isMulti ? perCode * codes.length : perCode
    // Live promotions keep one use free so they stay Live.
    const capacity = s.status === 'Live' ? total - 1 : total
    return { spec: s, row, codes: codeRows, startMs, endMs, capacity, orderUses: 0, usedBy: new Set() }
  }
  return buildPromotion
}

/**
 * The usage counts: the seeded orders' uses plus some more (orders outside the seed's window), a
 * Live promotion keeping one use free, an AllUsed one at its maximum, multi-code uses spread over
 * the codes. Pushes the promotion and code rows.
 */
export function recordPromotionUsage(ctx: ShopContext, promotions: BuiltPromotion[]) {
  const { rows, base } = ctx
  const usagePrng = base.fork('promotion-usage')
  for (const promo of promotions) {
    const s = promo.spec
    if (!s) {
      rows.promotions.push(promo.row)
      rows.promotion_codes.push(...promo.codes)
      continue
    }
    const isMulti = promo.codes.length > 1 || s.type === 'SHOP_MULTI' || s.type === 'MEMBERSHIPS_MULTI'
    const perCode = s.maximumUses ?? Number.POSITIVE_INFINITY
    const total = isMulti ? perCode * promo.codes.length : perCode
    let usage: number
    if (s.status === 'AllUsed') usage = total
    else {
      const room = (s.status === 'Live' ? total - 1 : total) - promo.orderUses
      usage = promo.orderUses + Math.min(room, usagePrng.int(0, shopTypes.has(s.type) ? 40 : 25))
    }
    promo.row.usage_count = usage
    if (isMulti) {
      // Spread the uses over the codes, each at most `perCode`.
      const perCodeUsage = promo.codes.map(() => 0)
      for (let u = 0; u < usage; u++) {
        const open = perCodeUsage.flatMap((n, i) => (n < perCode ? [i] : []))
        const i = usagePrng.pick(open)
        perCodeUsage[i]! += 1
      }
      for (const [i, code] of promo.codes.entries()) {
        code.usage_count = perCodeUsage[i]!
        code.status = perCodeUsage[i]! >= perCode ? 'AllUsed' : s.status
      }
    } else {
      for (const code of promo.codes) {
        code.usage_count = usage
        code.status = s.status
      }
    }
    rows.promotions.push(promo.row)
    rows.promotion_codes.push(...promo.codes)
  }
}
