import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { tokenHash } from '../../security/secret-box.js'
import { createTestPlatform, type TestPlatform } from '../../testing/test-platform.js'
import {
  maxFailuresPerEmailAndIp,
  sessionIdleTimeoutMs,
  sessionMaxLifetimeMs,
  signInFailureWindowMs,
} from './admin-session-policy.js'

/**
 * `/admin/api/session` (the merchant admin's sign-in backend): the cookie, CSRF on mutations,
 * throttled sign-ins, idle and absolute expiry, and what the database keeps.
 */

let platform: TestPlatform
let owner: { email: string; password: string }
let staff: { email: string; password: string }

beforeAll(async () => {
  platform = await createTestPlatform()
  owner = platform.demo.admins.find((a) => a.role === 'SUPER_ADMIN') as typeof owner
  staff = platform.demo.admins.find((a) => a.role === 'STAFF') as typeof staff
})
afterAll(() => platform.close())
beforeEach(() => platform.clock.advance(signInFailureWindowMs))

function signIn(email: string, password: string, remoteAddress = '127.0.0.1') {
  return platform.app.inject({ method: 'POST', url: '/admin/api/session', payload: { email, password }, remoteAddress })
}

function sessionCookieOf(response: { headers: Record<string, unknown> }): string {
  const header = [response.headers['set-cookie']].flat().find((c) => String(c).startsWith('fanshelf_admin_session='))
  return String(header)
}

async function signedIn(who = owner) {
  const response = await signIn(who.email, who.password)
  expect(response.statusCode).toBe(200)
  return { cookie: sessionCookieOf(response).split(';')[0] as string, csrfToken: response.json().csrfToken as string }
}

const current = (cookie?: string) =>
  platform.app.inject({ method: 'GET', url: '/admin/api/session', headers: cookie ? { cookie } : {} })

describe('POST /admin/api/session', () => {
  it('signs in with email and password: an httpOnly, SameSite=Lax session cookie and a CSRF token', async () => {
    const response = await signIn(owner.email.toUpperCase(), owner.password)
    expect(response.statusCode).toBe(200)
    const cookie = sessionCookieOf(response)
    expect(cookie).toMatch(/^fanshelf_admin_session=fsas_[0-9A-Za-z]{49};/)
    expect(cookie).toContain('HttpOnly')
    expect(cookie).toContain('SameSite=Lax')
    expect(cookie).toContain('Path=/admin')
    expect(cookie).toContain(`Max-Age=${sessionMaxLifetimeMs / 1000}`)
    expect(cookie).not.toContain('Secure') // http://127.0.0.1 locally; Secure when PUBLIC_URL is https
    expect(response.headers['cache-control']).toBe('no-store')
    expect(response.json()).toMatchObject({
      user: { email: owner.email, role: 'SUPER_ADMIN' },
      shop: { id: platform.demo.id, name: 'Pixel Pines Merch' },
      csrfToken: expect.any(String),
      expiresAt: expect.any(String),
    })
  })

  it('answers the same 401 for a wrong password and an unknown email', async () => {
    const wrong = await signIn(owner.email, 'not-the-password', '198.51.100.1')
    const unknown = await signIn('nobody@example.test', 'whatever', '198.51.100.1')
    expect(wrong.statusCode).toBe(401)
    expect(unknown.statusCode).toBe(401)
    expect(wrong.json()).toEqual(unknown.json())
    expect(wrong.json().code).toBe('SIGN_IN_FAILED')
    expect(wrong.headers['set-cookie']).toBeUndefined()
  })

  it('answers 400 naming missing fields, and refuses a form post (JSON only: a cross-site form cannot sign in)', async () => {
    const missing = await platform.app.inject({
      method: 'POST',
      url: '/admin/api/session',
      payload: { email: owner.email },
    })
    expect(missing.statusCode).toBe(400)
    expect(missing.json().details.errors).toEqual([expect.objectContaining({ field: 'password', rule: 'required' })])
    const form = await platform.app.inject({
      method: 'POST',
      url: '/admin/api/session',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(owner).toString(),
    })
    expect(form.statusCode).toBe(415)
  })

  it(`throttles after ${maxFailuresPerEmailAndIp} failures per email and IP in 15 minutes, even for the right password`, async () => {
    const ip = '203.0.113.7'
    for (let i = 0; i < maxFailuresPerEmailAndIp; i++)
      expect((await signIn(staff.email, 'guess', ip)).statusCode).toBe(401)
    const throttled = await signIn(staff.email, staff.password, ip)
    expect(throttled.statusCode).toBe(429)
    expect(throttled.json()).toMatchObject({
      code: 'SIGN_IN_THROTTLED',
      details: { retryAfterSeconds: expect.any(Number) },
    })
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0)
    expect(Number(throttled.headers['retry-after'])).toBeLessThanOrEqual(signInFailureWindowMs / 1000)

    // Another IP, or another email from this IP, is not affected.
    expect((await signIn(staff.email, staff.password, '203.0.113.8')).statusCode).toBe(200)
    expect((await signIn(owner.email, owner.password, ip)).statusCode).toBe(200)

    await platform.clock.advance(signInFailureWindowMs)
    expect((await signIn(staff.email, staff.password, ip)).statusCode).toBe(200)
  })

  it('forgets failures after a successful sign-in', async () => {
    const ip = '203.0.113.9'
    for (let i = 0; i < maxFailuresPerEmailAndIp - 1; i++) await signIn(staff.email, 'guess', ip)
    expect((await signIn(staff.email, staff.password, ip)).statusCode).toBe(200)
    expect((await signIn(staff.email, 'guess', ip)).statusCode).toBe(401)
    expect((await signIn(staff.email, staff.password, ip)).statusCode).toBe(200)
  })
})

