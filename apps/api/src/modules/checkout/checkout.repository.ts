import type { Dialect, Executor } from '../../db/database.js'
import type { CheckoutsTable, OrderLinesTable, OrderStatusChangesTable, OrdersTable } from '../../db/schema.js'

/** A promotion code of the shop, matched ignoring case (`code_key` is the upper-cased code). */
export function findPromotionCode(db: Executor, shopId: string, code: string, lock?: Dialect) {
  return db
    .selectFrom('promotion_codes')
    .selectAll()
    .where('shop_id', '=', shopId)
    .where('code_key', '=', code.trim().toUpperCase())
    .$if(lock === 'postgres', (q) => q.forUpdate())
    .executeTakeFirst()
}

export function findPromotion(db: Executor, shopId: string, promotionId: string, lock?: Dialect) {
  return db
    .selectFrom('promotions')
    .selectAll()
    .where('shop_id', '=', shopId)
    .where('id', '=', promotionId)
    .$if(lock === 'postgres', (q) => q.forUpdate())
    .executeTakeFirst()
}

/** The shop's live automatic promotions (applied without a code when their requirements are met). */
export function listLiveAutoApplyingPromotions(db: Executor, shopId: string) {
  return db
    .selectFrom('promotions')
    .selectAll()
    .where('shop_id', '=', shopId)
    .where('type', '=', 'SHOP_AUTO_APPLYING')
    .where('status', '=', 'Live')
    .orderBy('created_at')
    .execute()
}

/** The promotions of `ids` this customer (by email) has ordered with. */
export async function promotionsUsedBy(db: Executor, shopId: string, email: string, ids: string[]) {
  if (ids.length === 0) return new Set<string>()
  const rows = await db
    .selectFrom('orders')
    .select('promotion_id')
    .distinct()
    .where('shop_id', '=', shopId)
    .where('email', '=', email.toLowerCase())
    .where('promotion_id', 'in', ids)
    .execute()
  return new Set(rows.map((row) => row.promotion_id as string))
}

/** Variants of the shop with their products (any access: callers decide what is sellable). */
export function listVariantsWithProducts(db: Executor, shopId: string, variantIds: string[]) {
  if (variantIds.length === 0) return Promise.resolve([])
  return db
    .selectFrom('variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .selectAll('v')
    .select([
      'p.name as product_name',
      'p.slug as product_slug',
      'p.state as product_state',
      'p.access as product_access',
      'p.description as product_description',
      'p.images as product_images',
    ])
    .where('v.shop_id', '=', shopId)
    .where('v.id', 'in', variantIds)
    .execute()
}

/**
 * Takes `quantity` units of a limited variant: answers false, changing nothing, when fewer are in
 * stock. The condition is evaluated on the current row, so two orders racing for the last unit
 * cannot both take it (PostgreSQL re-checks it after the other's commit; SQLite has one writer).
 */
export async function takeStock(db: Executor, variantId: string, quantity: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable('variants')
    .set((eb) => ({ in_stock: eb('in_stock', '-', quantity), updated_at: at }))
    .where('id', '=', variantId)
    .where('stock_type', '=', 'LIMITED')
    .where('in_stock', '>=', quantity)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

export async function findStock(db: Executor, variantId: string): Promise<number> {
  const row = await db.selectFrom('variants').select('in_stock').where('id', '=', variantId).executeTakeFirst()
  return row?.in_stock ?? 0
}

export async function insertOrder(
  db: Executor,
  order: OrdersTable,
  lines: OrderLinesTable[],
  statusChange: OrderStatusChangesTable,
  checkout: CheckoutsTable,
): Promise<void> {
  await db.insertInto('orders').values(order).execute()
  if (lines.length > 0) await db.insertInto('order_lines').values(lines).execute()
  await db.insertInto('order_status_changes').values(statusChange).execute()
  await db.insertInto('checkouts').values(checkout).execute()
}

export function findOrderById(db: Executor, orderId: string) {
  return db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst()
}

export function listOrderLinesOf(db: Executor, orderId: string) {
  return db.selectFrom('order_lines').selectAll().where('order_id', '=', orderId).orderBy('position').execute()
}

/** A gift (giveaway link or Twitch gift) by id alone: its page is public, the shop is the gift's. */
export function findGiftById(db: Executor, giftId: string) {
  return db.selectFrom('gifts').selectAll().where('id', '=', giftId).executeTakeFirst()
}

export function findProductById(db: Executor, shopId: string, productId: string) {
  return db
    .selectFrom('products')
    .selectAll()
    .where('shop_id', '=', shopId)
    .where('id', '=', productId)
    .executeTakeFirst()
}
