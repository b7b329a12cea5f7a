import fs from 'node:fs'
import path from 'node:path'
import SqliteDatabase from 'better-sqlite3'
import {
  Kysely,
  type Migration,
  type MigrationProvider,
  Migrator,
  PostgresDialect,
  SqliteDialect,
  type Transaction,
} from 'kysely'
import pg from 'pg'
import * as initial from './migrations/0001-initial.js'
import * as webhookDelivery from './migrations/0002-webhook-delivery.js'
import * as fulfillments from './migrations/0003-fulfillments.js'
import * as gifting from './migrations/0004-gifting.js'
import * as storefront from './migrations/0005-storefront.js'
import * as platformApps from './migrations/0006-platform-apps.js'
import type { Database } from './schema.js'

export type Db = Kysely<Database>
/** Either the database or an open transaction: repositories take this first. */
export type Executor = Kysely<Database> | Transaction<Database>
export type Dialect = 'sqlite' | 'postgres'

export interface DatabaseHandle {
  readonly db: Db
  readonly dialect: Dialect
  close(): Promise<void>
}

const migrations: Record<string, Migration> = {
  '0001-initial': initial,
  '0002-webhook-delivery': webhookDelivery,
  '0003-fulfillments': fulfillments,
  '0004-gifting': gifting,
  '0005-storefront': storefront,
  '0006-platform-apps': platformApps,
}

const provider: MigrationProvider = { getMigrations: async () => migrations }

/** Opens the database named by a `sqlite:<file>` or `postgres://` URL. */
export function openDatabase(url: string, options: { poolSize?: number } = {}): DatabaseHandle {
  if (url.startsWith('sqlite:')) {
    const file = url.slice('sqlite:'.length)
    if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true })
    const sqlite = new SqliteDatabase(file)
    sqlite.pragma('journal_mode = WAL')
    sqlite.pragma('synchronous = NORMAL')
    sqlite.pragma('foreign_keys = ON')
    sqlite.pragma('busy_timeout = 5000')
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) })
    return { db, dialect: 'sqlite', close: () => db.destroy() }
  }
  // PostgreSQL returns COUNT(*) and bigint as strings; integers we store fit in int4.
  pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10))
  const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 10 })
  // An idle client dropped by the server (restart, DROP DATABASE … FORCE) must not crash the process;
  // the pool replaces it on the next checkout.
  pool.on('error', () => {})
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
  return { db, dialect: 'postgres', close: () => db.destroy() }
}

/** Brings the schema up to date; fails loudly with the migration that broke. */
export async function migrateToLatest(db: Kysely<unknown> | Db): Promise<void> {
  // Work streams number their migrations independently; each is self-contained, so a database may
  // have run a later number before an earlier one landed.
  const migrator = new Migrator({
    db: db as Kysely<unknown>,
    provider,
    migrationTableName: 'schema_migrations',
    allowUnorderedMigrations: true,
  })
  const { error, results } = await migrator.migrateToLatest()
  const failed = results?.find((r) => r.status === 'Error')
  if (error) {
    throw new Error(`Migration ${failed?.migrationName ?? '(unknown)'} failed: ${String(error)}`, { cause: error })
  }
}
