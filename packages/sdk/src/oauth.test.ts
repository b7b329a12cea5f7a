import { afterEach, describe, expect, it } from 'vitest'
import { FanshelfApiError } from './errors.js'
import type { OAuthTokens } from './oauth.js'
import { createOpenApiClient } from './open-api-client.js'
import { type FakeServer, type RecordedRequest, startFakeServer } from './testing/fake-server.js'

/**
 * A fake authorization server + API with the real rules that matter to a client: access tokens are
 * valid until revoked by the test, refresh tokens rotate, and presenting a used refresh token revokes
 * the grant (reuse detection).
 */
class FakeGrant {
  validAccessTokens = new Set<string>()
  currentRefreshToken = 'rt_0'
  refreshes = 0
  revoked = false

  constructor(
    readonly clientId = 'app_1',
    readonly clientSecret = 'cs_1',
  ) {}

  handle = (request: RecordedRequest) => {
    if (request.url.pathname === '/open-api/v1.0/platform/token') return this.token(request)
    const token = request.headers.authorization?.replace(/^Bearer /, '')
    if (!token || !this.validAccessTokens.has(token) || this.revoked) {
      return { status: 401, body: { code: 'INVALID_TOKEN', message: 'The access token is expired or revoked.' } }
    }
    return { body: { id: 'sh_1', name: 'Demo', domain: 'demo', publicDomain: null, currency: 'USD', token } }
  }

  private token(request: RecordedRequest) {
    const form = new URLSearchParams(request.body)
    expect(request.headers['content-type']).toBe('application/x-www-form-urlencoded')
    expect(request.headers.authorization).toBeUndefined()
    if (form.get('client_id') !== this.clientId || form.get('client_secret') !== this.clientSecret) {
      return { status: 401, body: { error: 'invalid_client', error_description: 'Unknown client.' } }
    }
    if (form.get('grant_type') !== 'refresh_token') return { status: 400, body: { error: 'unsupported_grant_type' } }
    if (this.revoked || form.get('refresh_token') !== this.currentRefreshToken) {
      this.revoked = true
      return { status: 400, body: { error: 'invalid_grant', error_description: 'The refresh token was already used.' } }
    }
    this.refreshes += 1
    const accessToken = `at_${this.refreshes}`
    this.currentRefreshToken = `rt_${this.refreshes}`
    this.validAccessTokens.add(accessToken)
    return {
      headers: { 'cache-control': 'no-store' },
      body: {
        access_token: accessToken,
        token_type: 'Bearer',
        expires_in: 3600,
        refresh_token: this.currentRefreshToken,
        scope: 'order_read webhook_read',
      },
    }
  }
}

let server: FakeServer
afterEach(async () => {
  await server.close()
})

function bearerOf(request: RecordedRequest | undefined) {
  return request?.headers.authorization
}

