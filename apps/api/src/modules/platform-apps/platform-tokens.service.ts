import type { Schema } from '@fanshelf/contract'
import type { Clock } from '../../clock.js'
import type { Db, Executor } from '../../db/database.js'
import type { BearerGrant } from '../../http/principal.js'
import { tokenHash } from '../../security/secret-box.js'
import { invalidGrant, invalidRequest, OAuthError } from './oauth-errors.js'
import { accessTokenTtlSeconds, refreshTokenFamilyTtlMs, refreshTokenIdleTtlMs } from './oauth-policy.js'
import { isKnownResource, type ResourceIndicators, unknownResourceDescription } from './oauth-resources.js'
import { isWellFormedSecret, mintSecret, newPlatformId, secretPrefixes } from './opaque-tokens.js'
import { isWellFormedVerifier, verifierMatches } from './pkce.js'
import type { PlatformApp } from './platform-apps.service.js'
import { consumeCode, findCode, findGrant, revokeGrants } from './platform-grants.repository.js'
import {
  findLiveAccessToken,
  findToken,
  findTokenForIntrospection,
  insertTokens,
  revokeFamily,
  revokeFamilyAccessTokens,
  revokeToken,
  rotateRefreshToken,
} from './platform-tokens.repository.js'

/**
 * The token endpoint's grants (RFC 6749 §4.1.3, §6), revocation (RFC 7009) and the bearer check.
 *
 * - A code is exchanged once, within 120 s, by its app, with its redirect URI and the matching PKCE
 *   verifier (every consent of a non-legacy app carries a challenge; decision 0028); a verifier
 *   without a challenge is refused (downgrade). A replayed code revokes the tokens issued from it.
 * - A refresh token rotates: each use answers a new pair and retires the old token together with
 *   the access token issued beside it; presenting a retired one is treated as theft and revokes
 *   the whole grant. A `scope` narrower than the grant's gives an access token of those scopes
 *   only (RFC 6749 §6); the new refresh token keeps the grant's scopes.
 * - Consuming a code or refresh token, and the revocations a replay triggers, are committed even
 *   when the answer is an error: the transaction returns the error rather than throwing it.
 */

/** The token endpoint's success body (contract `TokenResponse`). */
export type TokenResponse = Schema<'TokenResponse'>

/** Request parameters after parsing: each present at most once. */
export type OAuthParameters = Record<string, string | undefined>

type Outcome = { tokens: TokenResponse } | { error: OAuthError }

function required(parameters: OAuthParameters, name: string): string {
  const value = parameters[name]
  if (value === undefined) throw invalidRequest(`${name} is required.`)
  return value
}

const invalidCode = () => invalidGrant('The authorization code is invalid, expired or was already used.')
const invalidRefresh = () => invalidGrant('The refresh token is invalid, expired or revoked.')

/**
 * The scopes a refresh asks for (RFC 6749 §6): omitted → all of the grant's; otherwise a subset of
 * them, kept in the grant's order. A scope outside the grant is `invalid_scope`.
 */
function requestedScopes(requested: string | undefined, granted: string[]): string[] | OAuthError {
  if (requested === undefined) return granted
  const asked = new Set(requested.split(' ').filter((scope) => scope !== ''))
  const outside = [...asked].filter((scope) => !granted.includes(scope))
  if (outside.length > 0) {
    return new OAuthError(
      'invalid_scope',
      `scope may only narrow the grant (${granted.join(' ') || 'no scopes'}); not granted: ${outside.join(', ')}.`,
    )
  }
  return granted.filter((scope) => asked.has(scope))
}

/** The answer of `POST /platform/introspect`. */
export type TokenIntrospection = Schema<'TokenIntrospection'>

