import type { HandlerTable, OperationContext } from '../../http/operation-router.js'
import type { ShopPrincipal } from '../../http/principal.js'
import { pageRequest } from '../paging/paging.js'
import type { ProductService } from './products.service.js'

interface ListProductsQuery {
  page?: number
  size?: number
  search?: string
}

interface PageQuery {
  page?: number
  size?: number
}

type ListCtx = OperationContext<Record<string, never>, ListProductsQuery, undefined, ShopPrincipal>
type GetCtx = OperationContext<{ productId: string }, Record<string, never>, undefined, ShopPrincipal>
type InventoryCtx = OperationContext<{ productId: string }, PageQuery, undefined, ShopPrincipal>
type AvailabilityCtx = OperationContext<
  { productId: string },
  Record<string, never>,
  { available: boolean },
  ShopPrincipal
>

export function productHandlers(products: ProductService): HandlerTable {
  return {
    listProducts: ({ auth, query }: ListCtx) => products.listProducts(auth.shopId, query.search, pageRequest(query)),
    getProduct: ({ auth, params }: GetCtx) => products.getProductJson(auth.shopId, params.productId),
    listProductInventory: ({ auth, params, query }: InventoryCtx) =>
      products.listProductInventory(auth.shopId, params.productId, pageRequest(query)),
    setProductAvailability: ({ auth, params, body }: AvailabilityCtx) =>
      products.setProductAvailability(auth.shopId, params.productId, body.available),
  }
}
