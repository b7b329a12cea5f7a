import * as oauth from 'oauth4webapi'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createTestPlatform, type TestPlatform } from '../../testing/test-platform.js'
import {
  type AdminBrowser,
  callWithBearer,
  connect,
  consent,
  consentUrl,
  type OAuthClient,
  oauthErrorOf,
  registerClient,
  signInAdmin,
} from './testing/oauth-harness.js'

/**
 * The RFC 9700 (OAuth 2.0 Security Best Current Practice) level of the platform-app server, driven
 * with oauth4webapi as a partner's app would (decision 0028): PKCE for every client unless the
 * operator marked the app legacy, `iss` in every authorization response (RFC 9207) equal to the
 * metadata's `issuer` (the configured PUBLIC_URL), refreshes that narrow the scope, the previous
 * access token revoked on rotation, and suspension revoking every token for good.
 */

const publicUrl = 'https://oauth-issuer.fanshelf.test'
let platform: TestPlatform
let admin: AdminBrowser

beforeAll(async () => {
  // Not the default http://127.0.0.1:<port>: the issuer comes from PUBLIC_URL.
  platform = await createTestPlatform({ env: { PUBLIC_URL: publicUrl } })
  admin = await signInAdmin(platform)
})
afterAll(() => platform.close())
// The OAuth endpoints are rate limited per client IP on the ManualClock: give every test a fresh window.
beforeEach(() => platform.clock.advance(10_000))

/** Opens a consent URL signed in and answers where the server redirects the browser (no consent given). */
async function redirectOf(url: URL, cookie = admin.cookie): Promise<URL> {
  const response = await platform.app.inject({ method: 'GET', url: url.pathname + url.search, headers: { cookie } })
  expect(response.statusCode).toBe(303)
  return new URL(String(response.headers.location))
}

/** The status of `GET /shops/current` with the token; a 401 must be the bearer `invalid_token` challenge. */
async function shopsCurrent(client: OAuthClient, accessToken: string): Promise<number> {
  try {
    return (await callWithBearer(client, accessToken, '/shops/current')).status
  } catch (error) {
    if (!(error instanceof oauth.WWWAuthenticateChallengeError)) throw error
    expect(error.cause[0]).toMatchObject({ scheme: 'bearer', parameters: { error: 'invalid_token' } })
    return error.status
  }
}

async function refresh(client: OAuthClient, refreshToken: string, scope?: string) {
  const response = await oauth.refreshTokenGrantRequest(client.as, client.client, client.auth, refreshToken, {
    ...client.options,
    ...(scope === undefined ? {} : { additionalParameters: { scope } }),
  })
  return oauth.processRefreshTokenResponse(client.as, client.client, response)
}

describe('the authorization server metadata', () => {
  it('names the configured PUBLIC_URL as issuer and announces iss in authorization responses', async () => {
    const { status, body } = await platform.call('getAuthorizationServerMetadata', { auth: 'none' })
    expect(status).toBe(200)
    expect(body).toMatchObject({
      issuer: publicUrl,
      authorization_endpoint: `${publicUrl}/oauth/authorize`,
      token_endpoint: `${publicUrl}/open-api/v1.0/platform/token`,
      authorization_response_iss_parameter_supported: true,
      code_challenge_methods_supported: ['S256'],
    })
    // The stock client discovered the same document (it refuses an issuer other than the one it asked).
    const client = await registerClient(platform, { scopes: ['order_read'] })
    expect(client.as.issuer).toBe(publicUrl)
    expect(client.as.authorization_response_iss_parameter_supported).toBe(true)
  })
})

