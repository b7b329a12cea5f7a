import type { FastifyReply, FastifyRequest } from 'fastify'
import { DomainError } from '../../errors/domain-error.js'
import { csrfHeaderName, sessionCookieName, sessionMaxLifetimeMs } from './admin-session-policy.js'
import type { AdminSession, AdminSessionService } from './admin-sessions.service.js'

/**
 * What every `/admin/…` route uses to know the signed-in admin: the session cookie
 * (httpOnly, SameSite=Lax, Path=/admin, Secure when the public URL is https) and, for a mutation,
 * the CSRF token in `X-CSRF-Token` (JSON API) or the `csrf_token` field (server-rendered forms).
 * The merchant admin SPA's backend reuses it; its routes need @fastify/cookie registered in their
 * scope (`await app.register(fastifyCookie)`), as the routes of this module do.
 */

export interface SignedInRequest {
  session: AdminSession
  /** The cookie value, needed to check the CSRF token and to sign out. */
  token: string
}

/** The session cookie's value, if the request carries one. */
export function sessionTokenOf(request: FastifyRequest): string | undefined {
  if (request.cookies === undefined) throw new Error('Register @fastify/cookie in the scope of admin routes')
  return request.cookies[sessionCookieName] || undefined
}

export function setSessionCookie(reply: FastifyReply, token: string, secure: boolean): void {
  reply.setCookie(sessionCookieName, token, {
    path: '/admin',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: Math.floor(sessionMaxLifetimeMs / 1000),
  })
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean): void {
  reply.setCookie(sessionCookieName, '', { path: '/admin', httpOnly: true, sameSite: 'lax', secure, maxAge: 0 })
}

export function sessionRequired(): DomainError {
  return new DomainError('ADMIN_SESSION_REQUIRED', 'Sign in to the merchant admin first.')
}

export function csrfRefused(): DomainError {
  return new DomainError(
    'CSRF_TOKEN_INVALID',
    'The CSRF token is missing or does not match the session. Reload the page and try again.',
  )
}

export function createAdminGuard(sessions: AdminSessionService) {
  async function current(request: FastifyRequest): Promise<SignedInRequest | undefined> {
    const token = sessionTokenOf(request)
    const session = await sessions.authenticate(token)
    return session && token ? { session, token } : undefined
  }

  return {
    current,

    /** The signed-in admin, or 401 ADMIN_SESSION_REQUIRED. */
    async require(request: FastifyRequest): Promise<SignedInRequest> {
      const signedIn = await current(request)
      if (!signedIn) throw sessionRequired()
      return signedIn
    },

    /** For a mutation: the signed-in admin whose request carries the session's CSRF token, else 401/403. */
    async requireMutation(request: FastifyRequest, presented?: string): Promise<SignedInRequest> {
      const signedIn = await current(request)
      if (!signedIn) throw sessionRequired()
      const header = request.headers[csrfHeaderName]
      const token = presented ?? (typeof header === 'string' ? header : undefined)
      if (!sessions.isValidCsrfToken(signedIn.token, token)) throw csrfRefused()
      return signedIn
    },
  }
}

export type AdminGuard = ReturnType<typeof createAdminGuard>
