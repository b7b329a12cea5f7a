import { sql } from 'kysely'
import type { Executor } from '../../db/database.js'
import type { AdminSessionsTable } from '../../db/schema.js'

/** Emails are compared case-insensitively (`email` is given lower-cased). */
export function findAdminUserByEmail(db: Executor, email: string) {
  return db.selectFrom('admin_users').selectAll().where(sql<string>`lower(email)`, '=', email).executeTakeFirst()
}

export function insertSession(db: Executor, row: AdminSessionsTable) {
  return db.insertInto('admin_sessions').values(row).execute()
}

/** A session that is neither revoked nor expired, with its user and shop. */
export function findLiveSession(db: Executor, tokenHash: string, now: string) {
  return db
    .selectFrom('admin_sessions as s')
    .innerJoin('admin_users as u', 'u.id', 's.admin_user_id')
    .innerJoin('shops as sh', 'sh.id', 's.shop_id')
    .select([
      's.id',
      's.admin_user_id',
      's.shop_id',
      's.created_at',
      's.last_seen_at',
      's.idle_expires_at',
      's.expires_at',
      'u.email',
      'u.name',
      'u.role',
      'sh.name as shop_name',
      'sh.domain as shop_domain',
    ])
    .where('s.token_hash', '=', tokenHash)
    .where('s.revoked_at', 'is', null)
    .where('s.idle_expires_at', '>', now)
    .where('s.expires_at', '>', now)
    .executeTakeFirst()
}

export function touchSession(db: Executor, id: string, lastSeenAt: string, idleExpiresAt: string) {
  return db
    .updateTable('admin_sessions')
    .set({ last_seen_at: lastSeenAt, idle_expires_at: idleExpiresAt })
    .where('id', '=', id)
    .execute()
}

export function revokeSession(db: Executor, tokenHash: string, now: string) {
  return db
    .updateTable('admin_sessions')
    .set({ revoked_at: now })
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .execute()
}
