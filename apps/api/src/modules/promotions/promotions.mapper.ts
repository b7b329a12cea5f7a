import type { PromotionCodesTable, PromotionsTable } from '../../db/schema.js'

// The JSON columns hold their wire shape; a NULL column means the type's "no restriction".
function parseOr(json: string | null, fallback: unknown): unknown {
  return json === null ? fallback : JSON.parse(json)
}

/** Contract schema `PromotionCode`. */
export function toPromotionCodeResource(code: PromotionCodesTable) {
  return { id: code.id, code: code.code, usageCount: code.usage_count, status: code.status }
}

function shopFields(promotion: PromotionsTable) {
  return {
    id: promotion.id,
    title: promotion.title,
    type: promotion.type,
    status: promotion.status,
    usageCount: promotion.usage_count,
    discount: JSON.parse(promotion.discount) as unknown,
    requirements: parseOr(promotion.requirements, { minimumOrderValue: null }),
    limits: parseOr(promotion.limits, { maximumUsesNumber: null, oneUsePerCustomer: false }),
    appliesTo: parseOr(promotion.applies_to, { type: 'ENTIRE_ORDER' }),
  }
}

function membershipFields(promotion: PromotionsTable) {
  return {
    id: promotion.id,
    title: promotion.title,
    type: promotion.type,
    status: promotion.status,
    usageCount: promotion.usage_count,
    discount: JSON.parse(promotion.discount) as unknown,
    requirements: parseOr(promotion.requirements, { newMembersOnly: false }),
    subscriptionType: parseOr(promotion.subscription_type, { type: 'ALL' }),
    tiers: parseOr(promotion.tiers, { type: 'ALL' }),
  }
}

/**
 * The only place a promotion's wire shape is built (contract schema `Promotion`, one branch per
 * `type`). Single-code types carry their one code as `code`, multi-code types every code as `codes`.
 */
export function toPromotionResource(promotion: PromotionsTable, codes: PromotionCodesTable[]) {
  const firstCode = codes[0]?.code ?? null
  switch (promotion.type) {
    case 'SHOP_SINGLE':
    case 'SHOP_AUTO_APPLYING':
      return { ...shopFields(promotion), code: firstCode }
    case 'SHOP_MULTI':
      return { ...shopFields(promotion), codes: codes.map(toPromotionCodeResource) }
    case 'MEMBERSHIPS_SINGLE':
      return { ...membershipFields(promotion), code: firstCode }
    case 'MEMBERSHIPS_MULTI':
      return { ...membershipFields(promotion), codes: codes.map(toPromotionCodeResource) }
    default:
      throw new Error(`Promotion ${promotion.id} has an unknown type ${promotion.type}`)
  }
}

export type PromotionResource = ReturnType<typeof toPromotionResource>
