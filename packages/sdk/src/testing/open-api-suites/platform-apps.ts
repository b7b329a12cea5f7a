import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, expect, it } from 'vitest'
import type { OAuthTokens } from '../../oauth.js'
import { createOpenApiClient } from '../../open-api-client.js'
import { verifyWebhook } from '../../webhooks.js'
import { approveConsent, registerApp } from '../oauth-consent.js'
import { apiError, client, server, tracked } from '../open-api-session.js'

/** Platform apps through the SDK: OAuth code exchange, automatic refresh with rotation, revocation, introspection; the app's webhooks. (A suite of open-api.integration.test.ts.) */
export function describePlatformApps(): void {
  describe('platform OAuth: code exchange, automatic refresh with rotation, revocation', () => {
    it('connects an app and keeps calling through refreshes and a revoked access token', async () => {
      const publicClient = tracked(createOpenApiClient({ baseUrl: server.origin }))
      const metadata = await publicClient.getAuthorizationServerMetadata()
      expect(metadata.grant_types_supported).toContain('refresh_token')

      const app = await registerApp(server, ['order_read', 'webhook_read'])
      const { code, codeVerifier, iss } = await approveConsent(server, app, metadata.authorization_endpoint)
      expect(iss).toBe(metadata.issuer)
      const issued = await publicClient.exchangePlatformToken({
        body: {
          grant_type: 'authorization_code',
          code,
          redirect_uri: app.redirectUri,
          client_id: app.clientId,
          client_secret: app.clientSecret,
          code_verifier: codeVerifier,
        },
      })
      expect(issued.token_type).toBe('Bearer')

      let now = Date.now()
      const stored: OAuthTokens[] = []
      const appClient = tracked(
        createOpenApiClient({
          baseUrl: server.origin,
          now: () => now,
          auth: {
            oauth: {
              clientId: app.clientId,
              clientSecret: app.clientSecret,
              refreshToken: issued.refresh_token,
              accessToken: issued.access_token,
              expiresAt: now + issued.expires_in * 1000,
              onTokens: (tokens) => void stored.push(tokens),
            },
          },
        }),
      )
      expect((await appClient.getCurrentShop()).id).toBe(server.demo.id)
      expect(stored).toHaveLength(0)

      // Close to expiry (by the client's clock): it refreshes first, and the refresh token rotates.
      now += (issued.expires_in - 30) * 1000
      expect((await appClient.listOrders({ query: { size: 1 } })).results).toHaveLength(1)
      expect(stored).toHaveLength(1)
      expect(stored[0]?.refreshToken).not.toBe(issued.refresh_token)
      expect(stored[0]?.scopes).toEqual(expect.arrayContaining(['order_read', 'webhook_read']))

      // The access token is revoked behind the client's back: 401 INVALID_TOKEN → refresh → repeat.
      await publicClient.revokePlatformToken({
        body: { token: stored[0]?.accessToken as string, client_id: app.clientId, client_secret: app.clientSecret },
      })
      expect((await appClient.getCurrentShop()).id).toBe(server.demo.id)
      expect(stored).toHaveLength(2)

      // Introspection (RFC 7662): the revoked token is inactive, the refreshed one says its scopes.
      const asApp = { client_id: app.clientId, client_secret: app.clientSecret }
      const revoked = await publicClient.introspectPlatformToken({
        body: { token: stored[0]?.accessToken as string, ...asApp },
      })
      expect(revoked).toEqual({ active: false })
      const live = await publicClient.introspectPlatformToken({
        body: { token: stored[1]?.accessToken as string, ...asApp },
      })
      expect(live).toMatchObject({ active: true, client_id: app.clientId, sub: server.demo.id, token_type: 'Bearer' })
      expect(live.scope?.split(' ').sort()).toEqual(['order_read', 'webhook_read'])

      // Scopes are enforced: a typed INSUFFICIENT_SCOPE error.
      const error = await apiError(appClient.listDonations())
      expect(error).toMatchObject({ status: 403, code: 'INSUFFICIENT_SCOPE' })
    })
  })

  describe("a platform app's webhooks", () => {
    it('are signed with the app key (X-Fanshelf-Hmac-Apps-SHA256 and Standard Webhooks), which verifyWebhook checks', async () => {
      const publicClient = createOpenApiClient({ baseUrl: server.origin })
      const metadata = await publicClient.getAuthorizationServerMetadata()
      const app = await registerApp(server, ['webhook_read', 'webhook_write'])
      const { code, codeVerifier } = await approveConsent(server, app, metadata.authorization_endpoint)
      const issued = await publicClient.exchangePlatformToken({
        body: {
          grant_type: 'authorization_code',
          code,
          redirect_uri: app.redirectUri,
          client_id: app.clientId,
          client_secret: app.clientSecret,
          code_verifier: codeVerifier,
        },
      })
      const appClient = tracked(
        createOpenApiClient({
          baseUrl: server.origin,
          auth: {
            oauth: {
              clientId: app.clientId,
              clientSecret: app.clientSecret,
              refreshToken: issued.refresh_token,
              accessToken: issued.access_token,
            },
          },
        }),
      )

      const deliveries: { body: Buffer; headers: http.IncomingHttpHeaders }[] = []
      const receiver = http.createServer(async (request, response) => {
        const chunks: Buffer[] = []
        for await (const chunk of request) chunks.push(chunk as Buffer)
        deliveries.push({ body: Buffer.concat(chunks), headers: request.headers })
        response.writeHead(204).end()
      })
      await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
      try {
        const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/app-hooks`
        const configuration = await appClient.createWebhookConfiguration({ body: { url, allowedTypes: ['DONATION'] } })
        const test = await appClient.sendWebhookTestEvent({
          path: { webhookConfigurationId: configuration.id },
          body: { type: 'DONATION' },
        })
        const deadline = Date.now() + 15_000
        while (deliveries.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50))
        const [delivery] = deliveries
        if (!delivery) throw new Error('No delivery arrived')
        expect(delivery.headers['x-fanshelf-hmac-apps-sha256']).toMatch(/\S/)
        expect(delivery.headers['x-fanshelf-hmac-sha256']).toBeUndefined()

        const event = await verifyWebhook(delivery.body, delivery.headers, app.webhookHmacKey)
        expect(event).toMatchObject({ id: test.id, type: 'DONATION', testMode: true })
        await expect(
          verifyWebhook(delivery.body, delivery.headers, app.webhookHmacKey, { scheme: 'hmac' }),
        ).resolves.toMatchObject({ id: test.id })
        const shopSecret = (await client.getWebhookSecret()).secret
        await expect(verifyWebhook(delivery.body, delivery.headers, shopSecret)).rejects.toMatchObject({
          reason: 'INVALID_SIGNATURE',
        })
      } finally {
        receiver.closeAllConnections()
        await new Promise((resolve) => receiver.close(resolve))
      }
    })
  })
}
