import * as oauth from 'oauth4webapi'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Db } from '../../db/database.js'
import { type CallOptions, createTestPlatform, type TestPlatform } from '../../testing/test-platform.js'
import { authorizationCodeTtlMs } from './oauth-policy.js'
import { isWellFormedSecret, mintSecret } from './opaque-tokens.js'
import { platformScopes } from './platform-scopes.js'
import { createPlatformTokenService } from './platform-tokens.service.js'
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
 * The OAuth 2 flow driven with oauth4webapi, a stock client library, against the in-process app:
 * the api-practices O1–O5 and O8 vectors, client authentication, RFC 7009 revocation and RFC 8414
 * metadata. Every answer a test reads through `platform.call` is validated against the contract.
 */

let platform: TestPlatform
let admin: AdminBrowser
let overlay: OAuthClient

beforeAll(async () => {
  platform = await createTestPlatform()
  admin = await signInAdmin(platform)
  overlay = await registerClient(platform, { scopes: ['order_read', 'webhook_read'] })
})
afterAll(() => platform.close())
// The OAuth endpoints are rate limited per client IP on the ManualClock: give every test a fresh window.
beforeEach(() => platform.clock.advance(10_000))

/** Consent (with PKCE unless told otherwise: a legacy app may omit it) and return the code without exchanging it. */
async function issueCode(client: OAuthClient, options: { pkce?: boolean } = {}) {
  const verifier = oauth.generateRandomCodeVerifier()
  const state = oauth.generateRandomState()
  const challenge = options.pkce === false ? null : await oauth.calculatePKCECodeChallenge(verifier)
  const callback = await consent(platform, admin, consentUrl(client, { state, codeChallenge: challenge }))
  const params = oauth.validateAuthResponse(client.as, client.client, callback, state)
  return { params, code: params.get('code') as string, verifier }
}

async function exchange(client: OAuthClient, params: URLSearchParams, verifier: string | typeof oauth.nopkce) {
  const response = await oauth.authorizationCodeGrantRequest(
    client.as,
    client.client,
    client.auth,
    params,
    client.app.redirectUris[0] as string,
    verifier,
    client.options,
  )
  return oauth.processAuthorizationCodeResponse(client.as, client.client, response)
}

async function refresh(client: OAuthClient, refreshToken: string) {
  const response = await oauth.refreshTokenGrantRequest(
    client.as,
    client.client,
    client.auth,
    refreshToken,
    client.options,
  )
  return oauth.processRefreshTokenResponse(client.as, client.client, response)
}

/** A raw token-endpoint request (form-encoded unless told otherwise), validated against the contract. */
function tokenRequest(
  fields: Record<string, string | string[]>,
  options: { basic?: [string, string]; json?: boolean; contentType?: string } = {},
) {
  const form = new URLSearchParams()
  for (const [name, value] of Object.entries(fields)) for (const v of [value].flat()) form.append(name, v)
  const call: CallOptions = {
    auth: options.basic ? { basic: { username: options.basic[0], password: options.basic[1] } } : 'none',
    rawBody: options.json ? JSON.stringify(fields) : form.toString(),
    contentType: options.contentType ?? (options.json ? 'application/json' : 'application/x-www-form-urlencoded'),
  }
  return platform.call('exchangePlatformToken', call)
}

/** The status of `GET /shops/current` with the token (oauth4webapi throws on a 401 challenge). */
async function shopsCurrent(client: OAuthClient, accessToken: string) {
  try {
    return (await callWithBearer(client, accessToken, '/shops/current')).status
  } catch (error) {
    if (!(error instanceof oauth.WWWAuthenticateChallengeError)) throw error
    expect(error.cause[0]).toMatchObject({ scheme: 'bearer', parameters: { error: 'invalid_token' } })
    return error.status
  }
}

describe('GET /.well-known/oauth-authorization-server', () => {
  it('publishes RFC 8414 metadata with S256 and the contract’s scopes, rate limited per IP', async () => {
    const { status, body, headers } = await platform.call('getAuthorizationServerMetadata', { auth: 'none' })
    expect(status).toBe(200)
    expect(body).toMatchObject({
      issuer: platform.config.publicUrl,
      authorization_endpoint: `${platform.config.publicUrl}/admin/platform-apps/{clientId}/connect`,
      token_endpoint: `${platform.config.publicUrl}/open-api/v1.0/platform/token`,
      revocation_endpoint: `${platform.config.publicUrl}/open-api/v1.0/platform/revoke`,
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      code_challenge_methods_supported: ['S256'],
    })
    expect(body.scopes_supported).toEqual([...platformScopes(platform.contract).keys()])
    expect(headers['ratelimit-policy']).toBe('"default";q=100;w=10')
    expect(Number(headers['x-ratelimit-remaining'])).toBeLessThan(100)
  })
})

