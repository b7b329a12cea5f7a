import type { MembershipTiersTable, MembershipTierVariantsTable } from '../../db/schema.js'
import { toMoney } from '../money/money.js'
import type { MemberRow } from './memberships.repository.js'

/** A tier lists its prices monthly first, then annual. */
const intervalOrder: Record<MembershipTierVariantsTable['interval'], number> = { MONTHLY: 0, ANNUAL: 1 }

/** Contract schema `MembershipTierVariant`. */
export function toTierVariantResource(variant: Omit<MembershipTierVariantsTable, 'shop_id'>) {
  return {
    id: variant.id,
    tierId: variant.tier_id,
    interval: variant.interval,
    amount: toMoney(variant.amount, variant.currency),
    offerId: variant.offer_id ?? undefined,
  }
}

/** The only place a tier's wire shape is built (contract schema `MembershipTier`). */
export function toMembershipTierResource(tier: MembershipTiersTable, variants: MembershipTierVariantsTable[]) {
  return {
    id: tier.id,
    name: tier.name,
    imageUrl: tier.image_url,
    variants: [...variants]
      .sort((a, b) => intervalOrder[a.interval] - intervalOrder[b.interval])
      .map(toTierVariantResource),
  }
}

function toMemberSubscriptionResource(member: MemberRow) {
  if (member.subscription_type === 'NONE') return { type: 'NONE' as const }
  const { variant_id, variant_tier_id, variant_interval, variant_currency, variant_amount, variant_offer_id } = member
  if (
    variant_id === null ||
    variant_tier_id === null ||
    variant_interval === null ||
    variant_currency === null ||
    variant_amount === null
  ) {
    // Every subscription but NONE names a variant of the shop; a missing one is a broken invariant.
    throw new Error(`Member ${member.id} has a ${member.subscription_type} subscription without a tier variant`)
  }
  return {
    type: member.subscription_type,
    variant: toTierVariantResource({
      id: variant_id,
      tier_id: variant_tier_id,
      interval: variant_interval,
      currency: variant_currency,
      amount: variant_amount,
      offer_id: variant_offer_id,
    }),
  }
}

/** The only place a member's wire shape is built (contract schema `Member`). */
export function toMemberResource(member: MemberRow) {
  return {
    id: member.id,
    email: member.email,
    nickname: member.nickname,
    createdAt: member.created_at,
    subscription: toMemberSubscriptionResource(member),
  }
}

export type MembershipTierResource = ReturnType<typeof toMembershipTierResource>
export type MemberResource = ReturnType<typeof toMemberResource>
