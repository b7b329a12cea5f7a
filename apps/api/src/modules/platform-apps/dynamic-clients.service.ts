import type { Clock } from '../../clock.js'
import type { Db } from '../../db/database.js'
import { DomainError } from '../../errors/domain-error.js'
import type { SecretBox } from '../../security/secret-box.js'
import type { AttemptCounter } from '../auth-throttle/attempt-counter.js'
import { throttleKeys } from '../auth-throttle/auth-throttle-policy.js'
import type { ClientRegistrationRequest } from './client-registration.js'
import { OAuthError } from './oauth-errors.js'
import { dynamicRegistrationLimits } from './oauth-policy.js'
import {
  countPendingRegistrations,
  deleteForgottenRegistrations,
  insertPlatformApp,
} from './platform-apps.repository.js'
import { newPlatformAppRecord } from './platform-apps.service.js'

/**
 * MCP clients that register themselves (RFC 7591, decision 0051), fitted to invite-only apps
 * (decision 0010): a registration is a public client (no secret; PKCE S256 required) with the
 * scopes it asked for among the MCP tools', and it can do nothing until a shop's super-admin
 * approves it on the consent page, which says it registered itself. Registrations no shop approves
 * within 24 hours are forgotten (deleted by the next registration, invisible meanwhile); one client
 * address registers at most 10 an hour, and at most 1,000 wait for a first approval at once.
 */

/** The RFC 7591 §3.2.1 answer. */
export interface ClientInformation {
  client_id: string
  client_id_issued_at: number
  client_name: string
  redirect_uris: string[]
  grant_types: string[]
  response_types: string[]
  token_endpoint_auth_method: 'none'
  scope: string
}

export function createDynamicClientService(
  db: Db,
  deps: { clock: Clock; secretBox: SecretBox; attempts: AttemptCounter; scopes: readonly string[] },
) {
  const { clock, secretBox, attempts } = deps
  const limits = dynamicRegistrationLimits

  return {
    /** The scopes a registration may ask for: those the MCP tools need. */
    scopes: deps.scopes,

    async register(request: ClientRegistrationRequest, address: string): Promise<ClientInformation> {
      const taken = await attempts.take(throttleKeys.clientRegistrationAddress(address), limits.windowMs)
      if (taken.count > limits.perAddress) {
        const retryAfterSeconds = Math.max(1, Math.ceil(taken.resetInMs / 1000))
        throw new DomainError(
          'RATE_LIMITED',
          `Too many client registrations from this address: retry after ${retryAfterSeconds} s.`,
          { retryAfterSeconds },
          { 'retry-after': String(retryAfterSeconds) },
        )
      }
      const nowMs = clock.now()
      const now = new Date(nowMs).toISOString()
      const { row, registered } = newPlatformAppRecord(
        { name: request.name, redirectUris: request.redirectUris, scopes: request.scopes, pkceRequired: true },
        { secretBox, now: nowMs },
      )
      await db.transaction().execute(async (trx) => {
        await deleteForgottenRegistrations(trx, now)
        if ((await countPendingRegistrations(trx, now)) >= limits.maxPending) {
          throw new OAuthError(
            'temporarily_unavailable',
            'Too many client registrations await a first approval; try again later.',
          )
        }
        // The generated secret is never shown: a public client authenticates with PKCE alone.
        await insertPlatformApp(trx, {
          ...row,
          registration: 'DYNAMIC',
          registration_expires_at: new Date(nowMs + limits.pendingTtlMs).toISOString(),
        })
      })
      return {
        client_id: registered.clientId,
        client_id_issued_at: Math.floor(nowMs / 1000),
        client_name: registered.name,
        redirect_uris: registered.redirectUris,
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'none',
        scope: registered.scopes.join(' '),
      }
    },
  }
}

export type DynamicClientService = ReturnType<typeof createDynamicClientService>
