import { createHmac, timingSafeEqual } from 'node:crypto'
import type { Clock } from '../../clock.js'
import type { Db } from '../../db/database.js'
import type { AdminUsersTable } from '../../db/schema.js'
import { DomainError } from '../../errors/domain-error.js'
import { decoyHash, hasPassword, verifyPassword } from '../../security/passwords.js'
import { tokenHash } from '../../security/secret-box.js'
import { throttleKeys } from '../auth-throttle/auth-throttle-policy.js'
import { throttleAddress } from '../auth-throttle/client-address.js'
import type { CredentialThrottle, ThrottleRule } from '../auth-throttle/credential-throttle.js'
import { isWellFormedSecret, mintSecret, newPlatformId } from '../platform-apps/opaque-tokens.js'
import {
  maxFailuresPerEmailAndIp,
  maxFailuresPerIp,
  sessionIdleTimeoutMs,
  sessionMaxLifetimeMs,
  sessionTouchIntervalMs,
  signInFailureWindowMs,
} from './admin-session-policy.js'
import {
  findAdminUserByEmail,
  findLiveSession,
  insertSession,
  revokeSession,
  touchSession,
} from './admin-sessions.repository.js'

/**
 * Merchant-admin sessions (decision 0009). The cookie carries a high-entropy token; the database
 * keeps its SHA-256 digest with an idle and an absolute expiry. The CSRF token is an HMAC of the
 * session token, so it needs no storage, dies with the session, and cannot be computed without the
 * httpOnly cookie. Sign-ins are throttled per email + IP and per IP — each attempt
 * reserved atomically before the password is checked (decision 0030) — and an unknown email costs
 * the same password hash as a known one.
 */

export interface AdminSession {
  /** `ases_…` (safe to log). */
  id: string
  adminUserId: string
  shopId: string
  email: string
  name: string
  role: AdminUsersTable['role']
  shop: { id: string; name: string; domain: string }
  createdAt: string
  /** When the session ends unless used again (never after its absolute expiry). */
  expiresAt: string
}

export interface SignedIn {
  /** The cookie value: shown to the browser only. */
  token: string
  session: AdminSession
  csrfToken: string
}

const csrfContext = 'fanshelf-admin-csrf-v1'

export function csrfTokenFor(sessionToken: string): string {
  return createHmac('sha256', sessionToken).update(csrfContext).digest('base64url')
}

export function isValidCsrfToken(sessionToken: string, presented: string | undefined): boolean {
  if (presented === undefined) return false
  const expected = Buffer.from(csrfTokenFor(sessionToken))
  const actual = Buffer.from(presented)
  return expected.length === actual.length && timingSafeEqual(expected, actual)
}

function signInThrottled(retryAfterSeconds: number): DomainError {
  return new DomainError(
    'SIGN_IN_THROTTLED',
    `Too many failed sign-ins. Try again in ${Math.ceil(retryAfterSeconds / 60)} minute(s).`,
    { retryAfterSeconds },
    { 'retry-after': String(retryAfterSeconds) },
  )
}

export function createAdminSessionService(db: Db, deps: { clock: Clock; throttle: CredentialThrottle }) {
  const { clock, throttle } = deps
  const iso = (ms: number) => new Date(ms).toISOString()

  /**
   * The sign-in's throttle keys. The slow hash is never run past a limit, and each attempt is
   * counted before it runs, so 100 concurrent guesses at one email get at most 5 password checks.
   */
  function signInRules(email: string, ip: string): ThrottleRule[] {
    const address = throttleAddress(ip)
    const windowMs = signInFailureWindowMs
    return [
      { key: throttleKeys.signInAddress(address), limit: maxFailuresPerIp, windowMs, refusesEveryone: true },
      {
        key: throttleKeys.signInEmailAndAddress(email, address),
        limit: maxFailuresPerEmailAndIp,
        windowMs,
        clearOnSuccess: true,
      },
    ]
  }

  /** The live session of a cookie value (its idle expiry pushed forward), or undefined. */
  async function authenticate(token: string | undefined): Promise<AdminSession | undefined> {
    if (token === undefined || !isWellFormedSecret('adminSession', token)) return undefined
    const nowMs = clock.now()
    const row = await findLiveSession(db, tokenHash(token), iso(nowMs))
    if (!row) return undefined
    let idleExpiresAt = row.idle_expires_at
    if (nowMs - Date.parse(row.last_seen_at) >= sessionTouchIntervalMs) {
      idleExpiresAt = iso(Math.min(nowMs + sessionIdleTimeoutMs, Date.parse(row.expires_at)))
      await touchSession(db, row.id, iso(nowMs), idleExpiresAt)
    }
    return {
      id: row.id,
      adminUserId: row.admin_user_id,
      shopId: row.shop_id,
      email: row.email,
      name: row.name,
      role: row.role,
      shop: { id: row.shop_id, name: row.shop_name, domain: row.shop_domain },
      createdAt: row.created_at,
      // The idle expiry never passes the absolute one (sign-in and touches cap it).
      expiresAt: idleExpiresAt,
    }
  }

  /** Opens a session for an admin whose credential was just proven (a password, a one-time link). */
  async function openSession(user: { id: string; shop_id: string }): Promise<SignedIn> {
    const nowMs = clock.now()
    const token = mintSecret('adminSession')
    const id = newPlatformId('ases_')
    const expiresAt = iso(nowMs + sessionMaxLifetimeMs)
    const idleExpiresAt = iso(nowMs + sessionIdleTimeoutMs)
    await insertSession(db, {
      id,
      token_hash: tokenHash(token),
      admin_user_id: user.id,
      shop_id: user.shop_id,
      created_at: iso(nowMs),
      last_seen_at: iso(nowMs),
      idle_expires_at: idleExpiresAt,
      expires_at: expiresAt,
      revoked_at: null,
    })
    const session = await authenticate(token)
    if (!session) throw new Error('A new admin session could not be read back')
    return { token, session, csrfToken: csrfTokenFor(token) }
  }

  return {
    /**
     * Checks the password and opens a session. Throttled before the password is even checked, so a
     * throttled guesser learns nothing; a failure answers the same for an unknown email.
     */
    async signIn(input: { email: string; password: string; ip: string }): Promise<SignedIn> {
      const email = input.email.trim().toLowerCase()
      const checked = await throttle.check(
        signInRules(email, input.ip),
        async () => {
          const found = await findAdminUserByEmail(db, email)
          // Someone who has not set a password yet costs the decoy's hash, as an unknown email does.
          const usable = found && hasPassword(found.password_hash) ? found : undefined
          const ok = await verifyPassword(input.password, usable?.password_hash ?? decoyHash)
          return usable && ok ? usable : undefined
        },
        { cheap: false },
      )
      if (checked.outcome === 'throttled') throw signInThrottled(checked.retryAfterSeconds)
      if (checked.outcome === 'wrong') {
        throw new DomainError('SIGN_IN_FAILED', 'The email or password is wrong.')
      }
      return openSession(checked.value)
    },

    openSession,
    authenticate,

    async signOut(token: string | undefined): Promise<void> {
      if (token === undefined || !isWellFormedSecret('adminSession', token)) return
      await revokeSession(db, tokenHash(token), iso(clock.now()))
    },

    csrfTokenFor,
    isValidCsrfToken,
  }
}

export type AdminSessionService = ReturnType<typeof createAdminSessionService>
