import type { Executor } from '../../db/database.js'
import type { GiftsTable, GiveawayPackagesTable } from '../../db/schema.js'
import type { Lock } from '../gifting/gifting.repository.js'

const batchSize = 100

export function listGiveawayPackages(db: Executor, shopId: string) {
  return db
    .selectFrom('giveaway_packages')
    .selectAll()
    .where('shop_id', '=', shopId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute()
}

export function findGiveawayPackage(db: Executor, shopId: string, packageId: string) {
  return db
    .selectFrom('giveaway_packages')
    .selectAll()
    .where('shop_id', '=', shopId)
    .where('id', '=', packageId)
    .executeTakeFirst()
}

/** A package's links are gifts that belong to the package, in creation order. */
export function listGiveawayLinks(db: Executor, shopId: string, packageId: string) {
  return db
    .selectFrom('gifts')
    .selectAll()
    .where('shop_id', '=', shopId)
    .where('package_id', '=', packageId)
    .orderBy('position')
    .orderBy('id')
    .execute()
}

/** One giveaway link (a gift of a package), locked on PostgreSQL when `lock` says so. */
export function findGiveawayLink(db: Executor, shopId: string, giftId: string, lock?: Lock) {
  return db
    .selectFrom('gifts')
    .selectAll()
    .where('shop_id', '=', shopId)
    .where('id', '=', giftId)
    .where('package_id', 'is not', null)
    .$if(lock === 'postgres', (q) => q.forUpdate())
    .executeTakeFirst()
}

export async function insertGiveawayPackage(db: Executor, pkg: GiveawayPackagesTable, links: GiftsTable[]) {
  await db.insertInto('giveaway_packages').values(pkg).execute()
  for (let i = 0; i < links.length; i += batchSize) {
    await db
      .insertInto('gifts')
      .values(links.slice(i, i + batchSize))
      .execute()
  }
}
