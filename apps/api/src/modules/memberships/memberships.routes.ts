import type { Schema } from '@fanshelf/contract'
import type { ShopPrincipal } from '../../http/principal.js'
import type { Handlers } from '../../http/typed-handlers.js'
import { pageRequest } from '../paging/paging.js'
import type { MemberResource } from './memberships.mapper.js'
import type { MembershipService } from './memberships.service.js'

/*
 * The mapper's members as the contract's: an assertion, not a proof (TypeScript still rejects it
 * when a required field is renamed or removed, or a field's type stops overlapping). The tiers are
 * serialized by the service with the contract's schema (`listTiersJson`); a tier variant's
 * `offer_id` is a nullable column (migration 0012 backfilled every row) where the contract's
 * `offerId` is required.
 */
function wireMember(member: MemberResource): Schema<'Member'> {
  return member as Schema<'Member'>
}

export function membershipHandlers(
  memberships: MembershipService,
): Handlers<'listMembershipTiers' | 'listMembers' | 'getMember', ShopPrincipal> {
  return {
    listMembershipTiers: ({ auth }) => memberships.listTiersJson(auth.shopId),
    listMembers: ({ auth, query }) => memberships.listMembersJson(auth.shopId, pageRequest(query)),
    getMember: async ({ auth, params }) => wireMember(await memberships.getMember(auth.shopId, params.memberId)),
  }
}
