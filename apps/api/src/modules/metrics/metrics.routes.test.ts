import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { authHeaders, createTestPlatform, type TestPlatform } from '../../testing/test-platform.js'
import { acknowledge, startReceiver, type TestReceiver } from '../webhook-delivery/testing/test-receiver.js'
import { retryDelaysMs, retryJitter } from '../webhooks/delivery-policy.js'
import { type Exposition, parseExposition } from './testing/exposition-parser.js'

// GET /metrics as Prometheus scrapes it: the bearer token, the text format, and the numbers an
// operator reads off it moving with what the server did.
const token = 'metrics-token-for-tests-0123456789'
let platform: TestPlatform
let receiver: TestReceiver

beforeAll(async () => {
  platform = await createTestPlatform({
    env: {
      METRICS_TOKEN: token,
      // Small limits, so that a delay and a 429 of each kind take a handful of requests.
      RATE_LIMIT: '5',
      RATE_LIMIT_MAX_WAIT_MS: '10000',
      AUTH_FAILURES_PER_USER: '3',
    },
  })
  receiver = await startReceiver()
})
afterAll(async () => {
  await platform.close()
  await receiver.close()
})
// Every test starts with an empty rate-limit window.
beforeEach(async () => {
  await platform.clock.advance(60_000)
  receiver.respond(acknowledge)
})

async function scrape(): Promise<Exposition> {
  const response = await platform.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${token}` } })
  expect(response.statusCode).toBe(200)
  expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8')
  return parseExposition(response.body)
}

const value = (exposition: Exposition, name: string, labels: Record<string, string> = {}) =>
  exposition.value(name, labels) ?? 0

/** Waits (real time, bounded) until `count` requests sleep on the manual clock until `wakeAt`. */
async function untilWaitingFor(wakeAt: number, count: number): Promise<void> {
  const deadline = Date.now() + 10_000
  while (platform.clock.sleepersWakingAt(wakeAt) < count) {
    if (Date.now() > deadline) throw new Error('the delayed requests never started waiting')
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}

describe('GET /metrics protection', () => {
  it('answers 401 with a Bearer challenge without the token, with a wrong one, or with Basic', async () => {
    for (const authorization of [undefined, 'Bearer not-the-token-at-all-0123', `Basic ${token}`, `Bearer ${token}x`]) {
      const response = await platform.app.inject({
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      })
      expect(response.statusCode).toBe(401)
      expect(response.headers['www-authenticate']).toBe('Bearer realm="Fanshelf metrics"')
      expect(response.json()).toMatchObject({ code: 'UNAUTHENTICATED' })
      expect(response.body).not.toContain('fanshelf_http_requests_total')
    }
  })

  it('is not served at all (404) when METRICS_TOKEN is not set', async () => {
    const plain = await createTestPlatform()
    try {
      expect(plain.app.platform.metrics).toBeUndefined()
      const response = await plain.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${token}` } })
      expect(response.statusCode).toBe(404)
      expect(response.body).not.toContain('# TYPE')
    } finally {
      await plain.close()
    }
  })
})

