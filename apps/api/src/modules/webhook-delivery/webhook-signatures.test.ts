import { createHmac, timingSafeEqual } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { Webhook } from 'standardwebhooks'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { signatureHeaders } from '../webhooks/delivery-policy.js'
import { type DeliveryFixture, useDeliveryFixture } from './testing/delivery-fixture.js'
import { startReceiver, type TestReceiver } from './testing/test-receiver.js'
import { createSigningKeys, signDelivery, standardWebhooksKey } from './webhook-signatures.js'

/** The receiver's recipe from the guides: base64 HMAC-SHA256 of the raw body, secret as UTF-8. */
function verifyPlainHmac(secret: string, rawBody: string, header: string | undefined): boolean {
  const expected = Buffer.from(createHmac('sha256', secret).update(rawBody, 'utf8').digest('base64'))
  const given = Buffer.from(header ?? '')
  return expected.length === given.length && timingSafeEqual(expected, given)
}

/**
 * A receiver written for the real platform, knowing nothing about Fanshelf: it reads ONLY the
 * platform's header (`X-Fourthwall-Hmac-SHA256`, or `X-Fourthwall-Hmac-Apps-SHA256` for an app),
 * answers 200 when the base64 HMAC of the raw body matches and 401 otherwise.
 */
async function startPlatformReceiver(secret: string, header: string) {
  const verified: string[] = []
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const raw = Buffer.concat(chunks)
      const digest = createHmac('sha256', secret).update(raw).digest('base64')
      const given = request.headers[header.toLowerCase()]
      if (
        typeof given === 'string' &&
        given.length === digest.length &&
        timingSafeEqual(Buffer.from(given), Buffer.from(digest))
      ) {
        verified.push(JSON.parse(raw.toString('utf8')).id)
        response.writeHead(200).end()
      } else response.writeHead(401).end('bad signature')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/fourthwall`,
    verified,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

function headerRecord(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : (v ?? '')]))
}

describe('webhook signatures', () => {
  // standardwebhooks checks the timestamp against the real clock: start the manual clock at real time.
  const current = useDeliveryFixture({ now: () => Date.now() })
  let fixture: DeliveryFixture
  let receiver: TestReceiver

  beforeEach(async () => {
    fixture = current()
    receiver = await startReceiver()
  })
  afterEach(async () => {
    await receiver.close()
  })

  it('signs every delivery so that the standardwebhooks library and the plain HMAC recipe verify it', async () => {
    await fixture.addConfiguration({ url: `${receiver.origin}/hooks` })
    const { deliveryIds } = await fixture.record({ type: 'DONATION', data: { id: 'don_1', note: 'ünïcode ✓' } })
    await fixture.worker().runOnce()

    expect(receiver.requests).toHaveLength(1)
    const [request] = receiver.requests
    const headers = headerRecord(request!.headers)
    const stored = await fixture.delivery(deliveryIds[0]!)
    expect(request!.body).toBe(stored.body)
    expect(headers['content-type']).toBe('application/json')
    expect(headers['webhook-id']).toBe(deliveryIds[0])
    expect(headers['webhook-timestamp']).toBe(String(Math.floor(fixture.clock.now() / 1000)))

    const verified = new Webhook(fixture.secret).verify(request!.body, headers) as { id: string; testMode: boolean }
    expect(verified.id).toBe(deliveryIds[0])
    expect(verified.testMode).toBe(false)
    expect(verifyPlainHmac(fixture.secret, request!.body, headers[signatureHeaders.shop.toLowerCase()])).toBe(true)
    expect(headers['x-fourthwall-hmac-sha256']).toBeDefined()
    expect(headers['x-fanshelf-hmac-sha256']).toBe(headers['x-fourthwall-hmac-sha256'])
    expect(headers[signatureHeaders.app.toLowerCase()]).toBeUndefined()
    expect(headers[signatureHeaders.fanshelfApp.toLowerCase()]).toBeUndefined()
  })

  it('is accepted by a receiver written for the platform that verifies only X-Fourthwall-Hmac-SHA256', async () => {
    const platformReceiver = await startPlatformReceiver(fixture.secret, 'X-Fourthwall-Hmac-SHA256')
    try {
      await fixture.addConfiguration({ url: platformReceiver.url })
      const { deliveryIds } = await fixture.record({ type: 'DONATION', data: { id: 'don_2', message: 'ünïcode ✓' } })
      await fixture.worker().runOnce()
      expect(platformReceiver.verified).toEqual(deliveryIds)
      expect((await fixture.delivery(deliveryIds[0]!)).state).toBe('DELIVERED')
    } finally {
      await platformReceiver.close()
    }
  })

  it('is refused by that receiver when signed with another secret (the test receiver can fail)', async () => {
    const platformReceiver = await startPlatformReceiver('whsec_not-the-shop-secret', 'X-Fourthwall-Hmac-SHA256')
    try {
      await fixture.addConfiguration({ url: platformReceiver.url })
      const { deliveryIds } = await fixture.record({ type: 'DONATION' })
      await fixture.worker().runOnce()
      expect(platformReceiver.verified).toEqual([])
      expect((await fixture.delivery(deliveryIds[0]!)).state).toBe('RETRYING')
    } finally {
      await platformReceiver.close()
    }
  })

  it('is accepted by a platform-app receiver that verifies only X-Fourthwall-Hmac-Apps-SHA256', async () => {
    const appKey = `whsec_${Buffer.alloc(24, 5).toString('base64')}`
    const platformReceiver = await startPlatformReceiver(appKey, 'X-Fourthwall-Hmac-Apps-SHA256')
    try {
      await fixture.addConfiguration({ url: platformReceiver.url, appId: 'apps.platform_receiver' })
      const { deliveryIds } = await fixture.record({ type: 'DONATION' })
      const signingKeys = createSigningKeys({
        db: fixture.database.db,
        secretBox: fixture.secretBox,
        clock: fixture.clock,
        appKeys: { keyFor: async (appId) => (appId === 'apps.platform_receiver' ? appKey : undefined) },
      })
      await fixture.worker({ signingKeys }).runOnce()
      expect(platformReceiver.verified).toEqual(deliveryIds)
      expect((await fixture.delivery(deliveryIds[0]!)).state).toBe('DELIVERED')
    } finally {
      await platformReceiver.close()
    }
  })

  it('rejects a tampered body or id with both recipes', async () => {
    await fixture.addConfiguration({ url: `${receiver.origin}/hooks` })
    await fixture.record({ type: 'DONATION' })
    await fixture.worker().runOnce()
    const [request] = receiver.requests
    const headers = headerRecord(request!.headers)
    const tamperedBody = request!.body.replace('"testMode":false', '"testMode":true')
    expect(tamperedBody).not.toBe(request!.body)

    const webhook = new Webhook(fixture.secret)
    expect(() => webhook.verify(tamperedBody, headers)).toThrow()
    expect(() => webhook.verify(request!.body, { ...headers, 'webhook-id': 'weve_someoneElse' })).toThrow()
    expect(() =>
      webhook.verify(request!.body, {
        ...headers,
        'webhook-timestamp': String(Number(headers['webhook-timestamp']) + 1),
      }),
    ).toThrow()
    expect(verifyPlainHmac(fixture.secret, tamperedBody, headers[signatureHeaders.shop.toLowerCase()])).toBe(false)
    expect(verifyPlainHmac('whsec_wrong', request!.body, headers[signatureHeaders.shop.toLowerCase()])).toBe(false)
  })

  it('signs with the previous secret too while a rotation is in progress', async () => {
    const previous = `whsec_${Buffer.alloc(24, 7).toString('base64')}`
    await fixture.database.db
      .updateTable('shops')
      .set({
        webhook_secret_previous: fixture.secretBox.seal(previous),
        webhook_secret_previous_until: new Date(fixture.clock.now() + 3_600_000).toISOString(),
      })
      .where('id', '=', fixture.shopId)
      .execute()
    await fixture.addConfiguration({ url: `${receiver.origin}/hooks` })
    await fixture.record({ type: 'DONATION' })
    await fixture.worker().runOnce()
    const headers = headerRecord(receiver.requests[0]!.headers)
    expect(headers['webhook-signature']?.split(' ')).toHaveLength(2)
    expect(() => new Webhook(previous).verify(receiver.requests[0]!.body, headers)).not.toThrow()
    expect(() => new Webhook(fixture.secret).verify(receiver.requests[0]!.body, headers)).not.toThrow()
  })

  it('signs a platform app configuration with the app key only, once a key source provides it', async () => {
    const appKey = `whsec_${Buffer.alloc(24, 9).toString('base64')}`
    await fixture.addConfiguration({ url: `${receiver.origin}/app`, appId: 'apps.test_app' })
    const { deliveryIds } = await fixture.record({ type: 'DONATION' })
    const signingKeys = createSigningKeys({
      db: fixture.database.db,
      secretBox: fixture.secretBox,
      clock: fixture.clock,
      appKeys: { keyFor: async (appId) => (appId === 'apps.test_app' ? appKey : undefined) },
    })
    await fixture.worker({ signingKeys }).runOnce()
    const headers = headerRecord(receiver.requests[0]!.headers)
    expect(verifyPlainHmac(appKey, receiver.requests[0]!.body, headers[signatureHeaders.app.toLowerCase()])).toBe(true)
    expect(headers['x-fanshelf-hmac-apps-sha256']).toBe(headers['x-fourthwall-hmac-apps-sha256'])
    expect(headers[signatureHeaders.shop.toLowerCase()]).toBeUndefined()
    expect(headers[signatureHeaders.fanshelfShop.toLowerCase()]).toBeUndefined()
    expect(() => new Webhook(appKey).verify(receiver.requests[0]!.body, headers)).not.toThrow()
    expect(() => new Webhook(fixture.secret).verify(receiver.requests[0]!.body, headers)).toThrow()
    expect((await fixture.delivery(deliveryIds[0]!)).state).toBe('DELIVERED')
  })

  it('holds back an app configuration’s deliveries while no key is available for the app', async () => {
    await fixture.addConfiguration({ url: `${receiver.origin}/app`, appId: 'apps.keyless' })
    const { deliveryIds } = await fixture.record({ type: 'DONATION' })
    await fixture.worker().runOnce()
    expect(receiver.requests).toHaveLength(0)
    const delivery = await fixture.delivery(deliveryIds[0]!)
    expect(delivery).toMatchObject({ state: 'PENDING', attempt_count: 0, lease_owner: null })
    expect(delivery.last_error).toMatch(/apps\.keyless/)
    expect(Date.parse(delivery.next_attempt_at!)).toBeGreaterThan(fixture.clock.now())
  })

  it('puts app configurations under the app header, keyed with the app key', () => {
    const key = `whsec_${Buffer.alloc(24, 3).toString('base64')}`
    const headers = signDelivery(
      { kind: 'app', secrets: [key] },
      { id: 'weve_abc', timestamp: 1_700_000_000, body: '{}' },
    )
    expect(headers[signatureHeaders.app]).toBe(createHmac('sha256', key).update('{}').digest('base64'))
    expect(headers[signatureHeaders.fanshelfApp]).toBe(headers[signatureHeaders.app])
    expect(headers[signatureHeaders.shop]).toBeUndefined()
    expect(headers[signatureHeaders.fanshelfShop]).toBeUndefined()
    const expected = createHmac('sha256', standardWebhooksKey(key)).update('weve_abc.1700000000.{}').digest('base64')
    expect(headers[signatureHeaders.signature]).toBe(`v1,${expected}`)
  })
})
