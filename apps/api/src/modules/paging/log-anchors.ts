import type { LogWindow } from './log-totals.js'

/**
 * Page numbers deep in a log that grows at its new end and leaves at its old one: the delivery log
 * (decision 0049, amendment). `OFFSET n` walks the n index entries it skips, so the middle page of a
 * million-event log cost a second. Kept instead: every `every`-th entry of the log (an anchor), with
 * its position counted from the newest entry, as of `upTo`.
 *
 * Positions counted from the new end do not move when rows leave the old end, and move together by
 * the rows created since `upTo` — a count of one small index range at the log's new end. Page
 * `offset` is then read as "after the nearest anchor before it, skip fewer than `every` entries":
 * every page costs what the first few do.
 *
 * - Exact while nothing but new rows were added since the anchors were read — as the totals
 *   (log-totals.ts) are. `upTo` lags the clock by `settleMs`, so a transaction still open when the
 *   anchors are read (its rows stamped earlier than its commit) is counted at its end, not missed.
 *   A delete inside the window shifts later pages by the rows it removed until the anchors are read
 *   again: in the background, once they are `refreshAfterMs` old and the log changed. The owner's
 *   visible configurations are part of the key, so deleting one (with its events) starts afresh.
 * - The anchors are read in steps of one index seek each (`keyAfter`), not one long query: on SQLite,
 *   whose queries hold the event loop, no request waits behind the whole walk.
 */
export interface LogAnchorOptions {
  /** Entries between anchors: the most a deep page skips. */
  every: number
  /** How far behind the clock the anchors' `upTo` is taken. */
  settleMs: number
  /** Anchors older than this are read again, in the background, when the log changed. */
  refreshAfterMs: number
}

export const defaultLogAnchorOptions: LogAnchorOptions = { every: 1000, settleMs: 10_000, refreshAfterMs: 600_000 }

/** Where an entry sits in the log's order (newest first): `createdAt`, then `id`. */
export interface LogKey {
  createdAt: string
  id: string
}

export interface LogAnchorReaders<K extends LogKey> {
  /**
   * The entry `skip` entries past `after` (strictly older than it; from the newest when undefined),
   * among the rows created in [since, upTo); undefined past the end.
   */
  keyAfter(after: K | undefined, skip: number, window: { since: string; upTo: string }): Promise<K | undefined>
  /** Rows of the log created at or after `from`. */
  countFrom(from: string): Promise<number>
  /** Moves on every write (long-lists.ts `ChangeStamp`). */
  readStamp(): Promise<string | undefined>
}

/** Where to read page `offset`: `skip` entries after `after` (strictly older than it). */
export interface LogSeek<K extends LogKey> {
  after: K
  skip: number
}

interface Anchors<K extends LogKey> {
  stamp: string | undefined
  upTo: string
  atMs: number
  /** `keys[i]` sat at position `(i + 1) * every - 1` of the log as of `upTo`. */
  keys: K[]
}

/** Logs whose anchors are kept at most (the oldest goes first): each at most one key per `every` rows. */
const maxEntries = 64

export function createLogAnchors<K extends LogKey>(options: LogAnchorOptions = defaultLogAnchorOptions) {
  // Bound: at most `maxEntries` logs (a million-row log's anchors are about 1,000 keys).
  const entries = new Map<string, Anchors<K>>()
  /** Walks in flight by key: concurrent requests that need one share it. Bound: the walks running now. */
  const inFlight = new Map<string, Promise<Anchors<K>>>()

  function remember(key: string, anchors: Anchors<K>): void {
    entries.delete(key)
    if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string)
    entries.set(key, anchors)
  }

  function walk(key: string, window: LogWindow, readers: LogAnchorReaders<K>): Promise<Anchors<K>> {
    let flight = inFlight.get(key)
    if (!flight) {
      flight = (async () => {
        const stamp = await readers.readStamp()
        const upTo = new Date(window.nowMs - options.settleMs).toISOString()
        const keys: K[] = []
        for (;;) {
          const next = await readers.keyAfter(keys.at(-1), options.every - 1, { since: window.since, upTo })
          if (next === undefined) break
          keys.push(next)
        }
        const anchors = { stamp, upTo, atMs: window.nowMs, keys }
        remember(key, anchors)
        return anchors
      })().finally(() => inFlight.delete(key))
      inFlight.set(key, flight)
    }
    return flight
  }

  return {
    /** Offsets below this are read with a plain `OFFSET`: it skips fewer entries than a seek would. */
    minOffset: options.every,

    /**
     * Where page `offset` of the log `key` starts, or undefined when no anchor precedes it (a shallow
     * page: read it with `OFFSET`). The first deep page of a log waits for its anchors.
     */
    async seek(
      key: string,
      window: LogWindow,
      offset: number,
      readers: LogAnchorReaders<K>,
    ): Promise<LogSeek<K> | undefined> {
      let anchors = entries.get(key)
      if (anchors === undefined) anchors = await walk(key, window, readers)
      else if (window.nowMs - anchors.atMs >= options.refreshAfterMs && !inFlight.has(key)) {
        if ((await readers.readStamp()) !== anchors.stamp) {
          // Answer from the kept anchors; the next requests get the new ones.
          walk(key, window, readers).catch(() => entries.delete(key))
        }
      }
      const added = await readers.countFrom(anchors.upTo)
      // The last anchor strictly before `offset`: position (i + 1) * every - 1 + added < offset.
      const index = Math.min(anchors.keys.length, Math.floor((offset - added) / options.every)) - 1
      const after = anchors.keys[index]
      if (after === undefined) return undefined
      return { after, skip: offset - ((index + 1) * options.every - 1 + added) - 1 }
    },
  }
}

export type LogAnchorIndex<K extends LogKey> = ReturnType<typeof createLogAnchors<K>>
