import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { run } from '../cli.js'
import { captureIo as capture } from '../testing/capture-io.js'
import { openApiAnswers, serveInstall } from '../testing/served-install.js'

/**
 * `fanshelf backup` / `fanshelf restore` on PostgreSQL (pg_dump / pg_restore + psql): run by
 * `npm run test:pg` (scripts/with-postgres.sh provides TEST_DATABASE_URL, a superuser URL on a
 * private server); skipped without it.
 */

const adminUrl = process.env.TEST_DATABASE === 'postgres' ? process.env.TEST_DATABASE_URL : undefined
const passphrase = 'correct horse battery staple'
const savedEnv = { ...process.env }
let root: string
const databases: string[] = []

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
}

async function createDatabase(): Promise<string> {
  const name = `fanshelf_backup_${randomBytes(6).toString('hex')}`
  await admin(`CREATE DATABASE ${name}`)
  databases.push(name)
  const url = new URL(adminUrl as string)
  url.pathname = `/${name}`
  return url.toString()
}

async function cli(args: string[]) {
  const c = capture()
  const code = await run(args, c.io)
  return { code, out: c.out, err: c.err }
}

describe.skipIf(!adminUrl)('fanshelf backup → restore on PostgreSQL', () => {
  let source: string
  let target: string
  let apiUser: { username: string; password: string }
  let before: Awaited<ReturnType<typeof openApiAnswers>>
  const archive = () => path.join(root, 'pg.fsb')

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'fanshelf-backup-pg-'))
    process.env.SECRET_KEY = ''
    process.env.ROLES = 'api'
    process.env.LOG_LEVEL = 'silent'
    process.env.FANSHELF_BACKUP_PASSPHRASE = passphrase
    source = await createDatabase()
    target = await createDatabase()
  })

  afterAll(async () => {
    process.env = savedEnv
    if (root) fs.rmSync(root, { recursive: true, force: true })
    for (const name of databases) await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
  })

  it('backs up the serving database with pg_dump, counts taken in the same snapshot', async () => {
    process.env.DATABASE_URL = source
    const server = await serveInstall(path.join(root, 'source'), true)
    try {
      apiUser = server.credentials!.shops[0]!.apiUser
      before = await openApiAnswers(server.origin, apiUser)
      expect(before.shop.status).toBe(200)
      expect(before.webhookSecret.status).toBe(200)
      const backup = await cli(['backup', archive(), '--json'])
      expect(backup.err).toBe('')
      expect(backup.code).toBe(0)
      const { manifest } = JSON.parse(backup.out)
      expect(manifest.database.kind).toBe('postgres')
      expect(manifest.entries.map((e: { name: string }) => e.name)).toEqual(['secret.key', 'database.pgdump'])
      expect(manifest.database.tables.shops).toBe(2)
      const orders = (await server.app.platform.services.db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()) as { n: number }
      expect(manifest.database.tables.orders).toBe(Number(orders.n))

      // The source holds shops: restoring into it is refused.
      const refused = await cli(['restore', archive()])
      expect(refused.code).toBe(1)
      expect(refused.err).toContain('already holds 2 shops')
    } finally {
      await server.app.close()
    }
  })

  it('restores into an empty install (migrated, its own new key), which then answers as before', async () => {
    process.env.DATABASE_URL = target
    const targetDir = path.join(root, 'target')
    // An install started once with SEED_DEMO=false: the schema exists, no shops, another key.
    const empty = await serveInstall(targetDir, false)
    await empty.app.close()
    const restore = await cli(['restore', archive()])
    expect(restore.err).toBe('')
    expect(restore.code).toBe(0)
    expect(restore.out).toContain(`secret key is now in ${path.join(targetDir, 'secret.key')}`)

    const server = await serveInstall(targetDir, false)
    try {
      expect(await openApiAnswers(server.origin, apiUser)).toEqual(before)
    } finally {
      await server.app.close()
    }
  })
})
