import { sql } from 'kysely'
import type { Dialect, Executor } from '../../db/database.js'
import type { AdminUsersTable, ShopsTable } from '../../db/schema.js'
import { noPasswordYet } from '../../security/passwords.js'

export function listPeople(db: Executor, shopId: string) {
  return db
    .selectFrom('admin_users')
    .selectAll()
    .where('shop_id', '=', shopId)
    .orderBy('created_at')
    .orderBy('id')
    .execute()
}

/** One of the shop's people: another shop's id finds nothing. */
export function findPerson(db: Executor, shopId: string, adminUserId: string) {
  return db
    .selectFrom('admin_users')
    .selectAll()
    .where('shop_id', '=', shopId)
    .where('id', '=', adminUserId)
    .executeTakeFirst()
}

export function findPersonById(db: Executor, adminUserId: string) {
  return db.selectFrom('admin_users').selectAll().where('id', '=', adminUserId).executeTakeFirst()
}

/** Emails are unique across shops (sign-in names no shop); compared lower-case. */
export async function isEmailTaken(db: Executor, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('admin_users')
    .select('id')
    .where(sql<string>`lower(email)`, '=', email)
    .executeTakeFirst()
  return row !== undefined
}

export function insertPerson(db: Executor, row: AdminUsersTable) {
  return db.insertInto('admin_users').values(row).execute()
}

/** Super-admins of the shop who can act (their password is set), other than `exceptId`. */
export async function countActingSuperAdmins(db: Executor, shopId: string, exceptId: string): Promise<number> {
  const row = await db
    .selectFrom('admin_users')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('shop_id', '=', shopId)
    .where('role', '=', 'SUPER_ADMIN')
    .where('id', '<>', exceptId)
    .where('password_hash', '<>', noPasswordYet)
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

/** Serialises changes to one shop's people on PostgreSQL (SQLite writes one transaction at a time). */
export function lockShop(db: Executor, shopId: string, lock: Dialect) {
  return db
    .selectFrom('shops')
    .select('id')
    .where('id', '=', shopId)
    .$if(lock === 'postgres', (q) => q.forUpdate())
    .executeTakeFirst()
}

export function updateRole(db: Executor, adminUserId: string, role: AdminUsersTable['role']) {
  return db.updateTable('admin_users').set({ role }).where('id', '=', adminUserId).execute()
}

export function updatePasswordHash(db: Executor, adminUserId: string, passwordHash: string) {
  return db.updateTable('admin_users').set({ password_hash: passwordHash }).where('id', '=', adminUserId).execute()
}

export function deletePerson(db: Executor, adminUserId: string) {
  return db.deleteFrom('admin_users').where('id', '=', adminUserId).execute()
}

export function deleteSessionsOf(db: Executor, adminUserId: string) {
  return db.deleteFrom('admin_sessions').where('admin_user_id', '=', adminUserId).execute()
}

export function insertShop(db: Executor, row: ShopsTable) {
  return db.insertInto('shops').values(row).execute()
}

/** Every shop with its number of people and its first super-admin's email (`fanshelf shop list`). */
export function listShopsWithOwners(db: Executor) {
  return db
    .selectFrom('shops as s')
    .select([
      's.id',
      's.name',
      's.domain',
      's.currency',
      's.created_at',
      (eb) =>
        eb
          .selectFrom('admin_users as u')
          .select('u.email')
          .whereRef('u.shop_id', '=', 's.id')
          .where('u.role', '=', 'SUPER_ADMIN')
          .orderBy('u.created_at')
          .orderBy('u.id')
          .limit(1)
          .as('owner_email'),
      (eb) =>
        eb
          .selectFrom('admin_users as u')
          .select((e) => e.fn.countAll<number | string>().as('n'))
          .whereRef('u.shop_id', '=', 's.id')
          .as('people'),
    ])
    .orderBy('s.created_at')
    .orderBy('s.id')
    .execute()
}
