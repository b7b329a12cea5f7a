import type { Body, Res } from '@fanshelf/contract'
import type { ShopPrincipal } from '../../http/principal.js'
import type { Handlers } from '../../http/typed-handlers.js'
import { pageRequest } from '../paging/paging.js'
import type { PromotionCreateRequest } from './promotion-input.js'
import type { PromotionResource } from './promotions.mapper.js'
import type { PromotionService } from './promotions.service.js'

/*
 * The mapper's promotions as the contract's `Promotion`. The stored `type` and `status` are plain
 * strings and `discount`, `requirements`, `limits`, `appliesTo`… are read from JSON columns as
 * `unknown`, so these are assertions, not proofs: TypeScript still rejects them when a required field
 * is renamed or removed, or a field's type stops overlapping.
 */
function wirePromotion(promotion: PromotionResource): Res<'getPromotion'> {
  return promotion as Res<'getPromotion'>
}

/**
 * The validated body as promotion-input.ts's `PromotionCreateRequest`. openapi-typescript renders a
 * schema's `anyOf` of required alternatives (`PercentageDiscount`: `shippingOption` or its alias
 * `shipping`) as extra union members that lack the schema's own properties, so the generated body is
 * looser than what the router validated; the cast still fails if the two stop overlapping.
 */
function promotionRequest(body: Body<'createPromotion'>): PromotionCreateRequest {
  return body as PromotionCreateRequest
}

export function promotionHandlers(
  promotions: PromotionService,
): Handlers<'listPromotions' | 'getPromotion' | 'createPromotion', ShopPrincipal> {
  return {
    listPromotions: ({ auth, query }) => promotions.listPromotionsJson(auth.shopId, pageRequest(query), query.codes),
    getPromotion: async ({ auth, params }) =>
      wirePromotion(await promotions.getPromotion(auth.shopId, params.promotionId)),
    createPromotion: async ({ auth, body }) =>
      wirePromotion(await promotions.createPromotion(auth.shopId, promotionRequest(body))),
  }
}
