import type { HandlerTable, OperationContext } from '../../http/operation-router.js'
import type { ShopPrincipal } from '../../http/principal.js'
import { pageRequest } from '../paging/paging.js'
import type { CartItemInput, CartService, CreateCartInput } from './carts.service.js'
import type { StorefrontCatalogService } from './storefront-catalog.service.js'
import type { StorefrontTokenService } from './storefront-tokens.service.js'

type Currency = { currency?: string }
type Paged = { page?: number; size?: number }
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
}

/** The storefront API's operations, and the open API's `PUT /public-token`. */
export function storefrontHandlers({ catalog, carts, tokens }: StorefrontModule): HandlerTable {
  return {
    getStorefrontShop: ({ auth }: ShopCtx) => catalog.getShop(auth.shopId),
    getStorefrontProduct: ({ auth, params, query }: SlugCtx) =>
      catalog.getProduct(auth.shopId, params.slug, query.currency),
    listCollections: ({ auth, query }: ListCtx) => catalog.listCollections(auth.shopId, pageRequest(query)),
    getCollection: ({ auth, params }: SlugCtx) => catalog.getCollection(auth.shopId, params.slug),
    listCollectionProducts: ({ auth, params, query }: SlugCtx) =>
      catalog.listCollectionProducts(auth.shopId, params.slug, pageRequest(query), query.currency),

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
