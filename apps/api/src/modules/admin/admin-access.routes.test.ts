import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestPlatform, type TestPlatform } from '../../testing/test-platform.js'
import { sessionIdleTimeoutMs, sessionMaxLifetimeMs } from '../admin-sessions/admin-session-policy.js'
import { type AdminClient, signInAdmin } from './testing/admin-client.js'

/**
 * What every admin API route shares: a session is required (401), a mutation needs the session's
 * CSRF token (403), sessions end when idle or too old, and the SPA's fallback never swallows the
 * API or the server-rendered pages.
 */

let platform: TestPlatform
let owner: AdminClient

beforeAll(async () => {
  platform = await createTestPlatform()
  owner = await signInAdmin(platform, 'SUPER_ADMIN')
})
afterAll(() => platform.close())

const reads = [
  '/admin/api/shop',
  '/admin/api/api-users',
  '/admin/api/storefront-token',
  '/admin/api/webhook-secret',
  '/admin/api/webhooks',
  '/admin/api/products',
  '/admin/api/media',
  '/admin/api/promotions',
  '/admin/api/membership-tiers',
  '/admin/api/orders',
  '/admin/api/gift-cards',
]

/** An image upload's body: the file itself (`POST /admin/api/media`). */
const image = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#ffffff' } })
  .png()
  .toBuffer()

const mutations: [string, string, unknown][] = [
  ['POST', '/admin/api/api-users', {}],
  ['DELETE', '/admin/api/api-users/apiu_x', undefined],
  ['POST', '/admin/api/storefront-token/regenerate', undefined],
  ['DELETE', '/admin/api/storefront-token', undefined],
  ['POST', '/admin/api/webhook-secret/rotate', {}],
  ['POST', '/admin/api/webhooks', { url: 'http://127.0.0.1:9/hooks', allowedTypes: ['DONATION'] }],
  ['POST', '/admin/api/products', {}],
  ['POST', '/admin/api/media', image],
  ['POST', '/admin/api/promotions', {}],
  ['POST', '/admin/api/gift-cards', {}],
  ['POST', '/admin/api/fulfillments', {}],
  ['POST', '/admin/api/orders/00000000-0000-4000-8000-000000000000/cancel', undefined],
  ['POST', '/admin/api/webhook-events/weve_x/replay', undefined],
]

