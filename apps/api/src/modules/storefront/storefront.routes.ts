import type { HandlerTable, OperationContext } from '../../http/operation-router.js'
import type { ShopPrincipal } from '../../http/principal.js'
import { pageRequest, pageSizeWithAlias } from '../paging/paging.js'
import type { CartItemInput, CartService, CreateCartInput } from './carts.service.js'
import type { CatalogCache } from './catalog-cache.js'
import type { StorefrontCatalogService } from './storefront-catalog.service.js'
import type { StorefrontTokenService } from './storefront-tokens.service.js'

type Currency = { currency?: string }
/** `limit` is an accepted alias of `size` (decision 0026). */
type Paged = { page?: number; size?: number; limit?: number }
type SlugCtx = OperationContext<{ slug: string }, Currency & Paged, undefined, ShopPrincipal>
type ListCtx = OperationContext<Record<string, never>, Paged, undefined, ShopPrincipal>
type ShopCtx = OperationContext<Record<string, never>, Record<string, never>, undefined, ShopPrincipal>
type CreateCtx = OperationContext<Record<string, never>, Currency, CreateCartInput, ShopPrincipal>
type CartCtx = OperationContext<{ cartId: string }, Currency, undefined, ShopPrincipal>
type ItemsCtx = OperationContext<{ cartId: string }, Currency, { items: CartItemInput[] }, ShopPrincipal>

export interface StorefrontModule {
  catalog: StorefrontCatalogService
  carts: CartService
  tokens: StorefrontTokenService
  catalogCache: CatalogCache
}

/** The storefront API's operations, and the open API's `PUT /public-token`. */
export function storefrontHandlers({ catalog, carts, tokens, catalogCache }: StorefrontModule): HandlerTable {
  // Catalogue reads are answered from the micro-cache (catalog-cache.ts), keyed by everything they depend on.
  return {
    getStorefrontShop: ({ auth }: ShopCtx) => catalog.getShop(auth.shopId),
    getStorefrontProduct: ({ auth, params, query, reply }: SlugCtx) =>
      catalogCache.reply(reply, ['product', auth.shopId, params.slug, query.currency ?? ''], () =>
        catalog.getProduct(auth.shopId, params.slug, query.currency),
      ),
    listCollections: ({ auth, query, reply }: ListCtx) => {
      const page = pageRequest({ page: query.page, size: pageSizeWithAlias(query) })
      return catalogCache.reply(reply, ['collections', auth.shopId, String(page.page), String(page.size)], () =>
        catalog.listCollections(auth.shopId, page),
      )
    },
    getCollection: ({ auth, params, reply }: SlugCtx) =>
      catalogCache.reply(reply, ['collection', auth.shopId, params.slug], () =>
        catalog.getCollection(auth.shopId, params.slug),
      ),
    listCollectionProducts: ({ auth, params, query, reply }: SlugCtx) => {
      const page = pageRequest({ page: query.page, size: pageSizeWithAlias(query) })
      const key = ['products', auth.shopId, params.slug, String(page.page), String(page.size), query.currency ?? '']
      return catalogCache.reply(reply, key, () =>
        catalog.listCollectionProducts(auth.shopId, params.slug, page, query.currency),
      )
    },

    createCart: ({ auth, query, body }: CreateCtx) => carts.createCart(auth.shopId, body, query.currency),
    getCart: ({ auth, params, query }: CartCtx) => carts.getCart(auth.shopId, params.cartId, query.currency),
    addCartItems: ({ auth, params, query, body }: ItemsCtx) =>
      carts.addItems(auth.shopId, params.cartId, body.items, query.currency),
    changeCartItems: ({ auth, params, query, body }: ItemsCtx) =>
      carts.changeItems(auth.shopId, params.cartId, body.items, query.currency),
    removeCartItems: ({ auth, params, query, body }: ItemsCtx) =>
      carts.removeItems(auth.shopId, params.cartId, body.items, query.currency),

    getOrCreatePublicToken: async ({ auth }: ShopCtx) => ({ token: (await tokens.getOrCreate(auth.shopId)).token }),
  }
}
