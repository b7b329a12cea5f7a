import * as oauth from 'oauth4webapi'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createTestPlatform, type TestPlatform } from '../../testing/test-platform.js'
import {
  type AdminBrowser,
  challengeOf,
  consent,
  consentFormFields,
  consentUrl,
  type OAuthClient,
  registerClient,
  signInAdmin,
} from './testing/oauth-harness.js'

/**
 * The consent page `/admin/platform-apps/{clientId}/connect`: exact redirect URIs (O4) refused on
 * an error page without redirecting, sign-in first and back, what the page shows, CSRF, Approve
 * and Deny.
 */

let platform: TestPlatform
let admin: AdminBrowser
let overlay: OAuthClient
const callback = 'https://overlay.example.com/oauth/callback'
const loopback = 'http://127.0.0.1:8765/cb'

beforeAll(async () => {
  platform = await createTestPlatform()
  admin = await signInAdmin(platform)
  overlay = await registerClient(platform, {
    scopes: ['order_read', 'fulfillment_write', 'webhook_write'],
    redirectUris: [callback, loopback, 'https://overlay.example.com/return?tenant=42'],
  })
})
afterAll(() => platform.close())
beforeEach(() => platform.clock.advance(10_000))

function get(url: URL | string, cookie?: string) {
  const target = typeof url === 'string' ? new URL(url, 'http://localhost') : url
  return platform.app.inject({
    method: 'GET',
    url: target.pathname + target.search,
    headers: cookie ? { cookie } : {},
  })
}

function post(path: string, fields: Record<string, string>, cookie?: string) {
  return platform.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
    payload: new URLSearchParams(fields).toString(),
  })
}

const connectPath = () => `/admin/platform-apps/${overlay.app.clientId}/connect`

describe('unknown clients and redirect URIs (O4): an error page, never a redirect', () => {
  it('answers 404 for an unknown client id', async () => {
    const response = await get(
      `/admin/platform-apps/app_doesnotexist00/connect?redirect_uri=${encodeURIComponent(callback)}`,
      admin.cookie,
    )
    expect(response.statusCode).toBe(404)
    expect(response.headers.location).toBeUndefined()
    expect(response.headers['content-type']).toMatch(/^text\/html/)
    expect(response.body).toContain('Unknown app')
  })

  const variants = [
    ['trailing slash', `${callback}/`],
    ['upper-case host', 'https://OVERLAY.example.com/oauth/callback'],
    ['path case', 'https://overlay.example.com/OAuth/callback'],
    ['extra query', `${callback}?next=/admin`],
    ['explicit port', 'https://overlay.example.com:443/oauth/callback'],
    ['other port', 'https://overlay.example.com:8443/oauth/callback'],
    ['loopback other port', 'http://127.0.0.1:8766/cb'],
    ['http instead of https', 'http://overlay.example.com/oauth/callback'],
    ['another host', 'https://evil.example/oauth/callback'],
    ['fragment', `${callback}#x`],
  ] as const

  for (const [variant, redirectUri] of variants) {
    it(`refuses a redirect_uri with a ${variant}, signed in or not, GET or POST`, async () => {
      const url = consentUrl(overlay, { redirectUri, state: 's' })
      for (const cookie of [admin.cookie, undefined]) {
        const response = await get(url, cookie)
        expect(response.statusCode).toBe(400)
        expect(response.headers.location).toBeUndefined()
        expect(response.body).toContain('Unregistered redirect address')
      }
      const posted = await post(
        connectPath(),
        { redirect_uri: redirectUri, state: 's', decision: 'approve', csrf_token: admin.csrfToken },
        admin.cookie,
      )
      expect(posted.statusCode).toBe(400)
      expect(posted.headers.location).toBeUndefined()
    })
  }

  it('refuses a missing or repeated redirect_uri', async () => {
    expect((await get(connectPath(), admin.cookie)).statusCode).toBe(400)
    const repeated = await get(
      `${connectPath()}?redirect_uri=${encodeURIComponent(callback)}&redirect_uri=${encodeURIComponent(callback)}`,
      admin.cookie,
    )
    expect(repeated.statusCode).toBe(400)
    expect(repeated.headers.location).toBeUndefined()
  })
})

