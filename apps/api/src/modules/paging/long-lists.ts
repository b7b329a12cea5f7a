import { type Kysely, PostgresAdapter, sql } from 'kysely'
import { syncChangeStampOf } from '../../db/database.js'
import type { PageRequest } from './paging.js'

/**
 * What keeps offset paging cheap on long lists (decision 0016). Both halves of a page answer are
 * linear in the list's length when done naively: the exact `total` the contract requires is a
 * COUNT over every matching row, and `OFFSET n` reads the n rows it skips.
 *
 * - `pageWindow`: a page in the back half of a list is read from the other end (the sort reversed,
 *   offset counted from the end, rows put back in order), so the last page costs what the first
 *   does; the middle page is the worst case, at half the scan.
 * - `createTotalCounter`: a total is counted once and reused while the database is unchanged. The
 *   validity check is a stamp that moves on every write anyone makes (SQLite: `data_version` and
 *   this connection's `total_changes()`; PostgreSQL: the WAL insert position), read before the
 *   count, so a reused total is always exact; any write anywhere only costs a recount. A count over
 *   a sliding time window (the delivery log's 30 days) is carried forward by subtracting the rows
 *   that left the window since it was counted.
 */

/** How to read one page: in the list's order, or reversed from the end. */
export interface PageWindow {
  /** The sort direction of the list's own order (`desc` lists) or its reverse. */
  reversed: boolean
  offset: number
  limit: number
}

/** Where page `request` of a list of `total` items is read from (`limit` 0: past the end, read nothing). */
export function pageWindow(request: PageRequest, total: number | undefined): PageWindow {
  const forward = { reversed: false, offset: request.offset, limit: request.size }
  if (total === undefined) return forward
  // A page past the end is empty: an OFFSET would still walk the whole list to find that out.
  if (request.offset >= total) return { reversed: false, offset: request.offset, limit: 0 }
  const end = Math.min(total, request.offset + request.size)
  const fromEnd = total - end
  return fromEnd < request.offset ? { reversed: true, offset: fromEnd, limit: end - request.offset } : forward
}

/** `direction` of a list sorted newest first, for a window. */
export function sortDirection(window: PageWindow): 'asc' | 'desc' {
  return window.reversed ? 'asc' : 'desc'
}

/** Rows read through `window`, in the list's order. */
export function inListOrder<T>(window: PageWindow, rows: T[]): T[] {
  return window.reversed ? rows.reverse() : rows
}

interface Counted {
  stamp: string
  total: number
  /** Windowed counts: the window's start when counted. */
  since?: string
}

/** Totals kept at most (small objects; the oldest goes first). */
const maxEntries = 2000

/**
 * A stamp that moves on every write anyone makes to the database (SQLite: `data_version`, which
 * other connections' commits move, with this connection's `total_changes()`; PostgreSQL: the WAL
 * insert position). Read it before computing something from the data: while a later read answers the
 * same stamp, the result still holds. Undefined when it cannot be read (a PostgreSQL standby).
 */
/** Reads a change stamp: equal stamps vouch that nothing was written in between. */
export type ChangeStamp = () => Promise<string | undefined>

/**
 * Concurrent callers of `read` share round trips, and each still gets a value read after it asked:
 * while one read is in flight, callers wait for the next one, which is sent when it answers and
 * serves every caller that arrived meanwhile. A read sent before a caller asked could predate a
 * write the caller already saw committed; one sent after cannot. So under load a process reads
 * about one stamp per database round trip, not one per request (decision 0048).
 */
export function sharedReads<T>(read: () => Promise<T>): () => Promise<T> {
  let sent: Promise<T> | undefined
  let next: Promise<T> | undefined
  const send = (): Promise<T> => {
    const reading = read()
    sent = reading
    const settled = () => {
      if (sent === reading) sent = undefined
    }
    reading.then(settled, settled)
    return reading
  }
  return () => {
    if (sent === undefined) return send()
    next ??= sent
      .then(
        () => undefined,
        () => undefined,
      )
      .then(() => {
        next = undefined
        return send()
      })
    return next
  }
}

/**
 * A synchronous read shared by the callers of one event-loop turn, each still getting a value read
 * after it asked: callers wait for the turn's check phase (`setImmediate`), where one read serves
 * every caller that asked during the turn. SQLite's `pragma data_version` takes the WAL index's
 * shared-memory lock on each read; under load one read now serves the requests of a turn instead
 * of one each (decision 0048).
 */
export function readsPerTurn<T>(read: () => T): () => Promise<T> {
  let waiting: { promise: Promise<T>; resolve: (value: T) => void; reject: (error: unknown) => void } | undefined
  const readForWaiting = () => {
    const callers = waiting
    waiting = undefined
    if (callers === undefined) return
    try {
      callers.resolve(read())
    } catch (error) {
      callers.reject(error)
    }
  }
  return () => {
    if (waiting === undefined) {
      let resolve!: (value: T) => void
      let reject!: (error: unknown) => void
      const promise = new Promise<T>((yes, no) => {
        resolve = yes
        reject = no
      })
      waiting = { promise, resolve, reject }
      setImmediate(readForWaiting)
    }
    return waiting.promise
  }
}

