import { createHmac, randomBytes } from 'node:crypto'
import { Webhook } from 'standardwebhooks'
import { describe, expect, it } from 'vitest'
import { verifyWebhook, WebhookVerificationError } from './webhooks.js'

/**
 * Signatures are produced independently of the SDK: with node:crypto following the documented recipes,
 * and with the `standardwebhooks` reference library.
 */

const secret = `whsec_${randomBytes(24).toString('base64')}`
const appKey = `hk_${randomBytes(16).toString('hex')}`
const now = new Date('2026-11-20T14:32:07.000Z')
const nowSeconds = Math.floor(now.getTime() / 1000)

const event = {
  testMode: false,
  id: 'weve_Q4uS7wY0aC3eG6iK9mO2qA',
  webhookId: 'wcon_Zx9cV4bN7mQ2wE5rT8yU1i',
  shopId: 'sh_6b0e6f3a-2f4c-4a8e-9d1b-7c5e2a9f4d10',
  type: 'DONATION',
  apiVersion: 'V1',
  createdAt: '2026-11-20T14:32:07.000Z',
  data: { id: 'don_Vn4kP8sQ2wXy6ZbR1tLm3A', message: 'Grüße ✓ — keep streaming' },
}
const body = JSON.stringify(event)

/** The platform recipe: base64 HMAC-SHA256 of the raw body, keyed with the secret string's UTF-8 bytes. */
function platformHmac(key: string, rawBody: string): string {
  return createHmac('sha256', key).update(rawBody, 'utf8').digest('base64')
}

/** The Standard Webhooks recipe: `v1,` + base64 HMAC-SHA256 of `{id}.{timestamp}.{body}`, key = base64-decoded secret. */
function standardSignature(key: string, id: string, timestamp: number, rawBody: string): string {
  const bytes = Buffer.from(key.replace(/^whsec_/, ''), 'base64')
  return `v1,${createHmac('sha256', bytes).update(`${id}.${timestamp}.${rawBody}`, 'utf8').digest('base64')}`
}

function deliveryHeaders(overrides: Record<string, string> = {}, timestamp = nowSeconds): Record<string, string> {
  return {
    'content-type': 'application/json',
    'x-fanshelf-hmac-sha256': platformHmac(secret, body),
    'webhook-id': event.id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': standardSignature(secret, event.id, timestamp, body),
    ...overrides,
  }
}

async function rejection(promise: Promise<unknown>): Promise<WebhookVerificationError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(WebhookVerificationError)
  return error as WebhookVerificationError
}

describe('verifyWebhook with Standard Webhooks signatures', () => {
  it('accepts a delivery signed per the recipe and returns the typed event', async () => {
    const verified = await verifyWebhook(body, deliveryHeaders(), secret, { now })
    expect(verified).toEqual(event)
    if (verified.type === 'DONATION') expect(verified.data.id).toBe('don_Vn4kP8sQ2wXy6ZbR1tLm3A')
  })

  it('accepts a delivery signed by the standardwebhooks library, as bytes and with a Headers object', async () => {
    const timestamp = new Date()
    const signature = new Webhook(secret).sign(event.id, timestamp, body)
    const headers = new Headers({
      'webhook-id': event.id,
      'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
      'webhook-signature': signature,
    })
    await expect(verifyWebhook(Buffer.from(body, 'utf8'), headers, secret)).resolves.toEqual(event)
  })

  it('accepts any of several v1 signatures (the server signs with both secrets during a rotation)', async () => {
    const previous = `whsec_${randomBytes(24).toString('base64')}`
    const headers = deliveryHeaders({
      'webhook-signature': `${standardSignature(secret, event.id, nowSeconds, body)} ${standardSignature(previous, event.id, nowSeconds, body)}`,
    })
    await expect(verifyWebhook(body, headers, previous, { now })).resolves.toEqual(event)
    await expect(verifyWebhook(body, headers, [randomBytes(8).toString('hex'), secret], { now })).resolves.toEqual(
      event,
    )
  })

  it('rejects a tampered body', async () => {
    const tampered = body.replace('"testMode":false', '"testMode":true')
    const error = await rejection(verifyWebhook(tampered, deliveryHeaders(), secret, { now }))
    expect(error.reason).toBe('INVALID_SIGNATURE')
  })

  it('rejects a tampered webhook-id', async () => {
    const error = await rejection(
      verifyWebhook(body, deliveryHeaders({ 'webhook-id': 'weve_someoneElse00000000' }), secret, { now }),
    )
    expect(error.reason).toBe('INVALID_SIGNATURE')
  })

  it('rejects a tampered timestamp, even inside the tolerance', async () => {
    const headers = deliveryHeaders({ 'webhook-timestamp': String(nowSeconds - 1) })
    expect((await rejection(verifyWebhook(body, headers, secret, { now }))).reason).toBe('INVALID_SIGNATURE')
  })

  it('rejects a stale or future timestamp outside the 300 s tolerance', async () => {
    const stale = deliveryHeaders({}, nowSeconds - 301)
    expect((await rejection(verifyWebhook(body, stale, secret, { now }))).reason).toBe('TIMESTAMP_OUT_OF_TOLERANCE')
    const future = deliveryHeaders({}, nowSeconds + 301)
    expect((await rejection(verifyWebhook(body, future, secret, { now }))).reason).toBe('TIMESTAMP_OUT_OF_TOLERANCE')
    await expect(verifyWebhook(body, deliveryHeaders({}, nowSeconds - 300), secret, { now })).resolves.toEqual(event)
    await expect(
      verifyWebhook(body, stale, secret, { now, toleranceSeconds: 600 }),
      'a wider tolerance accepts it',
    ).resolves.toEqual(event)
  })

  it('rejects a stale delivery signed by the standardwebhooks library', async () => {
    const signedAt = new Date(Date.now() - 10 * 60 * 1000)
    const headers = {
      'webhook-id': event.id,
      'webhook-timestamp': String(Math.floor(signedAt.getTime() / 1000)),
      'webhook-signature': new Webhook(secret).sign(event.id, signedAt, body),
    }
    expect((await rejection(verifyWebhook(body, headers, secret))).reason).toBe('TIMESTAMP_OUT_OF_TOLERANCE')
  })

  it('rejects the wrong secret, a malformed signature and a non-numeric timestamp', async () => {
    const wrong = `whsec_${randomBytes(24).toString('base64')}`
    expect((await rejection(verifyWebhook(body, deliveryHeaders(), wrong, { now }))).reason).toBe('INVALID_SIGNATURE')
    const malformed = deliveryHeaders({ 'webhook-signature': 'v1,not*base64 v2,abc' })
    expect((await rejection(verifyWebhook(body, malformed, secret, { now }))).reason).toBe('INVALID_SIGNATURE')
    const badTimestamp = deliveryHeaders({ 'webhook-timestamp': '17636503e3' })
    expect((await rejection(verifyWebhook(body, badTimestamp, secret, { now }))).reason).toBe('INVALID_TIMESTAMP')
  })

  it('prefers Standard Webhooks: a valid HMAC header does not rescue a stale timestamp', async () => {
    const stale = deliveryHeaders({}, nowSeconds - 3600)
    expect((await rejection(verifyWebhook(body, stale, secret, { now }))).reason).toBe('TIMESTAMP_OUT_OF_TOLERANCE')
  })
})

