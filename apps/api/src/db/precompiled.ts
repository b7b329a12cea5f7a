import type SqliteDatabase from 'better-sqlite3'
import type { Compilable, CompiledQuery } from 'kysely'
import type { Executor } from './database.js'

/** The query compiled with stand-ins, and how to put a call's parameters where they stood. */
function compileOnce<Params extends readonly unknown[], Row>(
  db: Executor,
  arity: Params['length'],
  build: (db: Executor, ...params: Params) => Compilable<Row>,
) {
  const standIns = Array.from({ length: arity }, (_, i) => `\u0000precompiled parameter ${i}\u0000`)
  const compiled = build(db, ...(standIns as unknown as Params)).compile()
  const slots = compiled.parameters.map((value) => standIns.indexOf(value as string))
  const missing = standIns.findIndex((_, i) => !slots.includes(i))
  if (missing >= 0) throw new Error(`precompile: parameter ${missing} is not a bound value of the query`)
  const values = (params: Params) => slots.map((slot, i) => (slot >= 0 ? params[slot] : compiled.parameters[i]))
  return { compiled, values }
}

/**
 * A query compiled once, run many times with new parameters: for hot paths where Kysely's
 * per-call building and compiling is a large part of a request's cost (issue 3 allows it; decision
 * 0018). `build` receives stand-ins for the parameters and must use each as a plain bound value
 * (`where(col, '=', value)`, `set({ col: value })`), never where the SQL text would depend on it
 * (`in` lists, `limit`, `$if`). Values the query fixes itself stay as compiled. The SQL is the
 * dialect's of the database the query is compiled on, so compile with the database it runs on.
 */
export function precompile<Params extends readonly unknown[], Row>(
  db: Executor,
  arity: Params['length'],
  build: (db: Executor, ...params: Params) => Compilable<Row>,
): (executor: Executor, ...params: Params) => Promise<Row[]> {
  const { compiled, values } = compileOnce(db, arity, build)
  return async (executor, ...params) => {
    const query: CompiledQuery<Row> = { ...compiled, parameters: values(params) }
    return (await executor.executeQuery(query)).rows
  }
}

/**
 * SQLite: `precompile`'s query prepared once on the connection itself and run synchronously, for a
 * hot path that does its whole transaction in one synchronous call (no query builder, no promise per
 * statement). Same rules for `build`. Answers the rows of a query that returns rows, else none.
 */
export function precompileSync<Params extends readonly unknown[], Row>(
  db: Executor,
  sqlite: SqliteDatabase.Database,
  arity: Params['length'],
  build: (db: Executor, ...params: Params) => Compilable<Row>,
): (...params: Params) => Row[] {
  const { compiled, values } = compileOnce(db, arity, build)
  const statement = sqlite.prepare(compiled.sql)
  return (...params) => {
    if (statement.reader) return statement.all(...values(params)) as Row[]
    statement.run(...values(params))
    return []
  }
}
