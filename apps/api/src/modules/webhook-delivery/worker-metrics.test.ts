import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseConfig } from '../../config.js'
import { SecretBox } from '../../security/secret-box.js'
import { recordEvent } from '../events/event-outbox.js'
import { type Exposition, parseExposition } from '../metrics/testing/exposition-parser.js'
import { createDeliveryFixture, type DeliveryFixture } from './testing/delivery-fixture.js'
import { createNamedTestDatabase, type NamedTestDatabase } from './testing/named-test-database.js'
import { startReceiver, type TestReceiver } from './testing/test-receiver.js'
import { startWorker, type WorkerProcess } from './worker-process.js'

/**
 * A separate webhook worker process (ROLES=worker) serves its own /metrics on WORKER_METRICS_PORT
 * (decision 0033): the deliveries it makes are counted there, behind the same bearer token.
 */

const token = 'worker-metrics-token-0123456789'
let dir: string
let database: NamedTestDatabase
let fixture: DeliveryFixture
let receiver: TestReceiver
let worker: WorkerProcess

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanshelf-worker-metrics-'))
  database = await createNamedTestDatabase(dir)
  fixture = await createDeliveryFixture({
    database: database.handle,
    secretBox: SecretBox.fromDataDir(dir),
    now: Date.now(),
  })
  receiver = await startReceiver()
  const config = parseConfig(
    { DATA_DIR: dir, DATABASE_URL: database.url, LOG_LEVEL: 'silent', METRICS_TOKEN: token, ROLES: 'worker' },
    // Any free port (the variable itself takes 1–65535).
    { workerMetricsPort: 0 },
  )
  worker = await startWorker(config, { idlePollMs: 20 })
})

afterAll(async () => {
  await worker?.stop()
  await receiver?.close()
  await fixture?.close()
  await database?.drop()
  fs.rmSync(dir, { recursive: true, force: true })
})

async function scrape(): Promise<Exposition> {
  const response = await fetch(`${worker.metricsOrigin}/metrics`, { headers: { authorization: `Bearer ${token}` } })
  expect(response.status).toBe(200)
  return parseExposition(await response.text())
}

describe('a worker process’s /metrics', () => {
  it('needs the token', async () => {
    expect(worker.metricsOrigin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    const anonymous = await fetch(`${worker.metricsOrigin}/metrics`)
    expect(anonymous.status).toBe(401)
    expect(anonymous.headers.get('www-authenticate')).toMatch(/^Bearer /)
  })

  it('counts the deliveries this worker makes and their lag', async () => {
    const delivered = (exposition: Exposition) =>
      exposition.value('fanshelf_webhook_deliveries_total', { result: 'success' }) ?? 0
    const before = await scrape()
    await fixture.addConfiguration({ url: `${receiver.origin}/hooks`, allowedTypes: ['DONATION'] })
    await recordEvent(fixture.database.db, { shopId: fixture.shopId, type: 'DONATION', data: { n: 1 } }, Date.now())
    const deadline = Date.now() + 15_000
    let now = before
    while (delivered(now) - delivered(before) < 1) {
      if (Date.now() > deadline) throw new Error('the worker delivered nothing')
      await new Promise((resolve) => setTimeout(resolve, 50))
      now = await scrape()
    }
    expect(receiver.requests).toHaveLength(1)
    expect(delivered(now) - delivered(before)).toBe(1)
    expect(now.value('fanshelf_webhook_delivery_lag_seconds_count')).toBe(1)
    // The process's own memory and the shared queue are there too.
    expect(now.value('process_resident_memory_bytes')).toBeGreaterThan(0)
    // The queue empties once the delivery's record is written, a moment after the counter moved.
    await expect
      .poll(async () => (await scrape()).value('fanshelf_webhook_queue_deliveries', { state: 'pending' }), {
        timeout: 15_000,
      })
      .toBe(0)
  })
})