describe('PKCE for every client (RFC 9700 §2.1.1)', () => {
  it('sends a confidential app’s consent request without code_challenge back with invalid_request', async () => {
    const app = await registerClient(platform, { scopes: ['order_read'], name: 'Confidential App' })
    const before = await platform.app.platform.services.db
      .selectFrom('platform_app_codes')
      .select('code_hash')
      .execute()
    const location = await redirectOf(consentUrl(app, { state: 'no-pkce', codeChallenge: null }))
    expect(`${location.origin}${location.pathname}`).toBe(app.app.redirectUris[0])
    expect(Object.fromEntries(location.searchParams)).toEqual({
      error: 'invalid_request',
      error_description: expect.stringMatching(/^code_challenge is required/),
      state: 'no-pkce',
      iss: publicUrl,
    })
    // The stock client reads it as the server's error, after checking iss.
    expect(() => oauth.validateAuthResponse(app.as, app.client, location, 'no-pkce')).toThrow(
      oauth.AuthorizationResponseError,
    )
    // No consent page was shown (the app learns at once) and no code exists.
    const after = await platform.app.platform.services.db.selectFrom('platform_app_codes').select('code_hash').execute()
    expect(after.length).toBe(before.length)
  })

  it('answers invalid_grant to a token request without the code_verifier, or with another one', async () => {
    const app = await registerClient(platform, { scopes: ['order_read'] })
    const verifiers: (string | typeof oauth.nopkce)[] = [oauth.nopkce, oauth.generateRandomCodeVerifier()]
    for (const verifier of verifiers) {
      const real = oauth.generateRandomCodeVerifier()
      const state = oauth.generateRandomState()
      const callback = await consent(
        platform,
        admin,
        consentUrl(app, { state, codeChallenge: await oauth.calculatePKCECodeChallenge(real) }),
      )
      const params = oauth.validateAuthResponse(app.as, app.client, callback, state)
      const response = await oauth.authorizationCodeGrantRequest(
        app.as,
        app.client,
        app.auth,
        params,
        app.app.redirectUris[0] as string,
        verifier,
        app.options,
      )
      const error = await oauthErrorOf(oauth.processAuthorizationCodeResponse(app.as, app.client, response))
      expect(error).toMatchObject({
        error: 'invalid_grant',
        status: 400,
        description: expect.stringMatching(/code_verifier/),
      })
    }
  })

  it('lets an app the operator marked legacy connect without PKCE, until it is made to require it', async () => {
    const apps = platform.app.platform.services.platformApps
    const legacy = await registerClient(platform, { scopes: ['order_read'], name: 'Legacy Bot', pkceRequired: false })
    const tokens = await connect(platform, legacy, admin, { pkce: false })
    expect(await shopsCurrent(legacy, tokens.access_token)).toBe(200)

    // A code issued while the app was legacy is refused once the operator requires PKCE.
    const state = oauth.generateRandomState()
    const callback = await consent(platform, admin, consentUrl(legacy, { state, codeChallenge: null }))
    const params = oauth.validateAuthResponse(legacy.as, legacy.client, callback, state)
    expect((await apps.setPkceRequired(legacy.app.clientId, true)).pkceRequired).toBe(true)
    const late = await oauth.authorizationCodeGrantRequest(
      legacy.as,
      legacy.client,
      legacy.auth,
      params,
      legacy.app.redirectUris[0] as string,
      oauth.nopkce,
      legacy.options,
    )
    expect(await oauthErrorOf(oauth.processAuthorizationCodeResponse(legacy.as, legacy.client, late))).toMatchObject({
      error: 'invalid_grant',
    })
    const refused = await redirectOf(consentUrl(legacy, { state: 's', codeChallenge: null }))
    expect(refused.searchParams.get('error')).toBe('invalid_request')
    expect(await shopsCurrent(legacy, (await connect(platform, legacy, admin)).access_token)).toBe(200)
  })
})

