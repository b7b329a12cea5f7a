import type { Executor } from '../../db/database.js'
import type { MailingListEntriesTable } from '../../db/schema.js'
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

export function findMailingListEntry(db: Executor, shopId: string, email: string) {
  return db
    .selectFrom('mailing_list_entries')
    .selectAll()
    .where('shop_id', '=', shopId)
    .where('email', '=', email)
    .executeTakeFirst()
}

/** Inserts the entry unless the shop has the address already; answers whether it was inserted. */
export async function insertMailingListEntryIfNew(db: Executor, entry: MailingListEntriesTable): Promise<boolean> {
  const result = await db
    .insertInto('mailing_list_entries')
    .values(entry)
    .onConflict((oc) => oc.columns(['shop_id', 'email']).doNothing())
    .executeTakeFirst()
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0
}
