import type { Schema } from '@fanshelf/contract'
import type { ShopPrincipal } from '../../http/principal.js'
import type { Handlers } from '../../http/typed-handlers.js'
import { pageRequest } from '../paging/paging.js'
import type { MemberResource, MembershipTierResource } from './memberships.mapper.js'
import type { MembershipService } from './memberships.service.js'

/*
 * The mapper's tiers and members as the contract's. A tier variant's `offer_id` is a nullable column
 * (added by migration 0012, which backfilled every existing row), while the contract's `offerId` is
 * required, so these are assertions, not proofs: TypeScript still rejects them when a required field
 * is renamed or removed, or a field's type stops overlapping.
 */
function wireTiers(tiers: MembershipTierResource[]): Schema<'MembershipTier'>[] {
  return tiers as Schema<'MembershipTier'>[]
}

function wireMember(member: MemberResource): Schema<'Member'> {
  return member as Schema<'Member'>
}

export function membershipHandlers(
  memberships: MembershipService,
): Handlers<'listMembershipTiers' | 'listMembers' | 'getMember', ShopPrincipal> {
  return {
    listMembershipTiers: async ({ auth }) => wireTiers(await memberships.listTiers(auth.shopId)),
    listMembers: ({ auth, query }) => memberships.listMembersJson(auth.shopId, pageRequest(query)),
    getMember: async ({ auth, params }) => wireMember(await memberships.getMember(auth.shopId, params.memberId)),
  }
}
