import { isoTime } from '../../clock.js'
import type { Executor } from '../../db/database.js'
import type { OrdersTable } from '../../db/schema.js'
import { DomainError } from '../../errors/domain-error.js'
import { newId } from '../../ids.js'
import { recordEvent } from '../events/event-outbox.js'
import { canMoveOrderStatus, type OrderStatus } from './order-status.js'
import { insertOrderStatusChange, updateOrderStatus } from './order-status.repository.js'
import { toOrderResource } from './orders.mapper.js'
import { listOrderLines } from './orders.repository.js'

/**
 * The one way an order's status changes: checked against the transition table, written with a
 * history row (`order_status_changes`) and recorded as `ORDER_UPDATED` (`update.type = STATUS`),
 * all in the caller's transaction — which must hold the order (findOrderForUpdate).
 */
export async function changeOrderStatus(
  trx: Executor,
  order: OrdersTable,
  to: OrderStatus,
  reason: string,
  now: number,
): Promise<OrdersTable> {
  if (!canMoveOrderStatus(order.status, to)) {
    throw new DomainError(
      'ORDER_STATUS_TRANSITION_NOT_ALLOWED',
      `Order ${order.id} cannot move from ${order.status} to ${to}.`,
      { orderId: order.id, status: order.status, requestedStatus: to },
    )
  }
  const at = isoTime(now)
  if (!(await updateOrderStatus(trx, order.id, order.status, to, at))) {
    throw new Error(`Order ${order.id} changed while its status was being updated`)
  }
  await insertOrderStatusChange(trx, {
    id: newId('statusChange'),
    order_id: order.id,
    shop_id: order.shop_id,
    status: to,
    reason,
    created_at: at,
  })
  const updated: OrdersTable = { ...order, status: to, updated_at: at }
  await recordEvent(
    trx,
    {
      shopId: order.shop_id,
      type: 'ORDER_UPDATED',
      data: { order: toOrderResource(updated, await listOrderLines(trx, [order.id])), update: { type: 'STATUS' } },
    },
    now,
  )
  return updated
}
