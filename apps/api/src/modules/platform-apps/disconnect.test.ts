import { createHmac } from 'node:crypto'
import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createTestPlatform, type TestPlatform } from '../../testing/test-platform.js'
import { recordEvent } from '../events/event-outbox.js'
import { startReceiver, type TestReceiver } from '../webhook-delivery/testing/test-receiver.js'
import { type AdminBrowser, connect, type OAuthClient, registerClient, signInAdmin } from './testing/oauth-harness.js'

/**
 * App webhooks and disconnect: an app registers webhooks with its bearer token; their deliveries
 * are signed with the app's HMAC key (`X-Fanshelf-Hmac-Apps-SHA256`). A shop admin disconnects the
 * app (admin API, session + CSRF): its tokens die at once, PLATFORM_APP_DISCONNECTED reaches its
 * webhooks — and nothing more of the shop does. A real loopback receiver takes the deliveries.
 */

let platform: TestPlatform
let receiver: TestReceiver
let admin: AdminBrowser
let app: OAuthClient

const services = () => platform.app.platform.services
const appSignature = (body: string) => createHmac('sha256', app.app.webhookHmacKey).update(body).digest('base64')

function disconnect(appId: string, browser: AdminBrowser, csrf: string | null = browser.csrfToken) {
  return platform.app.inject({
    method: 'DELETE',
    url: `/admin/api/platform-apps/${appId}/connection`,
    headers: { cookie: browser.cookie, ...(csrf ? { 'x-csrf-token': csrf } : {}) },
  })
}

/** The shop's connections the admin lists, but for the demo app the seed connected. */
async function connections(browser: AdminBrowser): Promise<{ appId: string }[]> {
  const response = await platform.app.inject({
    method: 'GET',
    url: '/admin/api/platform-apps/connections',
    headers: { cookie: browser.cookie },
  })
  expect(response.statusCode).toBe(200)
  const { results } = response.json() as { results: { appId: string }[] }
  expect(results.map((c) => c.appId)).toContain(platform.demo.platformApp?.clientId)
  return results.filter((c) => c.appId !== platform.demo.platformApp?.clientId)
}

beforeAll(async () => {
  platform = await createTestPlatform()
  // standardwebhooks checks the timestamp against the real clock: run the manual clock from real time.
  platform.clock.set(Date.now())
  receiver = await startReceiver()
  admin = await signInAdmin(platform)
  app = await registerClient(platform, { scopes: ['webhook_read', 'webhook_write', 'order_read'], name: 'Alerts Bot' })
})
afterAll(async () => {
  await receiver.close()
  await platform.close()
})
beforeEach(() => platform.clock.advance(10_000))

