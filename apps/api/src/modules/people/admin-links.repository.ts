import type { Executor } from '../../db/database.js'
import type { AdminLinksTable } from '../../db/schema.js'

export function insertAdminLink(db: Executor, row: AdminLinksTable) {
  return db.insertInto('admin_links').values(row).execute()
}

/** A link that is neither used nor expired, with its admin (still in the shop). */
export function findLiveLink(db: Executor, tokenHash: string, now: string) {
  return db
    .selectFrom('admin_links as l')
    .innerJoin('admin_users as u', 'u.id', 'l.admin_user_id')
    .innerJoin('shops as s', 's.id', 'l.shop_id')
    .select([
      'l.id',
      'l.purpose',
      'l.shop_id',
      'l.admin_user_id',
      'l.expires_at',
      'u.email',
      'u.name',
      's.name as shop_name',
    ])
    .where('l.token_hash', '=', tokenHash)
    .where('l.used_at', 'is', null)
    .where('l.expires_at', '>', now)
    .executeTakeFirst()
}

/**
 * Uses the link: one conditional update, so of two concurrent redemptions exactly one sees a row
 * changed. Answers whether this call used it.
 */
export async function useLink(db: Executor, id: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('admin_links')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** Ends every unused link of an admin (a password was set: older invitations and resets die). */
export function retireLinksOf(db: Executor, adminUserId: string, now: string) {
  return db
    .updateTable('admin_links')
    .set({ used_at: now })
    .where('admin_user_id', '=', adminUserId)
    .where('used_at', 'is', null)
    .execute()
}

export function deleteLinksOf(db: Executor, adminUserId: string) {
  return db.deleteFrom('admin_links').where('admin_user_id', '=', adminUserId).execute()
}
