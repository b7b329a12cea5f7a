import type { HandlerTable, OperationContext } from '../../http/operation-router.js'
import type { ShopPrincipal } from '../../http/principal.js'
import { pageRequest } from '../paging/paging.js'
import type { CollectionService } from './collections.service.js'

type ListCtx = OperationContext<
  Record<string, never>,
  { page?: number; size?: number; search?: string },
  undefined,
  ShopPrincipal
>

export function collectionHandlers(collections: CollectionService): HandlerTable {
  return {
    listShopCollections: ({ auth, query }: ListCtx) =>
      collections.listCollections(auth.shopId, query.search, pageRequest(query)),
  }
}
