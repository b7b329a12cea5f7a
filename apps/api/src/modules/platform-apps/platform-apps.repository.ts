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
