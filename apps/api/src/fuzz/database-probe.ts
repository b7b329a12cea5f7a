import { createHash } from 'node:crypto'
import { sql } from 'kysely'
import type { DatabaseHandle } from '../db/database.js'

/**
 * What the fuzzer knows about the database between two requests: a digest of every row of every
 * table (so a rejected request that wrote anything, anywhere, is caught — events and webhook
 * deliveries included), and a cheap change counter that tells when the digest must be recomputed
 * (SQLite's `total_changes()`, PostgreSQL's next transaction id; both also move for writes later
 * rolled back, and the digest decides).
 */
export interface DatabaseProbe {
  /** Moves whenever a row is inserted, updated or deleted (and sometimes when none is). */
  changeCounter(): Promise<number | undefined>
  /** A digest per table (row count + hash of every row). */
  fingerprint(): Promise<Map<string, string>>
}

/** The tables whose digests differ between two fingerprints. */
export function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  const names = new Set([...before.keys(), ...after.keys()])
  return [...names].filter((name) => before.get(name) !== after.get(name)).sort()
}

export function createDatabaseProbe(database: DatabaseHandle): DatabaseProbe {
  const { db, dialect } = database
  let tables: string[] | undefined

  async function tableNames(): Promise<string[]> {
    if (tables) return tables
    const rows =
      dialect === 'sqlite'
        ? await sql<{ name: string }>`
            select name from sqlite_master
            where type = 'table' and name not like 'sqlite_%' and name not like 'schema_migrations%'`.execute(db)
        : await sql<{ name: string }>`
            select table_name as name from information_schema.tables
            where table_schema = current_schema() and table_type = 'BASE TABLE'
              and table_name not like 'schema_migrations%'`.execute(db)
    tables = rows.rows.map((row) => row.name).sort()
    return tables
  }

  return {
    async changeCounter() {
      if (dialect === 'sqlite') {
        const result = await sql<{ changes: number }>`select total_changes() as changes`.execute(db)
        return result.rows[0]?.changes
      }
      // The next transaction id: it moves whenever a transaction writes (on any database of the
      // server — a false alarm only costs a digest).
      const result = await sql<{ next: string }>`select pg_snapshot_xmax(pg_current_snapshot())::text as next`.execute(
        db,
      )
      return result.rows[0] ? Number(result.rows[0].next) : undefined
    },
    async fingerprint() {
      const digests = new Map<string, string>()
      for (const table of await tableNames()) {
        const result = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db)
        // Row order is not guaranteed (PostgreSQL); the digest must not depend on it.
        const rows = result.rows.map((row) => JSON.stringify(row, (_, v) => (typeof v === 'bigint' ? String(v) : v)))
        rows.sort()
        const hash = createHash('sha256')
        for (const row of rows) hash.update(row).update('\n')
        digests.set(table, `${rows.length}:${hash.digest('base64url')}`)
      }
      return digests
    },
  }
}
