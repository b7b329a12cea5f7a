import { type Kysely, sql } from 'kysely'

/**
 * Gifting draws (issue 4).
 *
 * - `gift_draw_gifts`: which gifts each draw was held for. A gift left without a winner goes on to
 *   a later `REDO` draw, so a gift belongs to several draws over time and `gifts.draw_id` (the draw
 *   that picked its winner, or else the latest one it was in) cannot tell an earlier draw's gifts.
 *   Backfilled from `gifts.draw_id` for draws that exist already.
 * - `gift_draws_one_open`: at most one open draw per gift purchase, so two concurrent REDO requests
 *   can never both open one (the service also serialises them on the purchase row).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('gift_draw_gifts')
    .addColumn('draw_id', 'text', (c) => c.notNull().references('gift_draws.id'))
    .addColumn('gift_id', 'text', (c) => c.notNull().references('gifts.id'))
    .addColumn('shop_id', 'text', (c) => c.notNull().references('shops.id'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('gift_draw_gifts_pk', ['draw_id', 'gift_id'])
    .execute()
  await db.schema.createIndex('gift_draw_gifts_gift').on('gift_draw_gifts').column('gift_id').execute()

  await sql`
    INSERT INTO gift_draw_gifts (draw_id, gift_id, shop_id, position)
    SELECT draw_id, id, shop_id, position FROM gifts WHERE draw_id IS NOT NULL
  `.execute(db)

  await db.schema
    .createIndex('gift_draws_one_open')
    .on('gift_draws')
    .column('gift_purchase_id')
    .unique()
    .where(sql.ref('finished_at'), 'is', null)
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('gift_draws_one_open').execute()
  await db.schema.dropTable('gift_draw_gifts').execute()
}
