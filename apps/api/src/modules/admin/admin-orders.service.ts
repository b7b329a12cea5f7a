import type { Db } from '../../db/database.js'
import type { FulfillmentService } from '../fulfillments/fulfillments.service.js'
import { canMoveOrderStatus } from '../orders/order-status.js'
import { listOrderStatusChanges } from '../orders/order-status.repository.js'
import type { OrderService } from '../orders/orders.service.js'
import { toOrderDetailResource } from './admin.mapper.js'

/**
 * The admin's order page: the order (contract shape), its fulfilments with their trackers, its
 * status history and what can still be done with it — composed from the order and fulfilment
 * services; the status rules come from the order status table (decision 0007).
 */
export function createAdminOrderService(db: Db, deps: { orders: OrderService; fulfillments: FulfillmentService }) {
  const { orders, fulfillments } = deps
  return {
    async getOrderDetail(shopId: string, orderId: string) {
      const order = await orders.getOrder(shopId, orderId)
      const [shipments, history] = await Promise.all([
        fulfillments.listFulfillments(shopId, orderId),
        listOrderStatusChanges(db, shopId, orderId),
      ])
      return toOrderDetailResource(order, shipments, history, {
        canCancel: shipments.length === 0 && canMoveOrderStatus(order.status, 'CANCELLED'),
        canComplete: canMoveOrderStatus(order.status, 'COMPLETED'),
      })
    },
  }
}

export type AdminOrderService = ReturnType<typeof createAdminOrderService>
