import { randomBytes, timingSafeEqual } from 'node:crypto'
import type { Clock } from '../../clock.js'
import type { Db } from '../../db/database.js'
import type { PlatformAppsTable } from '../../db/schema.js'
import { DomainError } from '../../errors/domain-error.js'
import { type SecretBox, tokenHash } from '../../security/secret-box.js'
import type { AppKeySource } from '../webhook-delivery/webhook-signatures.js'
import { isWellFormedSecret, mintSecret, newPlatformId } from './opaque-tokens.js'
import {
  countGrantsByApp,
  deleteUnapprovedRegistration,
  findPlatformApp,
  insertPlatformApp,
  listPlatformApps,
  setPlatformAppPkceRequired,
  setPlatformAppStatus,
} from './platform-apps.repository.js'
import { expireUnusedCodesOfApp } from './platform-grants.repository.js'
import type { ScopeCatalogue } from './platform-scopes.js'
import { revokeAppTokens } from './platform-tokens.repository.js'
import { redirectUriProblem } from './redirect-uris.js'

/**
 * The registry of platform apps. Registration is invite-only: an operator runs
 * `fanshelf app create`, which calls `register` and shows the client secret and the webhook HMAC
 * key once. The secret is kept as a SHA-256 digest (only ever checked); the HMAC key is sealed,
 * since every delivery to the app's webhooks is signed with it.
 */

export interface RegisterAppInput {
  name: string
  /** Exact redirect URIs: https, or http on a loopback host. */
  redirectUris: string[]
  /** Scopes from the contract's platformOAuth scheme. */
  scopes: string[]
  /**
   * False only for a legacy app that cannot send PKCE yet (decision 0028): its consent requests may
   * omit `code_challenge`. Every other app must send an S256 challenge. Default true.
   */
  pkceRequired?: boolean
}

export interface RegisteredApp {
  clientId: string
  /** Shown once: only its digest is stored. */
  clientSecret: string
  /** Shown once here; it signs the app's webhook deliveries (`X-Fanshelf-Hmac-Apps-SHA256`). */
  webhookHmacKey: string
  name: string
  redirectUris: string[]
  scopes: string[]
  /** False for a legacy app whose consent requests may omit PKCE. */
  pkceRequired: boolean
  createdAt: string
}

/** An app as the rest of the module sees it (no secrets). */
export interface PlatformApp {
  id: string
  name: string
  redirectUris: string[]
  scopes: string[]
  status: PlatformAppsTable['status']
  /** Consent requests must carry an S256 `code_challenge` (false: a legacy app, decision 0028). */
  pkceRequired: boolean
  /**
   * OPERATOR: invite-only, registered by `fanshelf app create`. DYNAMIC: an MCP client that
   * registered itself (RFC 7591): a public client, no secret (decision 0051).
   */
  registration: 'OPERATOR' | 'DYNAMIC'
  createdAt: string
}

export function toPlatformApp(row: PlatformAppsTable): PlatformApp {
  return {
    id: row.id,
    name: row.name,
    redirectUris: JSON.parse(row.redirect_uris) as string[],
    scopes: JSON.parse(row.scopes) as string[],
    status: row.status,
    pkceRequired: row.pkce_required !== 0,
    registration: row.registration ?? 'OPERATOR',
    createdAt: row.created_at,
  }
}

/** An app in an operator's list (`fanshelf app list`). */
export interface ListedApp extends PlatformApp {
  /** Shops connected to it now (consented, not disconnected). */
  connectedShops: number
  /** A dynamic registration no shop approved yet: when it will be forgotten (null: kept). */
  pendingUntil: string | null
}

/** A dynamic registration no shop approved before its deadline is no app any more. */
function isForgotten(row: PlatformAppsTable, nowMs: number): boolean {
  return row.registration_expires_at != null && Date.parse(row.registration_expires_at) <= nowMs
}

const maxNameLength = 100
const maxRedirectUris = 20
/** Compared against when the client id is unknown, so a miss costs what a hit does. */
const decoyDigest = tokenHash(mintSecret('clientSecret'))

const appNotFound = (clientId: string) =>
  new DomainError('PLATFORM_APP_NOT_FOUND', `No platform app has the client id ${clientId}.`, { clientId })

