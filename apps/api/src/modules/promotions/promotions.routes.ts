import type { HandlerTable, OperationContext } from '../../http/operation-router.js'
import type { ShopPrincipal } from '../../http/principal.js'
import { pageRequest } from '../paging/paging.js'
import type { PromotionCreateRequest } from './promotion-input.js'
import type { PromotionService } from './promotions.service.js'

type ListCtx = OperationContext<
  Record<string, never>,
  { page?: number; size?: number; codes?: string[] },
  undefined,
  ShopPrincipal
>
type GetCtx = OperationContext<{ promotionId: string }, Record<string, never>, undefined, ShopPrincipal>
type CreateCtx = OperationContext<Record<string, never>, Record<string, never>, PromotionCreateRequest, ShopPrincipal>

export function promotionHandlers(promotions: PromotionService): HandlerTable {
  return {
    listPromotions: ({ auth, query }: ListCtx) =>
      promotions.listPromotions(auth.shopId, pageRequest(query), query.codes),
    getPromotion: ({ auth, params }: GetCtx) => promotions.getPromotion(auth.shopId, params.promotionId),
    createPromotion: ({ auth, body }: CreateCtx) => promotions.createPromotion(auth.shopId, body),
  }
}
