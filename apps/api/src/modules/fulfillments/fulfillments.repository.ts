import { sql } from 'kysely'
import type { Dialect, Executor } from '../../db/database.js'
import type { FulfillmentItemsTable, FulfillmentsTable } from '../../db/schema.js'
import type { TrackerState } from './shipment-tracker.js'

export function findFulfillmentByTrackingKey(trx: Executor, orderId: string, trackingKey: string) {
  return trx
    .selectFrom('fulfillments')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('tracking_key', '=', trackingKey)
    .executeTakeFirst()
}

/** A fulfilment by id, within one shop when `shopId` is given (the CLI operates on any shop). */
export function findFulfillment(db: Executor, fulfillmentId: string, shopId?: string) {
  return db
    .selectFrom('fulfillments')
    .selectAll()
    .where('id', '=', fulfillmentId)
    .$if(shopId !== undefined, (q) => q.where('shop_id', '=', shopId as string))
    .executeTakeFirst()
}

/** The order a fulfilment belongs to, locked on PostgreSQL (see findOrderForUpdate). */
export function findOrderOfFulfillmentForUpdate(trx: Executor, orderId: string, lock: Dialect) {
  return trx
    .selectFrom('orders')
    .selectAll()
    .where('id', '=', orderId)
    .$if(lock === 'postgres', (q) => q.forUpdate())
    .executeTakeFirst()
}

export async function insertFulfillment(trx: Executor, fulfillment: FulfillmentsTable, items: FulfillmentItemsTable[]) {
  await trx.insertInto('fulfillments').values(fulfillment).execute()
  await trx.insertInto('fulfillment_items').values(items).execute()
}

/** The quantity of each variant of the order that is in some fulfilment. */
export async function sumFulfilledByVariant(trx: Executor, orderId: string): Promise<Map<string, number>> {
  const rows = await trx
    .selectFrom('fulfillment_items')
    .select(['variant_id', sql<number>`sum(quantity)`.as('quantity')])
    .where('order_id', '=', orderId)
    .groupBy('variant_id')
    .execute()
  return new Map(rows.map((r) => [r.variant_id, Number(r.quantity)]))
}

export async function listTrackerStates(trx: Executor, orderId: string): Promise<TrackerState[]> {
  const rows = await trx.selectFrom('fulfillments').select('tracker_state').where('order_id', '=', orderId).execute()
  return rows.map((r) => r.tracker_state)
}

export async function hasFulfillments(trx: Executor, orderId: string): Promise<boolean> {
  return (
    (await trx.selectFrom('fulfillments').select('id').where('order_id', '=', orderId).limit(1).execute()).length > 0
  )
}

/** Moves a tracker from `from` to `to`; false when it was no longer in `from`. */
export async function updateTrackerState(
  trx: Executor,
  fulfillmentId: string,
  from: TrackerState,
  to: TrackerState,
  at: string,
): Promise<boolean> {
  const result = await trx
    .updateTable('fulfillments')
    .set({
      tracker_state: to,
      updated_at: at,
      ...(to === 'IN_TRANSIT' ? { in_transit_at: at } : {}),
      ...(to === 'DELIVERED' ? { delivered_at: at } : {}),
    })
    .where('id', '=', fulfillmentId)
    .where('tracker_state', '=', from)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

export function listOrderFulfillments(db: Executor, shopId: string, orderId: string) {
  return db
    .selectFrom('fulfillments')
    .selectAll()
    .where('shop_id', '=', shopId)
    .where('order_id', '=', orderId)
    .orderBy('created_at')
    .orderBy('id')
    .execute()
}

export function listFulfillmentItems(db: Executor, fulfillmentIds: string[]) {
  if (fulfillmentIds.length === 0) return Promise.resolve([])
  return db.selectFrom('fulfillment_items').selectAll().where('fulfillment_id', 'in', fulfillmentIds).execute()
}