describe('app webhooks and disconnect', () => {
  it('signs an app’s webhook deliveries with its HMAC key, then disconnects it and notifies it', async () => {
    const tokens = await connect(platform, app, admin)
    const bearer = { bearer: tokens.access_token }
    const created = await platform.call('createWebhookConfiguration', {
      auth: bearer,
      body: { url: `${receiver.origin}/alerts`, allowedTypes: ['ORDER_PLACED', 'PLATFORM_APP_DISCONNECTED'] },
    })
    expect(created.status).toBe(200)
    const shopOwn = await platform.call('createWebhookConfiguration', {
      body: { url: `${receiver.origin}/shop`, allowedTypes: ['ORDER_PLACED'] },
    })
    expect(shopOwn.status).toBe(200)

    // App webhooks are signed with the app's key.
    const test = await platform.call('sendWebhookTestEvent', {
      auth: bearer,
      params: { webhookConfigurationId: created.body.id },
      body: { type: 'DONATION' },
    })
    expect(test.status).toBe(200)
    await services().webhookDelivery.runOnce()
    const testDelivery = receiver.requests.find((r) => r.url === '/alerts')
    expect(testDelivery?.headers['x-fanshelf-hmac-apps-sha256']).toBe(appSignature(testDelivery?.body ?? ''))
    expect(testDelivery?.headers['x-fanshelf-hmac-sha256']).toBeUndefined()
    const received = receiver.requests.length

    // The connection is listed; disconnecting needs the CSRF token.
    const listed = await connections(admin)
    expect(listed).toEqual([
      expect.objectContaining({
        appId: app.app.clientId,
        name: 'Alerts Bot',
        scopes: expect.arrayContaining([{ scope: 'order_read', description: 'Read orders' }]),
      }),
    ])
    expect((await disconnect(app.app.clientId, admin, null)).statusCode).toBe(403)
    expect((await disconnect(app.app.clientId, admin, 'forged')).statusCode).toBe(403)
    const elsewhere = await signInAdmin(platform, 'SUPER_ADMIN', platform.other)
    const foreign = await disconnect(app.app.clientId, elsewhere)
    expect(foreign.statusCode).toBe(404)
    expect(foreign.json().code).toBe('PLATFORM_APP_CONNECTION_NOT_FOUND')
    expect((await platform.call('getCurrentShop', { auth: bearer })).status).toBe(200)

    const done = await disconnect(app.app.clientId, admin)
    expect(done.statusCode).toBe(204)

    // Every token of the app for the shop is dead.
    const after = await platform.call('getCurrentShop', { auth: bearer })
    expect(after.status).toBe(401)
    expect(after.body.code).toBe('INVALID_TOKEN')
    const refreshed = await platform.call('exchangePlatformToken', {
      auth: { basic: { username: app.app.clientId, password: app.app.clientSecret } },
      body: { grant_type: 'refresh_token', refresh_token: tokens.refresh_token },
    })
    expect(refreshed.status).toBe(400)
    expect(refreshed.body.error).toBe('invalid_grant')

    // PLATFORM_APP_DISCONNECTED {appId, shopId} reaches the app's webhook, signed with its key.
    await services().webhookDelivery.runOnce()
    const notice = receiver.requests.slice(received).find((r) => r.url === '/alerts')
    expect(notice).toBeDefined()
    const envelope = JSON.parse(notice?.body ?? '{}')
    expect(envelope).toMatchObject({
      type: 'PLATFORM_APP_DISCONNECTED',
      shopId: platform.demo.id,
      webhookId: created.body.id,
      testMode: false,
      data: { appId: app.app.clientId, shopId: platform.demo.id },
    })
    expect(notice?.headers['x-fanshelf-hmac-apps-sha256']).toBe(appSignature(notice?.body ?? ''))
    const verified = new Webhook(app.app.webhookHmacKey).verify(notice?.body ?? '', {
      'webhook-id': String(notice?.headers['webhook-id']),
      'webhook-timestamp': String(notice?.headers['webhook-timestamp']),
      'webhook-signature': String(notice?.headers['webhook-signature']),
    })
    expect(verified).toMatchObject({ type: 'PLATFORM_APP_DISCONNECTED' })
    expect(receiver.requests.slice(received).filter((r) => r.url === '/shop')).toEqual([])

    // Nothing more of the shop reaches the disconnected app; the shop's own webhooks go on.
    const { deliveryIds } = await platform.app.platform.services.db
      .transaction()
      .execute((trx) =>
        recordEvent(trx, { shopId: platform.demo.id, type: 'ORDER_PLACED', data: { id: 'o' } }, platform.clock.now()),
      )
    expect(deliveryIds).toHaveLength(1)
    const queued = await services()
      .db.selectFrom('webhook_events')
      .select('configuration_id')
      .where('id', 'in', deliveryIds)
      .execute()
    expect(queued).toEqual([{ configuration_id: shopOwn.body.id }])

    expect(await connections(admin)).toEqual([])
    expect((await disconnect(app.app.clientId, admin)).statusCode).toBe(404)
  })

  it('starts afresh when the shop connects the app again: the old webhook configurations are gone', async () => {
    const tokens = await connect(platform, app, admin)
    const list = await platform.call('listWebhookConfigurations', { auth: { bearer: tokens.access_token } })
    expect(list.status).toBe(200)
    expect(list.body.results).toEqual([])
    expect(await connections(admin)).toHaveLength(1)
  })

  it('is a service method the merchant admin reuses', async () => {
    const other = await registerClient(platform, { scopes: [], name: 'Service Disconnect' })
    await connect(platform, other, admin)
    const grants = services().platformGrants
    const session = await services().adminSessions.authenticate(admin.cookie.split('=')[1])
    const actor = { shopId: platform.demo.id, adminUserId: session?.adminUserId as string }
    await expect(grants.disconnect(actor, other.app.clientId)).resolves.toEqual({
      appId: other.app.clientId,
      shopId: platform.demo.id,
    })
    await expect(grants.disconnect(actor, other.app.clientId)).rejects.toMatchObject({
      code: 'PLATFORM_APP_CONNECTION_NOT_FOUND',
    })
  })
})
