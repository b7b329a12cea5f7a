// OAuth tokens: POST /platform/token errors (RFC 6749 §5.2), opaque checksummed tokens (O8),
// revocation (RFC 7009) and rate limits.
import * as oauth from 'oauth4webapi'
import { describe, expect, it } from 'vitest'
import type { Db } from '../../db/database.js'
import { resourceIndicators } from './oauth-resources.js'
import { isWellFormedSecret, mintSecret } from './opaque-tokens.js'
import { createPlatformTokenService } from './platform-tokens.service.js'
import {
  admin,
  overlay,
  platform,
  refresh,
  setUpOAuthFlow,
  shopsCurrent,
  tokenRequest,
} from './testing/oauth-flow-calls.js'
import { connect, oauthErrorOf, registerClient } from './testing/oauth-harness.js'

setUpOAuthFlow()

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
    const tokens = createPlatformTokenService(untouchable, {
      clock: platform.clock,
      resources: resourceIndicators(platform.config.publicUrl),
    })
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
