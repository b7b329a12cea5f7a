import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { run } from '../cli.js'
import { captureIo as capture } from '../testing/capture-io.js'

let dataDir: string
let shopId: string
let seededToken: string
const savedEnv = { ...process.env }
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanshelf-cli-token-'))
  process.env.DATA_DIR = dataDir
  process.env.DATABASE_URL = ''
  expect(await run(['seed'], capture().io)).toBe(0)
  const credentials = capture()
  await run(['demo-credentials', '--json'], credentials.io)
  const demo = JSON.parse(credentials.out).shops[0]
  shopId = demo.id
  seededToken = demo.storefrontToken
})
afterAll(() => {
  process.env = savedEnv
  fs.rmSync(dataDir, { recursive: true, force: true })
})

async function json(args: string[]) {
  const c = capture()
  const code = await run(['storefront-token', ...args, '--json'], c.io)
  return { code, body: code === 0 ? JSON.parse(c.out) : undefined, err: c.err }
}

describe('fanshelf storefront-token', () => {
  it('prints the shop’s current token', async () => {
    const { code, body } = await json(['--shop', shopId])
    expect(code).toBe(0)
    expect(body).toEqual({ shopId, token: seededToken, createdAt: expect.any(String) })
    const text = capture()
    expect(await run(['storefront-token', '--shop', shopId], text.io)).toBe(0)
    expect(text.out).toContain(seededToken)
  })

  it('regenerates: a new token, which later calls print', async () => {
    const regenerated = await json(['--shop', shopId, '--regenerate'])
    expect(regenerated.body.token).toMatch(/^ptkn_/)
    expect(regenerated.body.token).not.toBe(seededToken)
    expect((await json(['--shop', shopId])).body.token).toBe(regenerated.body.token)
  })

  it('revokes, and the next call creates a new token', async () => {
    const before = (await json(['--shop', shopId])).body.token
    expect((await json(['--shop', shopId, '--revoke'])).body).toEqual({ shopId, revoked: true })
    expect((await json(['--shop', shopId, '--revoke'])).body).toEqual({ shopId, revoked: false })
    const after = (await json(['--shop', shopId])).body.token
    expect(after).not.toBe(before)
  })

  it('exits 1 for an unknown shop and 2 for bad usage', async () => {
    const missing = await json(['--shop', 'sh_nope'])
    expect(missing.code).toBe(1)
    expect(missing.err).toContain('does not exist')
    expect(await run(['storefront-token'], capture().io)).toBe(2)
    expect(await run(['storefront-token', '--shop', shopId, '--regenerate', '--revoke'], capture().io)).toBe(2)
    const help = capture()
    expect(await run(['storefront-token', '--help'], help.io)).toBe(0)
    expect(help.out).toContain('--regenerate')
  })
})
