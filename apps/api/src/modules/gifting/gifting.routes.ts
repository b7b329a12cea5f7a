import type { Res } from '@fanshelf/contract'
import type { ShopPrincipal } from '../../http/principal.js'
import type { Handlers } from '../../http/typed-handlers.js'
import type { GiftDrawResource, GiftPurchaseResource } from './gifting.mapper.js'
import type { GiftingService } from './gifting.service.js'

/*
 * The mapper's purchases and draws as the contract's. The offer (`name`, `slug`, `description`,
 * `primaryImage`) is read from the purchase's stored JSON snapshot as `unknown`, so these are
 * assertions, not proofs: TypeScript still rejects them when a required field is renamed or removed,
 * or a field's type stops overlapping.
 */
function wirePurchase(purchase: GiftPurchaseResource): Res<'getGiftPurchase'> {
  return purchase as Res<'getGiftPurchase'>
}

function wireDraw(draw: GiftDrawResource): Res<'getGiftDraw'> {
  return draw as Res<'getGiftDraw'>
}

export function giftingHandlers(
  gifting: GiftingService,
): Handlers<'getGiftPurchase' | 'getGiftDraw' | 'finishGiftDraw', ShopPrincipal> {
  return {
    getGiftPurchase: async ({ auth, params }) =>
      wirePurchase(await gifting.getGiftPurchase(auth.shopId, params.giftPurchaseId)),
    getGiftDraw: async ({ auth, params }) => wireDraw(await gifting.getGiftDraw(auth.shopId, params.drawId)),
    finishGiftDraw: async ({ auth, params, body }) =>
      wireDraw(await gifting.finishDraw(auth.shopId, params.drawId, body.participants)),
  }
}
