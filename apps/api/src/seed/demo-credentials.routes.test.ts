import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { tampered } from '../testing/tampered.js'
import { createTestPlatform, type TestPlatform } from '../testing/test-platform.js'
import { demoCredentialsFile, writeDemoCredentials } from './demo-credentials.js'

// The API reference's "Fill demo credentials" reads this route on a local server.

let platform: TestPlatform
const url = '/admin/api/demo-credentials'

beforeAll(async () => {
  platform = await createTestPlatform()
})
// Some tests edit or remove the file: each starts from the seed's.
beforeEach(() => writeDemoCredentials(platform.config.dataDir, platform.credentials))
afterAll(() => platform.close())

/** The demo platform app the seed registered and connected to the demo shop. */
const demoApp = () => {
  const app = platform.demo.platformApp
  if (!app) throw new Error('The seed registered no demo platform app')
  return app
}

interface DemoAnswer {
  platformApp?: { clientId: string; clientSecret: string; redirectUri: string; code: string; codeVerifier: string }
  samples: { thankYouId?: string }
}

async function ask(): Promise<DemoAnswer> {
  const response = await platform.app.inject({ url, headers: { host: hostHeader('127.0.0.1') } })
  expect(response.statusCode).toBe(200)
  return response.json()
}

/** The guides' code exchange (form-encoded, client_secret_basic), with what the route handed out. */
function exchange(app: NonNullable<DemoAnswer['platformApp']>) {
  return platform.call('exchangePlatformToken', {
    auth: { basic: { username: app.clientId, password: app.clientSecret } },
    contentType: 'application/x-www-form-urlencoded',
    rawBody: new URLSearchParams({
      grant_type: 'authorization_code',
      code: app.code,
      redirect_uri: app.redirectUri,
      code_verifier: app.codeVerifier,
    }).toString(),
  })
}

/** The Host header a browser sends to the server under `hostname` (its port is the server's own). */
const hostHeader = (hostname: string) => `${hostname}:${new URL(platform.config.publicUrl).port}`

