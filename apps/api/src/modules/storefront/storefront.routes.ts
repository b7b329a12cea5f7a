import type { Res } from '@fanshelf/contract'
import type { ShopPrincipal } from '../../http/principal.js'
import type { Handlers } from '../../http/typed-handlers.js'
import { pageRequest, pageSizeWithAlias } from '../paging/paging.js'
import type { CartService } from './carts.service.js'
import type { CatalogCache } from './catalog-cache.js'
import type { CartResource } from './storefront.mapper.js'
import type { StorefrontCatalogService } from './storefront-catalog.service.js'
import type { StorefrontTokenService } from './storefront-tokens.service.js'

type StorefrontOperation =
  | 'getStorefrontShop'
  | 'getStorefrontProduct'
  | 'listCollections'
  | 'getCollection'
  | 'listCollectionProducts'
  | 'createCart'
  | 'getCart'
  | 'addCartItems'
  | 'changeCartItems'
  | 'removeCartItems'
  | 'getOrCreatePublicToken'

/*
 * The storefront's shop and carts as the contract's. `currency` is a plain string in the shops table
 * and in the cart mapper (checked against the supported currencies when a cart is priced, not narrowed
 * to the contract's enum), so these are assertions, not proofs: TypeScript still rejects them when a
 * required field is renamed or removed, or a field's type stops overlapping. Catalogue answers are
 * sent already serialized by the micro-cache (checked at run time, against the contract, by the tests).
 */
function wireShop(shop: Awaited<ReturnType<StorefrontCatalogService['getShop']>>): Res<'getStorefrontShop'> {
  return shop as Res<'getStorefrontShop'>
}

function wireCart(cart: CartResource): Res<'getCart'> {
  return cart as Res<'getCart'>
}

export interface StorefrontModule {
  catalog: StorefrontCatalogService
  carts: CartService
  tokens: StorefrontTokenService
  catalogCache: CatalogCache
}

/** The storefront API's operations, and the open API's `PUT /public-token`. */
export function storefrontHandlers({
  catalog,
  carts,
  tokens,
  catalogCache,
}: StorefrontModule): Handlers<StorefrontOperation, ShopPrincipal> {
  // Catalogue reads are answered from the micro-cache (catalog-cache.ts), keyed by everything they depend on.
  return {
    getStorefrontShop: async ({ auth }) => wireShop(await catalog.getShop(auth.shopId)),
    getStorefrontProduct: ({ auth, params, query, reply }) =>
      catalogCache.reply(reply, ['product', auth.shopId, params.slug, query.currency ?? ''], () =>
        catalog.getProduct(auth.shopId, params.slug, query.currency),
      ),
    listCollections: ({ auth, query, reply }) => {
      const page = pageRequest({ page: query.page, size: pageSizeWithAlias(query) })
      return catalogCache.reply(reply, ['collections', auth.shopId, String(page.page), String(page.size)], () =>
        catalog.listCollections(auth.shopId, page),
      )
    },
    getCollection: ({ auth, params, reply }) =>
      catalogCache.reply(reply, ['collection', auth.shopId, params.slug], () =>
        catalog.getCollection(auth.shopId, params.slug),
      ),
    listCollectionProducts: ({ auth, params, query, reply }) => {
      const page = pageRequest({ page: query.page, size: pageSizeWithAlias(query) })
      const key = ['products', auth.shopId, params.slug, String(page.page), String(page.size), query.currency ?? '']
      return catalogCache.reply(reply, key, () =>
        catalog.listCollectionProducts(auth.shopId, params.slug, page, query.currency),
      )
    },

    createCart: async ({ auth, query, body }) => wireCart(await carts.createCart(auth.shopId, body, query.currency)),
    getCart: async ({ auth, params, query }) =>
      wireCart(await carts.getCart(auth.shopId, params.cartId, query.currency)),
    addCartItems: async ({ auth, params, query, body }) =>
      wireCart(await carts.addItems(auth.shopId, params.cartId, body.items, query.currency)),
    changeCartItems: async ({ auth, params, query, body }) =>
      wireCart(await carts.changeItems(auth.shopId, params.cartId, body.items, query.currency)),
    removeCartItems: async ({ auth, params, query, body }) =>
      wireCart(await carts.removeItems(auth.shopId, params.cartId, body.items, query.currency)),

    getOrCreatePublicToken: async ({ auth }) => ({ token: (await tokens.getOrCreate(auth.shopId)).token }),
  }
}
