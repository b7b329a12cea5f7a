/**
 * The soak benchmark's webhook receiver: a plain node:http server that verifies each delivery's
 * signature with the SDK's `verifyWebhook` (Standard Webhooks headers), answers 200 (401 when the
 * signature does not verify) and counts deliveries by their `webhook-id` header — so a delivery sent
 * twice shows up as a count of 2 — and remembers when each order's ORDER_PLACED first arrived.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { verifyWebhook } from '../packages/sdk/src/webhooks.js'

export interface SoakReceiver {
  /** `http://127.0.0.1:<port>/webhooks`. */
  readonly url: string
  /** Requests per `webhook-id` header (verified deliveries only). */
  readonly countsByWebhookId: ReadonlyMap<string, number>
  /** When (Date.now()) the first ORDER_PLACED for each order (the envelope's `data.id`) arrived. */
  readonly firstOrderPlacedAt: ReadonlyMap<string, number>
  /** Deliveries whose signature did not verify, or that were not ORDER_PLACED. */
  readonly refused: number
  /** Every request received (verified or not). */
  readonly requests: number
  /** Date.now() of the last request received. */
  readonly lastRequestAt: number
  close(): Promise<void>
}

export async function startSoakReceiver(secret: string): Promise<SoakReceiver> {
  const countsByWebhookId = new Map<string, number>()
  const firstOrderPlacedAt = new Map<string, number>()
  const state = { refused: 0, requests: 0, lastRequestAt: 0 }
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const now = Date.now()
      state.requests++
      state.lastRequestAt = now
      verifyWebhook(Buffer.concat(chunks), request.headers, secret).then(
        (event) => {
          const webhookId = String(request.headers['webhook-id'] ?? '')
          countsByWebhookId.set(webhookId, (countsByWebhookId.get(webhookId) ?? 0) + 1)
          const orderId = (event.data as { id?: string } | undefined)?.id
          if (event.type !== 'ORDER_PLACED' || !orderId) state.refused++
          else if (!firstOrderPlacedAt.has(orderId)) firstOrderPlacedAt.set(orderId, now)
          response.writeHead(200).end()
        },
        () => {
          state.refused++
          response.writeHead(401).end()
        },
      )
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  return {
    url: `http://127.0.0.1:${port}/webhooks`,
    countsByWebhookId,
    firstOrderPlacedAt,
    get refused() {
      return state.refused
    },
    get requests() {
      return state.requests
    },
    get lastRequestAt() {
      return state.lastRequestAt
    },
    close() {
      server.closeAllConnections()
      return new Promise((resolve) => server.close(() => resolve()))
    },
  }
}
