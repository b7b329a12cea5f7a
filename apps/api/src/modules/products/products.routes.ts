import type { Res } from '@fanshelf/contract'
import type { ShopPrincipal } from '../../http/principal.js'
import type { Handlers } from '../../http/typed-handlers.js'
import { pageRequest } from '../paging/paging.js'
import type { ProductResource } from './products.mapper.js'
import type { ProductService } from './products.service.js'

/*
 * The mapper's products as the contract's `Product`. The stored `type` is a plain string (the
 * products table does not narrow it to `STANDARD`) and `thumbnailImage` is read from JSON as
 * `unknown`, so these are assertions, not proofs: TypeScript still rejects them when a required field
 * is renamed or removed, or a field's type stops overlapping.
 */
function wireProduct(product: ProductResource): Res<'getProduct'> {
  return product as Res<'getProduct'>
}

export function productHandlers(
  products: ProductService,
): Handlers<'listProducts' | 'getProduct' | 'listProductInventory' | 'setProductAvailability', ShopPrincipal> {
  return {
    listProducts: ({ auth, query }) => products.listProductsJson(auth.shopId, query.search, pageRequest(query)),
    getProduct: ({ auth, params }) => products.getProductJson(auth.shopId, params.productId),
    listProductInventory: ({ auth, params, query }) =>
      products.listProductInventoryJson(auth.shopId, params.productId, pageRequest(query)),
    setProductAvailability: async ({ auth, params, body }) =>
      wireProduct(await products.setProductAvailability(auth.shopId, params.productId, body.available)),
  }
}
