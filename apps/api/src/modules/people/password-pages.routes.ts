import { randomBytes, timingSafeEqual } from 'node:crypto'
import { fastifyCookie } from '@fastify/cookie'
import fastifyFormbody from '@fastify/formbody'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { createElement as h } from 'react'
import { DomainError } from '../../errors/domain-error.js'
import { sendErrorPage, sendPage } from '../admin-sessions/admin-page.js'
import { setSessionCookie } from '../admin-sessions/admin-session-guard.js'
import { csrfFieldName } from '../admin-sessions/admin-session-policy.js'
import { fieldValue, formFields } from '../admin-sessions/form-fields.js'
import { ForgotPasswordPage, SetPasswordPage } from './password-pages.js'
import { resetAcceptedMessage } from './people.mapper.js'
import { forgotPasswordPath, passwordFormCookieName, setPasswordPath } from './people-policy.js'

/**
 * `GET/POST /admin/set-password?token=…` (a one-time link: set the password, then signed in) and
 * `GET/POST /admin/forgot-password` (ask for a reset link). Server-rendered like `/admin/sign-in`,
 * each form with its own double-submit CSRF token. The token travels in the query string only on
 * the first GET (the request log masks `token`), then in the form body; the pages send no Referer.
 */

function sameToken(a: string | undefined, b: string | undefined): boolean {
  if (a === undefined || b === undefined) return false
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

function isPageError(error: unknown): error is DomainError {
  return error instanceof DomainError && error.status < 500
}

export async function passwordPageRoutes(app: FastifyInstance): Promise<void> {
  const { services, config } = app.platform
  const { people } = services
  const secure = config.publicUrl.startsWith('https:')
  await app.register(fastifyCookie)
  await app.register(fastifyFormbody, { parser: formFields })

  function formCsrf(reply: FastifyReply, path: string): string {
    const csrfToken = randomBytes(24).toString('base64url')
    reply.setCookie(passwordFormCookieName, csrfToken, { path, httpOnly: true, sameSite: 'lax', secure, maxAge: 3600 })
    return csrfToken
  }

  function sendLinkError(reply: FastifyReply, error: DomainError) {
    reply.headers(error.headers)
    const title = error.status === 429 ? 'Too many attempts' : 'This link no longer works'
    return sendErrorPage(reply, error.status, title, error.message)
  }

  async function renderSetPassword(reply: FastifyReply, status: number, token: string, ip: string, error?: string) {
    const link = await people.describeLink(token, ip)
    const csrfToken = formCsrf(reply, setPasswordPath)
    return sendPage(
      reply,
      status,
      'Set your password',
      h(SetPasswordPage, {
        token,
        csrfToken,
        email: link.email,
        shopName: link.shopName,
        purpose: link.purpose,
        error,
      }),
    )
  }

  app.get(setPasswordPath, async (request: FastifyRequest<{ Querystring: Record<string, unknown> }>, reply) => {
    const token = fieldValue(request.query, 'token') ?? ''
    try {
      return await renderSetPassword(reply, 200, token, request.ip)
    } catch (error) {
      if (isPageError(error)) return sendLinkError(reply, error)
      throw error
    }
  })

  app.post(setPasswordPath, async (request, reply) => {
    const fields = request.body
    const token = fieldValue(fields, 'token') ?? ''
    const password = fieldValue(fields, 'password') ?? ''
    try {
      if (!sameToken(request.cookies[passwordFormCookieName], fieldValue(fields, csrfFieldName))) {
        return await renderSetPassword(
          reply,
          403,
          token,
          request.ip,
          'The form expired. Please enter your password again.',
        )
      }
      if (password !== (fieldValue(fields, 'password_confirmation') ?? '')) {
        return await renderSetPassword(
          reply,
          400,
          token,
          request.ip,
          'The two passwords differ. Enter the same password twice.',
        )
      }
      const signedIn = await people.redeem({ token, password, ip: request.ip })
      setSessionCookie(reply, signedIn.token, secure)
      reply.setCookie(passwordFormCookieName, '', { path: setPasswordPath, httpOnly: true, secure, maxAge: 0 })
      return reply.redirect('/admin/', 303)
    } catch (error) {
      if (!isPageError(error)) throw error
      if (error.status !== 400) return sendLinkError(reply, error)
      const issue = (error.details as { errors?: { message: string }[] } | undefined)?.errors?.[0]
      try {
        return await renderSetPassword(reply, 400, token, request.ip, issue ? `The ${issue.message}.` : error.message)
      } catch (inner) {
        if (isPageError(inner)) return sendLinkError(reply, inner)
        throw inner
      }
    }
  })

  app.get(forgotPasswordPath, async (_request, reply) => {
    return sendPage(
      reply,
      200,
      'Forgot password',
      h(ForgotPasswordPage, { csrfToken: formCsrf(reply, forgotPasswordPath) }),
    )
  })

  app.post(forgotPasswordPath, async (request, reply) => {
    const email = fieldValue(request.body, 'email')
    const again = (status: number, error: string) =>
      sendPage(
        reply,
        status,
        'Forgot password',
        h(ForgotPasswordPage, { csrfToken: formCsrf(reply, forgotPasswordPath), email, error }),
      )
    if (!sameToken(request.cookies[passwordFormCookieName], fieldValue(request.body, csrfFieldName))) {
      return again(403, 'The form expired. Please enter your email again.')
    }
    if (email === undefined) return again(400, 'Enter your email.')
    try {
      await people.requestReset(email, request.ip)
    } catch (error) {
      if (!isPageError(error)) throw error
      reply.headers(error.headers)
      return again(error.status, error.message)
    }
    return sendPage(reply, 200, 'Check your mail', h(ForgotPasswordPage, { csrfToken: '', sent: resetAcceptedMessage }))
  })
}
