import type { components } from './generated/open-api.js'
import { webhookEventTypes as contractEventTypes } from './generated/operations.js'

/**
 * Verifies Fanshelf webhook deliveries with either signature scheme Fanshelf sends, using Web Crypto
 * (Node 20+, browsers, edge runtimes) and constant-time comparisons:
 *
 * - **Standard Webhooks** — `webhook-id`, `webhook-timestamp` (Unix seconds) and `webhook-signature`
 *   (space-separated `v1,<base64 HMAC-SHA256 of "{id}.{timestamp}.{raw body}">`, keyed with the
 *   base64-decoded part of the secret after `whsec_`). Binds the id and a timestamp, which must be within
 *   the tolerance (300 s) of now: this blocks replays. Preferred whenever the headers are present.
 * - **Platform HMAC** — `X-Fourthwall-Hmac-SHA256` (shop configurations) or
 *   `X-Fourthwall-Hmac-Apps-SHA256` (platform-app configurations), the real platform's header names,
 *   sent with the same value as `X-Fanshelf-Hmac-SHA256` / `X-Fanshelf-Hmac-Apps-SHA256`; any of the
 *   four is accepted. Base64 HMAC-SHA256 of the raw body keyed with the secret string's UTF-8 bytes
 *   (the shop's webhook secret, or the app's HMAC key). No timestamp.
 */

/**
 * Any webhook delivery body: the envelope `{testMode, id, webhookId, shopId, type, apiVersion, createdAt,
 * data}`, a union discriminated by `type` (narrow it with a `switch` on `event.type`).
 *
 * @example
 * ```ts
 * function handle(event: WebhookEvent) {
 *   switch (event.type) {
 *     case 'ORDER_PLACED':
 *       return console.log('order', event.data.friendlyId)
 *     case 'DONATION':
 *       return console.log('donation', event.data.id)
 *   }
 * }
 * ```
 */
export type WebhookEvent = components['schemas']['WebhookEventPayload']

/**
 * The webhook event type names, e.g. `'ORDER_PLACED'`, `'DONATION'`.
 *
 * @example
 * ```ts
 * const wanted: WebhookEventType[] = ['ORDER_PLACED', 'ORDER_UPDATED']
 * ```
 */
export type WebhookEventType = components['schemas']['WebhookEventType']

/**
 * The delivery body of one event type.
 *
 * @example
 * ```ts
 * function onOrderPlaced(event: WebhookEventOf<'ORDER_PLACED'>) {
 *   console.log(event.data.friendlyId, event.data.amounts.total)
 * }
 * ```
 */
export type WebhookEventOf<T extends WebhookEventType> = Extract<WebhookEvent, { type: T }>

/**
 * Why a delivery failed verification:
 * `MISSING_SIGNATURE` (no signature headers of the required scheme), `INVALID_SIGNATURE` (no signature
 * matches the body and secret), `TIMESTAMP_OUT_OF_TOLERANCE` (Standard Webhooks timestamp too old or too
 * far in the future), `INVALID_TIMESTAMP`, `INVALID_PAYLOAD` (verified, but not a JSON event envelope).
 *
 * @example
 * ```ts
 * const reason: WebhookVerificationFailure = 'INVALID_SIGNATURE'
 * ```
 */
export type WebhookVerificationFailure =
  | 'MISSING_SIGNATURE'
  | 'INVALID_SIGNATURE'
  | 'INVALID_TIMESTAMP'
  | 'TIMESTAMP_OUT_OF_TOLERANCE'
  | 'INVALID_PAYLOAD'

/**
 * Thrown by {@link verifyWebhook} when a delivery must not be trusted. Answer such a request with a
 * 4xx (e.g. `400` or `401`) and do not process it.
 *
 * @example
 * ```ts
 * try {
 *   const event = await verifyWebhook(rawBody, request.headers, secret)
 * } catch (error) {
 *   if (error instanceof WebhookVerificationError) console.warn('rejected delivery:', error.reason)
 * }
 * ```
 */
export class WebhookVerificationError extends Error {
  override readonly name = 'WebhookVerificationError'
  constructor(
    readonly reason: WebhookVerificationFailure,
    message: string,
  ) {
    super(message)
  }
}

/**
 * Request headers as any framework hands them over: a `Headers` object (fetch, Hono, Next.js) or a plain
 * object (`node:http`'s `IncomingHttpHeaders`, Express, Fastify). Names are matched case-insensitively.
 *
 * @example
 * ```ts
 * const headers: WebhookHeaders = { 'webhook-id': 'weve_…', 'webhook-timestamp': '1763650327', 'webhook-signature': 'v1,…' }
 * ```
 */