/** One stamp reader per database handle: every cache and counter of the process shares its reads. */
// biome-ignore lint/suspicious/noExplicitAny: any table set: the stamp queries name no table.
const changeStamps = new WeakMap<Kysely<any>, ChangeStamp>()

// biome-ignore lint/suspicious/noExplicitAny: any table set: the stamp queries name no table.
export function createChangeStamp(db: Kysely<any>): ChangeStamp {
  let stamp = changeStamps.get(db)
  if (stamp === undefined) {
    stamp = newChangeStamp(db)
    changeStamps.set(db, stamp)
  }
  return stamp
}

// biome-ignore lint/suspicious/noExplicitAny: any table set: the stamp queries name no table.
function newChangeStamp(db: Kysely<any>): ChangeStamp {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter
  const syncRead = syncChangeStampOf(db)
  const sync = syncRead === undefined ? undefined : readsPerTurn(syncRead)
  let readable = true
  // PostgreSQL: a round trip per read, shared by the requests that ask while one is in flight.
  const walPosition = sharedReads(async () => {
    const { rows } = await sql<{ lsn: string }>`select pg_current_wal_insert_lsn()::text as lsn`.execute(db)
    return rows[0]?.lsn
  })
  return async () => {
    const stamp = await sync?.()
    if (stamp !== undefined) return stamp
    if (!readable) return undefined
    try {
      if (postgres) return await walPosition()
      const { rows } = await sql<{ changes: number; version: number }>`
        select total_changes() as changes, (select data_version from pragma_data_version) as version`.execute(db)
      return rows[0] ? `${rows[0].version}:${rows[0].changes}` : undefined
    } catch {
      readable = false
      return undefined
    }
  }
}

/**
 * Totals reused while `readStamp` answers the same stamp. On PostgreSQL the WAL position is the
 * whole cluster's: writes to other databases on the same server move it too, which only costs
 * recounts. (Tests pass their own stamp to pin that down.)
 */
// biome-ignore lint/suspicious/noExplicitAny: any table set: the stamp queries name no table.
export function createTotalCounter(db: Kysely<any>, readStamp: ChangeStamp = createChangeStamp(db)) {
  // Bound: at most `maxEntries` totals, the oldest set goes first.
  const entries = new Map<string, Counted>()

  function remember(key: string, counted: Counted): void {
    entries.delete(key)
    if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string)
    entries.set(key, counted)
  }

  /** Counts in flight, by key and stamp: concurrent requests that miss share one count. Bound: the counts running now. */
  const inFlight = new Map<string, Promise<Counted>>()

  function countOnce(key: string, stamp: string, count: () => Promise<Counted>): Promise<Counted> {
    const flightKey = `${key}\u0000${stamp}`
    let flight = inFlight.get(flightKey)
    if (!flight) {
      flight = count()
        .then((counted) => {
          remember(key, counted)
          return counted
        })
        .finally(() => inFlight.delete(flightKey))
      inFlight.set(flightKey, flight)
    }
    return flight
  }

  return {
    /** The total `count` answers, reused while nothing was written since it was counted. */
    async total(key: string, count: () => Promise<number>): Promise<number> {
      const stamp = await readStamp()
      if (stamp === undefined) return count()
      const cached = entries.get(key)
      if (cached?.stamp === stamp) return cached.total
      return (await countOnce(key, stamp, async () => ({ stamp, total: await count() }))).total
    },

    /**
     * The total of a list restricted to rows created at or after `since`, a bound that only moves
     * forward (a retention window): reused while nothing was written, less the rows that left the
     * window in between (`countBetween(from, to)`: rows created in [from, to)).
     */
    async totalSince(
      key: string,
      since: string,
      count: (since: string) => Promise<number>,
      countBetween: (from: string, to: string) => Promise<number>,
    ): Promise<number> {
      const stamp = await readStamp()
      if (stamp === undefined) return count(since)
      let counted = entries.get(key)
      if (counted?.stamp !== stamp || counted.since === undefined || counted.since > since) {
        counted = await countOnce(key, stamp, async () => ({ stamp, since, total: await count(since) }))
      }
      if (counted.since === undefined || counted.since > since) return count(since)
      if (counted.since === since) return counted.total
      const total = counted.total - (await countBetween(counted.since, since))
      // Moving the window forward needs no write: the same stamp still vouches for it.
      if (entries.get(key) === counted) remember(key, { stamp, since, total })
      return total
    },
  }
}

export type TotalCounter = ReturnType<typeof createTotalCounter>
