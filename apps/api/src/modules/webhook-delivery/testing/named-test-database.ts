import { randomBytes } from 'node:crypto'
import path from 'node:path'
import pg from 'pg'
import { testDatabaseUrl } from '../../../config.js'
import { type DatabaseHandle, migrateToLatest, openDatabase } from '../../../db/database.js'

/**
 * A test database that other processes can open too (by URL): a SQLite file under `dir`, or a
 * fresh PostgreSQL database when TEST_DATABASE=postgres. For the multi-process delivery tests.
 */
export interface NamedTestDatabase {
  url: string
  handle: DatabaseHandle
  drop(): Promise<void>
}

export async function createNamedTestDatabase(dir: string): Promise<NamedTestDatabase> {
  const adminUrl = testDatabaseUrl()
  if (!adminUrl) {
    const url = `sqlite:${path.join(dir, 'deliveries.sqlite')}`
    const handle = openDatabase(url)
    await migrateToLatest(handle.db)
    return { url, handle, drop: () => handle.close() }
  }
  const name = `fanshelf_delivery_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  const target = new URL(adminUrl)
  target.pathname = `/${name}`
  const url = target.toString()
  const handle = openDatabase(url, { poolSize: 8 })
  await migrateToLatest(handle.db)
  return {
    url,
    handle,
    async drop() {
      await handle.close()
      // pg's pool resolves end() before its sockets have closed: let them go before dropping.
      await new Promise((resolve) => setTimeout(resolve, 250))
      const dropper = new pg.Client({ connectionString: adminUrl })
      await dropper.connect()
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await dropper.end()
    },
  }
}