describe('GET /metrics', () => {
  it('counts requests per operationId and status: N calls of listOrders raise its 200 counter by N', async () => {
    const before = await scrape()
    const labels = { operation: 'listOrders', method: 'GET', status: '200' }
    for (let i = 0; i < 4; i++) expect((await platform.call('listOrders')).status).toBe(200)
    // Unauthenticated: counted under the same operation with its own status.
    expect((await platform.call('listOrders', { auth: 'none' })).status).toBe(401)
    const after = await scrape()
    expect(
      value(after, 'fanshelf_http_requests_total', labels) - value(before, 'fanshelf_http_requests_total', labels),
    ).toBe(4)
    const unauthorized = { operation: 'listOrders', method: 'GET', status: '401' }
    expect(
      value(after, 'fanshelf_http_requests_total', unauthorized) -
        value(before, 'fanshelf_http_requests_total', unauthorized),
    ).toBe(1)
    // The latency histogram saw the same 4 answers, each within its +Inf bucket.
    const duration = { operation: 'listOrders', method: 'GET', status_class: '2xx' }
    expect(
      value(after, 'fanshelf_http_request_duration_seconds_count', duration) -
        value(before, 'fanshelf_http_request_duration_seconds_count', duration),
    ).toBe(4)
    expect(value(after, 'fanshelf_http_request_duration_seconds_bucket', { ...duration, le: '+Inf' })).toBe(
      value(after, 'fanshelf_http_request_duration_seconds_count', duration),
    )
    expect(after.types.get('fanshelf_http_requests_total')).toBe('counter')
    expect(after.types.get('fanshelf_http_request_duration_seconds')).toBe('histogram')
  })

  it('labels by operationId or route pattern, never by the URL: ids in paths make no new series', async () => {
    const id = randomUUID()
    const before = await scrape()
    expect((await platform.call('getOrder', { params: { orderId: id } })).status).toBe(404)
    const unknown = await platform.app.inject({
      url: `/open-api/v1.0/no-such-thing/${id}`,
      headers: authHeaders(platform.asDemo),
    })
    expect(unknown.statusCode).toBe(404)
    const after = await scrape()
    const delta = (labels: Record<string, string>) =>
      value(after, 'fanshelf_http_requests_total', labels) - value(before, 'fanshelf_http_requests_total', labels)
    expect(delta({ operation: 'getOrder', method: 'GET', status: '404' })).toBe(1)
    expect(delta({ operation: 'unmatched', method: 'GET', status: '404' })).toBe(1)
    // Routes outside the contracts are named by their pattern; the scrape itself is one of them.
    expect(
      value(after, 'fanshelf_http_requests_total', { operation: '/metrics', method: 'GET', status: '200' }),
    ).toBeGreaterThan(0)
    expect(after.samples.some((sample) => Object.values(sample.labels).some((label) => label.includes(id)))).toBe(false)
  })

  it('counts rate-limit waits and the 429 past the bound', async () => {
    const auth = platform.asOther
    const before = await scrape()
    // 5 start now, the next 5 wait 10 s for their slots; an 11th would wait 20 s > 10 s: 429.
    const accepted = Array.from({ length: 10 }, () => platform.call('getCurrentShop', { auth }))
    // Counted by their wake-up time: other timers (the draw deadlines') may re-arm meanwhile.
    await untilWaitingFor(platform.clock.now() + 10_000, 5)
    const refused = await platform.call('getCurrentShop', { auth })
    expect(refused.status).toBe(429)
    expect(refused.body.code).toBe('RATE_LIMITED')
    await platform.clock.advance(10_000)
    expect((await Promise.all(accepted)).every((response) => response.status === 200)).toBe(true)

    const after = await scrape()
    const delta = (name: string, labels: Record<string, string> = {}) =>
      value(after, name, labels) - value(before, name, labels)
    expect(delta('fanshelf_rate_limit_wait_seconds_count')).toBe(5)
    expect(delta('fanshelf_rate_limit_wait_seconds_sum')).toBeCloseTo(50, 6)
    // Each waited exactly 10 s: in the 10 s bucket, not in the 5 s one.
    expect(delta('fanshelf_rate_limit_wait_seconds_bucket', { le: '10' })).toBe(5)
    expect(delta('fanshelf_rate_limit_wait_seconds_bucket', { le: '5' })).toBe(0)
    expect(delta('fanshelf_http_too_many_requests_total', { code: 'RATE_LIMITED' })).toBe(1)
    expect(delta('fanshelf_http_requests_total', { operation: 'getCurrentShop', method: 'GET', status: '429' })).toBe(1)
  })

  it('counts the 429s of failed credentials (decision 0030) by their code', async () => {
    const before = await scrape()
    const wrong = { basic: { username: platform.demo.apiUser.username, password: 'not-the-password' } }
    const statuses: number[] = []
    for (let i = 0; i < 5; i++) statuses.push((await platform.call('getCurrentShop', { auth: wrong })).status)
    const throttled = statuses.filter((status) => status === 429).length
    expect(throttled).toBeGreaterThan(0)
    const after = await scrape()
    expect(
      value(after, 'fanshelf_http_too_many_requests_total', { code: 'TOO_MANY_FAILED_CREDENTIALS' }) -
        value(before, 'fanshelf_http_too_many_requests_total', { code: 'TOO_MANY_FAILED_CREDENTIALS' }),
    ).toBe(throttled)
  })

  it('shows the webhook queue depth, each delivery outcome and the lag to success', async () => {
    const worker = platform.app.platform.services.webhookDelivery
    const created = await platform.call('createWebhookConfiguration', {
      body: { url: `${receiver.origin}/hooks`, allowedTypes: ['DONATION'] },
    })
    expect(created.status).toBe(200)
    const sendTestEvent = async () => {
      const sent = await platform.call('sendWebhookTestEvent', {
        params: { webhookConfigurationId: created.body.id },
        body: { type: 'DONATION' },
      })
      expect(sent.status).toBe(200)
    }
    const queue = (exposition: Exposition, state: string) =>
      value(exposition, 'fanshelf_webhook_queue_deliveries', { state })
    const delivered = (exposition: Exposition, result: string) =>
      value(exposition, 'fanshelf_webhook_deliveries_total', { result })

    const before = await scrape()
    await sendTestEvent()
    const queued = await scrape()
    expect(queue(queued, 'pending') - queue(before, 'pending')).toBe(1)
    expect(queue(queued, 'due') - queue(before, 'due')).toBe(1)

    // Delivered 3 s after the event: one success, a lag of 3 s, the queue back where it was.
    await platform.clock.advance(3_000)
    await worker.runOnce()
    const sent = await scrape()
    expect(delivered(sent, 'success') - delivered(before, 'success')).toBe(1)
    expect(
      value(sent, 'fanshelf_webhook_delivery_lag_seconds_count') -
        value(before, 'fanshelf_webhook_delivery_lag_seconds_count'),
    ).toBe(1)
    expect(
      value(sent, 'fanshelf_webhook_delivery_lag_seconds_sum') -
        value(before, 'fanshelf_webhook_delivery_lag_seconds_sum'),
    ).toBeCloseTo(3, 6)
    expect(queue(sent, 'pending')).toBe(queue(before, 'pending'))
    expect(value(sent, 'fanshelf_webhook_queue_oldest_due_seconds')).toBe(0)

    // A 500: a failure, still pending, not due until its retry; 60 s later it is overdue by ~55 s.
    receiver.respond((_request, response) => response.writeHead(500).end())
    await sendTestEvent()
    await worker.runOnce()
    const failed = await scrape()
    expect(delivered(failed, 'failure') - delivered(before, 'failure')).toBe(1)
    expect(queue(failed, 'pending') - queue(before, 'pending')).toBe(1)
    expect(queue(failed, 'due')).toBe(queue(before, 'due'))
    await platform.clock.advance(60_000)
    const overdue = await scrape()
    expect(queue(overdue, 'due') - queue(before, 'due')).toBe(1)
    const firstRetryS = (retryDelaysMs[0] as number) / 1000
    expect(value(overdue, 'fanshelf_webhook_queue_oldest_due_seconds')).toBeGreaterThanOrEqual(
      60 - firstRetryS * (1 + retryJitter),
    )
    expect(value(overdue, 'fanshelf_webhook_queue_oldest_due_seconds')).toBeLessThanOrEqual(
      60 - firstRetryS * (1 - retryJitter),
    )

    // A 410 ends it for good: permanent, and the queue is back where it was.
    receiver.respond((_request, response) => response.writeHead(410).end())
    await worker.runOnce()
    const gone = await scrape()
    expect(delivered(gone, 'permanent') - delivered(before, 'permanent')).toBe(1)
    expect(queue(gone, 'pending')).toBe(queue(before, 'pending'))
    expect(delivered(gone, 'success') - delivered(before, 'success')).toBe(1)
  })

  it('exposes the process (memory, event-loop lag) and, on PostgreSQL, the connection pool', async () => {
    const exposition = await scrape()
    expect(value(exposition, 'process_resident_memory_bytes')).toBeGreaterThan(10 * 1024 * 1024)
    expect(exposition.types.get('nodejs_eventloop_lag_seconds')).toBe('gauge')
    expect(value(exposition, 'fanshelf_database_up')).toBe(1)
    if (platform.app.platform.database.dialect === 'postgres') {
      // The test databases open pools of 5 (testing/test-database.ts).
      expect(value(exposition, 'fanshelf_db_pool_connections', { state: 'max' })).toBe(5)
      expect(value(exposition, 'fanshelf_db_pool_waiting_queries')).toBe(0)
    } else {
      // SQLite is one embedded connection: no pool to report.
      expect(exposition.types.has('fanshelf_db_pool_connections')).toBe(false)
    }
  })

  it('parses as prom-client itself reads its registry (the parser is checked against the library)', async () => {
    const exposition = await scrape()
    const json = await platform.app.platform.metrics!.scrapeJson()
    for (const family of json) expect(exposition.types.get(family.name)).toBe(family.type)
    const deliveries = json.find((family) => family.name === 'fanshelf_webhook_deliveries_total')
    for (const sample of deliveries?.values ?? []) {
      expect(value(exposition, 'fanshelf_webhook_deliveries_total', { result: String(sample.labels.result) })).toBe(
        sample.value,
      )
    }
  })
})