describe('authorization code flow', () => {
  it('connects an app with a stock client: consent, PKCE code exchange, then GET /shops/current', async () => {
    const tokens = await connect(platform, overlay, admin)
    expect(tokens).toMatchObject({ token_type: 'bearer', expires_in: 3600, scope: 'order_read webhook_read' })
    expect(tokens.access_token).toMatch(/^fsat_/)
    expect(tokens.refresh_token).toMatch(/^fsrt_/)
    const shop = await callWithBearer(overlay, tokens.access_token, '/shops/current')
    expect(shop.status).toBe(200)
    expect((await shop.json()).id).toBe(platform.demo.id)
  })

  it('answers the contract’s TokenResponse with Cache-Control: no-store, form or JSON, body or Basic credentials', async () => {
    const form = await issueCode(overlay)
    const viaBody = await tokenRequest({
      grant_type: 'authorization_code',
      code: form.code,
      redirect_uri: overlay.app.redirectUris[0] as string,
      code_verifier: form.verifier,
      client_id: overlay.app.clientId,
      client_secret: overlay.app.clientSecret,
    })
    expect(viaBody.status).toBe(200)
    expect(viaBody.headers['cache-control']).toBe('no-store')
    expect(viaBody.body).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: 'order_read webhook_read' })

    const json = await issueCode(overlay)
    const viaJson = await tokenRequest(
      {
        grant_type: 'authorization_code',
        code: json.code,
        redirect_uri: overlay.app.redirectUris[0] as string,
        code_verifier: json.verifier,
      },
      { json: true, basic: [overlay.app.clientId, overlay.app.clientSecret] },
    )
    expect(viaJson.status).toBe(200)
    expect(await shopsCurrent(overlay, viaJson.body.access_token)).toBe(200)
  })

  it('O1: a replayed code is invalid_grant and the tokens issued from it stop working', async () => {
    const { params, verifier } = await issueCode(overlay)
    const tokens = await exchange(overlay, params, verifier)
    expect(await shopsCurrent(overlay, tokens.access_token)).toBe(200)

    const replay = await oauthErrorOf(exchange(overlay, params, verifier))
    expect(replay).toMatchObject({ error: 'invalid_grant', status: 400 })
    expect(await shopsCurrent(overlay, tokens.access_token)).toBe(401)
    expect(await oauthErrorOf(refresh(overlay, tokens.refresh_token as string))).toMatchObject({
      error: 'invalid_grant',
    })
  })

  it('O2: a code is refused once 120 s have passed since consent, and accepted just before', async () => {
    const late = await issueCode(overlay)
    await platform.clock.advance(authorizationCodeTtlMs)
    expect(await oauthErrorOf(exchange(overlay, late.params, late.verifier))).toMatchObject({
      error: 'invalid_grant',
      description: 'The authorization code has expired.',
    })

    const inTime = await issueCode(overlay)
    await platform.clock.advance(authorizationCodeTtlMs - 1_000)
    expect((await exchange(overlay, inTime.params, inTime.verifier)).access_token).toMatch(/^fsat_/)
  })

  it('refuses a code presented by another app, and a redirect_uri other than the consent’s', async () => {
    const other = await registerClient(platform, { scopes: ['order_read'], name: 'Other App' })
    const { code, verifier } = await issueCode(overlay)
    const stolen = await tokenRequest(
      {
        grant_type: 'authorization_code',
        code,
        redirect_uri: overlay.app.redirectUris[0] as string,
        code_verifier: verifier,
      },
      { basic: [other.app.clientId, other.app.clientSecret] },
    )
    expect(stolen.status).toBe(400)
    expect(stolen.body.error).toBe('invalid_grant')

    const wrongRedirect = await tokenRequest(
      {
        grant_type: 'authorization_code',
        code,
        redirect_uri: 'https://overlay.example.com/oauth/callback/',
        code_verifier: verifier,
      },
      { basic: [overlay.app.clientId, overlay.app.clientSecret] },
    )
    expect(wrongRedirect.status).toBe(400)
    expect(wrongRedirect.body).toMatchObject({
      error: 'invalid_grant',
      error_description: expect.stringMatching(/redirect_uri/),
    })
  })
})

