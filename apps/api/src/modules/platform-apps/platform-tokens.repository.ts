import type { Executor } from '../../db/database.js'
import type { PlatformAppTokensTable } from '../../db/schema.js'

export function insertTokens(db: Executor, rows: PlatformAppTokensTable[]) {
  return db.insertInto('platform_app_tokens').values(rows).execute()
}

export function findToken(db: Executor, tokenHash: string) {
  return db.selectFrom('platform_app_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst()
}

/**
 * The bearer check: an access token that is neither revoked nor expired, under an active grant of
 * an active app — one indexed lookup per request, so a revocation takes effect at once.
 */
export function findLiveAccessToken(db: Executor, tokenHash: string, now: string) {
  return db
    .selectFrom('platform_app_tokens as t')
    .innerJoin('platform_app_grants as g', 'g.id', 't.grant_id')
    .innerJoin('platform_apps as a', 'a.id', 't.app_id')
    .select(['t.grant_id', 't.app_id', 't.shop_id', 't.scopes', 't.resource', 'a.scopes as app_scopes'])
    .where('t.token_hash', '=', tokenHash)
    .where('t.kind', '=', 'access')
    .where('t.revoked_at', 'is', null)
    .where('t.expires_at', '>', now)
    .where('g.revoked_at', 'is', null)
    .where('a.status', '=', 'ACTIVE')
    .executeTakeFirst()
}

/**
 * A token as introspection sees it (RFC 7662): any kind, with whether its grant and app still
 * stand; the caller decides whether it is active.
 */
export function findTokenForIntrospection(db: Executor, tokenHash: string) {
  return db
    .selectFrom('platform_app_tokens as t')
    .innerJoin('platform_app_grants as g', 'g.id', 't.grant_id')
    .innerJoin('platform_apps as a', 'a.id', 't.app_id')
    .select([
      't.kind',
      't.app_id',
      't.shop_id',
      't.scopes',
      't.resource',
      't.created_at',
      't.expires_at',
      't.family_expires_at',
      't.rotated_at',
      't.revoked_at',
      'g.revoked_at as grant_revoked_at',
      'a.status as app_status',
      'a.scopes as app_scopes',
    ])
    .where('t.token_hash', '=', tokenHash)
    .executeTakeFirst()
}

/**
 * Marks a refresh token used — atomically, so of two concurrent refreshes exactly one wins. False
 * when it was rotated or revoked already.
 */
export async function rotateRefreshToken(db: Executor, tokenHash: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('platform_app_tokens')
    .set({ rotated_at: now })
    .where('token_hash', '=', tokenHash)
    .where('kind', '=', 'refresh')
    .where('rotated_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** Revokes every token of a family (the tokens issued from one code and its refreshes). */
export function revokeFamily(db: Executor, familyId: string, now: string) {
  return db
    .updateTable('platform_app_tokens')
    .set({ revoked_at: now })
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute()
}

export function revokeToken(db: Executor, tokenHash: string, now: string) {
  return db
    .updateTable('platform_app_tokens')
    .set({ revoked_at: now })
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .execute()
}

/**
 * Revokes the access tokens of a family that are still live: on a refresh, the access token issued
 * with the refresh token being rotated ends with it (RFC 9700 §4.14.2), so one live pair per family.
 */
export function revokeFamilyAccessTokens(db: Executor, familyId: string, now: string) {
  return db
    .updateTable('platform_app_tokens')
    .set({ revoked_at: now })
    .where('family_id', '=', familyId)
    .where('kind', '=', 'access')
    .where('revoked_at', 'is', null)
    .execute()
}

/** Revokes every access and refresh token of an app, on every shop (the app is suspended). */
export function revokeAppTokens(db: Executor, appId: string, now: string) {
  return db
    .updateTable('platform_app_tokens')
    .set({ revoked_at: now })
    .where('app_id', '=', appId)
    .where('revoked_at', 'is', null)
    .execute()
}