export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>

/**
 * Options of {@link verifyWebhook}.
 *
 * @example
 * ```ts
 * await verifyWebhook(body, headers, secret, { toleranceSeconds: 60, scheme: 'standard' })
 * ```
 */
export interface VerifyWebhookOptions {
  /** The current time (default: now); Standard Webhooks timestamps are judged against it. */
  now?: Date | number
  /** Largest accepted distance between `webhook-timestamp` and now, in seconds (default 300). */
  toleranceSeconds?: number
  /**
   * Which signature to check: `'auto'` (default) checks Standard Webhooks when its headers are present
   * and the platform HMAC header (`X-Fourthwall-Hmac-…` or `X-Fanshelf-Hmac-…`) otherwise; `'standard'` or `'hmac'` require that scheme.
   */
  scheme?: 'auto' | 'standard' | 'hmac'
}

/**
 * Every webhook event type, in the contract's order (e.g. for a configuration's `allowedTypes`).
 *
 * @example
 * ```ts
 * import { webhookEventTypes } from '@fanshelf/sdk'
 * await client.createWebhookConfiguration({ body: { url, allowedTypes: [...webhookEventTypes] } })
 * ```
 */
export const webhookEventTypes: readonly WebhookEventType[] = contractEventTypes

/**
 * The default largest distance (300 s) between a delivery's `webhook-timestamp` and now, as in
 * Standard Webhooks and Fanshelf's guides.
 *
 * @example
 * ```ts
 * await verifyWebhook(body, headers, secret, { toleranceSeconds: defaultWebhookToleranceSeconds / 2 })
 * ```
 */
export const defaultWebhookToleranceSeconds = 300

const encoder = new TextEncoder()

function header(headers: WebhookHeaders, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined
  const wanted = name.toLowerCase()
  for (const [key, value] of Object.entries(headers as Record<string, string | string[] | undefined>)) {
    if (key.toLowerCase() !== wanted || value === undefined) continue
    return Array.isArray(value) ? value.join(', ') : value
  }
  return undefined
}

function bytes(value: string | Uint8Array): Uint8Array<ArrayBuffer> {
  return typeof value === 'string' ? encoder.encode(value) : new Uint8Array(value)
}

function concat(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((length, part) => length + part.length, 0))
  let offset = 0
  for (const part of parts) {
    out.set(part, offset)
    offset += part.length
  }
  return out
}

function fromBase64(text: string): Uint8Array | undefined {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 !== 0) return undefined
  const binary = atob(text)
  const out = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i)
  return out
}

/** Compares in time independent of where the inputs differ (their lengths are not secret: a MAC's is fixed). */
function timingSafeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false
  let difference = 0
  for (let i = 0; i < a.length; i++) difference |= (a[i] as number) ^ (b[i] as number)
  return difference === 0
}

async function hmacSha256(key: Uint8Array<ArrayBuffer>, content: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  const cryptoKey = await globalThis.crypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ])
  return new Uint8Array(await globalThis.crypto.subtle.sign('HMAC', cryptoKey, content))
}

/** The Standard Webhooks key of a secret: the base64-decoded part after `whsec_`, else its UTF-8 bytes. */
function standardWebhooksKey(secret: string): Uint8Array<ArrayBuffer> {
  if (secret.startsWith('whsec_')) {
    const decoded = fromBase64(secret.slice('whsec_'.length))
    if (decoded) return new Uint8Array(decoded)
  }
  return encoder.encode(secret)
}

async function verifyStandardWebhooks(
  body: Uint8Array,
  headers: WebhookHeaders,
  secrets: readonly string[],
  options: VerifyWebhookOptions,
): Promise<void> {
  const id = header(headers, 'webhook-id')
  const timestamp = header(headers, 'webhook-timestamp')
  const signature = header(headers, 'webhook-signature')
  if (!id || !timestamp || !signature) {
    throw new WebhookVerificationError(
      'MISSING_SIGNATURE',
      'Missing webhook-id, webhook-timestamp or webhook-signature',
    )
  }
  if (!/^\d+$/.test(timestamp)) throw new WebhookVerificationError('INVALID_TIMESTAMP', 'Invalid webhook-timestamp')
  const nowSeconds = Math.floor(Number(options.now ?? Date.now()) / 1000)
  const tolerance = options.toleranceSeconds ?? defaultWebhookToleranceSeconds
  if (Math.abs(nowSeconds - Number(timestamp)) > tolerance) {
    throw new WebhookVerificationError(
      'TIMESTAMP_OUT_OF_TOLERANCE',
      `webhook-timestamp is more than ${tolerance} s away from now`,
    )
  }
  const given = signature
    .split(' ')
    .map((entry) => entry.split(','))
    .filter(([version, value]) => version === 'v1' && value !== undefined)
    .map(([, value]) => fromBase64(value as string))
    .filter((value): value is Uint8Array => value !== undefined)
  const signed = concat(encoder.encode(`${id}.${timestamp}.`), body)
  let matched = false
  for (const secret of secrets) {
    const expected = await hmacSha256(standardWebhooksKey(secret), signed)
    for (const candidate of given) matched = timingSafeEqual(expected, candidate) || matched
  }
  if (!matched) throw new WebhookVerificationError('INVALID_SIGNATURE', 'No webhook-signature matches the body')
}

