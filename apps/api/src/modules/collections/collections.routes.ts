import type { ShopPrincipal } from '../../http/principal.js'
import type { Handlers } from '../../http/typed-handlers.js'
import { pageRequest } from '../paging/paging.js'
import type { CollectionService } from './collections.service.js'

export function collectionHandlers(collections: CollectionService): Handlers<'listShopCollections', ShopPrincipal> {
  return {
    listShopCollections: ({ auth, query }) =>
      collections.listCollectionsJson(auth.shopId, query.search, pageRequest(query)),
  }
}
