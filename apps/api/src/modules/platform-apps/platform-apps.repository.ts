import type { Executor } from '../../db/database.js'
import type { PlatformAppsTable } from '../../db/schema.js'

export function insertPlatformApp(db: Executor, row: PlatformAppsTable) {
  return db.insertInto('platform_apps').values(row).execute()
}

export function findPlatformApp(db: Executor, appId: string) {
  return db.selectFrom('platform_apps').selectAll().where('id', '=', appId).executeTakeFirst()
}

export function listPlatformApps(db: Executor) {
  return db.selectFrom('platform_apps').selectAll().orderBy('created_at', 'desc').orderBy('id').execute()
}

export async function setPlatformAppStatus(
  db: Executor,
  appId: string,
  status: PlatformAppsTable['status'],
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('platform_apps')
    .set({ status, updated_at: now })
    .where('id', '=', appId)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}

export async function setPlatformAppPkceRequired(
  db: Executor,
  appId: string,
  pkceRequired: boolean,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('platform_apps')
    .set({ pkce_required: pkceRequired ? 1 : 0, updated_at: now })
    .where('id', '=', appId)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}

/** Dynamic registrations never approved before their deadline (nothing references them: no grant, code or token). */
export function deleteForgottenRegistrations(db: Executor, now: string) {
  return db
    .deleteFrom('platform_apps')
    .where('registration', '=', 'DYNAMIC')
    .where('registration_expires_at', '<=', now)
    .execute()
}

export async function countPendingRegistrations(db: Executor, now: string): Promise<number> {
  const row = await db
    .selectFrom('platform_apps')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('registration_expires_at', '>', now)
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

/** A shop approved the app: a dynamic registration is kept from now on. */
export function keepRegistration(db: Executor, appId: string) {
  return db
    .updateTable('platform_apps')
    .set({ registration_expires_at: null })
    .where('id', '=', appId)
    .where('registration_expires_at', 'is not', null)
    .execute()
}
