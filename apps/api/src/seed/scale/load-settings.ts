import { sql } from 'kysely'
import type { DatabaseHandle } from '../../db/database.js'

/** How the bulk load runs: SQLite load settings, deferred secondary indexes, statistics afterwards. */

/** Tables the generator writes, for the settle step. */
const loadedTables = [
  'products',
  'variants',
  'collections',
  'collection_products',
  'orders',
  'order_lines',
  'order_status_changes',
  'events',
  'webhook_events',
  'webhook_attempts',
] as const

/**
 * SQLite: runs `load` with settings for a bulk load — a page cache that holds the indexes being
 * built (the default 2 MB one thrashes on random-key inserts), no fsync per checkpoint and fewer,
 * larger checkpoints — and puts the connection's own settings back afterwards, after a checkpoint
 * that makes the load durable.
 */
export async function withLoadSettings<T>(handle: DatabaseHandle, load: () => Promise<T>): Promise<T> {
  if (handle.dialect !== 'sqlite') return load()
  const pragmas = { cache_size: -262_144, synchronous: 0, wal_autocheckpoint: 16_384 }
  const previous: Record<string, number> = {}
  for (const [name, value] of Object.entries(pragmas)) {
    const { rows } = await sql.raw<Record<string, number>>(`pragma ${name}`).execute(handle.db)
    previous[name] = Number(Object.values(rows[0] ?? {})[0])
    await sql.raw(`pragma ${name} = ${value}`).execute(handle.db)
  }
  try {
    return await load()
  } finally {
    for (const [name, value] of Object.entries(previous)) await sql.raw(`pragma ${name} = ${value}`).execute(handle.db)
    await sql`pragma wal_checkpoint(truncate)`.execute(handle.db)
  }
}

/** The big tables: their secondary indexes are rebuilt after the load rather than updated row by row. */
const deferredIndexTables = [
  'orders',
  'order_lines',
  'order_status_changes',
  'events',
  'webhook_events',
  'webhook_attempts',
] as const

/**
 * Runs `load` with the secondary indexes of the big tables dropped, then creates them again from
 * their own definitions as the database states them (sqlite_master, pg_indexes), so the schema is
 * exactly what the migrations made. Building an index once from sorted data is several times
 * cheaper than keeping it up to date through millions of random-key inserts. Primary keys and
 * unique constraints stay in place throughout.
 */
export async function withDeferredIndexes<T>(
  handle: DatabaseHandle,
  load: () => Promise<T>,
  report: (phase: string, ms: number) => void,
) {
  const tables = [...deferredIndexTables]
  const indexes =
    handle.dialect === 'postgres'
      ? (
          await sql<{ name: string; definition: string }>`
            select indexname as name, indexdef as definition from pg_indexes
            where schemaname = current_schema() and tablename in (${sql.join(tables)})
              and indexname not in (select conname from pg_constraint)`.execute(handle.db)
        ).rows
      : (
          await sql<{ name: string; definition: string }>`
            select name, sql as definition from sqlite_master
            where type = 'index' and sql is not null and tbl_name in (${sql.join(tables)})`.execute(handle.db)
        ).rows
  for (const index of indexes) await sql.raw(`drop index "${index.name}"`).execute(handle.db)
  try {
    return await load()
  } finally {
    const started = performance.now()
    await handle.db.connection().execute(async (connection) => {
      if (handle.dialect === 'postgres') await sql`set maintenance_work_mem = '256MB'`.execute(connection)
      for (const index of indexes) await sql.raw(index.definition).execute(connection)
      if (handle.dialect === 'postgres') await sql`reset maintenance_work_mem`.execute(connection)
    })
    report(`secondary indexes (${indexes.length}) rebuilt`, performance.now() - started)
  }
}

/** Statistics as a long-running database would have them (PostgreSQL's autovacuum; SQLite's ANALYZE). */
export async function settleTables(handle: DatabaseHandle, tables: readonly string[] = loadedTables): Promise<void> {
  for (const table of tables) {
    if (handle.dialect === 'postgres') await sql.raw(`vacuum analyze "${table}"`).execute(handle.db)
    else await sql.raw(`analyze "${table}"`).execute(handle.db)
  }
}