describe('admin API access', () => {
  it.each(reads)('GET %s answers 401 ADMIN_SESSION_REQUIRED without a session and 200 with one', async (url) => {
    const anonymous = await owner.get(url, { cookie: false })
    expect(anonymous.status).toBe(401)
    expect(anonymous.body.code).toBe('ADMIN_SESSION_REQUIRED')
    const signedIn = await owner.get(url)
    expect(signedIn.status).toBe(200)
    expect(signedIn.headers['cache-control']).toBe('no-store')
  })

  it.each(mutations)(
    '%s %s refuses a request without the CSRF token (403) or with a wrong one',
    async (method, url, body) => {
      const missing = await owner.request(method, url, { body, csrf: false })
      expect(missing.status).toBe(403)
      expect(missing.body.code).toBe('CSRF_TOKEN_INVALID')
      const wrong = await owner.request(method, url, { body, csrf: 'not-the-token' })
      expect(wrong.status).toBe(403)
      expect(wrong.body.code).toBe('CSRF_TOKEN_INVALID')
    },
  )

  it('refuses another session’s CSRF token (the token is bound to its session)', async () => {
    const staff = await signInAdmin(platform, 'STAFF')
    const response = await owner.post('/admin/api/webhook-secret/rotate', {}, { csrf: staff.csrfToken })
    expect(response.status).toBe(403)
    expect(response.body.code).toBe('CSRF_TOKEN_INVALID')
  })

  it('answers 401 before checking the CSRF token when there is no session', async () => {
    const response = await owner.request('POST', '/admin/api/api-users', { body: {}, cookie: false, csrf: false })
    expect(response.status).toBe(401)
    const library = async () => (await owner.get('/admin/api/media')).body.total
    const before = await library()
    const upload = await owner.request('POST', '/admin/api/media', { body: image, cookie: false, csrf: false })
    expect(upload.status).toBe(401)
    expect(upload.body.code).toBe('ADMIN_SESSION_REQUIRED')
    expect(await library()).toBe(before)
  })

  it('answers the signed-in admin’s shop with its currency', async () => {
    const response = await owner.get('/admin/api/shop')
    expect(response.body).toMatchObject({ id: platform.demo.id, currency: 'USD' })
  })

  // The clock moves from here on: every session of this file expires.
  it('ends a session after 2 hours without a request', async () => {
    const admin = await signInAdmin(platform, 'STAFF')
    expect((await admin.get('/admin/api/shop')).status).toBe(200)
    await platform.clock.advance(sessionIdleTimeoutMs + 1)
    const expired = await admin.get('/admin/api/shop')
    expect(expired.status).toBe(401)
    expect(expired.body.code).toBe('ADMIN_SESSION_REQUIRED')
  })

  it('ends a session 12 hours after sign-in however active it is', async () => {
    const admin = await signInAdmin(platform, 'STAFF')
    const steps = Math.ceil(sessionMaxLifetimeMs / (sessionIdleTimeoutMs / 2))
    for (let i = 0; i < steps - 1; i++) {
      await platform.clock.advance(sessionIdleTimeoutMs / 2)
      expect((await admin.get('/admin/api/shop')).status).toBe(200)
    }
    await platform.clock.advance(sessionIdleTimeoutMs / 2)
    expect((await admin.get('/admin/api/shop')).status).toBe(401)
  })

  it('stops accepting the session and its CSRF token after sign-out', async () => {
    const admin = await signInAdmin(platform, 'SUPER_ADMIN')
    expect((await admin.delete('/admin/api/session')).status).toBe(204)
    expect((await admin.get('/admin/api/shop')).status).toBe(401)
    expect((await admin.post('/admin/api/storefront-token/regenerate')).status).toBe(401)
  })
})

describe('the SPA under /admin', () => {
  it('redirects /admin to /admin/', async () => {
    const response = await platform.app.inject({ method: 'GET', url: '/admin?x=1' })
    expect(response.statusCode).toBe(308)
    expect(response.headers.location).toBe('/admin/?x=1')
  })

  it('answers an unknown /admin/api route with a JSON 404, never the SPA', async () => {
    const response = await owner.get('/admin/api/nothing-here')
    expect(response.status).toBe(404)
    expect(response.body.code).toBe('ROUTE_NOT_FOUND')
  })

  it('leaves the server-rendered sign-in and consent pages to their module', async () => {
    const signIn = await platform.app.inject({ method: 'GET', url: '/admin/sign-in' })
    expect(signIn.statusCode).toBe(200)
    expect(signIn.body).toContain('Sign in to your shop')
    const consent = await platform.app.inject({
      method: 'GET',
      url: '/admin/platform-apps/app_unknown0000000000/connect?redirect_uri=https%3A%2F%2Fexample.com%2Fcb&state=s',
    })
    expect(consent.statusCode).toBeGreaterThanOrEqual(400)
    expect(consent.body).not.toContain('<div id="root">')
  })

  it('serves index.html for client routes with a strict CSP, or explains how to build it', async () => {
    const response = await platform.app.inject({ method: 'GET', url: '/admin/products/some-id' })
    expect([200, 503]).toContain(response.statusCode)
    expect(response.headers['content-type']).toContain('text/html')
    if (response.statusCode === 200) {
      expect(response.body).toContain('<div id="root">')
      expect(response.headers['content-security-policy']).toContain("script-src 'self'")
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'")
      expect(response.headers['cache-control']).toBe('no-cache')
    } else {
      expect(response.body).toContain('npm run build:admin')
    }
  })
})
