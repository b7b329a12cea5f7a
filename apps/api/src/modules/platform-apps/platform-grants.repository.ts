import type { Executor } from '../../db/database.js'
import type { PlatformAppCodesTable, PlatformAppGrantsTable } from '../../db/schema.js'

// ---------------------------------------------------------------- grants (connections)

export function findActiveGrant(db: Executor, appId: string, shopId: string) {
  return db
    .selectFrom('platform_app_grants')
    .selectAll()
    .where('app_id', '=', appId)
    .where('shop_id', '=', shopId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst()
}

export function findGrant(db: Executor, grantId: string) {
  return db.selectFrom('platform_app_grants').selectAll().where('id', '=', grantId).executeTakeFirst()
}

/** Inserts the grant unless the app already has an active one for the shop (a concurrent consent). */
export function insertGrantIfNone(db: Executor, row: PlatformAppGrantsTable) {
  return db
    .insertInto('platform_app_grants')
    .values(row)
    .onConflict((oc) => oc.columns(['app_id', 'shop_id']).where('revoked_at', 'is', null).doNothing())
    .execute()
}

export function updateGrantConsent(db: Executor, grantId: string, scopes: string, grantedBy: string, now: string) {
  return db
    .updateTable('platform_app_grants')
    .set({ scopes, granted_by: grantedBy, updated_at: now })
    .where('id', '=', grantId)
    .execute()
}

/** The shop's active connections with their app, oldest first. */
export function listActiveGrantsOfShop(db: Executor, shopId: string) {
  return db
    .selectFrom('platform_app_grants as g')
    .innerJoin('platform_apps as a', 'a.id', 'g.app_id')
    .select(['g.id', 'g.app_id', 'g.shop_id', 'g.scopes', 'g.granted_by', 'g.created_at', 'g.updated_at', 'a.name'])
    .where('g.shop_id', '=', shopId)
    .where('g.revoked_at', 'is', null)
    .orderBy('g.created_at')
    .orderBy('g.id')
    .execute()
}

/**
 * Revokes grants and every token issued under them; returns the ids of the grants this call
 * revoked. The update itself decides (`revoked_at IS NULL`), so of two concurrent revocations only
 * one reports the grant, and the first reason stands.
 */
export async function revokeGrants(
  db: Executor,
  where: { grantId: string } | { appId: string; shopId: string },
  reason: string,
  now: string,
): Promise<string[]> {
  let update = db
    .updateTable('platform_app_grants')
    .set({ revoked_at: now, revoked_reason: reason, updated_at: now })
    .where('revoked_at', 'is', null)
  update =
    'grantId' in where
      ? update.where('id', '=', where.grantId)
      : update.where('app_id', '=', where.appId).where('shop_id', '=', where.shopId)
  const ids = (await update.returning('id').execute()).map((row) => row.id)
  if (ids.length > 0) {
    await db
      .updateTable('platform_app_tokens')
      .set({ revoked_at: now })
      .where('grant_id', 'in', ids)
      .where('revoked_at', 'is', null)
      .execute()
  }
  return ids
}

/** Whether the admin user is a super-admin of the shop (who alone may connect apps, decision 0027). */
export async function isSuperAdminOfShop(db: Executor, adminUserId: string, shopId: string): Promise<boolean> {
  const row = await db
    .selectFrom('admin_users')
    .select('id')
    .where('id', '=', adminUserId)
    .where('shop_id', '=', shopId)
    .where('role', '=', 'SUPER_ADMIN')
    .executeTakeFirst()
  return row !== undefined
}

// ---------------------------------------------------------------- authorization codes

export function insertCode(db: Executor, row: PlatformAppCodesTable) {
  return db.insertInto('platform_app_codes').values(row).execute()
}

export function findCode(db: Executor, codeHash: string) {
  return db.selectFrom('platform_app_codes').selectAll().where('code_hash', '=', codeHash).executeTakeFirst()
}

/**
 * Marks the code used — atomically, so of two concurrent exchanges exactly one wins — and records
 * the token family it issues. False when the code was used already (a replay).
 */
export async function consumeCode(db: Executor, codeHash: string, familyId: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('platform_app_codes')
    .set({ used_at: now, family_id: familyId })
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/**
 * Ends the app's unused codes at `now` (the app is suspended): a code issued before the suspension
 * cannot be exchanged after a resume; the shop consents again.
 */
export function expireUnusedCodesOfApp(db: Executor, appId: string, now: string) {
  return db
    .updateTable('platform_app_codes')
    .set({ expires_at: now })
    .where('app_id', '=', appId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .execute()
}

/** Forgets codes that expired before `before` (used ones are kept until then for replay detection). */
export function pruneCodes(db: Executor, before: string) {
  return db.deleteFrom('platform_app_codes').where('expires_at', '<', before).execute()
}

// ---------------------------------------------------------------- the app's webhook configurations

/**
 * Stops every further event for the app's configurations of this shop: a disconnected app must
 * not receive the shop's events. Their subscription list is emptied (deliveries already queued,
 * like PLATFORM_APP_DISCONNECTED itself, still go out); they are deleted when the app reconnects.
 */
export function retireAppWebhookConfigurations(db: Executor, appId: string, shopId: string, now: string) {
  return db
    .updateTable('webhook_configurations')
    .set({ allowed_types: '[]', updated_at: now })
    .where('app_id', '=', appId)
    .where('shop_id', '=', shopId)
    .execute()
}

export function findRetiredAppWebhookConfigurations(db: Executor, appId: string, shopId: string) {
  return db
    .selectFrom('webhook_configurations')
    .select(['id', 'shop_id'])
    .where('app_id', '=', appId)
    .where('shop_id', '=', shopId)
    .where('allowed_types', '=', '[]')
    .execute()
}
