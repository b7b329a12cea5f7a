import http, { type IncomingHttpHeaders, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { performance } from 'node:perf_hooks'

/**
 * A real webhook receiver on loopback for delivery tests: records every request (headers, raw
 * body, arrival time) and answers with a programmable responder (200 `{"received":true}` by default).
 */
export interface ReceivedRequest {
  method: string
  url: string
  headers: IncomingHttpHeaders
  body: string
  /** performance.now() when the body was complete. */
  receivedAt: number
}

export type Responder = (request: ReceivedRequest, response: ServerResponse) => unknown

export interface TestReceiver {
  /** `http://127.0.0.1:<port>` */
  readonly origin: string
  readonly port: number
  readonly requests: ReceivedRequest[]
  /** TCP connections accepted so far. */
  readonly connections: number
  /** Requests whose answer has not finished yet. */
  readonly open: number
  /** The most requests ever open at once. */
  readonly maxOpen: number
  respond(responder: Responder): void
  /** Resolves once `count` requests have arrived. */
  waitFor(count: number): Promise<void>
  close(): Promise<void>
}

export const acknowledge: Responder = (_request, response) => {
  response.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}')
}

export async function startReceiver(responder: Responder = acknowledge, host = '127.0.0.1'): Promise<TestReceiver> {
  let current = responder
  const requests: ReceivedRequest[] = []
  const waiters: { count: number; resolve: () => void }[] = []
  let connections = 0
  let open = 0
  let maxOpen = 0
  const server = http.createServer((req, res) => {
    open++
    maxOpen = Math.max(maxOpen, open)
    res.on('close', () => {
      open--
    })
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const received: ReceivedRequest = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        receivedAt: performance.now(),
      }
      requests.push(received)
      for (const waiter of [...waiters]) {
        if (requests.length >= waiter.count) {
          waiters.splice(waiters.indexOf(waiter), 1)
          waiter.resolve()
        }
      }
      void Promise.resolve(current(received, res)).catch(() => res.destroy())
    })
  })
  server.on('connection', () => {
    connections++
  })
  server.keepAliveTimeout = 30_000
  await new Promise<void>((resolve) => server.listen(0, host, resolve))
  const port = (server.address() as AddressInfo).port
  return {
    origin: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    requests,
    get connections() {
      return connections
    },
    get open() {
      return open
    },
    get maxOpen() {
      return maxOpen
    },
    respond(next) {
      current = next
    },
    waitFor(count) {
      if (requests.length >= count) return Promise.resolve()
      return new Promise((resolve) => waiters.push({ count, resolve }))
    },
    close() {
      server.closeAllConnections()
      return new Promise((resolve) => server.close(() => resolve()))
    },
  }
}

/** The envelope a receiver was sent. */
export function envelopeOf(request: ReceivedRequest) {
  return JSON.parse(request.body) as { id: string; webhookId: string; type: string; data: { seq?: number } }
}

/** Waits (real time, at most 10 s) until `condition` holds, naming `what` when it never does. */
export async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 10_000
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}
