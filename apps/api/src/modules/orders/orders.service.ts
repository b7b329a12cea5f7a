import type { Db } from '../../db/database.js'
import type { OrderLinesTable } from '../../db/schema.js'
import { notFound } from '../../http/errors.js'
import { type PageRequest, toPage } from '../paging/paging.js'
import { toOrderResource } from './orders.mapper.js'
import {
  countOrders,
  findOrder,
  findOrderByFriendlyId,
  listOrderLines,
  listOrders,
  type OrderFilter,
} from './orders.repository.js'

export function createOrderService(db: Db) {
  async function withLines<T extends { id: string }>(orders: T[]) {
    const lines = await listOrderLines(
      db,
      orders.map((o) => o.id),
    )
    const byOrder = new Map<string, OrderLinesTable[]>()
    for (const line of lines) {
      const list = byOrder.get(line.order_id)
      if (list) list.push(line)
      else byOrder.set(line.order_id, [line])
    }
    return (order: T) => byOrder.get(order.id) ?? []
  }

  return {
    async listOrders(shopId: string, filter: OrderFilter, page: PageRequest) {
      const [rows, total] = await Promise.all([listOrders(db, shopId, filter, page), countOrders(db, shopId, filter)])
      const linesOf = await withLines(rows)
      return toPage(
        rows.map((row) => toOrderResource(row, linesOf(row))),
        total,
        page,
      )
    },

    async getOrder(shopId: string, orderId: string) {
      const order = await findOrder(db, shopId, orderId)
      if (!order) throw notFound('ORDER_NOT_FOUND', `Order ${orderId} does not exist.`, { orderId })
      return toOrderResource(order, await listOrderLines(db, [order.id]))
    },

    async getOrderByFriendlyId(shopId: string, friendlyId: string) {
      const order = await findOrderByFriendlyId(db, shopId, friendlyId.toUpperCase())
      if (!order) throw notFound('ORDER_NOT_FOUND', `Order ${friendlyId} does not exist.`, { friendlyId })
      return toOrderResource(order, await listOrderLines(db, [order.id]))
    },
  }
}

export type OrderService = ReturnType<typeof createOrderService>
