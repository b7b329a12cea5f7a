import { CompiledQuery, sql } from 'kysely'
import type { DatabaseHandle, Dialect } from '../../db/database.js'
import type { Database } from '../../db/schema.js'

/**
 * Fast loading of generated rows: multi-row inserts, many per transaction. SQLite gets
 * `INSERT … VALUES (…), (…)` statements; PostgreSQL gets `INSERT … SELECT * FROM unnest($1::text[], …)`
 * with one array per column (a statement of a few dozen parameters however many rows it carries:
 * the server parses a large VALUES list far more slowly than it reads arrays). The SQL text is built
 * once per table and row count and executed as a compiled query, so Kysely's query builder (which
 * would dominate the cost of millions of rows) is not in the loop.
 *
 * A transaction holds whole units of the data set (an order with its lines, an event with its
 * delivery and attempts): the generator calls `boundary()` between units, and each table's rows go
 * in the order the tables were registered, parents first, so every foreign key holds inside the
 * transaction. On PostgreSQL two transactions are in flight at once (separate pool connections)
 * while the next rows are generated; `drain()` waits for them before a phase that references rows
 * of an earlier one (foreign keys across transactions). SQLite has one writer.
 */

/** Every column of a table, in insertion order; the `Record` makes the compiler check none is missing. */
export function columnsOf<T>(columns: Record<keyof T & string, true>): readonly (keyof T & string)[] {
  return Object.keys(columns) as (keyof T & string)[]
}

/** SQLite: bound parameters per statement (its limit is 32,766) and rows per statement. */
const sqliteMaxParameters = 30_000
const sqliteMaxRows = 500
/** PostgreSQL: rows per unnest statement (its parameters are one array per column). */
const postgresRows = 5_000
/** Rows per transaction: big enough to amortize the commit, small enough to keep the WAL modest. */
const rowsPerTransaction = 25_000
const transactionsInFlight: Record<Dialect, number> = { sqlite: 1, postgres: 2 }

type Value = string | number | null

interface TableBuffer {
  table: string
  columns: readonly string[]
  rowsPerStatement: number
  values: Value[]
  rows: number
  written: number
}

export class BulkLoader {
  private readonly tables = new Map<string, TableBuffer>()
  private readonly sqlCache = new Map<string, string>()
  private readonly running = new Set<Promise<void>>()
  /** PostgreSQL: each declared table's column types, for the unnest casts. */
  private readonly columnTypes = new Map<string, Map<string, string>>()
  private buffered = 0
  private failure: unknown

  constructor(private readonly handle: DatabaseHandle) {}

  /** Declares a table and its columns; tables are written in declaration order (parents first). */
  declare<T extends keyof Database & string>(table: T, columns: readonly (keyof Database[T] & string)[]): void {
    if (this.tables.has(table)) return
    const width = columns.length
    const rowsPerStatement = Math.max(1, Math.min(sqliteMaxRows, Math.floor(sqliteMaxParameters / width)))
    this.tables.set(table, { table, columns, rowsPerStatement, values: [], rows: 0, written: 0 })
  }

  /** Queues one row of a declared table. */
  add<T extends keyof Database & string>(table: T, row: Database[T]): void {
    const buffer = this.tables.get(table)
    if (!buffer) throw new Error(`Table ${table} was not declared to the loader`)
    const record = row as unknown as Record<string, Value>
    for (const column of buffer.columns) buffer.values.push(record[column] ?? null)
    buffer.rows += 1
    this.buffered += 1
  }

  /** Between two units of data: writes a transaction when enough rows are queued. */
  async boundary(): Promise<void> {
    if (this.buffered >= rowsPerTransaction) await this.flush()
  }

  /** Writes everything queued and waits until it is committed. */
  async drain(): Promise<void> {
    await this.flush()
    while (this.running.size > 0) await Promise.race(this.running)
    if (this.failure) throw this.failure
  }

  /** Rows written so far, per table. */
  counts(): Record<string, number> {
    return Object.fromEntries([...this.tables.values()].map((b) => [b.table, b.written]))
  }

  private async flush(): Promise<void> {
    if (this.buffered === 0) return
    const statements: CompiledQuery[] = []
    for (const buffer of this.tables.values()) {
      const width = buffer.columns.length
      if (buffer.rows > 0 && this.handle.dialect === 'postgres') {
        statements.push(...(await this.unnestStatements(buffer)))
      } else {
        for (let first = 0; first < buffer.rows; first += buffer.rowsPerStatement) {
          const count = Math.min(buffer.rowsPerStatement, buffer.rows - first)
          statements.push(
            CompiledQuery.raw(
              this.statement(buffer, count),
              buffer.values.slice(first * width, (first + count) * width),
            ),
          )
        }
      }
      buffer.written += buffer.rows
      buffer.values = []
      buffer.rows = 0
    }
    this.buffered = 0
    while (this.running.size >= transactionsInFlight[this.handle.dialect]) await Promise.race(this.running)
    if (this.failure) throw this.failure
    const work: Promise<void> = this.handle.db
      .transaction()
      .execute(async (trx) => {
        for (const statement of statements) await trx.executeQuery(statement)
      })
      .catch((error: unknown) => {
        this.failure ??= error
      })
      .finally(() => this.running.delete(work))
    this.running.add(work)
  }

  /** PostgreSQL: the buffered rows as column arrays, `postgresRows` rows per statement. */
  private async unnestStatements(buffer: TableBuffer): Promise<CompiledQuery[]> {
    let types = this.columnTypes.get(buffer.table)
    if (!types) {
      const { rows } = await sql<{ column_name: string; data_type: string }>`
        select column_name, data_type from information_schema.columns
        where table_name = ${buffer.table} and table_schema = current_schema()`.execute(this.handle.db)
      types = new Map(rows.map((row) => [row.column_name, row.data_type]))
      this.columnTypes.set(buffer.table, types)
    }
    const casts = buffer.columns.map((column, i) => {
      const type = types.get(column)
      if (!type) throw new Error(`Unknown column ${buffer.table}.${column}`)
      return `$${i + 1}::${type}[]`
    })
    const text = `insert into ${quote(buffer.table)} (${buffer.columns.map(quote).join(',')}) select * from unnest(${casts.join(',')})`
    const width = buffer.columns.length
    const statements: CompiledQuery[] = []
    const step = postgresRows
    for (let first = 0; first < buffer.rows; first += step) {
      const count = Math.min(step, buffer.rows - first)
      const arrays = buffer.columns.map(() => new Array<Value>(count))
      for (let r = 0; r < count; r++) {
        const base = (first + r) * width
        for (let c = 0; c < width; c++) arrays[c]![r] = buffer.values[base + c]!
      }
      statements.push(CompiledQuery.raw(text, arrays))
    }
    return statements
  }

  private statement(buffer: TableBuffer, rowCount: number): string {
    const key = `${buffer.table}\u0000${rowCount}`
    let text = this.sqlCache.get(key)
    if (text) return text
    const tuple = `(${buffer.columns.map(() => '?').join(',')})`
    const tuples = new Array<string>(rowCount).fill(tuple)
    text = `insert into ${quote(buffer.table)} (${buffer.columns.map(quote).join(',')}) values ${tuples.join(',')}`
    this.sqlCache.set(key, text)
    return text
  }
}

function quote(name: string): string {
  return `"${name.replace(/"/g, '""')}"`
}
