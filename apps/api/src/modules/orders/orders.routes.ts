import type { Schema } from '@fanshelf/contract'
import type { ShopPrincipal } from '../../http/principal.js'
import type { Handlers } from '../../http/typed-handlers.js'
import { pageRequest } from '../paging/paging.js'
import type { OrderResource } from './orders.mapper.js'
import type { OrderService } from './orders.service.js'

/** A client's date-time bound, normalised to the stored form (UTC, milliseconds). */
function instant(value: string | undefined): string | undefined {
  return value === undefined ? undefined : new Date(value).toISOString()
}

/**
 * The mapper's order as the contract's `Order`. The mapper still reads its stored snapshots as loose
 * JSON (`status` a string, product fields `unknown`), so this is an assertion, not a proof: TypeScript
 * still rejects it when a required field of `Order` is renamed or removed, or a field's type stops
 * overlapping; an optional field renamed in the contract is not caught until the mapper returns
 * `Schema<'Order'>` itself.
 */
function wireOrder(order: OrderResource): Schema<'Order'> {
  return order as Schema<'Order'>
}

export function orderHandlers(
  orders: OrderService,
): Handlers<'listOrders' | 'getOrder' | 'getOrderByFriendlyId', ShopPrincipal> {
  return {
    listOrders: ({ auth, query }) =>
      orders.listOrdersJson(
        auth.shopId,
        {
          email: query.email,
          createdAfter: instant(query['createdAt[gt]']),
          createdBefore: instant(query['createdAt[lt]']),
          updatedAfter: instant(query['updatedAt[gt]']),
          updatedBefore: instant(query['updatedAt[lt]']),
          statuses: query.status,
        },
        pageRequest(query),
      ),
    getOrder: async ({ auth, params }) => wireOrder(await orders.getOrder(auth.shopId, params.orderId)),
    getOrderByFriendlyId: async ({ auth, params }) =>
      wireOrder(await orders.getOrderByFriendlyId(auth.shopId, params.friendlyId)),
  }
}
