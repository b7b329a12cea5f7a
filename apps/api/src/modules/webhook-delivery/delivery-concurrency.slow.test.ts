import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { systemClock } from '../../clock.js'
import { testDatabaseUrl } from '../../config.js'
import { type DatabaseHandle, openDatabase } from '../../db/database.js'
import { recordEvent } from '../events/event-outbox.js'
import { createDeliveryWorker } from './delivery-worker.js'
import { createDeliveryFixture, type DeliveryFixture, loopbackRules } from './testing/delivery-fixture.js'
import { createNamedTestDatabase, type NamedTestDatabase } from './testing/named-test-database.js'
import { startReceiver, type TestReceiver } from './testing/test-receiver.js'
import { createSigningKeys } from './webhook-signatures.js'

/**
 * No double claim (issue 5, api-practices W3): two workers, each with its own connection pool to
 * one PostgreSQL database (claims `FOR UPDATE SKIP LOCKED`), deliver 10,000 deliveries to a
 * receiver that always answers 200: every delivery is sent exactly once.
 */

const configurations = 10
const eventsPerConfiguration = 1_000

describe.runIf(testDatabaseUrl() !== undefined)('two workers on PostgreSQL', () => {
  let dir: string
  let database: NamedTestDatabase
  let fixture: DeliveryFixture
  let receiver: TestReceiver
  const pools: DatabaseHandle[] = []

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanshelf-two-workers-'))
    database = await createNamedTestDatabase(dir)
    fixture = await createDeliveryFixture({ database: database.handle, now: Date.now() })
    receiver = await startReceiver()
  })
  afterAll(async () => {
    await receiver?.close()
    for (const pool of pools) await pool.close()
    await fixture?.close()
    await database?.drop()
    fs.rmSync(dir, { recursive: true, force: true })
  })

  it(`send ${configurations * eventsPerConfiguration} deliveries exactly once`, async () => {
    for (let c = 0; c < configurations; c++) {
      await fixture.addConfiguration({ url: `${receiver.origin}/c${c}`, allowedTypes: ['DONATION'] })
    }
    const db = fixture.database.db
    for (let i = 0; i < eventsPerConfiguration; i += 100) {
      await db.transaction().execute(async (trx) => {
        for (let j = i; j < i + 100; j++) {
          await recordEvent(trx, { shopId: fixture.shopId, type: 'DONATION', data: { seq: j } }, Date.now())
        }
      })
    }
    const total = configurations * eventsPerConfiguration

    const workers = [0, 1].map((n) => {
      const pool = openDatabase(database.url, { poolSize: 8 })
      pools.push(pool)
      return createDeliveryWorker({
        database: pool,
        clock: systemClock,
        rules: loopbackRules,
        signingKeys: createSigningKeys({ db: pool.db, secretBox: fixture.secretBox, clock: systemClock }),
        workerId: `worker-${n}`,
        idlePollMs: 20,
      })
    })
    const started = Date.now()
    for (const worker of workers) worker.start()
    await receiver.waitFor(total)
    for (;;) {
      const open = await db
        .selectFrom('webhook_events')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('state', '!=', 'DELIVERED')
        .executeTakeFirstOrThrow()
      if (Number(open.count) === 0) break
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    const seconds = (Date.now() - started) / 1000
    await Promise.all(workers.map((w) => w.stop()))

    const ids = receiver.requests.map((r) => String(r.headers['webhook-id']))
    expect(ids).toHaveLength(total)
    expect(new Set(ids).size).toBe(total)
    const attempts = await db
      .selectFrom('webhook_attempts')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow()
    expect(Number(attempts.count)).toBe(total)
    const [one, two] = workers.map((w) => w.totals.delivered)
    expect(one! + two!).toBe(total)
    // Both workers took part.
    expect(Math.min(one!, two!)).toBeGreaterThan(total / 10)
    process.stdout.write(
      `two workers: ${total} deliveries (${one} + ${two}) in ${seconds.toFixed(1)} s, no double send\n`,
    )
  }, 120_000)
})
