import type { Executor } from '../../db/database.js'
import type { ApiUsersTable } from '../../db/schema.js'

export function findApiUserByUsername(db: Executor, username: string) {
  return db.selectFrom('api_users').selectAll().where('username', '=', username).executeTakeFirst()
}

export function listApiUsers(db: Executor, shopId: string) {
  return db.selectFrom('api_users').selectAll().where('shop_id', '=', shopId).orderBy('created_at', 'desc').execute()
}

export function insertApiUser(db: Executor, row: ApiUsersTable) {
  return db.insertInto('api_users').values(row).execute()
}

export async function deleteApiUser(db: Executor, shopId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('api_users').where('shop_id', '=', shopId).where('id', '=', id).executeTakeFirst()
  return Number(result.numDeletedRows) > 0
}

/** Replaces a stored hash, only if it is still the one that was checked (a concurrent upgrade wins once). */
export async function updateApiUserPasswordHash(db: Executor, id: string, from: string, to: string) {
  await db
    .updateTable('api_users')
    .set({ password_hash: to })
    .where('id', '=', id)
    .where('password_hash', '=', from)
    .execute()
}
