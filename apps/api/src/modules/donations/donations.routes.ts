import type { HandlerTable, OperationContext } from '../../http/operation-router.js'
import type { ShopPrincipal } from '../../http/principal.js'
import { pageRequest } from '../paging/paging.js'
import type { DonationService } from './donations.service.js'

type ListCtx = OperationContext<Record<string, never>, { page?: number; size?: number }, undefined, ShopPrincipal>
type GetCtx = OperationContext<{ donationId: string }, Record<string, never>, undefined, ShopPrincipal>

export function donationHandlers(donations: DonationService): HandlerTable {
  return {
    listDonations: ({ auth, query }: ListCtx) => donations.listDonations(auth.shopId, pageRequest(query)),
    getDonation: ({ auth, params }: GetCtx) => donations.getDonation(auth.shopId, params.donationId),
  }
}
