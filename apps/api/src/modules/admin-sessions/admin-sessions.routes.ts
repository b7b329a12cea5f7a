import { randomBytes, timingSafeEqual } from 'node:crypto'
import { fastifyCookie } from '@fastify/cookie'
import fastifyFormbody from '@fastify/formbody'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { createElement as h } from 'react'
import { DomainError, type ValidationIssue, validationError } from '../../errors/domain-error.js'
import { sendErrorPage, sendPage } from './admin-page.js'
import { clearSessionCookie, createAdminGuard, setSessionCookie } from './admin-session-guard.js'
import { csrfFieldName, signInCookieName } from './admin-session-policy.js'
import { toAdminSessionResource } from './admin-sessions.mapper.js'
import { fieldValue, formFields } from './form-fields.js'
import { SignInPage } from './sign-in-page.js'

/**
 * Admin sign-in, two ways onto one service (decision 0009):
 *
 * - the JSON API the merchant admin SPA uses: `POST /admin/api/session` (JSON only — a cross-site
 *   form cannot send it), `GET /admin/api/session`, `DELETE /admin/api/session` (CSRF header);
 * - the one sign-in page (decision 0052), server-rendered, which the SPA and the consent flow both
 *   send signed-out visitors to: `GET/POST /admin/sign-in` (a form with its own double-submit CSRF
 *   token, returning to a local `/admin/…` path) and `POST /admin/sign-out`. The SPA's former
 *   `/admin/login?return_to=/orders` redirects to it, keeping where the visitor was going.
 */

/** Only local admin paths: `return_to` must never send the browser elsewhere (no open redirect). */
export function safeReturnTo(value: string | undefined): string {
  if (value === undefined || !value.startsWith('/admin/') || value.startsWith('//')) return '/admin/'
  const unsafe = [...value].some((c) => c === '\\' || c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)
  return unsafe ? '/admin/' : value
}

export function signInPath(returnTo: string): string {
  return `/admin/sign-in?return_to=${encodeURIComponent(returnTo)}`
}

/**
 * The sign-in page for the SPA's former `/admin/login?return_to=…`, whose `return_to` was a path
 * inside the SPA (`/products?search=owl`, under `/admin`).
 */
export function legacyLoginRedirect(returnTo: string | undefined): string {
  if (returnTo === undefined || !returnTo.startsWith('/') || returnTo.startsWith('//')) return signInPath('/admin/')
  const underAdmin = returnTo.startsWith('/admin/') ? returnTo : `/admin${returnTo}`
  return signInPath(safeReturnTo(underAdmin.startsWith('/admin/login') ? '/admin/' : underAdmin))
}

function sameToken(a: string | undefined, b: string | undefined): boolean {
  if (a === undefined || b === undefined) return false
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

function requiredString(body: unknown, name: string, issues: ValidationIssue[]): string {
  const value = typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[name] : undefined
  if (typeof value === 'string' && value !== '') return value
  issues.push({
    location: 'body',
    field: name,
    rule: value === undefined ? 'required' : 'type',
    message: value === undefined ? `${name} is required` : `${name} must be a non-empty string`,
  })
  return ''
}

export async function adminSessionRoutes(app: FastifyInstance): Promise<void> {
  const { services, config } = app.platform
  const sessions = services.adminSessions
  const guard = createAdminGuard(sessions)
  const secure = config.publicUrl.startsWith('https:')
  await app.register(fastifyCookie)

  // ------------------------------------------------------------ JSON API (the admin SPA)

  app.post('/admin/api/session', async (request, reply) => {
    const issues: ValidationIssue[] = []
    const email = requiredString(request.body, 'email', issues)
    const password = requiredString(request.body, 'password', issues)
    if (issues.length > 0) throw validationError(issues)
    const signedIn = await sessions.signIn({ email, password, ip: request.ip })
    setSessionCookie(reply, signedIn.token, secure)
    reply.header('cache-control', 'no-store')
    return toAdminSessionResource(signedIn.session, signedIn.csrfToken)
  })

  app.get('/admin/api/session', async (request, reply) => {
    const { session, token } = await guard.require(request)
    reply.header('cache-control', 'no-store')
    return toAdminSessionResource(session, sessions.csrfTokenFor(token))
  })

  app.delete('/admin/api/session', async (request, reply) => {
    const { token } = await guard.requireMutation(request)
    await sessions.signOut(token)
    clearSessionCookie(reply, secure)
    return reply.code(204).send()
  })

  // ------------------------------------------------------------ server-rendered sign-in

  await app.register(async (pages) => {
    await pages.register(fastifyFormbody, { parser: formFields })

    function renderSignIn(
      reply: FastifyReply,
      status: number,
      props: { returnTo: string; email?: string; error?: string },
    ) {
      const csrfToken = randomBytes(24).toString('base64url')
      reply.setCookie(signInCookieName, csrfToken, {
        path: '/admin/sign-in',
        httpOnly: true,
        sameSite: 'lax',
        secure,
        maxAge: 3600,
      })
      return sendPage(reply, status, 'Sign in', h(SignInPage, { ...props, csrfToken }))
    }

    pages.get('/admin/sign-in', async (request: FastifyRequest<{ Querystring: Record<string, unknown> }>, reply) => {
      const returnTo = safeReturnTo(fieldValue(request.query, 'return_to'))
      if (await guard.current(request)) return reply.redirect(returnTo, 303)
      return renderSignIn(reply, 200, { returnTo })
    })

    pages.get('/admin/login', async (request: FastifyRequest<{ Querystring: Record<string, unknown> }>, reply) =>
      reply.redirect(legacyLoginRedirect(fieldValue(request.query, 'return_to')), 302),
    )

    pages.post('/admin/sign-in', async (request, reply) => {
      const fields = request.body
      const returnTo = safeReturnTo(fieldValue(fields, 'return_to'))
      const email = fieldValue(fields, 'email')
      const password = fieldValue(fields, 'password')
      const cookie = request.cookies[signInCookieName]
      if (!sameToken(cookie, fieldValue(fields, csrfFieldName))) {
        return renderSignIn(reply, 403, { returnTo, email, error: 'The sign-in form expired. Please sign in again.' })
      }
      if (email === undefined || password === undefined) {
        return renderSignIn(reply, 400, { returnTo, email, error: 'Enter your email and password.' })
      }
      try {
        const signedIn = await sessions.signIn({ email, password, ip: request.ip })
        setSessionCookie(reply, signedIn.token, secure)
        reply.setCookie(signInCookieName, '', { path: '/admin/sign-in', httpOnly: true, secure, maxAge: 0 })
        return reply.redirect(returnTo, 303)
      } catch (error) {
        if (!(error instanceof DomainError) || error.status >= 500) throw error
        reply.headers(error.headers)
        return renderSignIn(reply, error.status, { returnTo, email, error: error.message })
      }
    })

    pages.post('/admin/sign-out', async (request, reply) => {
      const returnTo = safeReturnTo(fieldValue(request.body, 'return_to'))
      const signedIn = await guard.current(request)
      if (signedIn && !sessions.isValidCsrfToken(signedIn.token, fieldValue(request.body, csrfFieldName))) {
        return sendErrorPage(reply, 403, 'Sign-out refused', 'The form expired. Reload the page and try again.')
      }
      if (signedIn) await sessions.signOut(signedIn.token)
      clearSessionCookie(reply, secure)
      return reply.redirect(signInPath(returnTo), 303)
    })
  })
}
