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

/** Per app: the shops connected now (grants not revoked) and every grant ever made. */
export async function countGrantsByApp(db: Executor): Promise<Map<string, { connected: number; ever: number }>> {
  const rows = await db
    .selectFrom('platform_app_grants')
    .select((eb) => [
      'app_id',
      eb.fn.countAll<number>().as('ever'),
      eb.fn.count<number>('id').filterWhere('revoked_at', 'is', null).as('connected'),
    ])
    .groupBy('app_id')
    .execute()
  return new Map(rows.map((row) => [row.app_id, { connected: Number(row.connected), ever: Number(row.ever) }]))
}

/**
 * Deletes a dynamic registration no shop ever approved (no grant, hence no code or token); answers
 * whether it did. The condition is in the statement, so a consent committed meanwhile wins.
 */
export async function deleteUnapprovedRegistration(db: Executor, appId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('platform_apps')
    .where('id', '=', appId)
    .where('registration', '=', 'DYNAMIC')
    .where((eb) =>
      eb.not(
        eb.exists(
          eb.selectFrom('platform_app_grants as g').select('g.id').whereRef('g.app_id', '=', 'platform_apps.id'),
        ),
      ),
    )
    .executeTakeFirst()
  return Number(result.numDeletedRows) > 0
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
