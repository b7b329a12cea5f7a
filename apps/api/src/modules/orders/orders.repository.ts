import type { Executor } from '../../db/database.js'
import { type PageWindow, sortDirection } from '../paging/long-lists.js'

export interface OrderFilter {
  email?: string
  createdAfter?: string
  createdBefore?: string
  updatedAfter?: string
  updatedBefore?: string
  statuses?: string[]
}

function filteredOrders(db: Executor, shopId: string, filter: OrderFilter) {
  let query = db.selectFrom('orders').where('shop_id', '=', shopId)
  // Bounds are strict (`[gt]`, `[lt]`); ISO-8601 UTC strings compare in time order.
  if (filter.email) query = query.where('email', '=', filter.email.toLowerCase())
  if (filter.createdAfter) query = query.where('created_at', '>', filter.createdAfter)
  if (filter.createdBefore) query = query.where('created_at', '<', filter.createdBefore)
  if (filter.updatedAfter) query = query.where('updated_at', '>', filter.updatedAfter)
  if (filter.updatedBefore) query = query.where('updated_at', '<', filter.updatedBefore)
  if (filter.statuses && filter.statuses.length > 0) query = query.where('status', 'in', filter.statuses)
  return query
}

/**
 * A page of orders, newest first; the window (long-lists.ts) may read it from the list's end. The
 * page's ids are found on index entries alone ((shop_id, created_at, id), (shop_id, status,
 * created_at, id)) and only its rows are read: an offset or a sort then handles index entries, not
 * whole orders.
 */
export async function listOrders(db: Executor, shopId: string, filter: OrderFilter, window: PageWindow) {
  if (window.limit === 0) return []
  const direction = sortDirection(window)
  const page = filteredOrders(db, shopId, filter)
    .select('id')
    .orderBy('created_at', direction)
    .orderBy('id', direction)
    .limit(window.limit)
    .offset(window.offset)
  return db
    .selectFrom('orders')
    .selectAll()
    .where('id', 'in', page)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute()
}

export async function countOrders(db: Executor, shopId: string, filter: OrderFilter): Promise<number> {
  const row = await filteredOrders(db, shopId, filter)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

export function findOrder(db: Executor, shopId: string, orderId: string) {
  return db.selectFrom('orders').selectAll().where('shop_id', '=', shopId).where('id', '=', orderId).executeTakeFirst()
}

export function findOrderByFriendlyId(db: Executor, shopId: string, friendlyId: string) {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('shop_id', '=', shopId)
    .where('friendly_id', '=', friendlyId)
    .executeTakeFirst()
}

/** The shop's oldest order in one of `statuses` (ties: the least id). */
export function findOldestOrder(db: Executor, shopId: string, statuses: string[]) {
  return filteredOrders(db, shopId, { statuses })
    .selectAll()
    .orderBy('created_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst()
}

export function listOrderLines(db: Executor, orderIds: string[]) {
  if (orderIds.length === 0) return Promise.resolve([])
  return db
    .selectFrom('order_lines')
    .selectAll()
    .where('order_id', 'in', orderIds)
    .orderBy('order_id')
    .orderBy('position')
    .execute()
}
