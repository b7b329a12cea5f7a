import type { Executor } from '../../db/database.js'
import type { PageRequest } from '../paging/paging.js'

export function listPromotions(db: Executor, shopId: string, page: PageRequest) {
  return db
    .selectFrom('promotions')
    .selectAll()
    .where('shop_id', '=', shopId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.size)
    .offset(page.offset)
    .execute()
}

export async function countPromotions(db: Executor, shopId: string): Promise<number> {
  const row = await db
    .selectFrom('promotions')
    .where('shop_id', '=', shopId)
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