describe('GET /admin/api/demo-credentials', () => {
  it('gives a local browser the demo shop’s working API user and storefront token', async () => {
    const response = await platform.app.inject({ url, headers: { host: hostHeader('127.0.0.1') } })
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('no-store')
    expect(response.json()).toEqual({
      shopId: platform.demo.id,
      apiUser: platform.demo.apiUser,
      storefrontToken: platform.demo.storefrontToken,
      platformApp: {
        clientId: demoApp().clientId,
        clientSecret: demoApp().clientSecret,
        redirectUri: `${platform.config.publicUrl}/`,
        code: expect.stringMatching(/^fsac_/),
        codeVerifier: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      },
      samples: { thankYouId: expect.stringMatching(/^ty_/) },
    })
    // They work: the reference sends them as they are.
    const shop = await platform.call('getCurrentShop', { auth: { basic: response.json().apiUser } })
    expect(shop.status).toBe(200)
  })

  it('is not offered to a remote client, nor to a page that reached loopback under another name', async () => {
    const remote = await platform.app.inject({ url, remoteAddress: '203.0.113.9', headers: { host: 'localhost' } })
    expect(remote.statusCode).toBe(404)
    expect(remote.body).not.toContain(platform.demo.apiUser.password)
    const rebound = await platform.app.inject({ url, headers: { host: hostHeader('attacker.example') } })
    expect(rebound.statusCode).toBe(404)
    expect(rebound.body).not.toContain(platform.demo.apiUser.password)
  })

  it('leaves out an API user whose password no longer works, and answers a local browser 204 without any file', async () => {
    const users = platform.app.platform.services.apiUsers
    const [user] = (await users.list(platform.demo.id)).filter((u) => u.username === platform.demo.apiUser.username)
    const file = path.join(platform.config.dataDir, demoCredentialsFile)
    const edited = structuredClone(platform.credentials)
    edited.shops[0]!.apiUser = { username: user!.username, password: 'not-the-password' }
    fs.writeFileSync(file, JSON.stringify(edited))
    const stale = await platform.app.inject({ url, headers: { host: hostHeader('localhost') } })
    expect(stale.json()).toEqual({
      shopId: platform.demo.id,
      storefrontToken: platform.demo.storefrontToken,
      platformApp: expect.objectContaining({ clientId: demoApp().clientId }),
      samples: { thankYouId: expect.any(String) },
    })

    fs.rmSync(file)
    // Nothing to fill in: an empty answer, not an error a docs page would log in its console.
    const none = await platform.app.inject({ url, headers: { host: hostHeader('localhost') } })
    expect(none.statusCode).toBe(204)
    expect(none.body).toBe('')
  })

  it('hands out a fresh single-use code of the demo app on every request, which the token endpoint exchanges', async () => {
    const first = (await ask()).platformApp!
    const second = (await ask()).platformApp!
    expect(second.code).not.toBe(first.code)
    expect(second.codeVerifier).not.toBe(first.codeVerifier)

    const tokens = await exchange(first)
    expect(tokens.status).toBe(200)
    expect(tokens.body.scope).toBe('order_read fulfillment_write webhook_read webhook_write giveaway_write')
    const orders = await platform.call('listOrders', { auth: { bearer: tokens.body.access_token } })
    expect(orders.status).toBe(200)
    // Single-use: the same code again is refused (and revokes what it gave).
    const replay = await exchange(first)
    expect(replay.status).toBe(400)
    expect(replay.body.error).toBe('invalid_grant')
    // A code is bound to its own verifier.
    expect((await exchange({ ...second, codeVerifier: first.codeVerifier })).status).toBe(400)

    // The revocation try-it sends: exchange a fresh code, revoke the access token it gave.
    const third = (await ask()).platformApp!
    const revokable = await exchange(third)
    expect(revokable.status).toBe(200)
    const revoked = await platform.call('revokePlatformToken', {
      auth: { basic: { username: third.clientId, password: third.clientSecret } },
      body: { token: revokable.body.access_token, token_type_hint: 'access_token' },
    })
    expect(revoked.status).toBe(200)
    expect((await platform.call('listOrders', { auth: { bearer: revokable.body.access_token } })).status).toBe(401)

    // Still the one connection the seed made (asking refreshes its consent, it adds none).
    const connections = await platform.app.platform.services.platformGrants.listConnections(platform.demo.id)
    expect(connections.filter((c) => c.appId === first.clientId)).toHaveLength(1)
  })

  it('names the demo shop’s newest thank-you, which getThankYou then reads', async () => {
    const seeded = (await ask()).samples.thankYouId!
    expect((await platform.call('getThankYou', { params: { thankYouId: seeded } })).status).toBe(200)
    const [order] = (await platform.call('listOrders', { query: { size: '1' } })).body.results
    const sent = await platform.app.platform.services.thankYous.sendThankYou(platform.demo.id, {
      contribution: { type: 'ORDER', id: order.id },
      publicUrl: platform.config.publicUrl,
    })
    expect((await ask()).samples.thankYouId).toBe(sent.id)
  })

  it('stops offering the demo app when it is suspended, its secret is wrong or the shop disconnected it', async () => {
    const file = path.join(platform.config.dataDir, demoCredentialsFile)
    const { platformApps, platformGrants } = platform.app.platform.services
    const clientId = demoApp().clientId

    await platformApps.setStatus(clientId, 'SUSPENDED')
    expect((await ask()).platformApp).toBeUndefined()
    await platformApps.setStatus(clientId, 'ACTIVE')
    expect((await ask()).platformApp?.clientId).toBe(clientId)

    const edited = structuredClone(platform.credentials)
    edited.shops[0]!.platformApp!.clientSecret = tampered(demoApp().clientSecret)
    fs.writeFileSync(file, JSON.stringify(edited))
    expect((await ask()).platformApp).toBeUndefined()
    writeDemoCredentials(platform.config.dataDir, platform.credentials)

    const [connection] = (await platformGrants.listConnections(platform.demo.id)).filter((c) => c.appId === clientId)
    await platformGrants.disconnect({ shopId: platform.demo.id, adminUserId: connection!.consentedBy! }, clientId)
    expect((await ask()).platformApp).toBeUndefined()
    // Asking never reconnects it: connecting is the shop's super-admin's decision.
    const after = await platformGrants.listConnections(platform.demo.id)
    expect(after.map((c) => c.appId)).not.toContain(clientId)
  })
})
