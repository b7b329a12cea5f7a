import { hash, randomBytes } from 'node:crypto'
import type { Clock } from '../../clock.js'
import type { ChangeRecorder, Db } from '../../db/database.js'
import type { ApiUsersTable } from '../../db/schema.js'
import { DomainError } from '../../errors/domain-error.js'
import { newId } from '../../ids.js'
import { generateSecret, verifyPassword } from '../../security/passwords.js'
import { SecretBox } from '../../security/secret-box.js'
import { type BasicAuthLimits, throttleKeys } from '../auth-throttle/auth-throttle-policy.js'
import { throttleAddress } from '../auth-throttle/client-address.js'
import type { CredentialThrottle, ThrottleRule } from '../auth-throttle/credential-throttle.js'
import { createTtlCache } from '../caching/ttl-cache.js'
import {
  deleteApiUser,
  findApiUserByUsername,
  insertApiUser,
  listApiUsers,
  updateApiUserPasswordHash,
} from './api-users.repository.js'

/** How long a verified credential is trusted without hashing again. */
export const verifiedCredentialTtlMs = 60_000
/** Bound of the verified-credential cache: at most 10,000 entries, LRU, each for `verifiedCredentialTtlMs`. */
const maxCachedCredentials = 10_000

export interface Actor {
  shopId: string
  adminUserId: string
  role: 'SUPER_ADMIN' | 'STAFF'
}

export interface CreatedApiUser {
  id: string
  username: string
  /** Shown once: only its hash is stored. */
  password: string
  createdAt: string
}

export interface VerifiedApiUser {
  shopId: string
  apiUserId: string
}

/** What HTTP Basic learns from a credential check (decision 0030). */
export type BasicOutcome =
  | ({ outcome: 'ok' } & VerifiedApiUser)
  | { outcome: 'wrong' }
  | { outcome: 'throttled'; retryAfterSeconds: number }

export interface ApiUserServiceDeps {
  clock: Clock
  secretBox: SecretBox
  throttle: CredentialThrottle
  limits: BasicAuthLimits
}

export function createApiUserService(db: Db, { clock, secretBox, throttle, limits }: ApiUserServiceDeps) {
  // Keyed by a hash of username and password, so the cache never holds a password.
  const verified = createTtlCache<VerifiedApiUser>({
    clock,
    ttlMs: verifiedCredentialTtlMs,
    maxEntries: maxCachedCredentials,
  })
  // One-shot `hash` (no Hash object per request): the digest of `username \0 password`.
  const cacheKey = (username: string, password: string) => hash('sha256', `${username}\0${password}`, 'base64url')
  // What an unknown user name is checked against, so its answer takes as long as a known one's.
  const decoyDigest = secretBox.digestCredential(generateSecret())

  function cached(username: string, password: string): VerifiedApiUser | undefined {
    return verified.get(cacheKey(username, password))
  }

  function remember(username: string, password: string, user: VerifiedApiUser) {
    verified.set(cacheKey(username, password), { shopId: user.shopId, apiUserId: user.apiUserId })
  }

  function findUser(username: string) {
    // No stored name holds U+0000 (PostgreSQL text cannot), and a query carrying one fails there.
    return username.includes('\u0000') ? Promise.resolve(undefined) : findApiUserByUsername(db, username)
  }

  /**
   * Checks a password against its stored form: the fast keyed digest, or an older scrypt hash,
   * which a correct password replaces with the digest (so it is checked slowly at most once).
   */
  async function matches(user: ApiUsersTable | undefined, password: string): Promise<VerifiedApiUser | undefined> {
    const stored = user?.password_hash ?? decoyDigest
    if (SecretBox.isCredentialDigest(stored)) {
      return secretBox.matchesCredential(password, stored) && user
        ? { shopId: user.shop_id, apiUserId: user.id }
        : undefined
    }
    if (!user || !(await verifyPassword(password, stored))) return undefined
    await updateApiUserPasswordHash(db, user.id, stored, secretBox.digestCredential(password))
    return { shopId: user.shop_id, apiUserId: user.id }
  }

  /** An unthrottled check for the server's own use (the demo banner, start-up checks). */
  async function verify(username: string, password: string): Promise<VerifiedApiUser | undefined> {
    const hit = cached(username, password)
    if (hit) return hit
    const user = await matches(await findUser(username), password)
    if (user) remember(username, password, user)
    return user
  }

  /**
   * HTTP Basic's check, throttled per API user and per client address (decision 0030): an address
   * past its limit meets 429 whatever it sends; an API user past its limit refuses wrong passwords
   * with 429 but still lets the right one in (the fast digest can afford to look).
   */
  async function authenticate(username: string, password: string, address: string): Promise<BasicOutcome> {
    const hit = cached(username, password)
    if (hit) return { outcome: 'ok', ...hit }
    const user = await findUser(username)
    const rules: ThrottleRule[] = [
      {
        key: throttleKeys.basicAddress(throttleAddress(address)),
        limit: limits.failuresPerAddress,
        windowMs: limits.windowMs,
        refusesEveryone: true,
      },
      // Only existing users get a counter: made-up names must not fill the table.
      ...(user
        ? [{ key: throttleKeys.basicUser(user.id), limit: limits.failuresPerUser, windowMs: limits.windowMs }]
        : []),
    ]
    const cheap = SecretBox.isCredentialDigest(user?.password_hash ?? decoyDigest)
    const result = await throttle.check(rules, () => matches(user, password), { cheap })
    if (result.outcome !== 'ok') return result
    remember(username, password, result.value)
    return { outcome: 'ok', ...result.value }
  }

  function assertSuperAdmin(actor: Actor): void {
    if (actor.role !== 'SUPER_ADMIN') {
      throw new DomainError('FORBIDDEN', 'Only a super-admin can create or delete API users.', { role: actor.role })
    }
  }

  return {
    verify,
    authenticate,

    /** Creates an API user; `audit` records it in the same transaction (the admin's audit log). */
    async create(
      actor: Actor | { system: true; shopId: string },
      label?: string,
      audit?: ChangeRecorder,
    ): Promise<CreatedApiUser> {
      if (!('system' in actor)) assertSuperAdmin(actor)
      const shopId = actor.shopId
      const slug =
        (label ?? 'api')
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, '-')
          .replace(/^-|-$/g, '')
          .slice(0, 24) || 'api'
      const username = `${slug}-${randomBytes(4).toString('hex')}`
      const password = generateSecret()
      const createdAt = new Date(clock.now()).toISOString()
      const id = newId('apiUser')
      await db.transaction().execute(async (trx) => {
        await insertApiUser(trx, {
          id,
          shop_id: shopId,
          username,
          password_hash: secretBox.digestCredential(password),
          created_by: 'system' in actor ? null : actor.adminUserId,
          created_at: createdAt,
          last_used_at: null,
        })
        await audit?.(id, trx)
      })
      return { id, username, password, createdAt }
    },

    list(shopId: string) {
      return listApiUsers(db, shopId)
    },

    async remove(actor: Actor, id: string, audit?: ChangeRecorder): Promise<void> {
      assertSuperAdmin(actor)
      await db.transaction().execute(async (trx) => {
        if (!(await deleteApiUser(trx, actor.shopId, id))) {
          throw new DomainError('API_USER_NOT_FOUND', `API user ${id} does not exist.`, { apiUserId: id })
        }
        await audit?.(id, trx)
      })
      for (const [key, entry] of [...verified.entries()]) if (entry.apiUserId === id) verified.delete(key)
    },
  }
}

export type ApiUserService = ReturnType<typeof createApiUserService>
