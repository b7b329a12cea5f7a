import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'

/**
 * Digital goods, order metadata and membership offers (decision 0024):
 *
 * - `variants.creator_declared_cost`: the cost the creator declares for a variant (minor units of
 *   the variant's currency), shown as `creatorDeclaredCost`;
 * - `products.digital_files`: the public description of a digital product's files (JSON
 *   `[{id, name, mediaType, sizeBytes, uri}]`), so product reads need no second query;
 * - `digital_files`: the files themselves, base64 in a text column (small files; the same on
 *   SQLite and PostgreSQL, so every API node serves them);
 * - `order_downloads`: the buyer's access to an order's files — an unguessable token (SHA-256 for
 *   lookup, sealed so the confirmation page can show the links again) or a creator-given URL;
 * - `orders.metadata`: the order's string → string metadata (from the cart, the checkout link);
 * - `membership_tier_variants.offer_id`: the offer a tier price is sold as (backfilled).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('variants').addColumn('creator_declared_cost', 'integer').execute()
  await db.schema.alterTable('products').addColumn('digital_files', 'text').execute()
  await db.schema.alterTable('orders').addColumn('metadata', 'text').execute()
  await db.schema.alterTable('membership_tier_variants').addColumn('offer_id', 'text').execute()

  await db.schema
    .createTable('digital_files')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('shop_id', 'text', (c) => c.notNull().references('shops.id'))
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('media_type', 'text', (c) => c.notNull())
    .addColumn('size_bytes', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('content_base64', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('digital_files_product').on('digital_files').columns(['product_id', 'position']).execute()

  await db.schema
    .createTable('order_downloads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('shop_id', 'text', (c) => c.notNull().references('shops.id'))
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('token_sealed', 'text', (c) => c.notNull())
    .addColumn('url', 'text')
    .addColumn('download_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('downloaded_at', 'text')
    .execute()
  await db.schema.createIndex('order_downloads_order').on('order_downloads').columns(['order_id']).execute()

  // Tier prices created before this migration get their offer id now.
  const tierVariants = db as unknown as Kysely<{ membership_tier_variants: { id: string; offer_id: string | null } }>
  const rows = await tierVariants.selectFrom('membership_tier_variants').select('id').execute()
  for (const row of rows) {
    await tierVariants
      .updateTable('membership_tier_variants')
      .set({ offer_id: randomUUID() })
      .where('id', '=', row.id)
      .execute()
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('order_downloads').execute()
  await db.schema.dropTable('digital_files').execute()
  await db.schema.alterTable('membership_tier_variants').dropColumn('offer_id').execute()
  await db.schema.alterTable('orders').dropColumn('metadata').execute()
  await db.schema.alterTable('products').dropColumn('digital_files').execute()
  await db.schema.alterTable('variants').dropColumn('creator_declared_cost').execute()
}