export function createPlatformTokenService(db: Db, deps: { clock: Clock; resources: ResourceIndicators }) {
  const { clock, resources } = deps

  /**
   * The resource the new tokens are bound to (RFC 8707): the one requested, else the one already
   * bound (by the consent or the refreshed family); a request may not name another one.
   */
  function boundResource(requested: string | undefined, bound: string | null | undefined): string | null | OAuthError {
    if (requested === undefined) return bound ?? null
    if (!isKnownResource(resources, requested)) {
      return new OAuthError('invalid_target', unknownResourceDescription(resources, requested))
    }
    if (bound && bound !== requested) {
      return new OAuthError('invalid_target', `The grant is bound to ${bound}; resource may not name another one.`)
    }
    return requested
  }

  /** A new access + refresh token; the access token may carry fewer scopes than the grant (a narrowed refresh). */
  async function issuePair(
    trx: Executor,
    family: { grantId: string; appId: string; shopId: string; familyId: string; familyExpiresAt: string },
    scopes: { granted: string[]; access: string[] },
    nowMs: number,
    resource: string | null,
  ): Promise<TokenResponse> {
    const accessToken = mintSecret('accessToken')
    const refreshToken = mintSecret('refreshToken')
    const now = new Date(nowMs).toISOString()
    const base = {
      grant_id: family.grantId,
      app_id: family.appId,
      shop_id: family.shopId,
      family_id: family.familyId,
      created_at: now,
      rotated_at: null,
      revoked_at: null,
      resource,
    }
    const refreshExpiresMs = Math.min(nowMs + refreshTokenIdleTtlMs, Date.parse(family.familyExpiresAt))
    await insertTokens(trx, [
      {
        ...base,
        token_hash: tokenHash(accessToken),
        kind: 'access',
        scopes: JSON.stringify(scopes.access),
        expires_at: new Date(nowMs + accessTokenTtlSeconds * 1000).toISOString(),
        family_expires_at: null,
      },
      {
        ...base,
        token_hash: tokenHash(refreshToken),
        kind: 'refresh',
        scopes: JSON.stringify(scopes.granted),
        expires_at: new Date(refreshExpiresMs).toISOString(),
        family_expires_at: family.familyExpiresAt,
      },
    ])
    return {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: accessTokenTtlSeconds,
      refresh_token: refreshToken,
      scope: scopes.access.join(' '),
    }
  }

  function scopesStillAllowed(app: PlatformApp, scopes: string[]): OAuthError | undefined {
    const withdrawn = scopes.filter((scope) => !app.scopes.includes(scope))
    if (withdrawn.length === 0) return undefined
    return new OAuthError(
      'invalid_scope',
      `The app is no longer registered for ${withdrawn.join(', ')}; the shop must connect it again.`,
    )
  }

  async function exchangeCode(app: PlatformApp, parameters: OAuthParameters): Promise<TokenResponse> {
    const code = required(parameters, 'code')
    const redirectUri = required(parameters, 'redirect_uri')
    const verifier = parameters.code_verifier
    if (verifier !== undefined && !isWellFormedVerifier(verifier)) {
      throw invalidRequest('code_verifier must be 43–128 characters of A–Z, a–z, 0–9, "-", ".", "_" and "~".')
    }
    // O8: a code that fails its checksum never reaches the database.
    if (!isWellFormedSecret('authorizationCode', code)) throw invalidCode()
    const codeHash = tokenHash(code)
    const nowMs = clock.now()
    const now = new Date(nowMs).toISOString()

    const outcome = await db.transaction().execute(async (trx): Promise<Outcome> => {
      const row = await findCode(trx, codeHash)
      if (!row || row.app_id !== app.id) return { error: invalidCode() }
      const replayed = async (familyId: string | null): Promise<Outcome> => {
        if (familyId) await revokeFamily(trx, familyId, now)
        return {
          error: invalidGrant('The authorization code was already used; the tokens issued from it have been revoked.'),
        }
      }
      if (row.used_at !== null) return replayed(row.family_id)
      const familyId = newPlatformId('tfam_')
      // The atomic claim: a concurrent exchange of the same code loses here and counts as a replay.
      if (!(await consumeCode(trx, codeHash, familyId, now)))
        return replayed((await findCode(trx, codeHash))?.family_id ?? null)
      if (Date.parse(row.expires_at) <= nowMs) return { error: invalidGrant('The authorization code has expired.') }
      if (row.redirect_uri !== redirectUri) {
        return { error: invalidGrant('redirect_uri differs from the one of the consent request.') }
      }
      if (row.code_challenge === null && app.pkceRequired) {
        // A code issued while the app was marked legacy, exchanged after it was made to require PKCE.
        return { error: invalidGrant('code_verifier is required, and the consent request carried no code_challenge.') }
      }
      if (row.code_challenge !== null) {
        if (verifier === undefined) {
          return { error: invalidGrant('code_verifier is required: the consent request carried a code_challenge.') }
        }
        if (!verifierMatches(verifier, row.code_challenge)) {
          return { error: invalidGrant('code_verifier does not match the code_challenge of the consent request.') }
        }
      } else if (verifier !== undefined) {
        return { error: invalidGrant('code_verifier was sent, but the consent request carried no code_challenge.') }
      }
      const grant = await findGrant(trx, row.grant_id)
      if (!grant || grant.revoked_at !== null) {
        return { error: invalidGrant('The shop disconnected the app after consenting.') }
      }
      const scopes = JSON.parse(row.scopes) as string[]
      const withdrawn = scopesStillAllowed(app, scopes)
      if (withdrawn) return { error: withdrawn }
      const resource = boundResource(parameters.resource, row.resource)
      if (resource instanceof OAuthError) return { error: resource }
      const tokens = await issuePair(
        trx,
        {
          grantId: row.grant_id,
          appId: app.id,
          shopId: row.shop_id,
          familyId,
          familyExpiresAt: new Date(nowMs + refreshTokenFamilyTtlMs).toISOString(),
        },
        { granted: scopes, access: scopes },
        nowMs,
        resource,
      )
      return { tokens }
    })
    if ('error' in outcome) throw outcome.error
    return outcome.tokens
  }

  async function refresh(app: PlatformApp, parameters: OAuthParameters): Promise<TokenResponse> {
    const token = required(parameters, 'refresh_token')
    if (!isWellFormedSecret('refreshToken', token)) throw invalidRefresh()
    const hash = tokenHash(token)
    const nowMs = clock.now()
    const now = new Date(nowMs).toISOString()

    const outcome = await db.transaction().execute(async (trx): Promise<Outcome> => {
      const row = await findToken(trx, hash)
      if (row?.kind !== 'refresh' || row.app_id !== app.id) return { error: invalidRefresh() }
      const reused = async (): Promise<Outcome> => {
        await revokeGrants(trx, { grantId: row.grant_id }, 'REFRESH_TOKEN_REUSE', now)
        return { error: invalidGrant('The refresh token was already used; the grant has been revoked.') }
      }
      if (row.rotated_at !== null) return reused()
      if (row.revoked_at !== null) return { error: invalidRefresh() }
      if (Date.parse(row.expires_at) <= nowMs) return { error: invalidGrant('The refresh token has expired.') }
      const grant = await findGrant(trx, row.grant_id)
      if (!grant || grant.revoked_at !== null) return { error: invalidRefresh() }
      const granted = JSON.parse(row.scopes) as string[]
      const access = requestedScopes(parameters.scope, granted)
      if (access instanceof OAuthError) return { error: access }
      const withdrawn = scopesStillAllowed(app, access)
      if (withdrawn) return { error: withdrawn }
      const resource = boundResource(parameters.resource, row.resource)
      if (resource instanceof OAuthError) return { error: resource }
      // The atomic claim: of two concurrent refreshes with one token, the loser is a reuse.
      if (!(await rotateRefreshToken(trx, hash, now))) return reused()
      // The access token issued beside the rotated refresh token ends with it.
      await revokeFamilyAccessTokens(trx, row.family_id, now)
      const tokens = await issuePair(
        trx,
        {
          grantId: row.grant_id,
          appId: app.id,
          shopId: row.shop_id,
          familyId: row.family_id,
          familyExpiresAt: row.family_expires_at ?? now,
        },
        { granted, access },
        nowMs,
        resource,
      )
      return { tokens }
    })
    if ('error' in outcome) throw outcome.error
    return outcome.tokens
  }

  return {
    /** `POST /platform/token` for an authenticated client. */
    async exchange(app: PlatformApp, parameters: OAuthParameters): Promise<TokenResponse> {
      const grantType = parameters.grant_type
      if (grantType === undefined) throw invalidRequest('grant_type is required.')
      if (app.status !== 'ACTIVE') throw new OAuthError('unauthorized_client', 'The app is suspended.')
      if (grantType === 'authorization_code') return exchangeCode(app, parameters)
      if (grantType === 'refresh_token') return refresh(app, parameters)
      throw new OAuthError(
        'unsupported_grant_type',
        `grant_type ${grantType} is not supported; use authorization_code or refresh_token.`,
      )
    },

    /**
     * `POST /platform/revoke` (RFC 7009): an access token ends alone; a refresh token ends its whole
     * grant. Unknown, foreign, malformed or already revoked tokens are a silent success. The token's
     * prefix tells its type, so `token_type_hint` is not needed.
     */
    async revoke(app: PlatformApp, token: string): Promise<void> {
      const kind = token.startsWith(secretPrefixes.refreshToken) ? 'refreshToken' : 'accessToken'
      if (!isWellFormedSecret(kind, token)) return
      const hash = tokenHash(token)
      const row = await findToken(db, hash)
      if (!row || row.app_id !== app.id) return
      const now = new Date(clock.now()).toISOString()
      if (row.kind === 'refresh') await revokeGrants(db, { grantId: row.grant_id }, 'REVOKED_BY_APP', now)
      else await revokeToken(db, hash, now)
    },

    /**
     * `POST /platform/introspect` (RFC 7662): what `token` is, asked by the app it was issued to
     * (`app`) or by the token itself (`bearer`, which must be `token`). Active: not expired, revoked
     * or (refresh) used, its grant standing and its app active; its scopes are those it may use now
     * (as the bearer check: consented, less any the app is no longer registered for). Anything else,
     * whoever asks, is `{active: false}` alone (RFC 7662 §2.2).
     */
    async introspect(token: string, asker: { app: PlatformApp } | { bearer: string }): Promise<TokenIntrospection> {
      const inactive: TokenIntrospection = { active: false }
      if ('bearer' in asker && asker.bearer !== token) return inactive
      const kind = token.startsWith(secretPrefixes.refreshToken) ? 'refreshToken' : 'accessToken'
      if (!isWellFormedSecret(kind, token)) return inactive
      const row = await findTokenForIntrospection(db, tokenHash(token))
      if (!row || ('app' in asker && row.app_id !== asker.app.id)) return inactive
      const now = new Date(clock.now()).toISOString()
      const expiresAt =
        row.kind === 'refresh' && row.family_expires_at && row.family_expires_at < row.expires_at
          ? row.family_expires_at
          : row.expires_at
      const live =
        row.revoked_at === null &&
        row.grant_revoked_at === null &&
        row.app_status === 'ACTIVE' &&
        expiresAt > now &&
        (row.kind === 'access' || row.rotated_at === null)
      if (!live) return inactive
      const registered = new Set(JSON.parse(row.app_scopes) as string[])
      const scopes = (JSON.parse(row.scopes) as string[]).filter((scope) => registered.has(scope))
      return {
        active: true,
        scope: scopes.join(' '),
        client_id: row.app_id,
        sub: row.shop_id,
        token_type: row.kind === 'access' ? 'Bearer' : 'refresh_token',
        iat: Math.floor(Date.parse(row.created_at) / 1000),
        exp: Math.floor(Date.parse(expiresAt) / 1000),
        ...(row.resource ? { aud: row.resource } : {}),
      }
    },

    /**
     * The open API's bearer check (http/security.ts): a live access token under an active grant. Its
     * scopes are those consented to, less any the app is no longer registered for.
     */
    async authenticateBearer(token: string): Promise<BearerGrant | undefined> {
      if (!isWellFormedSecret('accessToken', token)) return undefined
      const row = await findLiveAccessToken(db, tokenHash(token), new Date(clock.now()).toISOString())
      if (!row) return undefined
      const registered = new Set(JSON.parse(row.app_scopes) as string[])
      const scopes = (JSON.parse(row.scopes) as string[]).filter((scope) => registered.has(scope))
      const grant: BearerGrant = {
        shopId: row.shop_id,
        appId: row.app_id,
        grantId: row.grant_id,
        scopes: new Set(scopes),
      }
      if (row.resource) grant.resource = row.resource
      return grant
    },
  }
}

export type PlatformTokenService = ReturnType<typeof createPlatformTokenService>
