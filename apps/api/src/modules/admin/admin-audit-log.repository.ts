import type { Executor } from '../../db/database.js'
import type { AdminAuditLogTable } from '../../db/schema.js'
import type { PageRequest } from '../paging/paging.js'

export async function insertAuditEntry(db: Executor, row: AdminAuditLogTable): Promise<void> {
  await db.insertInto('admin_audit_log').values(row).execute()
}

/** A page of the shop's audit log, newest first. */
export function listAuditEntries(db: Executor, shopId: string, page: PageRequest) {
  return db
    .selectFrom('admin_audit_log')
    .selectAll()
    .where('shop_id', '=', shopId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.size)
    .offset(page.offset)
    .execute()
}

export async function countAuditEntries(db: Executor, shopId: string): Promise<number> {
  const row = await db
    .selectFrom('admin_audit_log')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('shop_id', '=', shopId)
    .executeTakeFirstOrThrow()
  return Number(row.count)
}