describe('the app’s own consent URL and the fixed authorization endpoint', () => {
  it('show the same page and approve alike; the fixed one needs a client_id', async () => {
    const fixed = consentUrl(overlay, { state: 'same' })
    const own = new URL(fixed)
    own.pathname = connectPath()
    own.searchParams.delete('client_id')
    const pages = [await get(own, admin.cookie), await get(fixed, admin.cookie)]
    for (const page of pages) expect(page.statusCode).toBe(200)
    const withoutCsrf = (html: string) => html.replace(/value="[^"]{40,}"/g, '')
    expect(withoutCsrf(pages[0]?.body ?? '')).toBe(withoutCsrf(pages[1]?.body ?? ''))
    for (const path of [connectPath(), '/oauth/authorize']) {
      const fields = { ...consentFormFields(pages[0]?.body ?? ''), decision: 'approve' }
      const answer = await post(path, fields, admin.cookie)
      expect(answer.statusCode).toBe(303)
      expect(new URL(String(answer.headers.location)).searchParams.get('code')).toMatch(/^fsac_/)
    }
    const missing = await get(`/oauth/authorize?redirect_uri=${encodeURIComponent(callback)}`, admin.cookie)
    expect(missing.statusCode).toBe(400)
    expect(missing.headers.location).toBeUndefined()
  })
})

describe('signing in first', () => {
  it('sends a signed-out admin to the sign-in page, which returns to the consent page', async () => {
    const url = consentUrl(overlay, { state: 'xyz' })
    const first = await get(url)
    expect(first.statusCode).toBe(303)
    const signIn = new URL(String(first.headers.location), 'http://localhost')
    expect(signIn.pathname).toBe('/admin/sign-in')
    // The fixed authorization endpoint returns to the app's own consent URL, with the same request.
    const request = new URLSearchParams(url.search)
    request.delete('client_id')
    const appConsentPath = `/admin/platform-apps/${overlay.app.clientId}/connect?${request}`
    expect(signIn.searchParams.get('return_to')).toBe(appConsentPath)

    const page = await get(signIn)
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('<label for="email">Email</label>')
    const formCookie = String(page.headers['set-cookie']).split(';')[0] as string
    const csrf = /name="csrf_token" value="([^"]+)"/.exec(page.body)?.[1] as string
    const returnTo = /name="return_to" value="([^"]+)"/.exec(page.body)?.[1]?.replace(/&amp;/g, '&') as string
    const owner = platform.demo.admins[0] as { email: string; password: string }

    const signedIn = await post(
      '/admin/sign-in',
      { email: owner.email, password: owner.password, csrf_token: csrf, return_to: returnTo },
      formCookie,
    )
    expect(signedIn.statusCode).toBe(303)
    expect(signedIn.headers.location).toBe(appConsentPath)
    const session = [signedIn.headers['set-cookie']].flat().find((c) => String(c).startsWith('fanshelf_admin_session='))
    expect(session).toMatch(/HttpOnly/)
    expect(session).toMatch(/SameSite=Lax/)
    const consentPage = await get(url, String(session).split(';')[0])
    expect(consentPage.statusCode).toBe(200)
  })

  it('never returns to another site after signing in', async () => {
    const page = await get('/admin/sign-in?return_to=https://evil.example/phish')
    expect(page.body).toContain('name="return_to" value="/admin/"')
    const slashes = await get('/admin/sign-in?return_to=//evil.example/phish')
    expect(slashes.body).toContain('name="return_to" value="/admin/"')
  })
})

