import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SecretBox } from '../../security/secret-box.js'
import { recordEvent } from '../events/event-outbox.js'
import { createDeliveryFixture, type DeliveryFixture } from './testing/delivery-fixture.js'
import { createNamedTestDatabase, type NamedTestDatabase } from './testing/named-test-database.js'
import { startReceiver, type TestReceiver } from './testing/test-receiver.js'

/**
 * Crash safety (issue 5, api-practices W2): 1,000 events; a separate worker process is SIGKILLed at
 * random points at least 20 times and restarted; afterwards every event has been delivered at
 * least once and every duplicate carried the same webhook-id (and the same body).
 */

const events = 1_000
const kills = 20
const crashWorker = path.join(import.meta.dirname, 'testing/crash-worker.ts')
const repoRoot = path.resolve(import.meta.dirname, '../../../../..')

let dir: string
let database: NamedTestDatabase
let fixture: DeliveryFixture
let receiver: TestReceiver
let workerErrors = ''

function startWorkerProcess(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', crashWorker], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: dir, DATABASE_URL: database.url, LOG_LEVEL: 'warn', SEED_DEMO: 'false' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stderr?.on('data', (chunk: Buffer) => {
    workerErrors += chunk.toString()
  })
  return new Promise((resolve, reject) => {
    let output = ''
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      if (output.includes('ready')) resolve(child)
    })
    child.once('exit', (code) => reject(new Error(`The worker exited (${code}) before it was ready: ${output}`)))
  })
}

function killed(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.removeAllListeners('exit')
    child.once('exit', () => resolve())
    child.kill('SIGKILL')
  })
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanshelf-crash-'))
  database = await createNamedTestDatabase(dir)
  // The worker processes open the shop secret with the key in DATA_DIR, as a deployment does.
  fixture = await createDeliveryFixture({
    database: database.handle,
    secretBox: SecretBox.fromDataDir(dir),
    now: Date.now(),
  })
  // A receiver that takes a little while, so that the deliveries spread over the kills.
  receiver = await startReceiver((_request, response) => {
    setTimeout(() => response.writeHead(200).end('ok'), 15)
  })
})

afterAll(async () => {
  await receiver?.close()
  await fixture?.close()
  await database?.drop()
  fs.rmSync(dir, { recursive: true, force: true })
})

describe('a worker process killed at random points', () => {
  it(`delivers each of ${events} events at least once, duplicates with the same webhook-id`, async () => {
    await fixture.addConfiguration({ url: `${receiver.origin}/hooks`, allowedTypes: ['DONATION'] })
    const ids: string[] = []
    for (let i = 0; i < events; i += 100) {
      const batch = await fixture.database.db.transaction().execute(async (trx) => {
        const out: string[] = []
        for (let j = i; j < i + 100; j++) {
          const { deliveryIds } = await recordEvent(
            trx,
            { shopId: fixture.shopId, type: 'DONATION', data: { seq: j } },
            Date.now() + j,
          )
          out.push(...deliveryIds)
        }
        return out
      })
      ids.push(...batch)
    }
    expect(ids).toHaveLength(events)

    for (let k = 0; k < kills; k++) {
      const child = await startWorkerProcess()
      await sleep(40 + Math.random() * 300)
      await killed(child)
    }
    const deliveredBeforeLastStart = new Set(receiver.requests.map((r) => r.headers['webhook-id'])).size
    const last = await startWorkerProcess()
    const deadline = Date.now() + 40_000
    const db = fixture.database.db
    for (;;) {
      const open = await db
        .selectFrom('webhook_events')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('state', '!=', 'DELIVERED')
        .executeTakeFirstOrThrow()
      if (Number(open.count) === 0) break
      if (Date.now() > deadline) {
        const stuck = await db
          .selectFrom('webhook_events')
          .select(['state', 'attempt_count', 'next_attempt_at', 'lease_owner', 'lease_until', 'last_error'])
          .where('state', '!=', 'DELIVERED')
          .limit(10)
          .execute()
        throw new Error(
          `${open.count} deliveries still open at ${new Date().toISOString()} (last worker exit code ${last.exitCode}): ${JSON.stringify(stuck)}\nworker stderr: ${workerErrors.slice(-4000)}`,
        )
      }
      await sleep(100)
    }
    last.kill('SIGTERM')
    await new Promise((resolve) => last.once('exit', resolve))

    const stored = new Map(
      (await db.selectFrom('webhook_events').select(['id', 'body']).execute()).map((row) => [row.id, row.body]),
    )
    const received = new Map<string, number>()
    for (const request of receiver.requests) {
      const id = String(request.headers['webhook-id'])
      // A duplicate is the same message: same webhook-id, same envelope id, same bytes.
      expect(JSON.parse(request.body).id).toBe(id)
      expect(request.body).toBe(stored.get(id))
      received.set(id, (received.get(id) ?? 0) + 1)
    }
    expect([...received.keys()].sort()).toEqual([...ids].sort())
    const duplicates = receiver.requests.length - received.size
    // The kills happened while deliveries were under way (not before or after all of them).
    expect(deliveredBeforeLastStart).toBeGreaterThan(0)
    expect(deliveredBeforeLastStart).toBeLessThan(events)
    process.stdout.write(
      `crash test: ${kills} kills, ${receiver.requests.length} requests for ${events} events (${duplicates} duplicates), ${deliveredBeforeLastStart} delivered before the last restart\n`,
    )
  }, 180_000)
})
