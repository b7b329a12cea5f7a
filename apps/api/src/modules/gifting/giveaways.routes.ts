import type { HandlerTable, OperationContext } from '../../http/operation-router.js'
import type { ShopPrincipal } from '../../http/principal.js'
import type { GiveawayParticipant, GiveawayRequest, GiveawayService } from './giveaways.service.js'

type CreateCtx = OperationContext<Record<string, never>, Record<string, never>, GiveawayRequest, ShopPrincipal>
type FinishCtx = OperationContext<
  { id: string },
  Record<string, never>,
  { participants: GiveawayParticipant[] },
  ShopPrincipal
>

/** The beta giveaway operations (open-api-beta.yaml, tag `BETA: Giveaways`). */
export function giveawayHandlers(giveaways: GiveawayService): HandlerTable {
  return {
    createGiveaway: ({ auth, body }: CreateCtx) => giveaways.createGiveaway(auth.shopId, body),
    finishGiveaway: ({ auth, params, body }: FinishCtx) =>
      giveaways.finishGiveaway(auth.shopId, params.id, body.participants),
  }
}
