import fs from 'node:fs'
import path from 'node:path'
import { setTimeout as delay } from 'node:timers/promises'
import SqliteDatabase from 'better-sqlite3'
import {
  Kysely,
  type Migration,
  type MigrationProvider,
  Migrator,
  PostgresDialect,
  type PostgresPool,
  type PostgresPoolClient,
  SqliteDialect,
  type SqliteDatabase as SqliteDialectDatabase,
  type Transaction,
} from 'kysely'
import pg from 'pg'
import { withEffectScopes } from './effect-scope.js'
import * as initial from './migrations/0001-initial.js'
import * as webhookDelivery from './migrations/0002-webhook-delivery.js'
import * as fulfillments from './migrations/0003-fulfillments.js'
import * as gifting from './migrations/0004-gifting.js'
import * as storefront from './migrations/0005-storefront.js'
import * as platformApps from './migrations/0006-platform-apps.js'
import * as longLists from './migrations/0007-long-lists.js'
import * as longListsOrders from './migrations/0007-long-lists-orders.js'
import * as deliveryLogRetention from './migrations/0008-delivery-log-retention.js'
import * as idempotencyKeys from './migrations/0009-idempotency-keys.js'
import * as giftCards from './migrations/0010-gift-cards.js'
import * as freeProductsShape from './migrations/0011-free-products-shape.js'
import * as digitalGoods from './migrations/0012-digital-goods.js'
import * as giveaways from './migrations/0013-giveaways.js'
import * as adminAuditLog from './migrations/0014-admin-audit-log.js'
import * as webhookUrlCredentials from './migrations/0015-webhook-url-credentials.js'
import * as platformAppPkce from './migrations/0016-platform-app-pkce.js'
import * as authAttempts from './migrations/0017-auth-attempts.js'
import * as adminLinks from './migrations/0018-admin-links.js'
import * as mediaFiles from './migrations/0019-media-files.js'
import * as shopSettings from './migrations/0020-shop-settings.js'
import * as digitalFileStorage from './migrations/0021-digital-file-storage.js'
import * as webhookEventLogIndexes from './migrations/0022-webhook-event-log-indexes.js'
import * as cartAddFunction from './migrations/0023-cart-add-function.js'
import * as cartAddLine from './migrations/0024-cart-add-line.js'
import * as cartsCreatedIndex from './migrations/0025-carts-created-index.js'
import * as mcpClientRegistration from './migrations/0026-mcp-client-registration.js'
import * as cartAddLines from './migrations/0027-cart-add-lines.js'
import * as cartAddLinesSet from './migrations/0028-cart-add-lines-set.js'
import type { Database } from './schema.js'

export type Db = Kysely<Database>
/** Either the database or an open transaction: repositories take this first. */
export type Executor = Kysely<Database> | Transaction<Database>
/**
 * Records a change about `subjectId` inside `executor` — the change's own transaction, so the record
 * commits or rolls back with it (the merchant admin's audit log, decision 0027).
 */
export type ChangeRecorder = (subjectId: string, executor?: Executor) => Promise<void>
export type Dialect = 'sqlite' | 'postgres'

export interface DatabaseHandle {
  readonly db: Db
  readonly dialect: Dialect
  /** PostgreSQL only: the connection pool's state now (the metrics read it at each scrape). */
  readonly poolUsage?: () => PoolUsage
  close(): Promise<void>
}

export interface PoolUsage {
  /** Connections open (idle or checked out). */
  readonly total: number
  readonly idle: number
  /** Queries waiting for a connection: the pool is exhausted. */
  readonly waiting: number
  readonly max: number
}

const migrations: Record<string, Migration> = {
  '0001-initial': initial,
  '0002-webhook-delivery': webhookDelivery,
  '0003-fulfillments': fulfillments,
  '0004-gifting': gifting,
  '0005-storefront': storefront,
  '0006-platform-apps': platformApps,
  '0007-long-lists': longLists,
  '0007-long-lists-orders': longListsOrders,
  '0008-delivery-log-retention': deliveryLogRetention,
  '0009-idempotency-keys': idempotencyKeys,
  '0010-gift-cards': giftCards,
  '0011-free-products-shape': freeProductsShape,
  '0012-digital-goods': digitalGoods,
  '0013-giveaways': giveaways,
  '0014-admin-audit-log': adminAuditLog,
  '0015-webhook-url-credentials': webhookUrlCredentials,
  '0016-platform-app-pkce': platformAppPkce,
  '0017-auth-attempts': authAttempts,
  '0018-admin-links': adminLinks,
  '0019-media-files': mediaFiles,
  '0020-shop-settings': shopSettings,
  '0021-digital-file-storage': digitalFileStorage,
  '0022-webhook-event-log-indexes': webhookEventLogIndexes,
  '0023-cart-add-function': cartAddFunction,
  '0024-cart-add-line': cartAddLine,
  '0025-carts-created-index': cartsCreatedIndex,
  '0026-mcp-client-registration': mcpClientRegistration,
  '0027-cart-add-lines': cartAddLines,
  '0028-cart-add-lines-set': cartAddLinesSet,
}