/** The platform-style HMAC headers, the platform's names first; each delivery carries one pair with one value. */
const hmacHeaderNames = [
  'x-fourthwall-hmac-sha256',
  'x-fourthwall-hmac-apps-sha256',
  'x-fanshelf-hmac-sha256',
  'x-fanshelf-hmac-apps-sha256',
] as const

async function verifyHmac(body: Uint8Array<ArrayBuffer>, headers: WebhookHeaders, secrets: readonly string[]) {
  const signature = hmacHeaderNames.map((name) => header(headers, name)).find((value) => value !== undefined)
  if (!signature) {
    throw new WebhookVerificationError(
      'MISSING_SIGNATURE',
      'Missing X-Fourthwall-Hmac-SHA256 / X-Fourthwall-Hmac-Apps-SHA256 (or X-Fanshelf-Hmac-…)',
    )
  }
  const given = fromBase64(signature.trim()) ?? new Uint8Array()
  let matched = false
  for (const secret of secrets) {
    const expected = await hmacSha256(encoder.encode(secret), body)
    matched = timingSafeEqual(expected, given) || matched
  }
  if (!matched) throw new WebhookVerificationError('INVALID_SIGNATURE', 'The HMAC signature does not match the body')
}

/**
 * Verifies a webhook delivery and returns its parsed, typed event; throws
 * {@link WebhookVerificationError} when it must not be trusted. Pass the **raw** request body exactly as
 * received (a string or bytes — not re-serialized JSON), the request headers, and the signing secret:
 * the shop's webhook secret (`whsec_…`, from `POST /webhooks` or `GET /webhooks-secret`) or, for a
 * platform app's configurations, the app's HMAC key. During a secret rotation pass both secrets as an
 * array. De-duplicate on `event.id`: delivery is at least once.
 *
 * @example
 * ```ts
 * import http from 'node:http'
 * import { verifyWebhook, WebhookVerificationError } from '@fanshelf/sdk'
 *
 * http.createServer(async (request, response) => {
 *   const chunks: Buffer[] = []
 *   for await (const chunk of request) chunks.push(chunk)
 *   try {
 *     const event = await verifyWebhook(Buffer.concat(chunks), request.headers, process.env.FANSHELF_WEBHOOK_SECRET!)
 *     console.log(event.type, event.id)
 *     response.writeHead(204).end()
 *   } catch (error) {
 *     response.writeHead(error instanceof WebhookVerificationError ? 401 : 500).end()
 *   }
 * }).listen(3000)
 * ```
 */
export async function verifyWebhook(
  rawBody: string | Uint8Array,
  headers: WebhookHeaders,
  secret: string | readonly string[],
  options: VerifyWebhookOptions = {},
): Promise<WebhookEvent> {
  const secrets = (typeof secret === 'string' ? [secret] : secret).filter((s) => s !== '')
  if (secrets.length === 0) throw new TypeError('verifyWebhook needs a signing secret')
  const body = bytes(rawBody)
  const scheme = options.scheme ?? 'auto'
  const hasStandard = header(headers, 'webhook-signature') !== undefined
  if (scheme === 'standard' || (scheme === 'auto' && hasStandard)) {
    await verifyStandardWebhooks(body, headers, secrets, options)
  } else {
    await verifyHmac(body, headers, secrets)
  }
  let event: unknown
  try {
    event = JSON.parse(new TextDecoder().decode(body))
  } catch {
    throw new WebhookVerificationError('INVALID_PAYLOAD', 'The body is not JSON')
  }
  const envelope = event as Partial<Record<string, unknown>> | null
  if (
    typeof envelope !== 'object' ||
    envelope === null ||
    typeof envelope.id !== 'string' ||
    typeof envelope.type !== 'string'
  ) {
    throw new WebhookVerificationError('INVALID_PAYLOAD', 'The body is not a webhook event envelope')
  }
  return event as WebhookEvent
}
