import type { HandlerTable, OperationContext } from '../../http/operation-router.js'
import type { ShopPrincipal } from '../../http/principal.js'
import type { DrawParticipant } from './draw-winners.js'
import type { GiftingService } from './gifting.service.js'

type PurchaseCtx = OperationContext<{ giftPurchaseId: string }, Record<string, never>, undefined, ShopPrincipal>
type DrawCtx = OperationContext<{ drawId: string }, Record<string, never>, undefined, ShopPrincipal>
type FinishCtx = OperationContext<
  { drawId: string },
  Record<string, never>,
  { participants: DrawParticipant[] },
  ShopPrincipal
>

export function giftingHandlers(gifting: GiftingService): HandlerTable {
  return {
    getGiftPurchase: ({ auth, params }: PurchaseCtx) => gifting.getGiftPurchase(auth.shopId, params.giftPurchaseId),
    getGiftDraw: ({ auth, params }: DrawCtx) => gifting.getGiftDraw(auth.shopId, params.drawId),
    finishGiftDraw: ({ auth, params, body }: FinishCtx) =>
      gifting.finishDraw(auth.shopId, params.drawId, body.participants),
  }
}
