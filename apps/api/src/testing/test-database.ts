import { randomBytes } from 'node:crypto'
import path from 'node:path'
import pg from 'pg'
import { testDatabaseUrl } from '../config.js'
import { type DatabaseHandle, openDatabase } from '../db/database.js'

/**
 * A fresh, isolated database per test file: in-memory SQLite by default, or a new PostgreSQL
 * database on the server named by TEST_DATABASE_URL when TEST_DATABASE=postgres (dropped on close).
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const adminUrl = testDatabaseUrl()
  if (!adminUrl) return openDatabase('sqlite::memory:')
  const name = `fanshelf_test_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  const handle = openDatabase(url.toString(), { poolSize: 5 })
  return {
    ...handle,
    async close() {
      await handle.close()
      const dropper = new pg.Client({ connectionString: adminUrl })
      await dropper.connect()
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await dropper.end()
    },
  }
}

/**
 * An empty database several handles can open by URL, as several processes would: a SQLite file
 * under `dir`, or a fresh PostgreSQL database when TEST_DATABASE=postgres (`drop` removes it;
 * close the handles first).
 */
export async function createEmptyTestDatabaseUrl(dir: string): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = testDatabaseUrl()
  if (!adminUrl) return { url: `sqlite:${path.join(dir, 'fanshelf.sqlite')}`, drop: async () => {} }
  const name = `fanshelf_test_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: adminUrl })
      await dropper.connect()
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await dropper.end()
    },
  }
}