const provider: MigrationProvider = { getMigrations: async () => migrations }

/** The names of every migration this code knows (a backup made by newer code names others). */
export function knownMigrationNames(): string[] {
  return Object.keys(migrations)
}

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
    sqlite.pragma('cache_size = -4000')
    const db = new Kysely<Database>({
      dialect: withEffectScopes(new SqliteDialect({ database: withStatementCache(sqlite) })),
    })
    sqliteChangeStamps.set(db, sqliteChangeStamp(sqlite))
    sqliteConnections.set(db, sqlite)
    if (file !== ':memory:') sqliteFiles.set(db, file)
    return { db, dialect: 'sqlite', close: () => db.destroy() }
  }
  // PostgreSQL returns COUNT(*) and bigint as strings; integers we store fit in int4.
  pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10))
  const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 10 })
  // An idle client dropped by the server (restart, DROP DATABASE … FORCE) must not crash the process;
  // the pool replaces it on the next checkout.
  pool.on('error', () => {})
  const db = new Kysely<Database>({
    dialect: withEffectScopes(new PostgresDialect({ pool: withPreparedStatements(pool) })),
  })
  const max = options.poolSize ?? 10
  const poolUsage = (): PoolUsage => ({
    total: pool.totalCount,
    idle: pool.idleCount,
    waiting: pool.waitingCount,
    max,
  })
  return { db, dialect: 'postgres', poolUsage, close: () => db.destroy() }
}

/**
 * PostgreSQL parses and plans every unnamed query anew; a named one is prepared once per
 * connection and then only bound and run. Queries with parameters (the query builder's: a small,
 * fixed set of texts) get a name per text, the same on every connection of the process; texts past
 * `limit` (an `in` list of every length, say) run unnamed. Queries without parameters stay
 * unnamed: a migration may hold several statements, which cannot be prepared.
 */
function withPreparedStatements(pool: pg.Pool): PostgresPool {
  // Bound: at most `limit` statement names; texts past it run unnamed.
  const names = new Map<string, string>()
  const limit = 2000
  const nameOf = (text: string): string | undefined => {
    let name = names.get(text)
    if (name === undefined && names.size < limit) {
      name = `fanshelf_${names.size + 1}`
      names.set(text, name)
    }
    return name
  }
  const wrap = (client: pg.PoolClient): PostgresPoolClient => ({
    query: ((textOrCursor: string, values?: ReadonlyArray<unknown>) => {
      if (typeof textOrCursor === 'string' && values !== undefined && values.length > 0) {
        const name = nameOf(textOrCursor)
        if (name !== undefined) return client.query({ name, text: textOrCursor, values: [...values] })
      }
      // A cursor (a streamed query) or a query without parameters: as it is.
      return client.query(textOrCursor, values as unknown[] | undefined)
    }) as unknown as PostgresPoolClient['query'],
    release: () => client.release(),
  })
  return { connect: async () => wrap(await pool.connect()), end: () => pool.end() }
}

/**
 * Kysely prepares every query anew; preparing costs more than running a point read. Statements are
 * cached by their SQL text (parameters are bound per run, so the set of texts is small and fixed).
 * Kysely runs one query at a time on the connection, so a cached statement is never busy.
 */
function withStatementCache(sqlite: SqliteDatabase.Database): SqliteDialectDatabase {
  // Bound: at most `limit` prepared statements, the oldest prepared goes first.
  const statements = new Map<string, SqliteDatabase.Statement>()
  const limit = 500
  return {
    close: () => {
      statements.clear()
      sqlite.close()
    },
    prepare: (sql: string) => {
      let statement = statements.get(sql)
      if (!statement) {
        statement = sqlite.prepare(sql)
        // Statements that are not built by the query builder (migrations, ad hoc SQL) may vary
        // without bound: keep the most recent ones only.
        if (statements.size >= limit) statements.delete(statements.keys().next().value as string)
        statements.set(sql, statement)
      }
      return statement
    },
  }
}

const sqliteChangeStamps = new WeakMap<object, () => string | undefined>()
const sqliteConnections = new WeakMap<object, SqliteDatabase.Database>()

