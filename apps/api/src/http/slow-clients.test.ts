import type { AddressInfo } from 'node:net'
import net from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { systemClock } from '../clock.js'
import { authHeaders, createTestPlatform, type TestPlatform } from '../testing/test-platform.js'

// The HTTP server's timeouts (decision 0013), against a listening server over real sockets, with
// small configured timeouts. Each test waits for the server to act (close the socket, answer);
// none asserts how fast.
let platform: TestPlatform
let port: number

beforeAll(async () => {
  platform = await createTestPlatform({
    appClock: systemClock,
    env: {
      // Small, but not so small that a loaded machine takes longer to parse a request's headers.
      HTTP_HEADERS_TIMEOUT_MS: '300',
      HTTP_KEEP_ALIVE_TIMEOUT_MS: '300',
      HTTP_REQUEST_TIMEOUT_MS: '3000',
      HTTP_IDLE_TIMEOUT_MS: '3000',
      // Below the request and idle timeouts, which must outlast a rate-limit wait.
      RATE_LIMIT_MAX_WAIT_MS: '2000',
    },
  })
  await platform.app.listen({ host: '127.0.0.1', port: 0 })
  port = (platform.app.server.address() as AddressInfo).port
})
afterAll(async () => {
  await platform.close()
})

interface Exchange {
  socket: net.Socket
  /** Everything the server sent, once it has closed the connection. */
  closed: Promise<string>
}

function connect(): Promise<Exchange> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port })
    let received = ''
    socket.setEncoding('utf8')
    socket.on('data', (chunk: string) => {
      received += chunk
    })
    const closed = new Promise<string>((done) => socket.once('close', () => done(received)))
    socket.once('error', () => undefined)
    socket.once('connect', () => resolve({ socket, closed }))
    socket.once('error', reject)
  })
}

/** Writes `chunk` every few milliseconds (each write keeps the connection from being idle) until the server closes it. */
async function dribble(exchange: Exchange, chunk: string): Promise<string> {
  const timer = setInterval(() => {
    if (!exchange.socket.destroyed) exchange.socket.write(chunk)
  }, 20)
  try {
    return await exchange.closed
  } finally {
    clearInterval(timer)
  }
}

/** A raw answer of the client-error handler: our `{code, message}` shape, a Request-Id, the connection closed. */
function expectErrorShape(raw: string, code: string): void {
  const [head = '', body = ''] = raw.split('\r\n\r\n')
  expect(head).toMatch(/\r\nRequest-Id: req_/i)
  expect(head).toMatch(/\r\nConnection: close/i)
  expect(JSON.parse(body)).toEqual({ code, message: expect.any(String) })
}

describe('slow clients', () => {
  it('closes a connection whose headers arrive byte by byte and never end (slowloris)', async () => {
    const exchange = await connect()
    exchange.socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\n')
    const received = await dribble(exchange, 'X')
    // Node answers 408 when it can; the connection is closed either way, never served.
    expect(received === '' || received.startsWith('HTTP/1.1 408')).toBe(true)
    if (received !== '') expectErrorShape(received, 'REQUEST_TIMEOUT')
  })

  it('closes a connection whose body never finishes', async () => {
    const exchange = await connect()
    const path = `/v1/carts?storefront_token=${platform.demo.storefrontToken}`
    exchange.socket.write(
      `POST ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"items":[`,
    )
    const received = await dribble(exchange, ' ')
    expect(received === '' || received.startsWith('HTTP/1.1 408')).toBe(true)
    if (received !== '') expectErrorShape(received, 'REQUEST_TIMEOUT')
  })

  it('answers headers larger than the server reads with 431 in the error shape, then closes', async () => {
    const exchange = await connect()
    exchange.socket.write(`GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`)
    const received = await exchange.closed
    expect(received.startsWith('HTTP/1.1 431 Request Header Fields Too Large')).toBe(true)
    expectErrorShape(received, 'HEADERS_TOO_LARGE')
  })

  it('answers bytes that are not HTTP with 400 in the error shape, then closes', async () => {
    const exchange = await connect()
    exchange.socket.write('HELLO THERE\r\n\r\n')
    const received = await exchange.closed
    expect(received.startsWith('HTTP/1.1 400 Bad Request')).toBe(true)
    expectErrorShape(received, 'MALFORMED_REQUEST')
  })

  it('closes a connection that sends nothing at all', async () => {
    const exchange = await connect()
    expect(await exchange.closed).not.toMatch(/^HTTP\/1\.1 2/)
  })

  it('closes an idle keep-alive connection after its response', async () => {
    const exchange = await connect()
    exchange.socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n')
    const received = await exchange.closed
    expect(received).toMatch(/^HTTP\/1\.1 200/)
    expect(received).toContain('{"status":"ok"}')
  })
})

describe('a request waiting for its rate-limit slot', () => {
  // Its own server: timeouts a loaded machine parses headers well within (1.5 s), and one request
  // per 4 s window, so the second of two waits for its slot longer than the header and keep-alive
  // timeouts.
  let limited: TestPlatform
  let limitedPort: number
  beforeAll(async () => {
    limited = await createTestPlatform({
      appClock: systemClock,
      env: {
        HTTP_HEADERS_TIMEOUT_MS: '1500',
        HTTP_KEEP_ALIVE_TIMEOUT_MS: '1500',
        HTTP_REQUEST_TIMEOUT_MS: '10000',
        HTTP_IDLE_TIMEOUT_MS: '10000',
        RATE_LIMIT: '1',
        RATE_LIMIT_WINDOW_MS: '4000',
        RATE_LIMIT_MAX_WAIT_MS: '6000',
      },
    })
    await limited.app.listen({ host: '127.0.0.1', port: 0 })
    limitedPort = (limited.app.server.address() as AddressInfo).port
  })
  afterAll(() => limited.close())

  it('completes although it waits longer than the header and keep-alive timeouts', async () => {
    const url = `http://127.0.0.1:${limitedPort}${limited.url('listOrders')}`
    const headers = authHeaders(limited.asDemo)
    const [first, second] = await Promise.all([fetch(url, { headers }), fetch(url, { headers })])
    expect([first.status, second.status]).toEqual([200, 200])
    // The second one was delayed: the window held one request when it started.
    expect([first.headers.get('x-ratelimit-remaining'), second.headers.get('x-ratelimit-remaining')]).toEqual([
      '0',
      '0',
    ])
    await Promise.all([first.arrayBuffer(), second.arrayBuffer()])
  })
})
