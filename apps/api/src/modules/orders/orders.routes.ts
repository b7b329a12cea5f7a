import type { HandlerTable, OperationContext } from '../../http/operation-router.js'
import type { ShopPrincipal } from '../../http/principal.js'
import { pageRequest } from '../paging/paging.js'
import type { OrderService } from './orders.service.js'

interface ListOrdersQuery {
  page?: number
  size?: number
  email?: string
  'createdAt[gt]'?: string
  'createdAt[lt]'?: string
  'updatedAt[gt]'?: string
  'updatedAt[lt]'?: string
  status?: string[]
}

type ListCtx = OperationContext<Record<string, never>, ListOrdersQuery, undefined, ShopPrincipal>
type GetCtx = OperationContext<{ orderId: string }, Record<string, never>, undefined, ShopPrincipal>
type FriendlyCtx = OperationContext<{ friendlyId: string }, Record<string, never>, undefined, ShopPrincipal>

/** A client's date-time bound, normalised to the stored form (UTC, milliseconds). */
function instant(value: string | undefined): string | undefined {
  return value === undefined ? undefined : new Date(value).toISOString()
}

export function orderHandlers(orders: OrderService): HandlerTable {
  return {
    listOrders: ({ auth, query }: ListCtx) =>
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
    getOrder: ({ auth, params }: GetCtx) => orders.getOrder(auth.shopId, params.orderId),
    getOrderByFriendlyId: ({ auth, params }: FriendlyCtx) =>
      orders.getOrderByFriendlyId(auth.shopId, params.friendlyId),
  }
}
