import type { HandlerTable, OperationContext } from '../../http/operation-router.js'
import type { ShopPrincipal } from '../../http/principal.js'
import type { ThankYouService } from './thank-yous.service.js'

type GetCtx = OperationContext<{ thankYouId: string }, Record<string, never>, undefined, ShopPrincipal>

export function thankYouHandlers(thankYous: ThankYouService): HandlerTable {
  return {
    getThankYou: ({ auth, params }: GetCtx) => thankYous.getThankYou(auth.shopId, params.thankYouId),
  }
}
