import type { Executor } from '../../db/database.js'
import type { PageRequest } from '../paging/paging.js'

export function listMailingListEntries(db: Executor, shopId: string, page: PageRequest) {
  return db
    .selectFrom('mailing_list_entries')
    .selectAll()
    .where('shop_id', '=', shopId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.size)
    .offset(page.offset)
    .execute()
}

export async function countMailingListEntries(db: Executor, shopId: string): Promise<number> {
  const row = await db
    .selectFrom('mailing_list_entries')
    .where('shop_id', '=', shopId)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow()
  return Number(row.count)
}
