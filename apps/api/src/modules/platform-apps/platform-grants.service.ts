import type { AdminSchema } from '@fanshelf/contract'
import type { Clock } from '../../clock.js'
import type { ChangeRecorder, Db } from '../../db/database.js'
import type { PlatformAppGrantsTable } from '../../db/schema.js'
import { notFound } from '../../errors/domain-error.js'
import { tokenHash } from '../../security/secret-box.js'
import { recordEvent } from '../events/event-outbox.js'
import { deleteWebhookConfiguration } from '../webhook-configurations/webhook-configurations.repository.js'
import { type AuthorizationParameters, authorizationRedirect } from './consent-request.js'
import { authorizationCodeTtlMs, codeRetentionMs } from './oauth-policy.js'
import { mintSecret, newPlatformId } from './opaque-tokens.js'
import { keepRegistration } from './platform-apps.repository.js'
import type { PlatformApp, PlatformAppService } from './platform-apps.service.js'
import {
  findActiveGrant,
  findRetiredAppWebhookConfigurations,
  insertCode,
  insertGrantIfNone,
  isSuperAdminOfShop,
  listActiveGrantsOfShop,
  pruneCodes,
  retireAppWebhookConfigurations,
  revokeGrants,
  updateGrantConsent,
} from './platform-grants.repository.js'
import { scopeSummary } from './platform-scopes.js'

/**
 * Grants: a shop's consent to an app — the connection the merchant admin lists and disconnects,
 * and the principal of the app's rate limit. One active grant per app and shop; consenting again
 * refreshes it. Approving a consent issues a single-use authorization code under the grant.
 */

/** The admin acting in the merchant admin (a signed-in admin-session user). */
export interface ShopAdmin {
  shopId: string
  adminUserId: string
}

/** A connected app, as the merchant admin shows it. */
/**
 * A platform app connected to the shop (admin-api.yaml `AdminPlatformAppConnection`); `consentedAt`
 * is when the shop last consented (a reconnect while connected refreshes it).
 */
export type PlatformAppConnection = AdminSchema<'AdminPlatformAppConnection'>

/** A new active grant (connection) row: `approve`'s, and the demo seed's connected demo app. */
export function newGrantRecord(input: {
  appId: string
  shopId: string
  scopes: readonly string[]
  grantedBy: string
  now: number
}): PlatformAppGrantsTable {
  const now = new Date(input.now).toISOString()
  return {
    id: newPlatformId('grt_'),
    app_id: input.appId,
    shop_id: input.shopId,
    scopes: JSON.stringify(input.scopes),
    granted_by: input.grantedBy,
    created_at: now,
    updated_at: now,
    revoked_at: null,
    revoked_reason: null,
  }
}

