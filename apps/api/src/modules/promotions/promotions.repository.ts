import type { Dialect, Executor } from '../../db/database.js'
import type { PromotionCodesTable, PromotionsTable } from '../../db/schema.js'
import type { PageRequest } from '../paging/paging.js'

/** Only promotions owning one of these upper-cased codes (`GET /promotions?codes=`). */
export interface PromotionFilter {
  codeKeys: string[]
}

function filtered(db: Executor, shopId: string, filter: PromotionFilter | undefined) {
  return db
    .selectFrom('promotions')
    .where('shop_id', '=', shopId)
    .$if(filter !== undefined, (q) =>
      filter && filter.codeKeys.length > 0
        ? q.where('id', 'in', (sub) =>
            sub
              .selectFrom('promotion_codes')
              .select('promotion_id')
              .where('shop_id', '=', shopId)
              .where('code_key', 'in', filter.codeKeys),
          )
        : // Only blanks were given: no code, so no promotion.
          q.where((eb) => eb(eb.val(1), '=', 0)),
    )
}

export function listPromotions(db: Executor, shopId: string, page: PageRequest, filter?: PromotionFilter) {
  return filtered(db, shopId, filter)
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.size)
    .offset(page.offset)
    .execute()
}

export async function countPromotions(db: Executor, shopId: string, filter?: PromotionFilter): Promise<number> {
  const row = await filtered(db, shopId, filter)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

export function findPromotion(db: Executor, shopId: string, promotionId: string) {
  return db
    .selectFrom('promotions')
    .selectAll()
    .where('shop_id', '=', shopId)
    .where('id', '=', promotionId)
    .executeTakeFirst()
}

/** The codes of many promotions in one query, each promotion's in position order. */
export function listPromotionCodes(db: Executor, shopId: string, promotionIds: string[]) {
  if (promotionIds.length === 0) return Promise.resolve([])
  return db
    .selectFrom('promotion_codes')
    .selectAll()
    .where('shop_id', '=', shopId)
    .where('promotion_id', 'in', promotionIds)
    .orderBy('promotion_id')
    .orderBy('position')
    .execute()
}

/** One promotion, locked until the transaction ends on PostgreSQL (SQLite serializes writers). */
export function findPromotionForUpdate(trx: Executor, shopId: string, promotionId: string, lock: Dialect) {
  return trx
    .selectFrom('promotions')
    .selectAll()
    .where('shop_id', '=', shopId)
    .where('id', '=', promotionId)
    .$if(lock === 'postgres', (q) => q.forUpdate())
    .executeTakeFirst()
}

/** Keeps queries well under the bound-parameter limits of both engines. */
const lookupBatch = 500

async function existing(ids: string[], lookup: (batch: string[]) => Promise<string[]>): Promise<Set<string>> {
  const found = new Set<string>()
  for (let i = 0; i < ids.length; i += lookupBatch) {
    for (const id of await lookup(ids.slice(i, i + lookupBatch))) found.add(id)
  }
  return found
}

/** Which of these upper-cased codes the shop's promotions already use. */
export function findTakenCodeKeys(trx: Executor, shopId: string, codeKeys: string[]) {
  return existing(codeKeys, async (batch) =>
    (
      await trx
        .selectFrom('promotion_codes')
        .select('code_key')
        .where('shop_id', '=', shopId)
        .where('code_key', 'in', batch)
        .execute()
    ).map((r) => r.code_key),
  )
}

export function findShopProductIds(trx: Executor, shopId: string, ids: string[]) {
  return existing(ids, async (batch) =>
    (
      await trx.selectFrom('products').select('id').where('shop_id', '=', shopId).where('id', 'in', batch).execute()
    ).map((r) => r.id),
  )
}

export function findShopVariantIds(trx: Executor, shopId: string, ids: string[]) {
  return existing(ids, async (batch) =>
    (
      await trx.selectFrom('variants').select('id').where('shop_id', '=', shopId).where('id', 'in', batch).execute()
    ).map((r) => r.id),
  )
}

export function findShopTierIds(trx: Executor, shopId: string, ids: string[]) {
  return existing(ids, async (batch) =>
    (
      await trx
        .selectFrom('membership_tiers')
        .select('id')
        .where('shop_id', '=', shopId)
        .where('id', 'in', batch)
        .execute()
    ).map((r) => r.id),
  )
}

export async function findShopCurrency(trx: Executor, shopId: string): Promise<string> {
  const shop = await trx.selectFrom('shops').select('currency').where('id', '=', shopId).executeTakeFirstOrThrow()
  return shop.currency
}

export async function insertPromotion(trx: Executor, promotion: PromotionsTable, codes: PromotionCodesTable[]) {
  await trx.insertInto('promotions').values(promotion).execute()
  // 9 columns a row: 100 rows a statement stays far below SQLite's and PostgreSQL's parameter limits.
  for (let i = 0; i < codes.length; i += 100) {
    await trx
      .insertInto('promotion_codes')
      .values(codes.slice(i, i + 100))
      .execute()
  }
}

/** Sets the promotion's status, usage and update time; false when its status was no longer `from`. */
export async function updatePromotion(
  trx: Executor,
  promotionId: string,
  from: string,
  values: Pick<PromotionsTable, 'status' | 'usage_count' | 'updated_at'>,
): Promise<boolean> {
  const result = await trx
    .updateTable('promotions')
    .set(values)
    .where('id', '=', promotionId)
    .where('status', '=', from)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

export async function updatePromotionCode(
  trx: Executor,
  codeId: string,
  values: Pick<PromotionCodesTable, 'status' | 'usage_count'>,
) {
  await trx.updateTable('promotion_codes').set(values).where('id', '=', codeId).execute()
}

/** A code of the shop by its text, compared ignoring case. */
export function findPromotionCode(trx: Executor, shopId: string, code: string) {
  return trx
    .selectFrom('promotion_codes')
    .selectAll()
    .where('shop_id', '=', shopId)
    .where('code_key', '=', code.toUpperCase())
    .executeTakeFirst()
}
