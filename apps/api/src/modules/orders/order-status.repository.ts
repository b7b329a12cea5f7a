import type { Dialect, Executor } from '../../db/database.js'
import type { OrderStatusChangesTable } from '../../db/schema.js'

/**
 * Writes of an order's status. `lock` = the dialect: on PostgreSQL the order row is locked until the
 * transaction ends, so concurrent changes of one order (two fulfilments, a fulfilment and a cancel)
 * run one after the other; SQLite serializes writers anyway.
 */
export function findOrderForUpdate(trx: Executor, shopId: string, orderId: string, lock: Dialect) {
  return trx
    .selectFrom('orders')
    .selectAll()
    .where('shop_id', '=', shopId)
    .where('id', '=', orderId)
    .$if(lock === 'postgres', (q) => q.forUpdate())
    .executeTakeFirst()
}

/** Moves the order from `from` to `to`; false when its status was no longer `from`. */
export async function updateOrderStatus(
  trx: Executor,
  orderId: string,
  from: string,
  to: string,
  updatedAt: string,
): Promise<boolean> {
  const result = await trx
    .updateTable('orders')
    .set({ status: to, updated_at: updatedAt })
    .where('id', '=', orderId)
    .where('status', '=', from)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

export function insertOrderStatusChange(trx: Executor, change: OrderStatusChangesTable) {
  return trx.insertInto('order_status_changes').values(change).execute()
}

/** An order's status history, oldest first. */
export function listOrderStatusChanges(db: Executor, shopId: string, orderId: string) {
  return db
    .selectFrom('order_status_changes')
    .selectAll()
    .where('shop_id', '=', shopId)
    .where('order_id', '=', orderId)
    .orderBy('created_at')
    .orderBy('id')
    .execute()
}
