// OAuth token introspection: POST /platform/introspect (RFC 7662), asked by the app (through
// oauth4webapi, discovered from the metadata document) or by the token itself as its bearer.
import * as oauth from 'oauth4webapi'
import { describe, expect, it } from 'vitest'
import { mintSecret } from './opaque-tokens.js'
import { admin, overlay, platform, refresh, setUpOAuthFlow } from './testing/oauth-flow-calls.js'
import { connect, registerClient } from './testing/oauth-harness.js'

setUpOAuthFlow()

const asApp = async (token: string, client = overlay) =>
  oauth.processIntrospectionResponse(
    client.as,
    client.client,
    await oauth.introspectionRequest(client.as, client.client, client.auth, token, client.options),
  )

const asBearer = (bearer: string, token = bearer) =>
  platform.call('introspectPlatformToken', {
    auth: { bearer },
    rawBody: new URLSearchParams({ token }).toString(),
    contentType: 'application/x-www-form-urlencoded',
  })

describe('POST /platform/introspect (RFC 7662)', () => {
  it('is in the metadata, and tells the app what its access and refresh tokens are', async () => {
    expect(overlay.as.introspection_endpoint).toBe(`${platform.config.publicUrl}/open-api/v1.0/platform/introspect`)
    const issuedAt = Math.floor(platform.clock.now() / 1000)
    const tokens = await connect(platform, overlay, admin)
    expect(await asApp(tokens.access_token)).toEqual({
      active: true,
      scope: 'order_read webhook_read',
      client_id: overlay.app.clientId,
      sub: platform.demo.id,
      token_type: 'Bearer',
      iat: issuedAt,
      exp: issuedAt + (tokens.expires_in as number),
    })
    expect(await asApp(tokens.refresh_token as string)).toMatchObject({
      active: true,
      token_type: 'refresh_token',
      client_id: overlay.app.clientId,
    })

    // Refreshed: the old refresh token is used, the old access token ended with it.
    const renewed = await refresh(overlay, tokens.refresh_token as string)
    expect(await asApp(tokens.refresh_token as string)).toEqual({ active: false })
    expect(await asApp(tokens.access_token)).toEqual({ active: false })
    expect(await asApp(renewed.access_token)).toMatchObject({ active: true })

    // Expired: an hour later the access token is no longer active.
    await platform.clock.advance((renewed.expires_in as number) * 1000)
    expect(await asApp(renewed.access_token)).toEqual({ active: false })
  })

  it('answers only {active: false} for unknown, malformed and another app’s tokens', async () => {
    const bystander = await registerClient(platform, { scopes: ['order_read'], name: 'Bystander' })
    const tokens = await connect(platform, overlay, admin)
    for (const token of [mintSecret('accessToken'), 'garbage', tokens.access_token]) {
      expect(await asApp(token, bystander)).toEqual({ active: false })
    }
    // The token itself is untouched by being asked about.
    expect(await asApp(tokens.access_token)).toMatchObject({ active: true })
  })

  it('lets a token ask about itself as its bearer, and about nothing else', async () => {
    const tokens = await connect(platform, overlay, admin)
    const self = await asBearer(tokens.access_token)
    expect(self.status).toBe(200)
    expect(self.headers['cache-control']).toBe('no-store')
    expect(self.body).toMatchObject({ active: true, scope: 'order_read webhook_read', sub: platform.demo.id })

    const other = await connect(platform, overlay, admin)
    expect((await asBearer(tokens.access_token, other.access_token)).body).toEqual({ active: false })
    expect((await asBearer(mintSecret('accessToken'))).body).toEqual({ active: false })
  })

  it('requires client authentication or a bearer, and a token', async () => {
    const anonymous = await platform.call('introspectPlatformToken', {
      auth: 'none',
      rawBody: 'token=abc',
      contentType: 'application/x-www-form-urlencoded',
    })
    expect(anonymous.status).toBe(401)
    expect(anonymous.body.error).toBe('invalid_client')
    const missing = await platform.call('introspectPlatformToken', {
      auth: { basic: { username: overlay.app.clientId, password: overlay.app.clientSecret } },
      body: {},
    })
    expect(missing.status).toBe(400)
    expect(missing.body.error).toBe('invalid_request')
  })
})