describe('verifyWebhook with X-Fourthwall-Hmac-SHA256 / X-Fanshelf-Hmac-SHA256 signatures', () => {
  it('accepts the platform’s header names alone, as a delivery to a Fourthwall receiver carries them', async () => {
    const shop = { 'X-Fourthwall-Hmac-SHA256': platformHmac(secret, body) }
    await expect(verifyWebhook(body, shop, secret)).resolves.toEqual(event)
    const app = { 'x-fourthwall-hmac-apps-sha256': platformHmac(appKey, body) }
    await expect(verifyWebhook(body, app, appKey)).resolves.toEqual(event)
    const wrong = { 'x-fourthwall-hmac-sha256': platformHmac(`${secret}x`, body) }
    expect((await rejection(verifyWebhook(body, wrong, secret))).reason).toBe('INVALID_SIGNATURE')
  })

  it('accepts the shop header keyed with the secret string', async () => {
    const headers = { 'X-Fanshelf-Hmac-SHA256': platformHmac(secret, body) }
    await expect(verifyWebhook(body, headers, secret)).resolves.toEqual(event)
  })

  it("accepts the apps header keyed with the app's HMAC key", async () => {
    const headers = { 'x-fanshelf-hmac-apps-sha256': platformHmac(appKey, body) }
    await expect(verifyWebhook(Buffer.from(body), headers, appKey)).resolves.toEqual(event)
  })

  it('rejects a tampered body, a wrong secret and a missing header', async () => {
    const headers = { 'x-fanshelf-hmac-sha256': platformHmac(secret, body) }
    const tampered = body.replace('keep streaming', 'keep steaming')
    expect((await rejection(verifyWebhook(tampered, headers, secret))).reason).toBe('INVALID_SIGNATURE')
    expect((await rejection(verifyWebhook(body, headers, `${secret}x`))).reason).toBe('INVALID_SIGNATURE')
    expect((await rejection(verifyWebhook(body, { 'content-type': 'application/json' }, secret))).reason).toBe(
      'MISSING_SIGNATURE',
    )
  })

  it('can be required with scheme: "hmac", and Standard Webhooks with scheme: "standard"', async () => {
    await expect(
      verifyWebhook(body, deliveryHeaders({}, nowSeconds - 3600), secret, { scheme: 'hmac' }),
    ).resolves.toEqual(event)
    const hmacOnly = { 'x-fanshelf-hmac-sha256': platformHmac(secret, body) }
    expect((await rejection(verifyWebhook(body, hmacOnly, secret, { scheme: 'standard' }))).reason).toBe(
      'MISSING_SIGNATURE',
    )
  })
})

describe('verifyWebhook payload checks', () => {
  it('rejects a correctly signed body that is not an event envelope', async () => {
    for (const raw of ['not json', '[1,2]', '{"id":"weve_x"}']) {
      const headers = { 'x-fanshelf-hmac-sha256': platformHmac(secret, raw) }
      expect((await rejection(verifyWebhook(raw, headers, secret))).reason).toBe('INVALID_PAYLOAD')
    }
  })

  it('refuses to run without a secret', async () => {
    await expect(verifyWebhook(body, deliveryHeaders(), '')).rejects.toThrow(TypeError)
    await expect(verifyWebhook(body, deliveryHeaders(), [])).rejects.toThrow(TypeError)
  })
})
