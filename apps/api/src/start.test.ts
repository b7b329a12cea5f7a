import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { Writable } from 'node:stream'
import { afterAll, describe, expect, it } from 'vitest'
import { buildApp } from './app.js'
import { parseConfig } from './config.js'
import { migrateToLatest } from './db/database.js'
import { readRunningServer } from './running-server.js'
import { readDemoCredentials } from './seed/demo-credentials.js'
import { startPlatform, stopPlatform } from './start.js'
import { createTestDatabase } from './testing/test-database.js'

describe('startPlatform', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanshelf-start-'))
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }))

  it('two nodes booting together on an empty database seed it once, and both start', async () => {
    const database = await createTestDatabase()
    await migrateToLatest(database.db)
    const config = parseConfig({ DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent', ROLES: 'api' })
    const build = (c: typeof config) => buildApp(c, { database, logger: false, worker: false })
    const outputs: string[][] = [[], []]
    const apps = await Promise.all(
      outputs.map((lines) => startPlatform(config, build, { out: (line) => lines.push(line) })),
    )
    try {
      const shops = await database.db.selectFrom('shops').select('id').execute()
      expect(shops).toHaveLength(2)
      // The credentials written are the seeded ones: they work on either node.
      const written = readDemoCredentials(dataDir)
      expect(written?.shops.map((shop) => shop.id).sort()).toEqual(shops.map((shop) => shop.id).sort())
      for (const app of apps) {
        const { username, password } = written!.shops[0]!.apiUser
        expect(await app.platform.services.apiUsers.verify(username, password)).toBeDefined()
      }
      for (const app of apps) expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200)
      for (const lines of outputs) expect(lines.at(-1)).toMatch(/Fanshelf is running/)
    } finally {
      for (const app of apps) await app.close()
      await database.close()
    }
  })

  it('prints the demo banner last, after the startup log entries, so they do not drown it', async () => {
    const database = await createTestDatabase()
    await migrateToLatest(database.db)
    const bannerDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanshelf-start-banner-'))
    const config = parseConfig({ DATA_DIR: bannerDir, PORT: '0', ROLES: 'api' })
    const terminal: string[] = []
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        terminal.push(
          ...chunk
            .toString('utf8')
            .split('\n')
            .filter(Boolean)
            .map((line) => `log: ${line}`),
        )
        done()
      },
    })
    const build = (c: typeof config) => buildApp(c, { database, logger: logStream, worker: false })
    const app = await startPlatform(config, build, { out: (line) => terminal.push(`out: ${line.split('\n')[0]}`) })
    try {
      const listening = terminal.findIndex((line) => /^log: .*INFO +Server listening at http/.test(line))
      const banner = terminal.findIndex((line) => line.startsWith('out: '))
      expect(listening).toBeGreaterThanOrEqual(0)
      expect(banner).toBeGreaterThan(listening)
      expect(terminal.slice(banner).every((line) => line.startsWith('out: '))).toBe(true)
      expect(terminal.at(-1)).toMatch(/Fanshelf is running/)
      // The tools beside it (trigger, listen, the dev servers) find it through DATA_DIR/server.json.
      expect(readRunningServer(bannerDir)).toEqual({ publicUrl: config.publicUrl })
    } finally {
      await app.close()
      await database.close()
      fs.rmSync(bannerDir, { recursive: true, force: true })
    }
  })

  it('stops gracefully: a request in flight completes after the stop began, new connections are refused', async () => {
    const database = await createTestDatabase()
    await migrateToLatest(database.db)
    const stopDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanshelf-start-stop-'))
    const config = parseConfig({ DATA_DIR: stopDir, PORT: '0', LOG_LEVEL: 'silent', ROLES: 'api', SEED_DEMO: 'false' })
    let entered!: () => void
    const slowRequestArrived = new Promise<void>((resolve) => {
      entered = resolve
    })
    let release!: () => void
    const released = new Promise<void>((resolve) => {
      release = resolve
    })
    const build = async (c: typeof config) => {
      const app = await buildApp(c, { database, logger: false, worker: false })
      // A request that takes as long as the test wants: the "slow request in flight".
      app.get('/slow-for-test', async () => {
        entered()
        await released
        return { status: 'done' }
      })
      return app
    }
    const app = await startPlatform(config, build, { out: () => {} })
    const { port } = app.server.address() as AddressInfo
    const get = (pathname: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const request = http.get({ host: '127.0.0.1', port, path: pathname, agent: false }, (response) => {
          let body = ''
          response.setEncoding('utf8')
          response.on('data', (chunk: string) => {
            body += chunk
          })
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body }))
        })
        request.on('error', reject)
      })
    try {
      const slow = get('/slow-for-test')
      await slowRequestArrived
      let stopped = false
      const stopping = stopPlatform(app).then(() => {
        stopped = true
      })
      // The listening socket closes at once: a new connection is refused…
      const deadline = Date.now() + 5_000
      while (app.server.listening && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5))
      await expect(get('/healthz')).rejects.toMatchObject({ code: 'ECONNREFUSED' })
      // …while the stop waits for the request in flight, which then completes normally.
      await new Promise((resolve) => setTimeout(resolve, 50))
      expect(stopped).toBe(false)
      release()
      expect(await slow).toEqual({ status: 200, body: '{"status":"done"}' })
      await stopping
      expect(stopped).toBe(true)
    } finally {
      release()
      await app.close()
      await database.close()
      fs.rmSync(stopDir, { recursive: true, force: true })
    }
  })
})