describe('PKCE (O3)', () => {
  it('refuses a wrong verifier with invalid_grant', async () => {
    const { params } = await issueCode(overlay)
    const error = await oauthErrorOf(exchange(overlay, params, oauth.generateRandomCodeVerifier()))
    expect(error).toMatchObject({ error: 'invalid_grant', description: expect.stringMatching(/does not match/) })
  })

  it('refuses a verifier when a legacy app’s consent carried no challenge (downgrade)', async () => {
    const legacy = await registerClient(platform, { scopes: ['order_read'], name: 'Legacy Bot', pkceRequired: false })
    const { params } = await issueCode(legacy, { pkce: false })
    const error = await oauthErrorOf(exchange(legacy, params, oauth.generateRandomCodeVerifier()))
    expect(error).toMatchObject({ error: 'invalid_grant', description: expect.stringMatching(/no code_challenge/) })
  })

  it('refuses a missing verifier when the consent carried a challenge', async () => {
    const { params } = await issueCode(overlay)
    const error = await oauthErrorOf(exchange(overlay, params, oauth.nopkce))
    expect(error).toMatchObject({
      error: 'invalid_grant',
      description: expect.stringMatching(/code_verifier is required/),
    })
  })

  it('answers invalid_request to a malformed verifier', async () => {
    const { code } = await issueCode(overlay)
    const { status, body } = await tokenRequest(
      {
        grant_type: 'authorization_code',
        code,
        redirect_uri: overlay.app.redirectUris[0] as string,
        code_verifier: 'short',
      },
      { basic: [overlay.app.clientId, overlay.app.clientSecret] },
    )
    expect(status).toBe(400)
    expect(body.error).toBe('invalid_request')
  })
})

describe('refresh tokens (O5)', () => {
  it('rotate on every use; presenting a rotated one revokes the whole grant', async () => {
    const first = await connect(platform, overlay, admin)
    const second = await refresh(overlay, first.refresh_token as string)
    expect(second.refresh_token).not.toBe(first.refresh_token)
    expect(second.scope).toBe('order_read webhook_read')
    expect(await shopsCurrent(overlay, second.access_token)).toBe(200)

    const reuse = await oauthErrorOf(refresh(overlay, first.refresh_token as string))
    expect(reuse).toMatchObject({
      error: 'invalid_grant',
      description: 'The refresh token was already used; the grant has been revoked.',
    })
    expect(await shopsCurrent(overlay, second.access_token)).toBe(401)
    expect(await oauthErrorOf(refresh(overlay, second.refresh_token as string))).toMatchObject({
      error: 'invalid_grant',
    })
    const connections = await platform.app.platform.services.platformGrants.listConnections(platform.demo.id)
    expect(connections.map((c) => c.appId)).not.toContain(overlay.app.clientId)
  })

  it('keep working after the access token expired (3600 s)', async () => {
    const tokens = await connect(platform, overlay, admin)
    await platform.clock.advance(3_600_000)
    const expired = await platform.call('getCurrentShop', { auth: { bearer: tokens.access_token } })
    expect(expired.status).toBe(401)
    expect(expired.body.code).toBe('INVALID_TOKEN')
    const renewed = await refresh(overlay, tokens.refresh_token as string)
    expect(await shopsCurrent(overlay, renewed.access_token)).toBe(200)
  })
})

