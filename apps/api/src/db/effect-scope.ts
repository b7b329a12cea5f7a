import { AsyncLocalStorage } from 'node:async_hooks'
import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
  SelectQueryNode,
  type TransactionSettings,
} from 'kysely'

/**
 * Effect scopes (decision 0030): a request whose answer must commit with its effect — an
 * idempotent write, whose saved answer is its receipt — runs in a scope. Inside it, every query of
 * the database goes to one transaction, begun at the scope's first write (reads before it run as
 * usual, so a slow lookup before the write holds no lock), and the services' own transactions
 * become savepoints of it. The scope commits once, with the saved answer, or rolls back whole.
 *
 * This lives in the driver, below Kysely, so services keep calling `db.transaction()` and
 * `db.selectFrom()` unchanged; outside a scope the driver is the dialect's own.
 */

interface ScopeTransaction {
  driver: Driver
  connection: DatabaseConnection
}

class EffectScope {
  transaction?: Promise<ScopeTransaction>
  finished = false
  depth = 0
  /** Sibling transactions of one scope run one after the other (savepoints nest, they cannot interleave). */
  nested: Promise<void> = Promise.resolve()
}

const scopes = new AsyncLocalStorage<EffectScope>()

function currentScope(): EffectScope | undefined {
  const scope = scopes.getStore()
  return scope && !scope.finished ? scope : undefined
}

/**
 * Whether the caller runs in an effect scope. Work shared between requests (PostgreSQL's batched
 * cart adds: one call for the adds of several requests) must not start in one, or every request's
 * write in it would commit or roll back with that one scope.
 */
export function inEffectScope(): boolean {
  return currentScope() !== undefined
}

/**
 * Runs `work` in an effect scope. `work` answers whether to commit: everything it wrote (through
 * any service) commits together or not at all. An exception rolls back and propagates.
 */
export async function runInEffectScope<T>(work: () => Promise<{ commit: boolean; value: T }>): Promise<T> {
  const scope = new EffectScope()
  let outcome: { commit: boolean; value: T }
  try {
    outcome = await scopes.run(scope, work)
  } catch (error) {
    await finish(scope, false)
    throw error
  }
  await finish(scope, outcome.commit)
  return outcome.value
}

async function finish(scope: EffectScope, commit: boolean): Promise<void> {
  scope.finished = true
  if (!scope.transaction) return
  const { driver, connection } = await scope.transaction
  try {
    if (commit) await driver.commitTransaction(connection)
    else await driver.rollbackTransaction(connection)
  } finally {
    await driver.releaseConnection(connection)
  }
}

/** Whether a query only reads (and may run before the scope's transaction begins). */
function isRead(query: CompiledQuery): boolean {
  return SelectQueryNode.is(query.query)
}

/** The connection a scope hands out: it routes each query to the scope's transaction or, before it, anywhere. */
class ScopedConnection implements DatabaseConnection {
  constructor(
    private readonly scope: EffectScope,
    private readonly driver: ScopedDriver,
  ) {}

  private async transaction(): Promise<DatabaseConnection> {
    return (await this.driver.scopeTransaction(this.scope)).connection
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (this.scope.transaction || !isRead(query)) return (await this.transaction()).executeQuery<R>(query)
    return this.driver.outsideScope((connection) => connection.executeQuery<R>(query))
  }

  async *streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    yield* (await this.transaction()).streamQuery<R>(query, chunkSize)
  }
}

class ScopedDriver implements Driver {
  private readonly savepointRelease = new WeakMap<DatabaseConnection, Array<() => void>>()

  constructor(private readonly inner: Driver) {}

  init(): Promise<void> {
    return this.inner.init()
  }

  destroy(): Promise<void> {
    return this.inner.destroy()
  }

  /** The scope's transaction, begun on first use. */
  scopeTransaction(scope: EffectScope): Promise<ScopeTransaction> {
    scope.transaction ??= (async () => {
      const connection = await this.inner.acquireConnection()
      try {
        await this.inner.beginTransaction(connection, {})
      } catch (error) {
        await this.inner.releaseConnection(connection)
        throw error
      }
      return { driver: this.inner, connection }
    })()
    return scope.transaction
  }

  async outsideScope<R>(use: (connection: DatabaseConnection) => Promise<R>): Promise<R> {
    const connection = await this.inner.acquireConnection()
    try {
      return await use(connection)
    } finally {
      await this.inner.releaseConnection(connection)
    }
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const scope = currentScope()
    return scope ? new ScopedConnection(scope, this) : this.inner.acquireConnection()
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    if (!(connection instanceof ScopedConnection)) await this.inner.releaseConnection(connection)
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    if (!(connection instanceof ScopedConnection)) return this.inner.beginTransaction(connection, settings)
    const scope = currentScope()
    if (!scope) throw new Error('A scoped connection outlived its effect scope')
    // Wait for a sibling's savepoint to end, then take the turn.
    let release: () => void = () => undefined
    const previous = scope.nested
    scope.nested = new Promise<void>((resolve) => {
      release = resolve
    })
    await previous
    const { connection: transaction } = await this.scopeTransaction(scope)
    scope.depth += 1
    try {
      await transaction.executeQuery(CompiledQuery.raw(`savepoint effect_${scope.depth}`))
    } catch (error) {
      scope.depth -= 1
      release()
      throw error
    }
    const stack = this.savepointRelease.get(connection) ?? []
    stack.push(release)
    this.savepointRelease.set(connection, stack)
  }

  private async endSavepoint(connection: DatabaseConnection, statements: (name: string) => string[]): Promise<void> {
    const scope = scopes.getStore()
    if (!scope?.transaction) throw new Error('A scoped transaction ended outside its effect scope')
    const { connection: transaction } = await scope.transaction
    const name = `effect_${scope.depth}`
    try {
      for (const statement of statements(name)) await transaction.executeQuery(CompiledQuery.raw(statement))
    } finally {
      scope.depth -= 1
      this.savepointRelease.get(connection)?.pop()?.()
    }
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    if (!(connection instanceof ScopedConnection)) return this.inner.commitTransaction(connection)
    return this.endSavepoint(connection, (name) => [`release savepoint ${name}`])
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    if (!(connection instanceof ScopedConnection)) return this.inner.rollbackTransaction(connection)
    // Back to the savepoint, then drop it: the scope's transaction goes on as before the sibling.
    return this.endSavepoint(connection, (name) => [`rollback to savepoint ${name}`, `release savepoint ${name}`])
  }
}

/** The dialect with effect scopes (every other part is the dialect's own). */
export function withEffectScopes(dialect: Dialect): Dialect {
  return {
    createDriver: () => new ScopedDriver(dialect.createDriver()),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
  }
}
