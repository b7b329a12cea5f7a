import http from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A tiny local HTTP server for the SDK's unit tests: it answers with whatever the test's handler
 * returns and records every request. (Integration tests use the real server: real-server.ts.)
 */

export interface RecordedRequest {
  method: string
  url: URL
  headers: http.IncomingHttpHeaders
  body: string
}

export interface FakeAnswer {
  status?: number
  headers?: Record<string, string>
  /** Serialized as JSON unless it is a string. */
  body?: unknown
}

export interface FakeServer {
  origin: string
  requests: RecordedRequest[]
  close(): Promise<void>
}

export async function startFakeServer(
  handler: (request: RecordedRequest) => FakeAnswer | Promise<FakeAnswer>,
): Promise<FakeServer> {
  const requests: RecordedRequest[] = []
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const recorded: RecordedRequest = {
      method: req.method ?? 'GET',
      url: new URL(req.url ?? '/', 'http://127.0.0.1'),
      headers: req.headers,
      body: Buffer.concat(chunks).toString('utf8'),
    }
    requests.push(recorded)
    const answer = await handler(recorded)
    const body =
      answer.body === undefined ? '' : typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body)
    res.writeHead(answer.status ?? 200, {
      ...(typeof answer.body === 'object' ? { 'content-type': 'application/json' } : {}),
      'request-id': `req_${requests.length}`,
      ...answer.headers,
    })
    res.end(body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      }),
  }
}