describe('GET /admin/api/session', () => {
  it('answers the signed-in admin, and 401 without a session or with a forged cookie', async () => {
    const { cookie, csrfToken } = await signedIn(staff)
    const me = await current(cookie)
    expect(me.statusCode).toBe(200)
    expect(me.json()).toMatchObject({ user: { email: staff.email, role: 'STAFF' }, csrfToken })
    expect((await current()).json().code).toBe('ADMIN_SESSION_REQUIRED')
    expect((await current('fanshelf_admin_session=fsas_forged')).statusCode).toBe(401)
  })

  it('expires after 2 hours idle', async () => {
    const { cookie } = await signedIn()
    await platform.clock.advance(sessionIdleTimeoutMs - 60_000)
    expect((await current(cookie)).statusCode).toBe(200)
    await platform.clock.advance(sessionIdleTimeoutMs - 60_000)
    expect((await current(cookie)).statusCode).toBe(200)
    await platform.clock.advance(sessionIdleTimeoutMs + 1)
    expect((await current(cookie)).statusCode).toBe(401)
  })

  it('expires 12 hours after sign-in however active', async () => {
    const { cookie } = await signedIn()
    for (let elapsed = 0; elapsed < sessionMaxLifetimeMs - 3_600_000; elapsed += 3_600_000) {
      await platform.clock.advance(3_600_000)
      expect((await current(cookie)).statusCode).toBe(200)
    }
    await platform.clock.advance(3_600_000)
    expect((await current(cookie)).statusCode).toBe(401)
  })
})

describe('DELETE /admin/api/session (CSRF)', () => {
  it('refuses a sign-out without the CSRF header, with a forged one or with another session’s', async () => {
    const { cookie } = await signedIn()
    const other = await signedIn(staff)
    for (const headers of [{}, { 'x-csrf-token': 'forged' }, { 'x-csrf-token': other.csrfToken }]) {
      const response = await platform.app.inject({
        method: 'DELETE',
        url: '/admin/api/session',
        headers: { cookie, ...headers },
      })
      expect(response.statusCode).toBe(403)
      expect(response.json().code).toBe('CSRF_TOKEN_INVALID')
    }
    expect((await current(cookie)).statusCode).toBe(200)
  })

  it('signs out with the CSRF token: the cookie is cleared and the session is dead server-side', async () => {
    const { cookie, csrfToken } = await signedIn()
    const response = await platform.app.inject({
      method: 'DELETE',
      url: '/admin/api/session',
      headers: { cookie, 'x-csrf-token': csrfToken },
    })
    expect(response.statusCode).toBe(204)
    expect(sessionCookieOf(response)).toContain('Max-Age=0')
    expect((await current(cookie)).statusCode).toBe(401)
  })
})

