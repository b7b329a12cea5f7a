import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { openDatabase } from '@fanshelf/api'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { run } from '../cli.js'
import { captureIo as capture } from '../testing/capture-io.js'
import { openApiAnswers, serveInstall } from '../testing/served-install.js'

/**
 * `fanshelf backup` / `fanshelf restore` on SQLite, as an operator runs them: against the DATA_DIR
 * of a server that is listening on 127.0.0.1 (the real app, file database), then a fresh server on
 * the restored DATA_DIR answering the open API as before.
 */

const repoRoot = path.resolve(import.meta.dirname, '../../../..')
const passphrase = 'correct horse battery staple'
const savedEnv = { ...process.env }
let root: string

async function cli(args: string[]) {
  const c = capture()
  const code = await run(args, c.io)
  return { code, out: c.out, err: c.err }
}

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'fanshelf-backup-'))
  process.env.DATABASE_URL = ''
  process.env.SECRET_KEY = ''
  process.env.ROLES = 'api'
  process.env.LOG_LEVEL = 'silent'
  process.env.FANSHELF_BACKUP_PASSPHRASE = passphrase
})

afterAll(() => {
  process.env = savedEnv
  fs.rmSync(root, { recursive: true, force: true })
})

describe('fanshelf backup → wipe → fanshelf restore', () => {
  const dataDir = () => path.join(root, 'install')
  const archive = () => path.join(root, 'install.fsb')
  let before: Awaited<ReturnType<typeof openApiAnswers>>
  let apiUser: { username: string; password: string }

  it('backs up while the server serves: an encrypted file naming what it holds', async () => {
    const server = await serveInstall(dataDir(), true)
    try {
      apiUser = server.credentials!.shops[0]!.apiUser
      before = await openApiAnswers(server.origin, apiUser)
      expect(before.shop.status).toBe(200)
      expect(before.webhookSecret.status).toBe(200)
      expect((before.orders.body as { results: unknown[] }).results.length).toBeGreaterThan(0)

      const backup = await cli(['backup', archive(), '--json'])
      expect(backup.err).toBe('')
      expect(backup.code).toBe(0)
      const report = JSON.parse(backup.out)
      expect(report).toMatchObject({
        encrypted: true,
        manifest: {
          format: 'fanshelf-backup',
          formatVersion: 1,
          database: { kind: 'sqlite', schemaVersion: expect.stringMatching(/^\d{4}-/) },
          secretKey: { included: true, source: 'DATA_DIR/secret.key' },
          entries: [
            { name: 'secret.key', kind: 'secret-key' },
            { name: 'database.sqlite', kind: 'database' },
          ],
        },
      })
      expect(report.manifest.database.tables.shops).toBe(2)
      expect(fs.statSync(archive()).mode & 0o777).toBe(0o600)
      // Encrypted: neither the key nor any shop data is readable in the file.
      const bytes = fs.readFileSync(archive())
      expect(bytes.includes(fs.readFileSync(path.join(dataDir(), 'secret.key')))).toBe(false)
      expect(bytes.includes(Buffer.from(apiUser.username))).toBe(false)
      expect(bytes.includes(Buffer.from('SQLite format 3'))).toBe(false)
    } finally {
      await server.app.close()
    }
  })

  it('restores into the wiped install, and the server answers as before (the webhook secret still opens)', async () => {
    fs.rmSync(dataDir(), { recursive: true })
    process.env.DATA_DIR = dataDir()
    const restore = await cli(['restore', archive()])
    expect(restore.err).toBe('')
    expect(restore.code).toBe(0)
    expect(restore.out).toContain('2 shops')
    expect(restore.out).toContain(`secret key is now in ${path.join(dataDir(), 'secret.key')}`)

    const server = await serveInstall(dataDir(), false)
    try {
      expect(await openApiAnswers(server.origin, apiUser)).toEqual(before)
    } finally {
      await server.app.close()
    }
  })

  it('refuses to restore over an install that holds shops, unless --force', async () => {
    process.env.DATA_DIR = dataDir()
    const refused = await cli(['restore', archive()])
    expect(refused.code).toBe(1)
    expect(refused.err).toContain('already holds 2 shops')
    expect(refused.err).toContain('--force')
    const forced = await cli(['restore', archive(), '--force'])
    expect(forced.code).toBe(0)
    expect(forced.out).toContain('secret key in place is the backup’s')
  })
})

