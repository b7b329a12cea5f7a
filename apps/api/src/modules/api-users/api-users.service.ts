import { createHash, randomBytes } from 'node:crypto'
import type { Clock } from '../../clock.js'
import type { Db } from '../../db/database.js'
import { DomainError } from '../../http/errors.js'
import { newId } from '../../ids.js'
import { decoyHash, generateSecret, hashPassword, verifyPassword } from '../../security/passwords.js'
import { deleteApiUser, findApiUserByUsername, insertApiUser, listApiUsers } from './api-users.repository.js'

/** How long a verified credential is trusted without hashing again. */
export const verifiedCredentialTtlMs = 60_000
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

export function createApiUserService(db: Db, clock: Clock) {
  // Keyed by a hash of username and password, so the cache never holds a password.
  const verified = new Map<string, { shopId: string; apiUserId: string; expiresAt: number }>()
  const cacheKey = (username: string, password: string) =>
    createHash('sha256').update(username).update('\0').update(password).digest('base64url')

  async function verify(username: string, password: string) {
    const key = cacheKey(username, password)
    const cached = verified.get(key)
    if (cached && cached.expiresAt > clock.now()) return { shopId: cached.shopId, apiUserId: cached.apiUserId }
    // No stored name holds U+0000 (PostgreSQL text cannot), and a query carrying one fails there.
    const user = username.includes('\u0000') ? undefined : await findApiUserByUsername(db, username)
    // Unknown users cost one hash too, so timing does not reveal which user names exist.
    const ok = await verifyPassword(password, user?.password_hash ?? decoyHash)
    if (!user || !ok) return undefined
    if (verified.size >= maxCachedCredentials) verified.clear()
    verified.set(key, { shopId: user.shop_id, apiUserId: user.id, expiresAt: clock.now() + verifiedCredentialTtlMs })
    return { shopId: user.shop_id, apiUserId: user.id }
  }

  function assertSuperAdmin(actor: Actor): void {
    if (actor.role !== 'SUPER_ADMIN') {
      throw new DomainError(
        'FORBIDDEN',
        'Only a super-admin can create or delete API users.',
        { role: actor.role },
        403,
      )
    }
  }

  return {
    verify,

    async create(actor: Actor | { system: true; shopId: string }, label?: string): Promise<CreatedApiUser> {
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
      await insertApiUser(db, {
        id,
        shop_id: shopId,
        username,
        password_hash: await hashPassword(password),
        created_by: 'system' in actor ? null : actor.adminUserId,
        created_at: createdAt,
        last_used_at: null,
      })
      return { id, username, password, createdAt }
    },

    list(shopId: string) {
      return listApiUsers(db, shopId)
    },

    async remove(actor: Actor, id: string): Promise<void> {
      assertSuperAdmin(actor)
      if (!(await deleteApiUser(db, actor.shopId, id))) {
        throw new DomainError('API_USER_NOT_FOUND', `API user ${id} does not exist.`, { apiUserId: id }, 404)
      }
      for (const [key, entry] of verified) if (entry.apiUserId === id) verified.delete(key)
    },
  }
}

export type ApiUserService = ReturnType<typeof createApiUserService>
