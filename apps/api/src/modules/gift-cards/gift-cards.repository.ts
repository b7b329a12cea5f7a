import type { Dialect, Executor } from '../../db/database.js'
import type { GiftCardsTable } from '../../db/schema.js'

export async function insertGiftCard(db: Executor, card: GiftCardsTable): Promise<void> {
  await db.insertInto('gift_cards').values(card).execute()
}

/** The shop's card with this code digest; another shop's card is not found. Locked on PostgreSQL. */
export function findGiftCardByCodeHash(db: Executor, shopId: string, codeHash: string, lock?: Dialect) {
  return db
    .selectFrom('gift_cards')
    .selectAll()
    .where('shop_id', '=', shopId)
    .where('code_hash', '=', codeHash)
    .$if(lock === 'postgres', (q) => q.forUpdate())
    .executeTakeFirst()
}

export function listGiftCards(db: Executor, shopId: string, limit: number, offset: number) {
  return db
    .selectFrom('gift_cards')
    .selectAll()
    .where('shop_id', '=', shopId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute()
}

export async function countGiftCards(db: Executor, shopId: string): Promise<number> {
  const row = await db
    .selectFrom('gift_cards')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('shop_id', '=', shopId)
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

/**
 * Takes `amount` minor units from a card: answers false, changing nothing, when its balance is
 * lower. The condition is evaluated on the current row, so two orders spending the same card at
 * once can never overdraw it (PostgreSQL re-checks it after the other's commit; SQLite has one
 * writer).
 */
export async function debitGiftCard(
  db: Executor,
  card: { shop_id: string; id: string },
  amount: number,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('gift_cards')
    .set((eb) => ({ balance: eb('balance', '-', amount), updated_at: at }))
    .where('shop_id', '=', card.shop_id)
    .where('id', '=', card.id)
    .where('balance', '>=', amount)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** Gives `amount` back to a card (a cancelled order), never above what it was issued with. */
export async function creditGiftCard(
  db: Executor,
  card: { shop_id: string; id: string },
  amount: number,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('gift_cards')
    .set((eb) => ({ balance: eb('balance', '+', amount), updated_at: at }))
    .where('shop_id', '=', card.shop_id)
    .where('id', '=', card.id)
    .where((eb) => eb('balance', '<=', eb('initial_balance', '-', amount)))
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}
