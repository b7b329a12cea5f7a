import net from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestPlatform, type TestPlatform } from '../../testing/test-platform.js'
import { startReceiver, type TestReceiver } from '../webhook-delivery/testing/test-receiver.js'

// THANK_YOU_SENT's mediaUrl is the link a creator sends the supporter: it must open real media on
// the server that sent it (PUBLIC_URL), not a 404.
let platform: TestPlatform
let receiver: TestReceiver

async function sparePort(): Promise<number> {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

beforeAll(async () => {
  const port = await sparePort()
  platform = await createTestPlatform({ env: { PORT: String(port) } })
  await platform.app.listen({ host: '127.0.0.1', port })
  receiver = await startReceiver()
})
afterAll(async () => {
  await receiver?.close()
  await platform?.close()
})

describe('GET /thank-yous/<thankYouId> (a thank-you’s media)', () => {
  it('serves an image at the mediaUrl THANK_YOU_SENT delivers', async () => {
    const created = await platform.call('createWebhookConfiguration', {
      body: { url: `${receiver.origin}/hooks`, allowedTypes: ['THANK_YOU_SENT'] },
    })
    expect(created.status).toBe(200)
    const { services } = platform.app.platform
    const donation = await services.donations.receiveDonation(platform.demo.id, {
      email: 'fan@example.com',
      username: 'pixelfan',
      amount: { value: 5, currency: 'USD' },
    })
    await services.thankYous.sendThankYou(platform.demo.id, {
      contribution: { type: 'DONATION', id: donation.id },
      publicUrl: platform.config.publicUrl,
    })
    await services.webhookDelivery.runOnce()
    await receiver.waitFor(1)

    const envelope = JSON.parse(receiver.requests[0]!.body) as { type: string; data: { mediaUrl: string } }
    expect(envelope.type).toBe('THANK_YOU_SENT')
    expect(envelope.data.mediaUrl.startsWith(`${platform.config.publicUrl}/thank-yous/`)).toBe(true)
    const media = await fetch(envelope.data.mediaUrl)
    expect(media.status).toBe(200)
    expect(media.headers.get('content-type')).toMatch(/^image\//)
    const svg = await media.text()
    expect(svg).toMatch(/^<svg /)
    expect(svg).toContain('Thank you, pixelfan!')
    expect(svg).not.toContain('fan@example.com')
  })

  it('answers an unknown thank-you 404 in the error shape', async () => {
    const response = await fetch(`${platform.config.publicUrl}/thank-yous/ty_unknown`)
    expect(response.status).toBe(404)
    expect(await response.json()).toMatchObject({ code: 'THANK_YOU_NOT_FOUND' })
  })
})
