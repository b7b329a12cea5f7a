import type { Kysely } from 'kysely'

/**
 * Gift cards (decision 0022). A card is looked up by the SHA-256 of its normalised code (upper
 * case, no separators) and shown by its last four characters; the full code is never stored.
 * `balance` only moves through a conditional UPDATE (`balance >= amount`), so concurrent orders
 * cannot overdraw it. An order keeps what it took from each card (`orders.gift_cards`, a JSON
 * snapshot like its lines'); a gift changed to a gift card points at it (`gifts.gift_card_id`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('gift_cards')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('shop_id', 'text', (c) => c.notNull().references('shops.id'))
    .addColumn('code_hash', 'text', (c) => c.notNull().unique())
    .addColumn('code_last4', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('initial_balance', 'integer', (c) => c.notNull())
    .addColumn('balance', 'integer', (c) => c.notNull())
    .addColumn('source_type', 'text', (c) => c.notNull())
    .addColumn('source_gift_id', 'text')
    .addColumn('issued_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('gift_cards_shop_created').on('gift_cards').columns(['shop_id', 'created_at']).execute()
  await db.schema.alterTable('orders').addColumn('gift_cards', 'text').execute()
  await db.schema.alterTable('gifts').addColumn('gift_card_id', 'text').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('gifts').dropColumn('gift_card_id').execute()
  await db.schema.alterTable('orders').dropColumn('gift_cards').execute()
  await db.schema.dropTable('gift_cards').execute()
}