function digestsEqual(a: string, b: string): boolean {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

/** Apps' HMAC keys, for the delivery worker (webhook-signatures.ts `AppKeySource`), in-process or not. */
export function platformAppKeys(db: Db, secretBox: SecretBox): AppKeySource {
  return {
    async keyFor(appId) {
      const row = await findPlatformApp(db, appId)
      return row ? secretBox.open(row.webhook_hmac_key_sealed) : undefined
    },
  }
}

/**
 * A new app's row and its secrets (shown once), not yet validated or stored: `register` checks the
 * input first; the demo seed registers its demo app with it inside the demo shop's transaction.
 */
export function newPlatformAppRecord(
  input: RegisterAppInput,
  deps: { secretBox: SecretBox; now: number },
): { row: PlatformAppsTable; registered: RegisteredApp } {
  const clientId = newPlatformId('app_')
  const clientSecret = mintSecret('clientSecret')
  const webhookHmacKey = `whsec_${randomBytes(32).toString('base64')}`
  const createdAt = new Date(deps.now).toISOString()
  const name = input.name.trim()
  const redirectUris = [...input.redirectUris]
  const scopes = [...input.scopes]
  const pkceRequired = input.pkceRequired ?? true
  return {
    row: {
      id: clientId,
      name,
      redirect_uris: JSON.stringify(redirectUris),
      scopes: JSON.stringify(scopes),
      client_secret_hash: tokenHash(clientSecret),
      webhook_hmac_key_sealed: deps.secretBox.seal(webhookHmacKey),
      status: 'ACTIVE',
      pkce_required: pkceRequired ? 1 : 0,
      created_at: createdAt,
      updated_at: createdAt,
    },
    registered: { clientId, clientSecret, webhookHmacKey, name, redirectUris, scopes, pkceRequired, createdAt },
  }
}

export function createPlatformAppService(db: Db, deps: { clock: Clock; secretBox: SecretBox; scopes: ScopeCatalogue }) {
  const { clock, secretBox, scopes: catalogue } = deps

  function assertRegistrable(input: RegisterAppInput): void {
    const problems: string[] = []
    const name = input.name.trim()
    if (name === '' || name.length > maxNameLength) problems.push(`the name must be 1–${maxNameLength} characters`)
    if (input.redirectUris.length === 0) problems.push('at least one redirect URI is required')
    if (input.redirectUris.length > maxRedirectUris) problems.push(`at most ${maxRedirectUris} redirect URIs`)
    for (const uri of input.redirectUris) {
      const problem = redirectUriProblem(uri)
      if (problem) problems.push(problem)
    }
    if (new Set(input.redirectUris).size !== input.redirectUris.length) problems.push('a redirect URI is repeated')
    for (const scope of input.scopes) {
      if (!catalogue.has(scope)) problems.push(`${scope} is not a scope (known: ${[...catalogue.keys()].join(', ')})`)
    }
    if (new Set(input.scopes).size !== input.scopes.length) problems.push('a scope is repeated')
    if (problems.length > 0) {
      throw new DomainError('PLATFORM_APP_INVALID', `The app cannot be registered: ${problems.join('; ')}.`, {
        problems,
      })
    }
  }

  /** Client ids are `app_…`; anything else (U+0000 included, which PostgreSQL cannot query) is no app. */
  const isClientId = (clientId: string) => clientId.startsWith('app_') && !clientId.includes('\u0000')

  async function findApp(clientId: string): Promise<PlatformApp | undefined> {
    const row = isClientId(clientId) ? await findPlatformApp(db, clientId) : undefined
    return row && !isForgotten(row, clock.now()) ? toPlatformApp(row) : undefined
  }

  const appKeys = platformAppKeys(db, secretBox)

  return {
    scopes: catalogue,
    appKeys,
    findApp,

    async register(input: RegisterAppInput): Promise<RegisteredApp> {
      assertRegistrable(input)
      const { row, registered } = newPlatformAppRecord(input, { secretBox, now: clock.now() })
      await insertPlatformApp(db, row)
      return registered
    },

    /**
     * Every app, newest first, as an operator sees them: with the shops connected now and, for a
     * dynamic registration no shop approved yet, when it will be forgotten. Forgotten ones are left out.
     */
    async list(): Promise<ListedApp[]> {
      const nowMs = clock.now()
      const [rows, grants] = await Promise.all([listPlatformApps(db), countGrantsByApp(db)])
      return rows
        .filter((row) => !isForgotten(row, nowMs))
        .map((row) => ({
          ...toPlatformApp(row),
          connectedShops: grants.get(row.id)?.connected ?? 0,
          pendingUntil: row.registration_expires_at ?? null,
        }))
    },

    /**
     * Removes a dynamic registration (an MCP client that registered itself) that no shop ever
     * approved: it disappears as if it had expired. An operator app, or a registration a shop
     * approved, is suspended instead (`setStatus`), which keeps the shops' history and revokes its
     * tokens: the error says so.
     */
    async removeRegistration(clientId: string): Promise<PlatformApp> {
      const app = await findApp(clientId)
      if (!app) throw appNotFound(clientId)
      if (app.registration !== 'DYNAMIC') {
        throw new DomainError(
          'PLATFORM_APP_NOT_REMOVABLE',
          `${clientId} was registered by an operator; suspend it instead (fanshelf app suspend ${clientId}).`,
          { clientId, registration: app.registration },
        )
      }
      if (!(await deleteUnapprovedRegistration(db, clientId))) {
        throw new DomainError(
          'PLATFORM_APP_NOT_REMOVABLE',
          `A shop approved ${clientId}; suspend it instead (fanshelf app suspend ${clientId}): that revokes its tokens on every shop and keeps the shops' history.`,
          { clientId, registration: app.registration },
        )
      }
      return app
    },

    /**
     * Suspends an app or makes it active again. Suspending revokes every access and refresh token
     * of the app on every shop and ends its unused codes, in one transaction; its consent page and
     * token endpoint refuse it with `unauthorized_client` meanwhile. Resuming revives none of them:
     * the shops' connections (grants) are kept, and each shop's admin consents again through the
     * app's consent link before the app has tokens again (decision 0028).
     */
    async setStatus(clientId: string, status: PlatformApp['status']): Promise<PlatformApp> {
      const now = new Date(clock.now()).toISOString()
      const found = await db.transaction().execute(async (trx) => {
        if (!(isClientId(clientId) && (await setPlatformAppStatus(trx, clientId, status, now)))) return false
        if (status === 'SUSPENDED') {
          await revokeAppTokens(trx, clientId, now)
          await expireUnusedCodesOfApp(trx, clientId, now)
        }
        return true
      })
      if (!found) throw appNotFound(clientId)
      return (await findApp(clientId)) as PlatformApp
    },

    /** Marks an app legacy (its consent requests may omit PKCE) or back to requiring PKCE. */
    async setPkceRequired(clientId: string, pkceRequired: boolean): Promise<PlatformApp> {
      const now = new Date(clock.now()).toISOString()
      if (!(isClientId(clientId) && (await setPlatformAppPkceRequired(db, clientId, pkceRequired, now)))) {
        throw appNotFound(clientId)
      }
      return (await findApp(clientId)) as PlatformApp
    },

    /**
     * Client authentication (client_secret_post / client_secret_basic). A malformed secret is refused
     * before any lookup; an unknown client costs the same comparison as a known one.
     */
    async authenticateClient(clientId: string, clientSecret: string | undefined): Promise<PlatformApp | undefined> {
      if (clientSecret === undefined) {
        // A public client (RFC 6749 §2.1): only an MCP client that registered itself; PKCE binds its codes.
        const app = await findApp(clientId)
        return app?.registration === 'DYNAMIC' ? app : undefined
      }
      if (!isWellFormedSecret('clientSecret', clientSecret)) return undefined
      const row = isClientId(clientId) ? await findPlatformApp(db, clientId) : undefined
      const matches = digestsEqual(tokenHash(clientSecret), row?.client_secret_hash ?? decoyDigest)
      return row && matches && row.registration !== 'DYNAMIC' ? toPlatformApp(row) : undefined
    },
  }
}

export type PlatformAppService = ReturnType<typeof createPlatformAppService>
