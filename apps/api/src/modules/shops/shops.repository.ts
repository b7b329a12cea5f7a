import type { Executor } from '../../db/database.js'

export function findShop(db: Executor, shopId: string) {
  return db.selectFrom('shops').selectAll().where('id', '=', shopId).executeTakeFirst()
}

export function findShopByDomain(db: Executor, domain: string) {
  return db
    .selectFrom('shops')
    .selectAll()
    .where((eb) => eb.or([eb('domain', '=', domain), eb('public_domain', '=', domain)]))
    .executeTakeFirst()
}

export function listShops(db: Executor) {
  return db.selectFrom('shops').selectAll().orderBy('created_at').orderBy('id').execute()
}
