import { createHmac } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ShopPrincipal } from '../../http/principal.js'
import { pageSerializers } from '../../http/serialized-json.js'
import { authHeaders, createTestPlatform, type TestPlatform } from '../../testing/test-platform.js'
import type { OAuthClient } from '../platform-apps/testing/oauth-harness.js'
import { connect, registerClient, signInAdmin } from '../platform-apps/testing/oauth-harness.js'
import { startReceiver, type TestReceiver } from '../webhook-delivery/testing/test-receiver.js'
import { noAppKeys } from '../webhook-delivery/webhook-signatures.js'
import { signatureHeaders } from '../webhooks/delivery-policy.js'
import { createWebhookConfigurationService } from './webhook-configurations.service.js'

/**
 * Issue 17 §4: the deprecated `GET /webhooks-secret` answers each caller the secret of its own
 * deliveries. An OAuth app's token gets that app's HMAC key — the key of its
 * `X-Fourthwall-Hmac-Apps-SHA256` deliveries — never the shop's secret, which signs the shop's
 * deliveries (every order, to endpoints the app cannot see). Called as partner code does: the
 * published path, a real bearer token from the OAuth flow.
 */

let platform: TestPlatform
let receiver: TestReceiver
let overlay: OAuthClient
let overlayToken: string
let otherApp: OAuthClient
let otherAppToken: string
let noScopeToken: string

const services = () => platform.app.platform.services
const path = '/open-api/v1.0/webhooks-secret'

function getSecret(headers: Record<string, string>) {
  return platform.app.inject({ method: 'GET', url: path, headers })
}
const bearer = (token: string) => authHeaders({ bearer: token })

async function shopSecretOf(shopId: string): Promise<string> {
  return services().shops.getWebhookSecret(shopId)
}

beforeAll(async () => {
  platform = await createTestPlatform()
  receiver = await startReceiver()
  const admin = await signInAdmin(platform)
  overlay = await registerClient(platform, { name: 'Overlay Studio', scopes: ['webhook_read', 'webhook_write'] })
  overlayToken = (await connect(platform, overlay, admin)).access_token
  otherApp = await registerClient(platform, { name: 'Chat Bot', scopes: ['webhook_read'] })
  otherAppToken = (await connect(platform, otherApp, admin)).access_token
  const noScope = await registerClient(platform, { name: 'Order Sync', scopes: ['order_read'] })
  noScopeToken = (await connect(platform, noScope, admin)).access_token
})
afterAll(async () => {
  await receiver.close()
  await platform.close()
})

describe('GET /open-api/v1.0/webhooks-secret', () => {
  it('answers an API user (Basic) the shop’s signing secret', async () => {
    const response = await getSecret(authHeaders(platform.asDemo))
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ secret: await shopSecretOf(platform.demo.id) })
  })

  it('answers an app’s token that app’s own HMAC key, never the shop’s secret', async () => {
    const shopSecret = await shopSecretOf(platform.demo.id)
    const response = await getSecret(bearer(overlayToken))
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ secret: overlay.app.webhookHmacKey })
    expect(response.body).not.toContain(shopSecret)
    // The same request as the contract describes it (schema-checked by the harness).
    const call = await platform.call('getWebhookSecret', { auth: { bearer: overlayToken } })
    expect(call.body.secret).toBe(overlay.app.webhookHmacKey)
  })

  it('answers each app its own key', async () => {
    const response = await getSecret(bearer(otherAppToken))
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ secret: otherApp.app.webhookHmacKey })
    expect(otherApp.app.webhookHmacKey).not.toBe(overlay.app.webhookHmacKey)
    expect(response.body).not.toContain(overlay.app.webhookHmacKey)
    expect(response.body).not.toContain(await shopSecretOf(platform.demo.id))
  })

  it('answers an app without webhook_read 403 INSUFFICIENT_SCOPE, with no secret in the body', async () => {
    const response = await getSecret(bearer(noScopeToken))
    expect(response.statusCode).toBe(403)
    expect(response.json()).toMatchObject({ code: 'INSUFFICIENT_SCOPE', details: { requiredScope: 'webhook_read' } })
    expect(response.body).not.toContain(await shopSecretOf(platform.demo.id))
  })

  it('answers the key that verifies the app’s own deliveries (X-Fourthwall-Hmac-Apps-SHA256)', async () => {
    const secret = (await getSecret(bearer(overlayToken))).json().secret as string
    const created = await platform.app.inject({
      method: 'POST',
      url: '/open-api/v1.0/webhooks',
      headers: bearer(overlayToken),
      payload: { url: `${receiver.origin}/overlay`, allowedTypes: ['DONATION'] },
    })
    expect(created.statusCode).toBe(200)
    const sent = await platform.app.inject({
      method: 'POST',
      url: `/open-api/v1.0/webhooks/${created.json().id}/test`,
      headers: bearer(overlayToken),
      payload: { type: 'DONATION' },
    })
    expect(sent.statusCode).toBe(200)
    await services().webhookDelivery.runOnce()
    const delivery = receiver.requests.find((r) => r.url === '/overlay')
    if (!delivery) throw new Error('the app’s test event was not delivered')
    const expected = createHmac('sha256', secret).update(delivery.body, 'utf8').digest('base64')
    expect(delivery.headers[signatureHeaders.app.toLowerCase()]).toBe(expected)
    expect(delivery.headers[signatureHeaders.shop.toLowerCase()]).toBeUndefined()
  })

  it('answers 401 without credentials', async () => {
    const response = await getSecret({})
    expect(response.statusCode).toBe(401)
    expect(response.json().code).toBe('UNAUTHENTICATED')
  })
})

describe('an app with no webhook key', () => {
  it('is refused with 403 WEBHOOK_SECRET_NOT_AVAILABLE rather than given the shop’s secret', async () => {
    const service = createWebhookConfigurationService(services().db, services().shops, {
      clock: platform.clock,
      dialect: platform.app.platform.database.dialect,
      rules: platform.config.webhooks,
      appKeys: noAppKeys,
      configurationPage: pageSerializers(platform.contract, 'listWebhookConfigurations'),
    })
    const app: ShopPrincipal = {
      kind: 'platformApp',
      shopId: platform.demo.id,
      appId: 'app_keyless',
      grantId: 'grant_test',
      scopes: new Set(['webhook_read']),
      rateKey: 'grant:grant_test',
    }
    await expect(service.getSigningSecret(app)).rejects.toMatchObject({
      code: 'WEBHOOK_SECRET_NOT_AVAILABLE',
      status: 403,
      details: { clientId: 'app_keyless' },
    })
  })
})
