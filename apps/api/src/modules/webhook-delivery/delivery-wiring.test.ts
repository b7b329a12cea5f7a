import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp, sharedContract } from '../../app.js'
import { ManualClock } from '../../clock.js'
import { type Config, parseConfig } from '../../config.js'
import type { DatabaseHandle } from '../../db/database.js'
import { createTestDatabase } from '../../testing/test-database.js'

/** buildApp runs the in-process worker by role and stops it on close (issue 5 item 4). */
describe('the in-process delivery worker', () => {
  let dataDir: string
  let database: DatabaseHandle
  const config = (roles: string): Config => parseConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ROLES: roles })

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanshelf-wiring-'))
    database = await createTestDatabase()
  })
  afterAll(async () => {
    await database.close()
    fs.rmSync(dataDir, { recursive: true, force: true })
  })

  async function running(roles: string, options: { clock?: ManualClock; worker?: boolean } = {}) {
    const app = await buildApp(config(roles), {
      database,
      contract: await sharedContract(config(roles)),
      logger: false,
      ...options,
    })
    const worker = app.platform.services.webhookDelivery
    const wasRunning = worker.running
    await app.close()
    return { wasRunning, afterClose: worker.running }
  }

  it('starts with the worker role and stops when the app closes', async () => {
    expect(await running('api,worker')).toEqual({ wasRunning: true, afterClose: false })
  })

  it('does not start without the worker role', async () => {
    expect(await running('api')).toEqual({ wasRunning: false, afterClose: false })
  })

  it('leaves the worker to the test on an injected clock, unless asked', async () => {
    expect((await running('api,worker', { clock: new ManualClock() })).wasRunning).toBe(false)
    expect((await running('api,worker', { clock: new ManualClock(), worker: true })).wasRunning).toBe(true)
  })
})
