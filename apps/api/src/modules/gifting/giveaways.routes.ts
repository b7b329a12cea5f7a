import type { Res } from '@fanshelf/contract'
import type { ShopPrincipal } from '../../http/principal.js'
import type { Handlers } from '../../http/typed-handlers.js'
import type { GiveawayResource } from './gifting.mapper.js'
import type { GiveawayService } from './giveaways.service.js'

/**
 * The mapper's giveaway as the contract's. The offer is read from the purchase's stored JSON snapshot
 * as `unknown` (as in gifting.routes.ts), so this is an assertion, not a proof: TypeScript still
 * rejects it when a required field is renamed or removed, or a field's type stops overlapping.
 */
function wireGiveaway(giveaway: GiveawayResource): Res<'createGiveaway'> {
  return giveaway as Res<'createGiveaway'>
}

/** The beta giveaway operations (open-api-beta.yaml, tag `BETA: Giveaways`). */
export function giveawayHandlers(
  giveaways: GiveawayService,
): Handlers<'createGiveaway' | 'finishGiveaway', ShopPrincipal> {
  return {
    createGiveaway: async ({ auth, body }) => wireGiveaway(await giveaways.createGiveaway(auth.shopId, body)),
    finishGiveaway: ({ auth, params, body }) => giveaways.finishGiveaway(auth.shopId, params.id, body.participants),
  }
}