describe('iss in the authorization response (RFC 9207)', () => {
  it('comes with the code and equals the metadata issuer; a response naming another issuer is refused', async () => {
    const app = await registerClient(platform, { scopes: ['order_read'] })
    const location = await consent(platform, admin, consentUrl(app, { state: 'ok' }))
    expect(location.searchParams.get('iss')).toBe(publicUrl)
    expect(location.searchParams.get('iss')).toBe(app.as.issuer)
    expect(oauth.validateAuthResponse(app.as, app.client, location, 'ok').get('code')).toMatch(/^fsac_/)

    // Mix-up defence: the same answer claiming another server fails the stock client's check.
    const mixedUp = new URL(location)
    mixedUp.searchParams.set('iss', 'https://attacker.example')
    expect(() => oauth.validateAuthResponse(app.as, app.client, mixedUp, 'ok')).toThrow(/issuer/)
    const missing = new URL(location)
    missing.searchParams.delete('iss')
    expect(() => oauth.validateAuthResponse(app.as, app.client, missing, 'ok')).toThrow(/iss/)
  })

  it('comes with every error redirect: access_denied, invalid_request, unsupported_response_type, unauthorized_client', async () => {
    const app = await registerClient(platform, { scopes: ['order_read'], name: 'Error Paths' })
    const denied = await consent(platform, admin, consentUrl(app, { state: 'd' }), 'deny')
    const badChallenge = await redirectOf(
      consentUrl(app, {
        state: 'c',
        codeChallenge: null,
        extra: { code_challenge: 'short', code_challenge_method: 'S256' },
      }),
    )
    const badType = await redirectOf(consentUrl(app, { state: 't', extra: { response_type: 'token' } }))
    await platform.app.platform.services.platformApps.setStatus(app.app.clientId, 'SUSPENDED')
    const suspended = await redirectOf(consentUrl(app, { state: 'u' }))

    const answers: [URL, string, string][] = [
      [denied, 'access_denied', 'd'],
      [badChallenge, 'invalid_request', 'c'],
      [badType, 'unsupported_response_type', 't'],
      [suspended, 'unauthorized_client', 'u'],
    ]
    for (const [location, error, state] of answers) {
      expect(location.searchParams.get('error')).toBe(error)
      expect(location.searchParams.get('iss')).toBe(app.as.issuer)
      try {
        oauth.validateAuthResponse(app.as, app.client, location, state)
        expect.unreachable('an error response')
      } catch (thrown) {
        // Not an issuer failure: the stock client accepted iss and reports the server's error.
        expect(thrown).toBeInstanceOf(oauth.AuthorizationResponseError)
        expect((thrown as oauth.AuthorizationResponseError).error).toBe(error)
      }
    }
  })
})

describe('refresh with a narrower scope (RFC 6749 §6)', () => {
  it('gives an access token with only the asked scopes; the next plain refresh has the grant’s again', async () => {
    const app = await registerClient(platform, { scopes: ['order_read', 'webhook_read'], name: 'Narrowing App' })
    const first = await connect(platform, app, admin)
    expect(first.scope).toBe('order_read webhook_read')

    const narrow = await refresh(app, first.refresh_token as string, 'order_read')
    expect(narrow.scope).toBe('order_read')
    const orders = await platform.call('listOrders', { auth: { bearer: narrow.access_token } })
    expect(orders.status).toBe(200)
    const webhooks = await platform.call('listWebhookConfigurations', { auth: { bearer: narrow.access_token } })
    expect(webhooks.status).toBe(403)
    expect(webhooks.body.code).toBe('INSUFFICIENT_SCOPE')

    const full = await refresh(app, narrow.refresh_token as string)
    expect(full.scope).toBe('order_read webhook_read')
    const again = await platform.call('listWebhookConfigurations', { auth: { bearer: full.access_token } })
    expect(again.status).toBe(200)
  })

  it('answers invalid_scope to a scope outside the grant, and the refresh token keeps working', async () => {
    const app = await registerClient(platform, { scopes: ['order_read'], name: 'Widening App' })
    const tokens = await connect(platform, app, admin)
    for (const scope of ['order_read webhook_read', 'order_write', 'nonsense']) {
      expect(await oauthErrorOf(refresh(app, tokens.refresh_token as string, scope))).toMatchObject({
        error: 'invalid_scope',
        status: 400,
        description: expect.stringContaining('not granted'),
      })
    }
    // Refused before the rotation: nothing was consumed, so this is not a reuse.
    const renewed = await refresh(app, tokens.refresh_token as string, 'order_read')
    expect(renewed.scope).toBe('order_read')
    expect(await shopsCurrent(app, renewed.access_token)).toBe(200)
  })
})

