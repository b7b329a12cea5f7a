import type { HandlerTable, OperationContext } from '../../http/operation-router.js'
import type { ShopPrincipal } from '../../http/principal.js'
import type { GiveawayLinkService, GiveawayLinksRequest } from './giveaway-links.service.js'

type ListCtx = OperationContext<Record<string, never>, Record<string, never>, undefined, ShopPrincipal>
type GetCtx = OperationContext<{ packageId: string }, Record<string, never>, undefined, ShopPrincipal>
type CreateCtx = OperationContext<Record<string, never>, Record<string, never>, GiveawayLinksRequest, ShopPrincipal>

export function giveawayLinkHandlers(giveawayLinks: GiveawayLinkService): HandlerTable {
  return {
    listGiveawayLinkPackages: ({ auth }: ListCtx) => giveawayLinks.listPackages(auth.shopId),
    getGiveawayLinkPackage: ({ auth, params }: GetCtx) => giveawayLinks.getPackage(auth.shopId, params.packageId),
    createGiveawayLinks: ({ auth, body }: CreateCtx) => giveawayLinks.createPackage(auth.shopId, body),
  }
}
