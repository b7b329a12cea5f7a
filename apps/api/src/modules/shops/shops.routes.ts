import type { HandlerTable, OperationContext } from '../../http/operation-router.js'
import type { ShopPrincipal } from '../../http/principal.js'
import { toContactInfoResource, toShopResource } from './shops.mapper.js'
import type { ShopService } from './shops.service.js'

type Ctx = OperationContext<Record<string, never>, Record<string, never>, undefined, ShopPrincipal>

export function shopHandlers(shops: ShopService): HandlerTable {
  return {
    getCurrentShop: async ({ auth }: Ctx) => toShopResource(await shops.getShop(auth.shopId)),
    getCurrentShopContactInfo: async ({ auth }: Ctx) => toContactInfoResource(await shops.getShop(auth.shopId)),
  }
}
