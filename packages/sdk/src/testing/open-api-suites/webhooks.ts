import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { verifyWebhook, type WebhookEvent } from '../../webhooks.js'
import { apiError, client, server } from '../open-api-session.js'

/** Webhook configurations, the delivery log, and real deliveries verified by verifyWebhook. (A suite of open-api.integration.test.ts.) */
export function describeWebhooks(): void {
  describe('webhooks: configurations, the delivery log, and real deliveries verified by verifyWebhook', () => {
    let receiver: http.Server
    let receiverUrl: string
    const delivered: { event: WebhookEvent; headers: http.IncomingHttpHeaders }[] = []
    const rejected: string[] = []
    let secret = ''

    beforeAll(async () => {
      secret = (await client.getWebhookSecret()).secret
      receiver = http.createServer(async (request, response) => {
        const chunks: Buffer[] = []
        for await (const chunk of request) chunks.push(chunk as Buffer)
        try {
          delivered.push({
            event: await verifyWebhook(Buffer.concat(chunks), request.headers, secret),
            headers: request.headers,
          })
          response.writeHead(204).end()
        } catch (error) {
          rejected.push(String(error))
          response.writeHead(401).end()
        }
      })
      await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
      receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/fanshelf`
    })
    afterAll(async () => {
      receiver.closeAllConnections()
      await new Promise((resolve) => receiver.close(resolve))
    })

    async function until<T>(read: () => T | undefined, what: string): Promise<T> {
      const deadline = Date.now() + 15_000
      for (;;) {
        const value = read()
        if (value !== undefined) return value
        if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`)
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    }

    it('creates, reads, lists, updates, tests, replays and deletes a configuration', async () => {
      const created = await client.createWebhookConfiguration({
        body: { url: receiverUrl, allowedTypes: ['DONATION'] },
      })
      expect(created.url).toBe(receiverUrl)
      const id = created.id
      expect((await client.getWebhookConfiguration({ path: { webhookConfigurationId: id } })).id).toBe(id)
      const configurations = await client.paginate('listWebhookConfigurations').toArray()
      expect(configurations.map((c) => c.id)).toContain(id)
      const updated = await client.updateWebhookConfiguration({
        path: { webhookConfigurationId: id },
        body: { url: receiverUrl, allowedTypes: ['DONATION', 'ORDER_PLACED'] },
      })
      expect(updated.allowedTypes).toEqual(expect.arrayContaining(['DONATION', 'ORDER_PLACED']))

      const test = await client.sendWebhookTestEvent({
        path: { webhookConfigurationId: id },
        body: { type: 'DONATION' },
      })
      const first = await until(() => delivered.find((d) => d.event.id === test.id), 'the test delivery')
      expect(first.event).toMatchObject({ id: test.id, type: 'DONATION', testMode: true, shopId: server.demo.id })
      expect(first.headers['webhook-id']).toBe(test.id)
      expect(first.headers['x-fanshelf-hmac-sha256']).toMatch(/\S/)

      const events = await client.listWebhookEvents({ query: { webhookConfigurationId: id } })
      expect(events.results.map((e) => e.id)).toContain(test.id)
      const logged = await client.getWebhookEvent({ path: { webhookEventId: test.id } })
      expect(logged.id).toBe(test.id)

      const before = delivered.length
      const replayed = await client.replayWebhookEvent({ path: { webhookEventId: test.id } })
      expect(replayed.id).toBe(test.id)
      const again = await until(() => delivered.slice(before).find((d) => d.event.id === test.id), 'the replay')
      expect(again.event.id).toBe(first.event.id)
      expect(rejected).toEqual([])

      await expect(client.deleteWebhookConfiguration({ path: { webhookConfigurationId: id } })).resolves.toBeUndefined()
      const gone = await apiError(client.getWebhookConfiguration({ path: { webhookConfigurationId: id } }))
      expect(gone.status).toBe(404)
    })
  })
}