export function createPlatformGrantService(
  db: Db,
  deps: {
    clock: Clock
    apps: PlatformAppService
    /** The authorization server's issuer (`PUBLIC_URL`), sent as `iss` with every code (RFC 9207). */
    issuer: string
  },
) {
  const { clock, apps, issuer } = deps
  let lastPrune = 0

  /** Issues a code under the app's grant for the shop (created, or its consent refreshed). */
  async function issueCode(
    admin: ShopAdmin,
    app: PlatformApp,
    parameters: AuthorizationParameters,
    audit?: ChangeRecorder,
  ): Promise<string> {
    const code = mintSecret('authorizationCode')
    const nowMs = clock.now()
    const now = new Date(nowMs).toISOString()
    const scopes = JSON.stringify(app.scopes)
    await db.transaction().execute(async (trx) => {
      let grant = await findActiveGrant(trx, app.id, admin.shopId)
      if (grant) {
        await updateGrantConsent(trx, grant.id, scopes, admin.adminUserId, now)
      } else {
        // Configurations retired by an earlier disconnect go now: the app starts afresh.
        for (const configuration of await findRetiredAppWebhookConfigurations(trx, app.id, admin.shopId)) {
          await deleteWebhookConfiguration(trx, configuration)
        }
        await insertGrantIfNone(
          trx,
          newGrantRecord({
            appId: app.id,
            shopId: admin.shopId,
            scopes: app.scopes,
            grantedBy: admin.adminUserId,
            now: nowMs,
          }),
        )
        grant = await findActiveGrant(trx, app.id, admin.shopId)
      }
      if (!grant) throw new Error('The grant vanished while consenting')
      // An MCP client's registration is kept once a shop has approved it (decision 0051).
      if (app.registration === 'DYNAMIC') await keepRegistration(trx, app.id)
      await insertCode(trx, {
        code_hash: tokenHash(code),
        grant_id: grant.id,
        app_id: app.id,
        shop_id: admin.shopId,
        redirect_uri: parameters.redirectUri,
        code_challenge: parameters.codeChallenge ?? null,
        code_challenge_method: parameters.codeChallenge === undefined ? null : 'S256',
        scopes,
        resource: parameters.resource ?? null,
        created_at: now,
        expires_at: new Date(nowMs + authorizationCodeTtlMs).toISOString(),
        used_at: null,
        family_id: null,
      })
      await audit?.(app.id, trx)
    })
    if (nowMs - lastPrune > 3_600_000) {
      lastPrune = nowMs
      await pruneCodes(db, new Date(nowMs - codeRetentionMs).toISOString())
    }
    return code
  }

  return {
    /**
     * Approve → the redirect to the app with a fresh code (and `state`, and `iss`). The code is bound to the
     * app, the shop, the redirect URI and the PKCE challenge; it is stored as a digest.
     */
    async approve(
      admin: ShopAdmin,
      app: PlatformApp,
      parameters: AuthorizationParameters,
      audit?: ChangeRecorder,
    ): Promise<string> {
      const code = await issueCode(admin, app, parameters, audit)
      return authorizationRedirect(parameters.redirectUri, issuer, { code, state: parameters.state })
    },

    /**
     * A fresh code for an app the shop has connected already, issued as `approve` issues it, on
     * behalf of the super-admin who consented (as if they approved again; the grant's consent time
     * is refreshed). Undefined when the app is not connected to the shop or whoever consented is
     * no longer one of its super-admins. No admin acts, so nothing is audited. Used by the local
     * demo only (seed/demo-credentials.routes.ts), so its try-it console and guides can exchange a code.
     */
    async reissueCode(shopId: string, app: PlatformApp, parameters: AuthorizationParameters) {
      const grant = await findActiveGrant(db, app.id, shopId)
      if (!grant?.granted_by || !(await isSuperAdminOfShop(db, grant.granted_by, shopId))) return undefined
      return issueCode({ shopId, adminUserId: grant.granted_by }, app, parameters)
    },

    /** The shop's connected apps, oldest connection first. */
    async listConnections(shopId: string): Promise<PlatformAppConnection[]> {
      const rows = await listActiveGrantsOfShop(db, shopId)
      return rows.map((row) => ({
        appId: row.app_id,
        name: row.name,
        scopes: (JSON.parse(row.scopes) as string[]).map((scope) => ({
          scope,
          description: scopeSummary(apps.scopes, scope),
        })),
        connectedAt: row.created_at,
        consentedAt: row.updated_at,
        consentedBy: row.granted_by,
      }))
    },

    /**
     * Disconnect: every token of the app for the shop stops working at once, and
     * PLATFORM_APP_DISCONNECTED `{appId, shopId}` goes to the app's own webhook configurations —
     * recorded in the same transaction. The app's configurations then receive nothing more.
     */
    async disconnect(
      admin: ShopAdmin,
      appId: string,
      audit?: ChangeRecorder,
    ): Promise<{ appId: string; shopId: string }> {
      return db.transaction().execute(async (trx) => {
        const nowMs = clock.now()
        const now = new Date(nowMs).toISOString()
        const revoked = await revokeGrants(trx, { appId, shopId: admin.shopId }, 'DISCONNECTED', now)
        if (revoked.length === 0) {
          throw notFound('PLATFORM_APP_CONNECTION_NOT_FOUND', `The app ${appId} is not connected to this shop.`, {
            appId,
          })
        }
        await recordEvent(
          trx,
          { shopId: admin.shopId, type: 'PLATFORM_APP_DISCONNECTED', data: { appId, shopId: admin.shopId }, appId },
          nowMs,
        )
        await retireAppWebhookConfigurations(trx, appId, admin.shopId, now)
        await audit?.(appId, trx)
        return { appId, shopId: admin.shopId }
      })
    },
  }
}

export type PlatformGrantService = ReturnType<typeof createPlatformGrantService>