describe('POST /platform/token errors (RFC 6749 §5.2)', () => {
  const credentials = () => [overlay.app.clientId, overlay.app.clientSecret] as [string, string]

  it('401 invalid_client for a wrong secret, asking for Basic again when Basic was tried', async () => {
    const wrong = mintSecret('clientSecret')
    const basic = await tokenRequest(
      { grant_type: 'refresh_token', refresh_token: 'x' },
      { basic: [overlay.app.clientId, wrong] },
    )
    expect(basic.status).toBe(401)
    expect(basic.body.error).toBe('invalid_client')
    expect(basic.headers['www-authenticate']).toMatch(/^Basic /)
    expect(basic.headers['cache-control']).toBe('no-store')

    const post = await tokenRequest({
      grant_type: 'refresh_token',
      refresh_token: 'x',
      client_id: overlay.app.clientId,
      client_secret: wrong,
    })
    expect(post.status).toBe(401)
    expect(post.headers['www-authenticate']).toBeUndefined()
    const unknown = await tokenRequest(
      { grant_type: 'refresh_token', refresh_token: 'x' },
      { basic: ['app_unknown', wrong] },
    )
    expect(unknown.body).toEqual(basic.body)
    const none = await tokenRequest({ grant_type: 'refresh_token', refresh_token: 'x' })
    expect(none.status).toBe(401)
    expect(none.body.error).toBe('invalid_client')
  })

  it('400 invalid_request for two authentication methods, a repeated or missing parameter, or an unknown body type', async () => {
    const both = await tokenRequest(
      { grant_type: 'refresh_token', refresh_token: 'x', client_secret: overlay.app.clientSecret },
      { basic: credentials() },
    )
    expect(both.body.error).toBe('invalid_request')
    const repeated = await tokenRequest({ grant_type: ['refresh_token', 'refresh_token'] }, { basic: credentials() })
    expect(repeated.body).toMatchObject({ error: 'invalid_request', error_description: 'grant_type is repeated.' })
    const missing = await tokenRequest(
      { grant_type: 'authorization_code', redirect_uri: 'https://x.example' },
      { basic: credentials() },
    )
    expect(missing.body).toMatchObject({ error: 'invalid_request', error_description: 'code is required.' })
    const noGrant = await tokenRequest({}, { basic: credentials() })
    expect(noGrant.body.error).toBe('invalid_request')
    const text = await tokenRequest(
      { grant_type: 'refresh_token' },
      { basic: credentials(), contentType: 'text/plain' },
    )
    expect(text.status).toBe(400)
    expect(text.body.error).toBe('invalid_request')
    const brokenJson = await platform.call('exchangePlatformToken', {
      auth: 'none',
      rawBody: '{"grant_type":',
      contentType: 'application/json',
    })
    expect(brokenJson.status).toBe(400)
    expect(brokenJson.body.error).toBe('invalid_request')
  })

  it('400 unsupported_grant_type for any grant but authorization_code and refresh_token', async () => {
    for (const grantType of ['password', 'client_credentials', 'implicit']) {
      const { status, body, headers } = await tokenRequest({ grant_type: grantType }, { basic: credentials() })
      expect(status).toBe(400)
      expect(body.error).toBe('unsupported_grant_type')
      expect(headers['cache-control']).toBe('no-store')
    }
  })

  it('400 invalid_grant for unknown, malformed or foreign codes and refresh tokens', async () => {
    const cases: Record<string, string>[] = [
      {
        grant_type: 'authorization_code',
        code: mintSecret('authorizationCode'),
        redirect_uri: 'https://overlay.example.com/oauth/callback',
      },
      {
        grant_type: 'authorization_code',
        code: 'not-a-code',
        redirect_uri: 'https://overlay.example.com/oauth/callback',
      },
      { grant_type: 'refresh_token', refresh_token: mintSecret('refreshToken') },
      { grant_type: 'refresh_token', refresh_token: mintSecret('accessToken') },
    ]
    for (const fields of cases) {
      const { status, body } = await tokenRequest(fields, { basic: credentials() })
      expect(status).toBe(400)
      expect(body.error).toBe('invalid_grant')
    }
  })
})

describe('O8: opaque, prefixed, checksummed tokens', () => {
  it('issues tokens with type prefixes and a checksum that a one-character change breaks', async () => {
    const tokens = await connect(platform, overlay, admin)
    expect(isWellFormedSecret('accessToken', tokens.access_token)).toBe(true)
    expect(isWellFormedSecret('refreshToken', tokens.refresh_token as string)).toBe(true)
    expect(isWellFormedSecret('clientSecret', overlay.app.clientSecret)).toBe(true)
    const flipped =
      tokens.access_token.slice(0, 10) + (tokens.access_token[10] === 'A' ? 'B' : 'A') + tokens.access_token.slice(11)
    expect(isWellFormedSecret('accessToken', flipped)).toBe(false)
    const { status, body } = await platform.call('getCurrentShop', { auth: { bearer: flipped } })
    expect(status).toBe(401)
    expect(body.code).toBe('INVALID_TOKEN')
  })

  it('refuses a checksum-invalid bearer token before any database lookup', async () => {
    const untouchable = new Proxy({} as Db, {
      get() {
        throw new Error('the database was consulted')
      },
    })
    const tokens = createPlatformTokenService(untouchable, { clock: platform.clock })
    const valid = mintSecret('accessToken')
    const broken = `${valid.slice(0, -1)}${valid.endsWith('0') ? '1' : '0'}`
    for (const token of [broken, 'fsat_short', 'fsrt_wrongprefix', `${valid}x`, '']) {
      await expect(tokens.authenticateBearer(token)).resolves.toBeUndefined()
    }
    // A well-formed token does reach the database: the refusal above is the checksum's doing.
    await expect(tokens.authenticateBearer(valid)).rejects.toThrow('the database was consulted')
  })
})

