import type { Kysely } from 'kysely'

/**
 * Fulfilments (issue 4): shipments of order lines, each with one shipment tracker.
 *
 * - `fulfillments`: one shipment of an order, with its carrier label and the tracker's state
 *   (`LABEL_CREATED` → `IN_TRANSIT` → `DELIVERED`, see shipment-tracker.ts) and when it reached each.
 *   `tracking_key` is the carrier and tracking number normalised (upper case, no spaces); it is unique
 *   per order, so a retried request cannot ship twice (409 FULFILLMENT_ALREADY_EXISTS).
 * - `fulfillment_items`: the quantity of each ordered variant in a shipment. The still unfulfilled
 *   quantity of a line is its quantity minus the sum of these rows for the order and variant.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('fulfillments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('shop_id', 'text', (c) => c.notNull().references('shops.id'))
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
    .addColumn('tracking_number', 'text', (c) => c.notNull())
    .addColumn('tracking_company', 'text', (c) => c.notNull())
    .addColumn('tracking_key', 'text', (c) => c.notNull())
    .addColumn('tracker_state', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('in_transit_at', 'text')
    .addColumn('delivered_at', 'text')
    .addUniqueConstraint('fulfillments_order_tracking', ['order_id', 'tracking_key'])
    .execute()
  await db.schema
    .createIndex('fulfillments_shop_order')
    .on('fulfillments')
    .columns(['shop_id', 'order_id', 'created_at'])
    .execute()

  await db.schema
    .createTable('fulfillment_items')
    .addColumn('fulfillment_id', 'text', (c) => c.notNull().references('fulfillments.id'))
    .addColumn('shop_id', 'text', (c) => c.notNull().references('shops.id'))
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
    .addColumn('variant_id', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('fulfillment_items_pk', ['fulfillment_id', 'variant_id'])
    .execute()
  await db.schema
    .createIndex('fulfillment_items_order_variant')
    .on('fulfillment_items')
    .columns(['order_id', 'variant_id'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('fulfillment_items').execute()
  await db.schema.dropTable('fulfillments').execute()
}