describe('OAuth clients', () => {
  it('refreshes before the first call when no access token is known, and stores the rotated tokens', async () => {
    const grant = new FakeGrant()
    server = await startFakeServer(grant.handle)
    const stored: OAuthTokens[] = []
    const now = Date.UTC(2026, 10, 20, 12, 0, 0)
    const client = createOpenApiClient({
      baseUrl: server.origin,
      now: () => now,
      auth: {
        oauth: { clientId: 'app_1', clientSecret: 'cs_1', refreshToken: 'rt_0', onTokens: (t) => void stored.push(t) },
      },
    })
    const shop = await client.getCurrentShop()
    expect(shop.id).toBe('sh_1')
    expect(stored).toEqual([
      { accessToken: 'at_1', refreshToken: 'rt_1', expiresAt: now + 3_600_000, scopes: ['order_read', 'webhook_read'] },
    ])
    expect(bearerOf(server.requests[1])).toBe('Bearer at_1')
  })

  it('refreshes shortly before expiry, not after every call', async () => {
    const grant = new FakeGrant()
    grant.validAccessTokens.add('at_start')
    server = await startFakeServer(grant.handle)
    let now = Date.UTC(2026, 10, 20, 12, 0, 0)
    const client = createOpenApiClient({
      baseUrl: server.origin,
      now: () => now,
      auth: {
        oauth: {
          clientId: 'app_1',
          clientSecret: 'cs_1',
          refreshToken: 'rt_0',
          accessToken: 'at_start',
          expiresAt: new Date(now + 10 * 60_000),
        },
      },
    })
    await client.getCurrentShop()
    now += 5 * 60_000
    await client.getCurrentShop()
    expect(grant.refreshes).toBe(0)
    now += 4 * 60_000 + 1 // 59 s before expiry: inside the 60 s leeway
    await client.getCurrentShop()
    expect(grant.refreshes).toBe(1)
    expect(server.requests.map((r) => r.url.pathname)).toEqual([
      '/open-api/v1.0/shops/current',
      '/open-api/v1.0/shops/current',
      '/open-api/v1.0/platform/token',
      '/open-api/v1.0/shops/current',
    ])
    expect(bearerOf(server.requests[3])).toBe('Bearer at_1')
  })

  it('refreshes once after 401 INVALID_TOKEN and repeats the request', async () => {
    const grant = new FakeGrant()
    server = await startFakeServer(grant.handle)
    const client = createOpenApiClient({
      baseUrl: server.origin,
      auth: { oauth: { clientId: 'app_1', clientSecret: 'cs_1', refreshToken: 'rt_0', accessToken: 'at_revoked' } },
    })
    await expect(client.getCurrentShop()).resolves.toMatchObject({ token: 'at_1' })
    expect(server.requests.map((r) => `${r.url.pathname} ${bearerOf(r) ?? ''}`.trim())).toEqual([
      '/open-api/v1.0/shops/current Bearer at_revoked',
      '/open-api/v1.0/platform/token',
      '/open-api/v1.0/shops/current Bearer at_1',
    ])
  })

  it('shares one refresh among concurrent requests, so a rotating refresh token is never presented twice', async () => {
    const grant = new FakeGrant()
    server = await startFakeServer(grant.handle)
    const stored: string[] = []
    const client = createOpenApiClient({
      baseUrl: server.origin,
      auth: {
        oauth: {
          clientId: 'app_1',
          clientSecret: 'cs_1',
          refreshToken: 'rt_0',
          accessToken: 'at_expired',
          onTokens: async (tokens) => {
            await new Promise((resolve) => setTimeout(resolve, 20))
            stored.push(tokens.refreshToken)
          },
        },
      },
    })
    const shops = await Promise.all(Array.from({ length: 8 }, () => client.getCurrentShop()))
    expect(shops.every((shop) => shop.id === 'sh_1')).toBe(true)
    expect(grant.refreshes).toBe(1)
    expect(grant.revoked).toBe(false)
    expect(stored).toEqual(['rt_1'])
  })

  it('throws the OAuth error when the grant cannot be refreshed, without retrying in a loop', async () => {
    const grant = new FakeGrant()
    grant.currentRefreshToken = 'rt_other'
    server = await startFakeServer(grant.handle)
    const client = createOpenApiClient({
      baseUrl: server.origin,
      auth: { oauth: { clientId: 'app_1', clientSecret: 'cs_1', refreshToken: 'rt_0' } },
    })
    const error = await client.getCurrentShop().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(FanshelfApiError)
    expect(error).toMatchObject({ status: 400, code: 'invalid_grant', operationId: 'exchangePlatformToken' })
    expect(server.requests).toHaveLength(1)
  })

  it('does not refresh on other 401s', async () => {
    server = await startFakeServer(() => ({ status: 401, body: { code: 'UNAUTHENTICATED', message: 'No.' } }))
    const client = createOpenApiClient({
      baseUrl: server.origin,
      auth: { oauth: { clientId: 'app_1', clientSecret: 'cs_1', refreshToken: 'rt_0', accessToken: 'at_1' } },
    })
    await expect(client.getCurrentShop()).rejects.toMatchObject({ code: 'UNAUTHENTICATED' })
    expect(server.requests).toHaveLength(1)
  })
})
