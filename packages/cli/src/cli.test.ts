import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { run } from './cli.js'
import { captureIo as capture } from './testing/capture-io.js'

let dataDir: string
const savedEnv = { ...process.env }
beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanshelf-cli-'))
  process.env.DATA_DIR = dataDir
  process.env.DATABASE_URL = ''
})
afterAll(() => {
  process.env = savedEnv
  fs.rmSync(dataDir, { recursive: true, force: true })
})

describe('fanshelf CLI', () => {
  it('lists every command in --help and exits 0', async () => {
    const c = capture()
    expect(await run(['--help'], c.io)).toBe(0)
    for (const name of ['start', 'serve', 'seed', 'demo-credentials', 'api-user']) expect(c.out).toContain(name)
  })

  it('exits 2 with the help text for an unknown command or no command', async () => {
    const unknown = capture()
    expect(await run(['frobnicate'], unknown.io)).toBe(2)
    expect(unknown.err).toContain('unknown command "frobnicate"')
    expect(await run([], capture().io)).toBe(2)
  })

  it('exits 2 naming the problem for a bad flag', async () => {
    const c = capture()
    expect(await run(['seed', '--bogus'], c.io)).toBe(2)
    expect(c.err).toContain('Usage: fanshelf seed')
  })

  it('prints each command’s usage with --help', async () => {
    const c = capture()
    expect(await run(['api-user', '--help'], c.io)).toBe(0)
    expect(c.out).toContain('--shop')
  })

  it('tells how to get credentials when none were generated yet', async () => {
    const c = capture()
    expect(await run(['demo-credentials'], c.io)).toBe(1)
    expect(c.err).toContain('npm start')
  })

  it('seeds, then prints the credentials as JSON, then refuses to seed twice without --reset', async () => {
    const seeded = capture()
    expect(await run(['seed'], seeded.io)).toBe(0)
    const json = capture()
    expect(await run(['demo-credentials', '--json'], json.io)).toBe(0)
    const credentials = JSON.parse(json.out)
    expect(credentials.shops).toHaveLength(2)
    expect(credentials.shops[0].apiUser.password.length).toBeGreaterThanOrEqual(32)
    const again = capture()
    expect(await run(['seed'], again.io)).toBe(0)
    expect(again.out).toContain('nothing seeded')
  })

  it('creates an API user for an existing shop and prints the password once as JSON', async () => {
    const json = capture()
    await run(['demo-credentials', '--json'], json.io)
    const shopId = JSON.parse(json.out).shops[0].id
    const created = capture()
    expect(await run(['api-user', 'create', '--shop', shopId, '--name', 'Fulfilment Bot', '--json'], created.io)).toBe(
      0,
    )
    const user = JSON.parse(created.out)
    expect(user.username).toMatch(/^fulfilment-bot-[0-9a-f]{8}$/)
    expect(user.password.length).toBeGreaterThanOrEqual(32)
    const missing = capture()
    expect(await run(['api-user', 'create', '--shop', 'sh_nope'], missing.io)).toBe(1)
    expect(missing.err).toContain('does not exist')
    expect(await run(['api-user', 'create'], capture().io)).toBe(2)
  })
})