describe('refresh-token rotation', () => {
  it('revokes the access token issued with the rotated refresh token', async () => {
    const app = await registerClient(platform, { scopes: ['order_read'], name: 'Rotating App' })
    const first = await connect(platform, app, admin)
    expect(await shopsCurrent(app, first.access_token)).toBe(200)

    const second = await refresh(app, first.refresh_token as string)
    expect(await shopsCurrent(app, first.access_token)).toBe(401)
    const stale = await platform.call('getCurrentShop', { auth: { bearer: first.access_token } })
    expect(stale.status).toBe(401)
    expect(stale.body.code).toBe('INVALID_TOKEN')
    expect(await shopsCurrent(app, second.access_token)).toBe(200)

    // Another connection's tokens (the other shop) are untouched by this family's rotation.
    const otherAdmin = await signInAdmin(platform, 'SUPER_ADMIN', platform.other)
    const elsewhere = await connect(platform, app, otherAdmin)
    await refresh(app, second.refresh_token as string)
    expect(await shopsCurrent(app, elsewhere.access_token)).toBe(200)
  })
})

describe('suspending an app (RFC 9700 §4.14: tokens revoked, not paused)', () => {
  it('revokes its access and refresh tokens on every shop, and resuming revives none of them', async () => {
    const apps = platform.app.platform.services.platformApps
    const bot = await registerClient(platform, { scopes: ['order_read'], name: 'Suspended Bot' })
    const onDemo = await connect(platform, bot, admin)
    const otherAdmin = await signInAdmin(platform, 'SUPER_ADMIN', platform.other)
    const onOther = await connect(platform, bot, otherAdmin)
    // A code the app has not exchanged yet when it is suspended.
    const verifier = oauth.generateRandomCodeVerifier()
    const pending = await consent(
      platform,
      admin,
      consentUrl(bot, { state: 'p', codeChallenge: await oauth.calculatePKCECodeChallenge(verifier) }),
    )
    const bystander = await registerClient(platform, { scopes: ['order_read'], name: 'Bystander' })
    const bystanderTokens = await connect(platform, bystander, admin)

    expect((await apps.setStatus(bot.app.clientId, 'SUSPENDED')).status).toBe('SUSPENDED')
    for (const tokens of [onDemo, onOther]) expect(await shopsCurrent(bot, tokens.access_token)).toBe(401)
    expect(await oauthErrorOf(refresh(bot, onDemo.refresh_token as string))).toMatchObject({
      error: 'unauthorized_client',
    })
    expect(await shopsCurrent(bystander, bystanderTokens.access_token)).toBe(200)

    expect((await apps.setStatus(bot.app.clientId, 'ACTIVE')).status).toBe('ACTIVE')
    for (const tokens of [onDemo, onOther]) {
      expect(await shopsCurrent(bot, tokens.access_token)).toBe(401)
      expect(await oauthErrorOf(refresh(bot, tokens.refresh_token as string))).toMatchObject({
        error: 'invalid_grant',
        status: 400,
      })
    }
    const params = oauth.validateAuthResponse(bot.as, bot.client, pending, 'p')
    const late = await oauth.authorizationCodeGrantRequest(
      bot.as,
      bot.client,
      bot.auth,
      params,
      bot.app.redirectUris[0] as string,
      verifier,
      bot.options,
    )
    expect(await oauthErrorOf(oauth.processAuthorizationCodeResponse(bot.as, bot.client, late))).toMatchObject({
      error: 'invalid_grant',
    })

    // The shops' connections remain; a shop admin consents again and the app works on that shop.
    const connections = await platform.app.platform.services.platformGrants.listConnections(platform.demo.id)
    expect(connections.map((c) => c.appId)).toContain(bot.app.clientId)
    const reconsented = await connect(platform, bot, admin)
    expect(await shopsCurrent(bot, reconsented.access_token)).toBe(200)
    expect(await shopsCurrent(bot, onOther.access_token)).toBe(401)
  })
})
