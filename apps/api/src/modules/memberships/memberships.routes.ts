import type { HandlerTable, OperationContext } from '../../http/operation-router.js'
import type { ShopPrincipal } from '../../http/principal.js'
import { pageRequest } from '../paging/paging.js'
import type { MembershipService } from './memberships.service.js'

type TiersCtx = OperationContext<Record<string, never>, Record<string, never>, undefined, ShopPrincipal>
type MembersCtx = OperationContext<Record<string, never>, { page?: number; size?: number }, undefined, ShopPrincipal>
type MemberCtx = OperationContext<{ memberId: string }, Record<string, never>, undefined, ShopPrincipal>

export function membershipHandlers(memberships: MembershipService): HandlerTable {
  return {
    listMembershipTiers: ({ auth }: TiersCtx) => memberships.listTiers(auth.shopId),
    listMembers: ({ auth, query }: MembersCtx) => memberships.listMembers(auth.shopId, pageRequest(query)),
    getMember: ({ auth, params }: MemberCtx) => memberships.getMember(auth.shopId, params.memberId),
  }
}