describe('fanshelf backup during a burst of orders', () => {
  it('restores a state whose orders, order lines, carts and stock agree', async () => {
    const dataDir = path.join(root, 'busy')
    const archive = path.join(root, 'busy.fsb')
    const server = await serveInstall(dataDir, true)
    const shop = server.credentials!.shops[0]!
    const db = server.app.platform.services.db
    // Two limited variants of different products, stocked for the whole burst: every order takes
    // one of the first and two of the second.
    const variants = await db
      .selectFrom('variants as v')
      .innerJoin('products as p', 'p.id', 'v.product_id')
      .select(['v.id', 'v.product_id'])
      .where('p.shop_id', '=', shop.id)
      .where('p.access', '=', 'PUBLIC')
      .where('p.state', '=', 'AVAILABLE')
      .where('p.type', '=', 'STANDARD')
      .where('v.stock_type', '=', 'LIMITED')
      .orderBy('v.id')
      .execute()
    const limited = variants[0]
    const other = variants.find((v) => v.product_id !== limited?.product_id)
    if (!limited || !other) throw new Error('The demo shop has no variants for the burst')
    await db.updateTable('variants').set({ in_stock: 1000 }).where('id', 'in', [limited.id, other.id]).execute()

    const email = 'burst@example.com'
    let placed = 0
    const placeOrder = async () => {
      const cart = await fetch(`${server.origin}/v1/carts?storefront_token=${shop.storefrontToken}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          items: [
            { variantId: limited.id, quantity: 1 },
            { variantId: other.id, quantity: 2 },
          ],
        }),
      })
      expect(cart.status).toBe(200)
      const { id: cartId } = (await cart.json()) as { id: string }
      const order = await fetch(`${server.origin}/checkout/api/orders`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          cartId,
          email,
          'shipping.name': 'Sam Rivera',
          'shipping.address1': '1200 Morrison St',
          'shipping.city': 'Portland',
          'shipping.state': 'OR',
          'shipping.zip': '97204',
          'shipping.country': 'US',
          billingSameAsShipping: 'on',
          'card.name': 'Sam Rivera',
          'card.number': '4242 4242 4242 4242',
          'card.expiry': '12/30',
          'card.cvc': '123',
        }),
      })
      expect(order.status).toBe(201)
      placed++
    }

    try {
      // Two shoppers order without pause; the backup (its own process, as an operator runs it)
      // starts once the burst is under way, and the burst goes on after it ends.
      let backupDone = false
      let afterBackup = 0
      const shopper = async () => {
        while (!backupDone || afterBackup < 4) {
          await placeOrder()
          if (backupDone) afterBackup++
        }
      }
      const shoppers = [shopper(), shopper()]
      while (placed < 6) await new Promise((resolve) => setTimeout(resolve, 20))
      const placedAtStart = placed
      const backup = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
        const child = spawn(
          process.execPath,
          [path.join(repoRoot, 'packages/cli/bin/fanshelf.js'), 'backup', archive],
          {
            cwd: repoRoot,
            env: { ...process.env, DATA_DIR: dataDir },
            stdio: ['ignore', 'ignore', 'pipe'],
          },
        )
        let stderr = ''
        child.stderr.on('data', (chunk: Buffer) => {
          stderr += chunk.toString('utf8')
        })
        child.on('close', (code) => resolve({ code, stderr }))
      })
      backupDone = true
      await Promise.all(shoppers)
      expect(backup).toEqual({ code: 0, stderr: '' })

      const restoredDir = path.join(root, 'busy-restored')
      process.env.DATA_DIR = restoredDir
      expect((await cli(['restore', archive])).code).toBe(0)
      const restored = openDatabase(`sqlite:${path.join(restoredDir, 'fanshelf.sqlite')}`)
      try {
        const orders = await restored.db
          .selectFrom('orders')
          .select(['id', 'subtotal'])
          .where('email', '=', email)
          .execute()
        // Taken mid-burst: more than the orders placed before it started, fewer than all of them.
        expect(orders.length).toBeGreaterThanOrEqual(placedAtStart)
        expect(orders.length).toBeLessThan(placed)
        const lines = await restored.db
          .selectFrom('order_lines')
          .select(['order_id', 'variant_id', 'quantity', 'unit_price'])
          .where(
            'order_id',
            'in',
            orders.map((o) => o.id),
          )
          .execute()
        for (const order of orders) {
          const own = lines.filter((line) => line.order_id === order.id)
          expect(own.map((line) => [line.variant_id, line.quantity]).sort()).toEqual(
            [
              [limited.id, 1],
              [other.id, 2],
            ].sort(),
          )
          expect(own.reduce((sum, line) => sum + line.quantity * line.unit_price, 0)).toBe(order.subtotal)
        }
        const stock = async (variantId: string) =>
          (
            await restored.db
              .selectFrom('variants')
              .select('in_stock')
              .where('id', '=', variantId)
              .executeTakeFirstOrThrow()
          ).in_stock
        expect(await stock(limited.id)).toBe(1000 - orders.length)
        expect(await stock(other.id)).toBe(1000 - 2 * orders.length)
        const closedCarts = await restored.db
          .selectFrom('carts')
          .select('order_id')
          .where('status', '=', 'CLOSED')
          .where(
            'order_id',
            'in',
            orders.map((o) => o.id),
          )
          .execute()
        expect(closedCarts).toHaveLength(orders.length)
      } finally {
        await restored.close()
      }
    } finally {
      await server.app.close()
    }
  }, 120_000)
})

describe('fanshelf backup and restore refuse clearly', () => {
  const source = () => path.join(root, 'errors')
  const archive = () => path.join(root, 'errors.fsb')
  const target = () => path.join(root, 'errors-target')
  const nothingWritten = () => expect(fs.existsSync(target())).toBe(false)

  beforeAll(async () => {
    process.env.DATA_DIR = source()
    expect((await cli(['seed'])).code).toBe(0)
    expect((await cli(['backup', archive()])).code).toBe(0)
  })

  it('backup without a passphrase: refuses, writes nothing, and says how to give one', async () => {
    process.env.DATA_DIR = source()
    delete process.env.FANSHELF_BACKUP_PASSPHRASE
    try {
      const file = path.join(root, 'no-passphrase.fsb')
      const result = await cli(['backup', file])
      expect(result.code).toBe(1)
      expect(result.err).toContain('--passphrase-file')
      expect(result.err).toContain('FANSHELF_BACKUP_PASSPHRASE')
      expect(result.err).toContain('--without-key')
      expect(fs.existsSync(file)).toBe(false)
    } finally {
      process.env.FANSHELF_BACKUP_PASSPHRASE = passphrase
    }
  })

  it('--without-key: the key stays out, the operator is told to keep it, and a restore says it is missing', async () => {
    process.env.DATA_DIR = source()
    delete process.env.FANSHELF_BACKUP_PASSPHRASE
    try {
      const file = path.join(root, 'without-key.fsb')
      const backup = await cli(['backup', file, '--without-key'])
      expect(backup.code).toBe(0)
      expect(backup.out).toContain('NOT encrypted')
      expect(backup.out).toContain('keep DATA_DIR/secret.key safe separately')
      expect(fs.readFileSync(file).includes(fs.readFileSync(path.join(source(), 'secret.key')))).toBe(false)

      process.env.DATA_DIR = path.join(root, 'without-key-target')
      const restore = await cli(['restore', file, '--json'])
      expect(restore.code).toBe(0)
      expect(JSON.parse(restore.out)).toMatchObject({
        secretKey: 'not-in-backup',
        manifest: { secretKey: { included: false, source: 'DATA_DIR/secret.key' } },
      })
      expect(fs.existsSync(path.join(root, 'without-key-target', 'secret.key'))).toBe(false)
    } finally {
      process.env.FANSHELF_BACKUP_PASSPHRASE = passphrase
    }
  })

  it('a wrong passphrase (from --passphrase-file): exit 1, nothing written', async () => {
    const wrong = path.join(root, 'wrong-passphrase')
    fs.writeFileSync(wrong, 'not the passphrase at all\n')
    process.env.DATA_DIR = target()
    const result = await cli(['restore', archive(), '--passphrase-file', wrong])
    expect(result.code).toBe(1)
    expect(result.err).toContain('The passphrase does not open')
    nothingWritten()
    // The right one from the file (its trailing newline is not part of it).
    fs.writeFileSync(wrong, `${passphrase}\n`)
    delete process.env.FANSHELF_BACKUP_PASSPHRASE
    try {
      expect((await cli(['restore', archive(), '--passphrase-file', wrong])).code).toBe(0)
      fs.rmSync(target(), { recursive: true })
    } finally {
      process.env.FANSHELF_BACKUP_PASSPHRASE = passphrase
    }
  })

  it('a truncated file: exit 1, nothing written', async () => {
    const bytes = fs.readFileSync(archive())
    for (const length of [10, 200, Math.floor(bytes.length / 2), bytes.length - 1]) {
      const cut = path.join(root, `cut-${length}.fsb`)
      fs.writeFileSync(cut, bytes.subarray(0, length))
      process.env.DATA_DIR = target()
      const result = await cli(['restore', cut])
      expect(result.code, `cut at ${length}`).toBe(1)
      expect(result.err).toMatch(/is (truncated|not a Fanshelf backup)/)
      nothingWritten()
    }
  })

  it('a corrupted byte: exit 1, nothing written', async () => {
    const bytes = Buffer.from(fs.readFileSync(archive()))
    bytes[Math.floor(bytes.length * 0.7)]! ^= 0x01
    const corrupt = path.join(root, 'corrupt.fsb')
    fs.writeFileSync(corrupt, bytes)
    process.env.DATA_DIR = target()
    const result = await cli(['restore', corrupt])
    expect(result.code).toBe(1)
    expect(result.err).toContain('is damaged')
    expect(result.err).toContain('failed its integrity check')
    nothingWritten()
  })

  it('a missing file or a file that is no backup: exit 1 naming it; bad usage: exit 2', async () => {
    process.env.DATA_DIR = target()
    const missing = await cli(['restore', path.join(root, 'nope.fsb')])
    expect(missing.code).toBe(1)
    expect(missing.err).toContain(`There is no backup file at ${path.join(root, 'nope.fsb')}`)
    const notBackup = path.join(root, 'not-a-backup.txt')
    fs.writeFileSync(notBackup, 'hello')
    const other = await cli(['restore', notBackup])
    expect(other.code).toBe(1)
    expect(other.err).toContain('is not a Fanshelf backup')
    nothingWritten()
    expect((await cli(['restore'])).code).toBe(2)
    expect((await cli(['backup', 'a.fsb', 'b.fsb'])).code).toBe(2)
    const help = capture()
    expect(await run(['backup', '--help'], help.io)).toBe(0)
    expect(help.out).toContain('--without-key')
  })
})
