import type { Res } from '@fanshelf/contract'
import type { ShopPrincipal } from '../../http/principal.js'
import type { Handlers } from '../../http/typed-handlers.js'
import type { toGiveawayPackageResource } from './giveaway-links.mapper.js'
import type { GiveawayLinkService } from './giveaway-links.service.js'

/**
 * The mapper's package as the contract's `GiveawayLinkPackage`. A link's stored `status` is a plain
 * string (the gifts table does not narrow it to `AVAILABLE`/`REDEEMED`/`CANCELLED`), so this is an
 * assertion, not a proof: TypeScript still rejects it when a required field is renamed or removed, or
 * a field's type stops overlapping.
 */
function wirePackage(pkg: ReturnType<typeof toGiveawayPackageResource>): Res<'getGiveawayLinkPackage'> {
  return pkg as Res<'getGiveawayLinkPackage'>
}

export function giveawayLinkHandlers(
  giveawayLinks: GiveawayLinkService,
): Handlers<'listGiveawayLinkPackages' | 'getGiveawayLinkPackage' | 'createGiveawayLinks', ShopPrincipal> {
  return {
    listGiveawayLinkPackages: ({ auth }) => giveawayLinks.listPackagesJson(auth.shopId),
    getGiveawayLinkPackage: async ({ auth, params }) =>
      wirePackage(await giveawayLinks.getPackage(auth.shopId, params.packageId)),
    createGiveawayLinks: async ({ auth, body }) => wirePackage(await giveawayLinks.createPackage(auth.shopId, body)),
  }
}
