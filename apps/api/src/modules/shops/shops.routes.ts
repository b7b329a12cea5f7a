import type { Res } from '@fanshelf/contract'
import type { ShopPrincipal } from '../../http/principal.js'
import type { Handlers } from '../../http/typed-handlers.js'
import { toContactInfoResource, toShopResource } from './shops.mapper.js'
import type { ShopService } from './shops.service.js'

/**
 * The shop's contact info as the contract's `ShopContactInfo`. It is stored as one JSON column and
 * parsed as `Record<string, unknown>`, so this is an assertion, not a proof: the router's serializer
 * (from the same schema) is what shapes the answer.
 */
function wireContactInfo(info: ReturnType<typeof toContactInfoResource>): Res<'getCurrentShopContactInfo'> {
  return info as Res<'getCurrentShopContactInfo'>
}

export function shopHandlers(
  shops: ShopService,
): Handlers<'getCurrentShop' | 'getCurrentShopContactInfo', ShopPrincipal> {
  return {
    getCurrentShop: async ({ auth }) => toShopResource(await shops.getShop(auth.shopId)),
    getCurrentShopContactInfo: async ({ auth }) =>
      wireContactInfo(toContactInfoResource(await shops.getShop(auth.shopId))),
  }
}
