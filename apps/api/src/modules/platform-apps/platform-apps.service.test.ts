import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tokenHash } from '../../security/secret-box.js'
import { createTestPlatform, type TestPlatform } from '../../testing/test-platform.js'
import { mintSecret } from './opaque-tokens.js'

/** Invite-only registration: what an app may be registered with, and what is shown and kept. */

let platform: TestPlatform
const apps = () => platform.app.platform.services.platformApps

beforeAll(async () => {
  platform = await createTestPlatform()
})
afterAll(() => platform.close())

const valid = { name: 'Overlay Studio', redirectUris: ['https://overlay.example.com/cb'], scopes: ['order_read'] }

describe('registering a platform app', () => {
  it('shows the client id, client secret and webhook HMAC key once, and keeps a digest and a sealed key', async () => {
    const app = await apps().register({ ...valid, redirectUris: [...valid.redirectUris, 'http://127.0.0.1:3000/cb'] })
    expect(app.clientId).toMatch(/^app_[0-9A-Za-z]{16}$/)
    expect(app.clientSecret).toMatch(/^fscs_[0-9A-Za-z]{49}$/)
    expect(app.webhookHmacKey).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/)
    const row = await platform.app.platform.services.db
      .selectFrom('platform_apps')
      .selectAll()
      .where('id', '=', app.clientId)
      .executeTakeFirstOrThrow()
    expect(row.client_secret_hash).toBe(tokenHash(app.clientSecret))
    expect(row.pkce_required).toBe(1)
    expect(row.webhook_hmac_key_sealed).not.toContain(app.webhookHmacKey)
    expect(await apps().appKeys.keyFor(app.clientId)).toBe(app.webhookHmacKey)
    const listed = (await apps().list()).find((a) => a.id === app.clientId)
    expect(listed).toEqual({
      id: app.clientId,
      name: 'Overlay Studio',
      redirectUris: ['https://overlay.example.com/cb', 'http://127.0.0.1:3000/cb'],
      scopes: ['order_read'],
      status: 'ACTIVE',
      pkceRequired: true,
      registration: 'OPERATOR',
      createdAt: app.createdAt,
      connectedShops: 0,
      pendingUntil: null,
    })
    expect(JSON.stringify(listed)).not.toContain(app.clientSecret)
  })

  const refused: [string, Partial<typeof valid>, RegExp][] = [
    ['an empty name', { name: '  ' }, /name/],
    ['no redirect URI', { redirectUris: [] }, /at least one redirect URI/],
    ['a relative redirect URI', { redirectUris: ['/cb'] }, /not an absolute URL/],
    ['plain http off loopback', { redirectUris: ['http://overlay.example.com/cb'] }, /must use https/],
    ['a wildcard', { redirectUris: ['https://*.example.com/cb'] }, /wildcard/],
    ['a fragment', { redirectUris: ['https://overlay.example.com/cb#x'] }, /fragment/],
    ['credentials in the URI', { redirectUris: ['https://user:pw@overlay.example.com/cb'] }, /credentials/],
    ['a custom scheme', { redirectUris: ['myapp://cb'] }, /https/],
    ['an unknown scope', { scopes: ['order_read', 'everything'] }, /everything is not a scope/],
    ['a repeated scope', { scopes: ['order_read', 'order_read'] }, /repeated/],
  ]
  for (const [what, change, message] of refused) {
    it(`refuses ${what}`, async () => {
      await expect(apps().register({ ...valid, ...change })).rejects.toMatchObject({
        code: 'PLATFORM_APP_INVALID',
        message: expect.stringMatching(message),
      })
    })
  }

  it('authenticates the client with its secret only', async () => {
    const app = await apps().register(valid)
    expect((await apps().authenticateClient(app.clientId, app.clientSecret))?.id).toBe(app.clientId)
    expect(await apps().authenticateClient(app.clientId, mintSecret('clientSecret'))).toBeUndefined()
    expect(await apps().authenticateClient(app.clientId, 'not-a-secret')).toBeUndefined()
    expect(await apps().authenticateClient('app_unknown', app.clientSecret)).toBeUndefined()
  })
})

describe('client authentication', () => {
  // Regression (found by contract fuzzing on PostgreSQL, decision 0015): a client id holding U+0000
  // reached a query PostgreSQL refuses, so the token endpoint answered 500 instead of invalid_client.
  it('treats a client id holding U+0000 as unknown: invalid_client, on every database', async () => {
    const app = await apps().register(valid)
    expect(await apps().authenticateClient(`${app.clientId}\u0000`, app.clientSecret)).toBeUndefined()
    expect(await apps().findApp(`${app.clientId}\u0000`)).toBeUndefined()
    const { status, body } = await platform.call('exchangePlatformToken', {
      auth: 'none',
      body: {
        grant_type: 'refresh_token',
        refresh_token: 'fsrt_x',
        client_id: `${app.clientId}\u0000`,
        client_secret: app.clientSecret,
      },
    })
    expect(status).toBe(401)
    expect(body.error).toBe('invalid_client')
    expect(await apps().authenticateClient(app.clientId, app.clientSecret)).toMatchObject({ id: app.clientId })
  })
})
