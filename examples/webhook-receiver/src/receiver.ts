import http from 'node:http'
import { verifyWebhook, type WebhookEvent, WebhookVerificationError } from '@fanshelf/sdk'
import { SeenEvents } from './seen-events.js'

/**
 * A minimal Fanshelf webhook receiver on node:http:
 *
 * 1. read the raw body (the signature covers its exact bytes — never re-serialize parsed JSON);
 * 2. verify it with `verifyWebhook` (Standard Webhooks headers, else `X-Fourthwall-Hmac-SHA256`);
 *    an unverifiable request gets 401 and is dropped;
 * 3. drop duplicates by event `id` (delivery is at least once) — still answering 2xx, so Fanshelf
 *    stops retrying;
 * 4. answer 200 at once (Fanshelf waits at most 5 s), then handle the event.
 */

export interface ReceiverOptions {
  /** The webhook secret (`whsec_…`) or platform-app HMAC key; several during a rotation. */
  secret: string | string[]
  /** Handles a verified, new event after the delivery was acknowledged. */
  onEvent?: (event: WebhookEvent) => void | Promise<void>
  /** Where log lines go (default: console). */
  log?: (line: string) => void
  /** The path deliveries are POSTed to (default `/webhooks`). */
  path?: string
  /** Event ids remembered for de-duplication (default 10,000). */
  dedupeCapacity?: number
}

/** Fanshelf's deliveries are small; anything far larger is not one of them. */
const maxBodyBytes = 1024 * 1024

class BodyTooLargeError extends Error {}

async function readRawBody(request: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of request) {
    size += (chunk as Buffer).length
    if (size > maxBodyBytes) throw new BodyTooLargeError()
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks)
}

/** One line per event for the log. */
export function describeEvent(event: WebhookEvent): string {
  const mode = event.testMode ? ' (test)' : ''
  switch (event.type) {
    case 'ORDER_PLACED':
      return `ORDER_PLACED ${event.id}${mode}: order ${event.data.friendlyId}, ${event.data.amounts.total.value} ${event.data.amounts.total.currency}`
    case 'DONATION':
      return `DONATION ${event.id}${mode}: donation ${event.data.id}`
    default:
      return `${event.type} ${event.id}${mode}`
  }
}

export function createReceiver(options: ReceiverOptions): http.Server {
  const log = options.log ?? ((line: string) => console.log(line))
  const path = options.path ?? '/webhooks'
  const seen = new SeenEvents(options.dedupeCapacity)

  return http.createServer(async (request, response) => {
    const reply = (status: number, body: Record<string, unknown>) => {
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
    }
    if (new URL(request.url ?? '/', 'http://receiver').pathname !== path) return reply(404, { error: 'not found' })
    if (request.method !== 'POST') return reply(405, { error: 'use POST' })

    let event: WebhookEvent
    try {
      event = await verifyWebhook(await readRawBody(request), request.headers, options.secret)
    } catch (error) {
      if (error instanceof BodyTooLargeError) return reply(413, { error: 'body too large' })
      if (error instanceof WebhookVerificationError) {
        log(`rejected delivery: ${error.reason} (${error.message})`)
        return reply(401, { error: error.reason })
      }
      throw error
    }

    if (!seen.add(event.id)) {
      log(`duplicate ${event.type} ${event.id}: already handled`)
      return reply(200, { received: true, duplicate: true })
    }
    reply(200, { received: true })
    try {
      log(describeEvent(event))
      await options.onEvent?.(event)
    } catch (error) {
      log(`failed to handle ${event.id}: ${String(error)}`)
    }
  })
}
