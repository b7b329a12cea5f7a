import type { ChangeStamp } from './long-lists.js'

/**
 * The `total` of a log that grows at its new end and leaves at its old one: the delivery log, rows
 * created in the last 30 days (decision 0049). `createTotalCounter` (long-lists.ts) recounts after
 * any write, which on a million-row log under a steady write rate is a full count per request.
 *
 * A count is kept as "rows created in [since, upTo)", `upTo` the instant it was counted. A later
 * total is that count, less the rows created in [since, new since) — the window moved — plus the
 * rows created at or after `upTo`: two index ranges at the ends of the log, as small as the time
 * since the count. That is exact while nothing but inserts of new rows happened since (always, when
 * the change stamp did not move); a delete inside the window (a configuration deleted with its
 * events) or a row committed with an older timestamp makes it off by those rows until the next count.
 *
 * - Logs counted at fewer than `largeFrom` rows are recounted after any write, as before: exact.
 * - A large log's count is redone when a write happened and it is older than `recountAfterMs`, in
 *   the background: the request that notices answers from the old count, none waits for a recount
 *   except the very first.
 * - `exact` tells the caller whether the answer is vouched for; a caller that needs it (reading a
 *   page from the list's end) asks for it and pays a count when the log changed, as before.
 */
export interface LogTotalOptions {
  largeFrom: number
  recountAfterMs: number
}

export const defaultLogTotalOptions: LogTotalOptions = { largeFrom: 10_000, recountAfterMs: 60_000 }

/** Rows of the list created in [from, to); `to` undefined: no upper bound. */
export type CountRange = (from: string, to?: string) => Promise<number>

export interface LogTotal {
  total: number
  exact: boolean
}

/** The window of a request: rows created at or after `since`, as of `now` (ISO) / `nowMs`. */
export interface LogWindow {
  since: string
  now: string
  nowMs: number
}

interface Counted {
  /** The change stamp read before counting. */
  stamp: string | undefined
  since: string
  upTo: string
  /** Rows created in [since, upTo) when counted. */
  base: number
  /** Whether the log was large when counted (`largeFrom`). */
  large: boolean
  atMs: number
}

/** Counts kept at most (small objects; the oldest goes first). */
const maxEntries = 2000

export function createLogTotals(readStamp: ChangeStamp, options: LogTotalOptions = defaultLogTotalOptions) {
  // Bound: at most `maxEntries` counts, the oldest set goes first.
  const entries = new Map<string, Counted>()
  /** Counts in flight by key: concurrent requests that need one share it. Bound: the counts running now. */
  const inFlight = new Map<string, Promise<Counted>>()

  function remember(key: string, counted: Counted): void {
    entries.delete(key)
    if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string)
    entries.set(key, counted)
  }

  function count(key: string, window: LogWindow, countRange: CountRange): Promise<Counted> {
    let flight = inFlight.get(key)
    if (!flight) {
      flight = (async () => {
        const stamp = await readStamp()
        const base = await countRange(window.since, window.now)
        const counted: Counted = {
          stamp,
          since: window.since,
          upTo: window.now,
          base,
          large: base >= options.largeFrom,
          atMs: window.nowMs,
        }
        remember(key, counted)
        return counted
      })().finally(() => inFlight.delete(key))
      inFlight.set(key, flight)
    }
    return flight
  }

  /** Whether `counted` can answer for `window` (its window started no later, and `upTo` is not passed). */
  const covers = (counted: Counted | undefined, window: LogWindow): counted is Counted =>
    counted !== undefined && counted.since <= window.since && window.since <= counted.upTo

  return {
    /** The total for `window`; `exact: true` counts afresh rather than answer an estimate. */
    async total(key: string, window: LogWindow, countRange: CountRange, need?: { exact: true }): Promise<LogTotal> {
      const stamp = await readStamp()
      let counted = entries.get(key)
      let fresh = false
      if (!covers(counted, window)) {
        counted = await count(key, window, countRange)
        fresh = true
      } else if (stamp === undefined || stamp !== counted.stamp) {
        if (!counted.large || need?.exact) {
          counted = await count(key, window, countRange)
          fresh = true
        } else if (window.nowMs - counted.atMs >= options.recountAfterMs && !inFlight.has(key)) {
          // Answer from the kept count; the next requests get the new one.
          count(key, window, countRange).catch(() => entries.delete(key))
        }
      }
      // A shared count may have been made for another request's window.
      if (!covers(counted, window)) return { total: await countRange(window.since), exact: true }
      // The two ends are independent reads: sent together, one round trip of latency.
      const [left, added] = await Promise.all([
        counted.since === window.since ? 0 : countRange(counted.since, window.since),
        countRange(counted.upTo),
      ])
      const exact = fresh || (stamp !== undefined && stamp === counted.stamp)
      if (left > 0 && entries.get(key) === counted) {
        // Move the kept window forward: what left it is no longer counted again.
        remember(key, { ...counted, since: window.since, base: counted.base - left })
      }
      return { total: counted.base - left + added, exact }
    },
  }
}

export type LogTotals = ReturnType<typeof createLogTotals>