describe('the consent page', () => {
  it('names the app and the shop and lists the scopes in plain words, in a page that cannot be framed', async () => {
    const response = await get(consentUrl(overlay, { state: 'abc' }), admin.cookie)
    expect(response.statusCode).toBe(200)
    const html = response.body
    expect(html).toContain('Connect Overlay Studio to Pixel Pines Merch?')
    expect(html).toContain('pixel-pines.fanshelf.shop')
    expect(html).toContain('<li>Read orders</li>')
    expect(html).toContain('<li>Create fulfilments (ship order lines with tracking numbers)</li>')
    expect(html).toContain('<li>Create, update and delete webhook configurations; send test events; replay events</li>')
    expect(html).toContain(`Signed in as ${admin.email}`)
    expect(html).toMatch(/<button type="submit" value="approve"[^>]*>Approve<\/button>/)
    expect(html).toMatch(/<button type="submit" value="deny"[^>]*>Deny<\/button>/)
    expect(response.headers['x-frame-options']).toBe('DENY')
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'")
    expect(response.headers['cache-control']).toBe('no-store')
    expect(response.headers['referrer-policy']).toBe('no-referrer')
    // Approve/Deny answer a redirect to the app, which the form-action must allow (browsers check it).
    expect(response.headers['content-security-policy']).toContain(`form-action 'self' ${new URL(callback).origin}`)
    expect(response.headers['content-security-policy']).not.toContain('script-src')
    expect(consentFormFields(html)).toMatchObject({ redirect_uri: callback, state: 'abc', csrf_token: admin.csrfToken })
  })

  it('Approve redirects (303) to the redirect URI with a code and the state, untouched', async () => {
    const state = 'a b&c=d/é'
    const location = await consent(platform, admin, consentUrl(overlay, { state }))
    expect(`${location.origin}${location.pathname}`).toBe(callback)
    expect(location.searchParams.get('state')).toBe(state)
    expect(location.searchParams.get('code')).toMatch(/^fsac_/)
  })

  it('keeps the registered redirect URI’s own query and works on a loopback redirect URI', async () => {
    const withQuery = await consent(
      platform,
      admin,
      consentUrl(overlay, { redirectUri: 'https://overlay.example.com/return?tenant=42', state: 's' }),
    )
    expect(withQuery.searchParams.get('tenant')).toBe('42')
    expect(withQuery.searchParams.get('code')).toMatch(/^fsac_/)
    const local = await consent(platform, admin, consentUrl(overlay, { redirectUri: loopback }))
    expect(local.origin).toBe('http://127.0.0.1:8765')
    expect(local.searchParams.has('state')).toBe(false)
  })

  it('Deny redirects with error=access_denied and the state', async () => {
    const location = await consent(platform, admin, consentUrl(overlay, { state: 'keep-me' }), 'deny')
    expect(location.searchParams.get('error')).toBe('access_denied')
    expect(location.searchParams.get('state')).toBe('keep-me')
    expect(location.searchParams.has('code')).toBe(false)
    expect(() => oauth.validateAuthResponse(overlay.as, overlay.client, location, 'keep-me')).toThrow(
      oauth.AuthorizationResponseError,
    )
  })

  it('refuses a staff admin of the shop: only a super-admin connects apps (decision 0027)', async () => {
    const staff = await signInAdmin(platform, 'STAFF')
    await expect(consent(platform, staff, consentUrl(overlay, { state: 's' }))).rejects.toThrow(
      'The consent page answered 403',
    )
  })

  it('reports bad PKCE parameters to the app by redirect (invalid_request): plain, no method, malformed', async () => {
    const cases: Record<string, string>[] = [
      { code_challenge: 'x'.repeat(43), code_challenge_method: 'plain' },
      { code_challenge: 'x'.repeat(43) },
      { code_challenge: 'short', code_challenge_method: 'S256' },
      { code_challenge_method: 'S256' },
    ]
    for (const extra of cases) {
      const response = await get(consentUrl(overlay, { state: 'p', codeChallenge: null, extra }), admin.cookie)
      expect(response.statusCode).toBe(303)
      const location = new URL(String(response.headers.location))
      expect(`${location.origin}${location.pathname}`).toBe(callback)
      expect(location.searchParams.get('error')).toBe('invalid_request')
      expect(location.searchParams.get('state')).toBe('p')
    }
  })

  it('refuses response types other than code', async () => {
    const response = await get(consentUrl(overlay, { extra: { response_type: 'token' } }), admin.cookie)
    expect(new URL(String(response.headers.location)).searchParams.get('error')).toBe('unsupported_response_type')
  })
})

describe('CSRF on the consent form', () => {
  it('refuses an approval without the session’s CSRF token: 403 page, no redirect, no code', async () => {
    const before = await platform.app.platform.services.db
      .selectFrom('platform_app_codes')
      .select('code_hash')
      .execute()
    const pkce = { code_challenge: challengeOf('v'.repeat(43)), code_challenge_method: 'S256' }
    for (const csrf of [undefined, 'forged', (await signInAdmin(platform, 'STAFF')).csrfToken]) {
      const fields: Record<string, string> = { redirect_uri: callback, state: 's', decision: 'approve', ...pkce }
      if (csrf) fields.csrf_token = csrf
      const response = await post(connectPath(), fields, admin.cookie)
      expect(response.statusCode).toBe(403)
      expect(response.headers.location).toBeUndefined()
      expect(response.body).toContain('Request refused')
    }
    const after = await platform.app.platform.services.db.selectFrom('platform_app_codes').select('code_hash').execute()
    expect(after.length).toBe(before.length)
  })

  it('sends a signed-out form post to sign in instead of deciding', async () => {
    const response = await post(connectPath(), {
      redirect_uri: callback,
      code_challenge: challengeOf('v'.repeat(43)),
      code_challenge_method: 'S256',
      decision: 'approve',
      csrf_token: admin.csrfToken,
    })
    expect(response.statusCode).toBe(303)
    expect(String(response.headers.location)).toMatch(/^\/admin\/sign-in\?return_to=/)
  })
})
