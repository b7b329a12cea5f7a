import { type Kysely, sql } from 'kysely'

/**
 * Storefront carts and hosted checkout (issue 6).
 *
 * - `carts`: anonymous carts of the storefront API (UUID ids). `status` is OPEN until the checkout
 *   turns the cart into an order (CLOSED, with `order_id`). A cart expires 30 days after
 *   `updated_at` (carts.rules.ts); `carts_updated` served the purge of expired carts until
 *   migration 0025 replaced it with `carts_created`.
 * - `cart_lines`: one line per variant of a cart (the primary key merges repeats), in `position`
 *   (insertion) order.
 * - `checkouts`: one per placed order (`orders.checkout_id`), with the cart it came from (a cart
 *   checks out once: unique) and the cart's metadata, copied to the order here.
 * - `storefront_tokens_one_active`: at most one active (unrevoked) storefront token per shop, so
 *   two concurrent get-or-create calls cannot both create one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('carts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('shop_id', 'text', (c) => c.notNull().references('shops.id'))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('metadata', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('order_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('carts_updated').on('carts').columns(['updated_at']).execute()

  await db.schema
    .createTable('cart_lines')
    .addColumn('cart_id', 'text', (c) => c.notNull().references('carts.id').onDelete('cascade'))
    .addColumn('variant_id', 'text', (c) => c.notNull().references('variants.id'))
    .addColumn('shop_id', 'text', (c) => c.notNull().references('shops.id'))
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('rec_strategy', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('cart_lines_pk', ['cart_id', 'variant_id'])
    .addCheckConstraint('cart_lines_quantity_positive', sql`quantity > 0`)
    .execute()
  await db.schema.createIndex('cart_lines_order').on('cart_lines').columns(['cart_id', 'position']).execute()

  await db.schema
    .createTable('checkouts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('shop_id', 'text', (c) => c.notNull().references('shops.id'))
    .addColumn('cart_id', 'text', (c) => c.unique())
    .addColumn('order_id', 'text', (c) => c.notNull().unique().references('orders.id'))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('metadata', 'text', (c) => c.notNull())
    .addColumn('promotion_code', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()

  await db.schema
    .createIndex('storefront_tokens_one_active')
    .on('storefront_tokens')
    .column('shop_id')
    .unique()
    .where(sql.ref('revoked_at'), 'is', null)
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('storefront_tokens_one_active').execute()
  await db.schema.dropTable('checkouts').execute()
  await db.schema.dropTable('cart_lines').execute()
  await db.schema.dropTable('carts').execute()
}
