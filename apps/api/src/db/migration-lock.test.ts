import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import SqliteDatabase from 'better-sqlite3'
import { sql } from 'kysely'
import { afterEach, describe, expect, it } from 'vitest'
import { createEmptyTestDatabaseUrl, createTestDatabase } from '../testing/test-database.js'
import { type DatabaseHandle, knownMigrationNames, migrateToLatest, openDatabase } from './database.js'

/**
 * Migrations on start under a lock (decision 0037): nodes starting at once on one fresh database
 * (two handles, as two processes would hold) both finish, every migration runs exactly once, and
 * the schema is the one a single migrator makes. SQLite (a file in a temp dir) by default;
 * PostgreSQL under TEST_DATABASE=postgres.
 */

const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function sharedDatabase(): Promise<{ url: string; dir: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanshelf-migrate-'))
  const target = await createEmptyTestDatabaseUrl(dir)
  cleanups.push(async () => {
    await target.drop()
    fs.rmSync(dir, { recursive: true, force: true })
  })
  return { url: target.url, dir }
}

function open(url: string): DatabaseHandle {
  const handle = openDatabase(url, { poolSize: 3 })
  cleanups.push(() => handle.close())
  return handle
}

/** Every table and its columns, as the database describes them. */
async function schemaOf(handle: DatabaseHandle): Promise<Record<string, string[]>> {
  const tables = await handle.db.introspection.getTables({ withInternalKyselyTables: true })
  return Object.fromEntries(
    tables.map((table) => [table.name, table.columns.map((column) => column.name).sort()] as const).sort(),
  )
}

describe('migrations on start', () => {
  it('two nodes starting at once: both finish, each migration ran once, the schema is complete', async () => {
    const { url } = await sharedDatabase()
    const nodes = [open(url), open(url), open(url)]
    await Promise.all(nodes.map((node) => migrateToLatest(node.db)))

    const { rows } = await sql<{ name: string }>`select name from schema_migrations order by name`.execute(nodes[0]!.db)
    expect(rows.map((r) => r.name)).toEqual([...knownMigrationNames()].sort())

    const reference = await createTestDatabase()
    cleanups.push(() => reference.close())
    await migrateToLatest(reference.db)
    const expected = await schemaOf(reference)
    expect(expected.shops).toContain('accent_color')
    for (const node of nodes) expect(await schemaOf(node)).toEqual(expected)

    // A node starting later finds nothing to do.
    await migrateToLatest(open(url).db)
    const again = await sql<{ n: number }>`select count(*) as n from schema_migrations`.execute(nodes[0]!.db)
    expect(Number(again.rows[0]?.n)).toBe(knownMigrationNames().length)
  })

  it.skipIf(process.env.TEST_DATABASE === 'postgres')(
    'SQLite: a process waits for the one migrating, and gives up with a clear error past its bound',
    async () => {
      const { url } = await sharedDatabase()
      const file = url.slice('sqlite:'.length)
      // Another process holds the migration lock (an exclusive transaction on the sidecar file).
      const holder = new SqliteDatabase(`${file}-migration-lock`)
      holder.exec('BEGIN EXCLUSIVE')
      const node = open(url)
      await expect(migrateToLatest(node.db, { lockWaitMs: 200 })).rejects.toThrow(/Another process has been migrating/)
      expect(await schemaOf(node)).toEqual({})

      const waiting = migrateToLatest(node.db)
      holder.exec('ROLLBACK')
      holder.close()
      await waiting
      expect(Object.keys(await schemaOf(node))).toContain('schema_migrations')
    },
  )
})
