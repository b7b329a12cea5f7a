import type { Executor } from '../../db/database.js'
import type { DonationsTable } from '../../db/schema.js'
import type { PageRequest } from '../paging/paging.js'

export function listDonations(db: Executor, shopId: string, page: PageRequest) {
  return db
    .selectFrom('donations')
    .selectAll()
    .where('shop_id', '=', shopId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.size)
    .offset(page.offset)
    .execute()
}

export async function countDonations(db: Executor, shopId: string): Promise<number> {
  const row = await db
    .selectFrom('donations')
    .where('shop_id', '=', shopId)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

export function findDonation(db: Executor, shopId: string, donationId: string) {
  return db
    .selectFrom('donations')
    .selectAll()
    .where('shop_id', '=', shopId)
    .where('id', '=', donationId)
    .executeTakeFirst()
}

export function findShopCurrency(db: Executor, shopId: string) {
  return db.selectFrom('shops').select('currency').where('id', '=', shopId).executeTakeFirst()
}

export async function insertDonation(db: Executor, donation: DonationsTable): Promise<void> {
  await db.insertInto('donations').values(donation).execute()
}
