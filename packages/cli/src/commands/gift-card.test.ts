import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { run } from '../cli.js'
import { captureIo as capture } from '../testing/capture-io.js'

let dataDir: string
let shopId: string
const savedEnv = { ...process.env }
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanshelf-cli-gift-card-'))
  process.env.DATA_DIR = dataDir
  process.env.DATABASE_URL = ''
  expect(await run(['seed'], capture().io)).toBe(0)
  const credentials = capture()
  await run(['demo-credentials', '--json'], credentials.io)
  const demo = JSON.parse(credentials.out).shops[0]
  shopId = demo.id
  // The seed records the demo shop's gift cards with the other demo credentials.
  expect(demo.giftCards).toEqual([
    { code: expect.stringMatching(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/), balance: '25.00 USD' },
    { code: expect.stringMatching(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/), balance: '10.01 USD' },
  ])
})
afterAll(() => {
  process.env = savedEnv
  fs.rmSync(dataDir, { recursive: true, force: true })
})

describe('fanshelf gift-card create', () => {
  it('issues a card and prints its code once, as JSON', async () => {
    const c = capture()
    expect(
      await run(['gift-card', 'create', '--shop', shopId, '--amount', '25.00', '--currency', 'USD', '--json'], c.io),
    ).toBe(0)
    const card = JSON.parse(c.out)
    expect(card).toMatchObject({
      id: expect.stringMatching(/^gcrd_/),
      code: expect.stringMatching(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/),
      initialBalance: { value: 25, currency: 'USD' },
      balance: { value: 25, currency: 'USD' },
      issuedBy: 'cli',
    })
  })

  it('prints the code in text form', async () => {
    const c = capture()
    expect(await run(['gift-card', 'create', '--shop', shopId, '--amount', '10.01', '--currency', 'usd'], c.io)).toBe(0)
    expect(c.out).toMatch(/of 10\.01 USD\nCode \(shown once\): [A-Z2-9]{4}(-[A-Z2-9]{4}){3}\n/)
  })

  it('refuses a bad amount or currency (1), an unknown shop (1) and missing flags (2)', async () => {
    const decimals = capture()
    expect(
      await run(['gift-card', 'create', '--shop', shopId, '--amount', '1.001', '--currency', 'USD'], decimals.io),
    ).toBe(1)
    expect(decimals.err).toContain('amount.value')
    const currency = capture()
    expect(
      await run(['gift-card', 'create', '--shop', shopId, '--amount', '5', '--currency', 'XYZ'], currency.io),
    ).toBe(1)
    expect(currency.err).toContain('amount.currency')
    const missing = capture()
    expect(
      await run(['gift-card', 'create', '--shop', 'sh_nope', '--amount', '5', '--currency', 'USD'], missing.io),
    ).toBe(1)
    expect(missing.err).toContain('does not exist')
    expect(await run(['gift-card', 'create', '--shop', shopId, '--currency', 'USD'], capture().io)).toBe(2)
    expect(
      await run(['gift-card', 'create', '--shop', shopId, '--amount', 'ten', '--currency', 'USD'], capture().io),
    ).toBe(2)
  })
})
