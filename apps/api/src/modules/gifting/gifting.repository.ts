import type { Dialect, Executor } from '../../db/database.js'
import type { GiftDrawGiftsTable, GiftDrawsTable, GiftPurchasesTable, GiftsTable } from '../../db/schema.js'

/**
 * `lock` takes a row lock (`FOR UPDATE`) on PostgreSQL, where concurrent transactions run side by
 * side; SQLite has one writer, so its transactions are serialised already (and it has no
 * `FOR UPDATE`).
 */
export type Lock = Dialect | undefined

const batchSize = 100

export function findGiftPurchase(db: Executor, shopId: string, giftPurchaseId: string, lock?: Lock) {
  return db
    .selectFrom('gift_purchases')
    .selectAll()
    .where('shop_id', '=', shopId)
    .where('id', '=', giftPurchaseId)
    .$if(lock === 'postgres', (q) => q.forUpdate())
    .executeTakeFirst()
}

export function findGiftDraw(db: Executor, shopId: string, drawId: string, lock?: Lock) {
  return db
    .selectFrom('gift_draws')
    .selectAll()
    .where('shop_id', '=', shopId)
    .where('id', '=', drawId)
    .$if(lock === 'postgres', (q) => q.forUpdate())
    .executeTakeFirst()
}

export function findGift(db: Executor, shopId: string, giftId: string, lock?: Lock) {
  return db
    .selectFrom('gifts')
    .selectAll()
    .where('shop_id', '=', shopId)
    .where('id', '=', giftId)
    .$if(lock === 'postgres', (q) => q.forUpdate())
    .executeTakeFirst()
}

export function listGiftsOfPurchase(db: Executor, shopId: string, giftPurchaseId: string) {
  return db
    .selectFrom('gifts')
    .selectAll()
    .where('shop_id', '=', shopId)
    .where('gift_purchase_id', '=', giftPurchaseId)
    .orderBy('position')
    .orderBy('id')
    .execute()
}

/**
 * The gifts a draw was held for: those `gift_draw_gifts` lists for it, and — for draws written
 * without that table (older data, fixtures) — those whose `draw_id` is the draw. Looked up through
 * the purchase, which is indexed.
 */
export function listGiftsOfDraw(db: Executor, shopId: string, giftPurchaseId: string, drawId: string) {
  return db
    .selectFrom('gifts')
    .selectAll()
    .where('shop_id', '=', shopId)
    .where('gift_purchase_id', '=', giftPurchaseId)
    .where((eb) =>
      eb.or([
        eb('draw_id', '=', drawId),
        eb('id', 'in', eb.selectFrom('gift_draw_gifts').select('gift_id').where('draw_id', '=', drawId)),
      ]),
    )
    .orderBy('position')
    .orderBy('id')
    .execute()
}

/** Gifts of a purchase a new draw can be held for: available and without a winner. */
export function listDrawableGifts(db: Executor, shopId: string, giftPurchaseId: string) {
  return db
    .selectFrom('gifts')
    .selectAll()
    .where('shop_id', '=', shopId)
    .where('gift_purchase_id', '=', giftPurchaseId)
    .where('status', '=', 'AVAILABLE')
    .where('winner_selected_at', 'is', null)
    .orderBy('position')
    .orderBy('id')
    .execute()
}

export function findOpenDrawOfPurchase(db: Executor, shopId: string, giftPurchaseId: string) {
  return db
    .selectFrom('gift_draws')
    .selectAll()
    .where('shop_id', '=', shopId)
    .where('gift_purchase_id', '=', giftPurchaseId)
    .where('finished_at', 'is', null)
    .executeTakeFirst()
}