describe('POST /platform/revoke (RFC 7009)', () => {
  const revoke = (token: string, client = overlay) =>
    platform.call('revokePlatformToken', {
      auth: { basic: { username: client.app.clientId, password: client.app.clientSecret } },
      rawBody: new URLSearchParams({ token }).toString(),
      contentType: 'application/x-www-form-urlencoded',
    })

  it('revokes an access token alone (through oauth4webapi)', async () => {
    const tokens = await connect(platform, overlay, admin)
    const response = await oauth.revocationRequest(
      overlay.as,
      overlay.client,
      overlay.auth,
      tokens.access_token,
      overlay.options,
    )
    await oauth.processRevocationResponse(response)
    expect(await shopsCurrent(overlay, tokens.access_token)).toBe(401)
    expect(await shopsCurrent(overlay, (await refresh(overlay, tokens.refresh_token as string)).access_token)).toBe(200)
  })

  it('revokes the whole grant with its refresh token', async () => {
    const tokens = await connect(platform, overlay, admin)
    const { status, body } = await revoke(tokens.refresh_token as string)
    expect(status).toBe(200)
    expect(body).toBe('')
    expect(await shopsCurrent(overlay, tokens.access_token)).toBe(401)
    expect(await oauthErrorOf(refresh(overlay, tokens.refresh_token as string))).toMatchObject({
      error: 'invalid_grant',
    })
  })

  it('answers 200 for unknown and malformed tokens and another app’s token, which keeps working', async () => {
    const other = await registerClient(platform, { scopes: ['order_read'], name: 'Bystander' })
    const tokens = await connect(platform, overlay, admin)
    for (const token of [mintSecret('accessToken'), 'garbage', tokens.access_token]) {
      expect((await revoke(token, other)).status).toBe(200)
    }
    expect(await shopsCurrent(overlay, tokens.access_token)).toBe(200)
  })

  it('requires client authentication and a token', async () => {
    const anonymous = await platform.call('revokePlatformToken', {
      auth: 'none',
      rawBody: 'token=abc',
      contentType: 'application/x-www-form-urlencoded',
    })
    expect(anonymous.status).toBe(401)
    expect(anonymous.body.error).toBe('invalid_client')
    const missing = await platform.call('revokePlatformToken', {
      auth: { basic: { username: overlay.app.clientId, password: overlay.app.clientSecret } },
      body: {},
    })
    expect(missing.status).toBe(400)
    expect(missing.body.error).toBe('invalid_request')
  })
})

describe('rate limits', () => {
  it('count the OAuth endpoints per client IP', async () => {
    const from = (remoteAddress: string) =>
      platform.app.inject({ method: 'GET', url: '/.well-known/oauth-authorization-server', remoteAddress })
    const a1 = await from('192.0.2.10')
    const a2 = await from('192.0.2.10')
    const b1 = await from('192.0.2.11')
    expect(Number(a1.headers['x-ratelimit-remaining'])).toBe(99)
    expect(Number(a2.headers['x-ratelimit-remaining'])).toBe(98)
    expect(Number(b1.headers['x-ratelimit-remaining'])).toBe(99)
  })

  it('count bearer calls per grant: every token of one connection shares one quota', async () => {
    const first = await connect(platform, overlay, admin)
    const before = await platform.call('getCurrentShop', { auth: { bearer: first.access_token } })
    const second = await refresh(overlay, first.refresh_token as string)
    const after = await platform.call('getCurrentShop', { auth: { bearer: second.access_token } })
    expect(Number(after.headers['x-ratelimit-remaining'])).toBe(Number(before.headers['x-ratelimit-remaining']) - 1)
  })
})
