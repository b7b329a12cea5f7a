import { createHmac, timingSafeEqual } from 'node:crypto'

/**
 * Checks `X-Fourthwall-Hmac-SHA256` (shop webhooks, keyed with the shop's webhook secret) or
 * `X-Fourthwall-Hmac-Apps-SHA256` (platform-app webhooks, keyed with the app's HMAC key); the same
 * value also arrives as `X-Fanshelf-Hmac-SHA256` / `X-Fanshelf-Hmac-Apps-SHA256`.
 * `rawBody` must be the exact bytes received, before any JSON parsing.
 */
export function verifyFanshelfSignature(rawBody: Buffer, header: string | undefined, secret: string): boolean {
  if (!header) return false
  const expected = createHmac('sha256', secret).update(rawBody).digest()
  const received = Buffer.from(header, 'base64')
  return received.length === expected.length && timingSafeEqual(received, expected)
}

/**
 * Checks the Standard Webhooks headers `webhook-id`, `webhook-timestamp` and `webhook-signature`.
 * `secret` as returned by POST /webhooks (`whsec_...`: the key is the decoded base64 part); other keys are used as UTF-8.
 */
export function verifyStandardWebhook(
  rawBody: Buffer,
  headers: { id?: string; timestamp?: string; signature?: string },
  secret: string,
  nowSeconds: number = Math.floor(Date.now() / 1000),
  toleranceSeconds = 300,
): boolean {
  const { id, timestamp, signature } = headers
  if (!id || !timestamp || !signature) return false
  const sentAt = Number(timestamp)
  if (!Number.isInteger(sentAt) || Math.abs(nowSeconds - sentAt) > toleranceSeconds) return false

  const key = secret.startsWith('whsec_') ? Buffer.from(secret.slice('whsec_'.length), 'base64') : Buffer.from(secret)
  const signedContent = Buffer.concat([Buffer.from(`${id}.${timestamp}.`), rawBody])
  const expected = createHmac('sha256', key).update(signedContent).digest()

  // Several signatures may be sent while a secret is rotated: accept if any v1 signature matches.
  return signature.split(' ').some((entry) => {
    const [version, value] = entry.split(',', 2)
    if (version !== 'v1' || !value) return false
    const received = Buffer.from(value, 'base64')
    return received.length === expected.length && timingSafeEqual(received, expected)
  })
}
