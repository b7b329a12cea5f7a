// The OAuth 2 flow with a stock client library (oauth4webapi): server metadata (RFC 8414), the
// authorization code flow, PKCE (O3) and refresh tokens (O5).
import * as oauth from 'oauth4webapi'
import { describe, expect, it } from 'vitest'
import { authorizationCodeTtlMs } from './oauth-policy.js'
import { platformScopes } from './platform-scopes.js'
import {
  admin,
  exchange,
  issueCode,
  overlay,
  platform,
  refresh,
  setUpOAuthFlow,
  shopsCurrent,
  tokenRequest,
} from './testing/oauth-flow-calls.js'
import { callWithBearer, connect, oauthErrorOf, registerClient } from './testing/oauth-harness.js'

setUpOAuthFlow()

describe('GET /.well-known/oauth-authorization-server', () => {
  it('publishes RFC 8414 metadata with S256 and the contract’s scopes, rate limited per IP', async () => {
    const { status, body, headers } = await platform.call('getAuthorizationServerMetadata', { auth: 'none' })
    expect(status).toBe(200)
    expect(body).toMatchObject({
      issuer: platform.config.publicUrl,
      authorization_endpoint: `${platform.config.publicUrl}/oauth/authorize`,
      token_endpoint: `${platform.config.publicUrl}/open-api/v1.0/platform/token`,
      revocation_endpoint: `${platform.config.publicUrl}/open-api/v1.0/platform/revoke`,
      introspection_endpoint: `${platform.config.publicUrl}/open-api/v1.0/platform/introspect`,
      registration_endpoint: `${platform.config.publicUrl}/oauth/register`,
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