/** The purchase's most recent draw, open or finished. */
export function findLatestDrawOfPurchase(db: Executor, shopId: string, giftPurchaseId: string) {
  return db
    .selectFrom('gift_draws')
    .selectAll()
    .where('shop_id', '=', shopId)
    .where('gift_purchase_id', '=', giftPurchaseId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst()
}

export async function hasDraws(db: Executor, shopId: string, giftPurchaseId: string): Promise<boolean> {
  const row = await db
    .selectFrom('gift_draws')
    .select('id')
    .where('shop_id', '=', shopId)
    .where('gift_purchase_id', '=', giftPurchaseId)
    .limit(1)
    .executeTakeFirst()
  return row !== undefined
}

/** Open draws whose entry window closed at or before `endedBy`, oldest first, in every shop. */
export function listOpenDrawsEndedBy(db: Executor, endedBy: string, limit: number) {
  return db
    .selectFrom('gift_draws')
    .selectAll()
    .where('finished_at', 'is', null)
    .where('ends_at', '<=', endedBy)
    .orderBy('ends_at')
    .orderBy('id')
    .limit(limit)
    .execute()
}

/** The earliest `ends_at` of any open draw (the deadline task sleeps until its deadline). */
export async function findEarliestOpenDrawEnd(db: Executor): Promise<string | undefined> {
  const row = await db
    .selectFrom('gift_draws')
    .select('ends_at')
    .where('finished_at', 'is', null)
    .orderBy('ends_at')
    .limit(1)
    .executeTakeFirst()
  return row?.ends_at
}

/** The id of the shop's newest draw still taking entries at `now` (open, its window not closed). */
export async function findNewestOpenDrawId(db: Executor, shopId: string, now: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('gift_draws')
    .select('id')
    .where('shop_id', '=', shopId)
    .where('finished_at', 'is', null)
    .where('ends_at', '>', now)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst()
  return row?.id
}

export async function insertGiftPurchase(db: Executor, purchase: GiftPurchasesTable): Promise<void> {
  await db.insertInto('gift_purchases').values(purchase).execute()
}

export async function insertGifts(db: Executor, gifts: GiftsTable[]): Promise<void> {
  for (let i = 0; i < gifts.length; i += batchSize) {
    await db
      .insertInto('gifts')
      .values(gifts.slice(i, i + batchSize))
      .execute()
  }
}

/** Opens a draw for `gifts`: the draw, its gift list, and each gift's latest draw. */
export async function insertDraw(db: Executor, draw: GiftDrawsTable, gifts: GiftsTable[]): Promise<void> {
  await db.insertInto('gift_draws').values(draw).execute()
  const entries: GiftDrawGiftsTable[] = gifts.map((gift) => ({
    draw_id: draw.id,
    gift_id: gift.id,
    shop_id: draw.shop_id,
    position: gift.position,
  }))
  for (let i = 0; i < entries.length; i += batchSize) {
    await db
      .insertInto('gift_draw_gifts')
      .values(entries.slice(i, i + batchSize))
      .execute()
  }
  for (let i = 0; i < gifts.length; i += batchSize) {
    const ids = gifts.slice(i, i + batchSize).map((gift) => gift.id)
    await db
      .updateTable('gifts')
      .set({ draw_id: draw.id })
      .where('shop_id', '=', draw.shop_id)
      .where('id', 'in', ids)
      .execute()
  }
}

/**
 * Ends an open draw — the claim that makes finishing exactly-once: of two transactions finishing
 * the same draw, only the first updates a row (the second, on PostgreSQL, waits for the first's row
 * lock and then finds `finished_at` set). Answers whether this call ended it.
 */
export async function closeDraw(
  db: Executor,
  draw: { shop_id: string; id: string },
  finishedAt: string,
  outcome: 'FINISHED' | 'EXPIRED',
): Promise<boolean> {
  const result = await db
    .updateTable('gift_draws')
    .set({ finished_at: finishedAt, outcome })
    .where('shop_id', '=', draw.shop_id)
    .where('id', '=', draw.id)
    .where('finished_at', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** Gives a gift its winner, unless it has one already. Answers whether it did. */
export async function setGiftWinner(
  db: Executor,
  gift: { shop_id: string; id: string },
  winner: { username: string; selectedAt: string; drawId: string },
): Promise<boolean> {
  const result = await db
    .updateTable('gifts')
    .set({ winner_username: winner.username, winner_selected_at: winner.selectedAt, draw_id: winner.drawId })
    .where('shop_id', '=', gift.shop_id)
    .where('id', '=', gift.id)
    .where('status', '=', 'AVAILABLE')
    .where('winner_selected_at', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/**
 * Moves a gift out of `fromStatus` (the guard against a concurrent move: on SQLite the transaction
 * is serialised, on PostgreSQL the row was locked, and this condition holds either way).
 * Answers whether it did.
 */
export async function updateGiftFromStatus(
  db: Executor,
  gift: { shop_id: string; id: string },
  fromStatus: string,
  values: Partial<Omit<GiftsTable, 'id' | 'shop_id'>>,
): Promise<boolean> {
  const result = await db
    .updateTable('gifts')
    .set(values)
    .where('shop_id', '=', gift.shop_id)
    .where('id', '=', gift.id)
    .where('status', '=', fromStatus)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** A product of the shop that gifts and giveaway links are made of, with its variants. */
export async function findGiftableProduct(db: Executor, shopId: string, productId: string) {
  const product = await db
    .selectFrom('products')
    .selectAll()
    .where('shop_id', '=', shopId)
    .where('id', '=', productId)
    .executeTakeFirst()
  if (!product) return undefined
  const variants = await db
    .selectFrom('variants')
    .selectAll()
    .where('shop_id', '=', shopId)
    .where('product_id', '=', productId)
    .orderBy('position')
    .orderBy('id')
    .execute()
  return { product, variants }
}
