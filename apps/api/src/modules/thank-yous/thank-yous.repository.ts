import type { Executor } from '../../db/database.js'

export function findThankYou(db: Executor, shopId: string, thankYouId: string) {
  return db
    .selectFrom('thank_yous')
    .selectAll()
    .where('shop_id', '=', shopId)
    .where('id', '=', thankYouId)
    .executeTakeFirst()
}