describe('storage', () => {
  it('keeps only a digest of the session token', async () => {
    const { cookie } = await signedIn()
    const token = cookie.split('=')[1] as string
    const rows = await platform.app.platform.services.db.selectFrom('admin_sessions').selectAll().execute()
    expect(JSON.stringify(rows)).not.toContain(token)
    expect(rows.some((row) => row.token_hash === tokenHash(token))).toBe(true)
  })
})

describe('the sign-in page', () => {
  it('refuses a form post without the form’s own CSRF cookie (login CSRF)', async () => {
    const response = await platform.app.inject({
      method: 'POST',
      url: '/admin/sign-in',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ ...owner, csrf_token: 'guess', return_to: '/admin/' }).toString(),
    })
    expect(response.statusCode).toBe(403)
    expect(response.headers['set-cookie']).not.toContain('fanshelf_admin_session=fsas_')
    expect(response.body).toContain('The sign-in form expired')
  })

  it('shows a wrong password as an alert tied to the fields', async () => {
    const page = await platform.app.inject({ method: 'GET', url: '/admin/sign-in' })
    const formCookie = String(page.headers['set-cookie']).split(';')[0] as string
    const csrf = /name="csrf_token" value="([^"]+)"/.exec(page.body)?.[1] as string
    const response = await platform.app.inject({
      method: 'POST',
      url: '/admin/sign-in',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: formCookie },
      payload: new URLSearchParams({ email: owner.email, password: 'wrong', csrf_token: csrf }).toString(),
      remoteAddress: '198.51.100.77',
    })
    expect(response.statusCode).toBe(401)
    expect(response.body).toContain('role="alert"')
    expect(response.body).toContain('aria-invalid="true"')
    expect(response.body).toContain(`value="${owner.email}"`)
  })

  it('is the only sign-in page: the SPA’s former /admin/login redirects to it, keeping where the visitor was going', async () => {
    const cases = [
      ['/admin/login?return_to=%2Fproducts%3Fsearch%3Dowl', '/admin/products?search=owl'],
      ['/admin/login?return_to=%2Fadmin%2Forders', '/admin/orders'],
      ['/admin/login', '/admin/'],
      ['/admin/login?return_to=%2F%2Fevil.example', '/admin/'],
      ['/admin/login?return_to=%2Flogin', '/admin/'],
    ] as const
    for (const [url, returnTo] of cases) {
      const response = await platform.app.inject({ method: 'GET', url })
      expect(response.statusCode, url).toBe(302)
      expect(response.headers.location, url).toBe(`/admin/sign-in?return_to=${encodeURIComponent(returnTo)}`)
    }
  })

  it('wears the design system: the tokens and components inline, allowed by their hash', async () => {
    const page = await platform.app.inject({ method: 'GET', url: '/admin/sign-in' })
    expect(page.body).toContain('--fs-color-brand: #5b3cc4;')
    expect(page.body).toContain('class="fs-button fs-button--primary fs-button--wide"')
    const style = /<style>([\s\S]*?)<\/style>/.exec(page.body)?.[1] ?? ''
    const { createHash } = await import('node:crypto')
    const hash = createHash('sha256').update(style).digest('base64')
    expect(page.headers['content-security-policy']).toContain(`'sha256-${hash}'`)
    expect(page.body).toMatch(
      /<input[^>]*name="email"[^>]*inputMode="email"|<input[^>]*inputMode="email"[^>]*name="email"/,
    )
  })
})
