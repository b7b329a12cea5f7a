import type { Compilable, CompiledQuery } from 'kysely'
import type { Executor } from './database.js'

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
  const standIns = Array.from({ length: arity }, (_, i) => `\u0000precompiled parameter ${i}\u0000`)
  const compiled = build(db, ...(standIns as unknown as Params)).compile()
  const slots = compiled.parameters.map((value) => standIns.indexOf(value as string))
  const missing = standIns.findIndex((_, i) => !slots.includes(i))
  if (missing >= 0) throw new Error(`precompile: parameter ${missing} is not a bound value of the query`)
  return async (executor, ...params) => {
    const query: CompiledQuery<Row> = {
      ...compiled,
      parameters: slots.map((slot, i) => (slot >= 0 ? params[slot] : compiled.parameters[i])),
    }
    return (await executor.executeQuery(query)).rows
  }
}
