import type { Db, Executor } from '../../db/database.js'
import type { MembershipTierVariantsTable } from '../../db/schema.js'
import { notFound } from '../../http/errors.js'
import { type PageRequest, toPage } from '../paging/paging.js'
import { toMemberResource, toMembershipTierResource } from './memberships.mapper.js'
import {
  countMembers,
  findMember,
  listMembers,
  listMembershipTiers,
  listTierVariants,
} from './memberships.repository.js'

/** Membership tiers and members (beta operations). */
export function createMembershipService(db: Db) {
  async function getMember(shopId: string, memberId: string, executor: Executor = db) {
    const member = await findMember(executor, shopId, memberId)
    if (!member) {
      throw notFound('MEMBERSHIP_SUPPORTER_NOT_FOUND_BY_ID_ERROR', `No member ${memberId} in this shop.`, { memberId })
    }
    return toMemberResource(member)
  }

  return {
    async listTiers(shopId: string) {
      const tiers = await listMembershipTiers(db, shopId)
      const variants = await listTierVariants(
        db,
        shopId,
        tiers.map((tier) => tier.id),
      )
      const byTier = new Map<string, MembershipTierVariantsTable[]>()
      for (const variant of variants) {
        const list = byTier.get(variant.tier_id)
        if (list) list.push(variant)
        else byTier.set(variant.tier_id, [variant])
      }
      return tiers.map((tier) => toMembershipTierResource(tier, byTier.get(tier.id) ?? []))
    },

    async listMembers(shopId: string, page: PageRequest) {
      const [rows, total] = await Promise.all([listMembers(db, shopId, page), countMembers(db, shopId)])
      return toPage(rows.map(toMemberResource), total, page)
    },

    getMember,
  }
}

export type MembershipService = ReturnType<typeof createMembershipService>