/**
 * The connection under a database opened by `openDatabase` on SQLite, for a hot path that runs its
 * whole transaction synchronously (precompiled.ts `precompileSync`). Such a path must not run while
 * a transaction of the query builder is open on it (`inTransaction`: it would join it), nor inside an
 * effect scope (its writes would bypass the scope's transaction).
 */
export function syncSqliteOf(db: object): SqliteDatabase.Database | undefined {
  return sqliteConnections.get(db)
}

/**
 * SQLite's change stamp (modules/paging/long-lists.ts `createChangeStamp`: `data_version`, which
 * other connections' commits move, and this connection's `total_changes()`), read synchronously on
 * the connection: two prepared statements, no query builder, no wait for the connection. Reading it
 * while a transaction of this connection is open is sound: the connection runs that transaction's
 * statements before any read that would use the stamp, and a change made after the stamp was read
 * moves it again. Undefined while a streamed query holds the connection (better-sqlite3 refuses
 * other statements then): the caller reads it through the query builder instead. Each read takes and
 * releases the WAL index's shared-memory read lock (system calls): `createChangeStamp` makes the
 * requests of one event-loop turn share a read (`readsPerTurn`).
 */
function sqliteChangeStamp(sqlite: SqliteDatabase.Database): () => string | undefined {
  // Two statements, not one: `pragma data_version` costs ~3 µs a read, the same figure read through
  // the table-valued `pragma_data_version` about twice that, and `total_changes()` ~0.1 µs.
  let statements: { version: SqliteDatabase.Statement; changes: SqliteDatabase.Statement } | undefined
  return () => {
    try {
      statements ??= {
        version: sqlite.prepare('pragma data_version').pluck(),
        changes: sqlite.prepare('select total_changes()').pluck(),
      }
      return `${statements.version.get() as number}:${statements.changes.get() as number}`
    } catch {
      return undefined
    }
  }
}

/** The synchronous change stamp of a database opened by `openDatabase` on SQLite, if it is one. */
export function syncChangeStampOf(db: object): (() => string | undefined) | undefined {
  return sqliteChangeStamps.get(db)
}

const sqliteFiles = new WeakMap<object, string>()

/** How long a process waits for another to finish migrating before it gives up. */
const migrationLockWaitMs = 10 * 60_000

/**
 * One process migrates at a time (decision 0037). PostgreSQL: Kysely's Migrator takes a
 * session-level advisory lock on the connection it reserves and runs the pending migrations in
 * one transaction, so a second node waits, then finds nothing pending. SQLite: Kysely takes no
 * lock (its adapter assumes one connection), so two processes on one file (a CLI command while
 * the server starts) would both run a pending migration and one would fail half-way. An
 * exclusive transaction on a sidecar file (`<database>-migration-lock`) is the lock: SQLite's own
 * file locking, released by the OS if the holder dies. The wait polls without blocking the event
 * loop; the database itself stays free for the holder's writes.
 */
async function holdSqliteMigrationLock(file: string, waitMs: number): Promise<() => void> {
  const lock = new SqliteDatabase(`${file}-migration-lock`)
  lock.pragma('busy_timeout = 0')
  const deadline = Date.now() + waitMs
  for (;;) {
    try {
      lock.exec('BEGIN EXCLUSIVE')
      return () => {
        lock.exec('ROLLBACK')
        lock.close()
      }
    } catch (error) {
      const busy = (error as { code?: string }).code === 'SQLITE_BUSY'
      if (!busy || Date.now() >= deadline) {
        lock.close()
        throw busy ? new Error(`Another process has been migrating ${file} for over ${waitMs} ms`) : error
      }
      await delay(50)
    }
  }
}

/**
 * Brings the schema up to date, or to `target` (a migration's name, for upgrade tests); fails
 * loudly with the migration that broke. Concurrent callers on one database wait for each other.
 */
export async function migrateToLatest(
  db: Kysely<unknown> | Db,
  options: { target?: string; lockWaitMs?: number } = {},
): Promise<void> {
  // Work streams number their migrations independently; each is self-contained, so a database may
  // have run a later number before an earlier one landed.
  const migrator = new Migrator({
    db: db as Kysely<unknown>,
    provider,
    migrationTableName: 'schema_migrations',
    allowUnorderedMigrations: true,
  })
  const file = sqliteFiles.get(db)
  const release =
    file === undefined ? undefined : await holdSqliteMigrationLock(file, options.lockWaitMs ?? migrationLockWaitMs)
  try {
    const { error, results } =
      options.target === undefined ? await migrator.migrateToLatest() : await migrator.migrateTo(options.target)
    const failed = results?.find((r) => r.status === 'Error')
    if (error) {
      throw new Error(`Migration ${failed?.migrationName ?? '(unknown)'} failed: ${String(error)}`, { cause: error })
    }
  } finally {
    release?.()
  }
}
