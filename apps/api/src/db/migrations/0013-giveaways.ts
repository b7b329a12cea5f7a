import type { Kysely } from 'kysely'

/**
 * Giveaways a bot creates through the beta open API (decision 0025) are gift purchases paid for by
 * the shop: same gifts, draws, events and redemption. `origin` tells them apart — `PURCHASE` (a
 * supporter bought the gifts; leftover gifts wait for a REDO draw) or `GIVEAWAY` (the shop gives
 * them; leftover gifts go back to the shop when the giveaway ends).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('gift_purchases')
    .addColumn('origin', 'text', (c) => c.notNull().defaultTo('PURCHASE'))
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('gift_purchases').dropColumn('origin').execute()
}
