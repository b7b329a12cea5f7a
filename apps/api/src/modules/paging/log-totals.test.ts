import { describe, expect, it } from 'vitest'
import { type CountRange, createLogTotals, type LogWindow } from './log-totals.js'

/** A log in memory: row timestamps (ms), a change stamp that moves on every write, counted ranges. */
function fakeLog() {
  const rows: number[] = []
  let writes = 0
  const counts: { from: string; to?: string }[] = []
  const iso = (ms: number) => new Date(ms).toISOString()
  const countRange: CountRange = async (from, to) => {
    counts.push({ from, ...(to === undefined ? {} : { to }) })
    return rows.filter((ms) => iso(ms) >= from && (to === undefined || iso(ms) < to)).length
  }
  return {
    rows,
    counts,
    countRange,
    stamp: async () => String(writes),
    insert(...ms: number[]) {
      rows.push(...ms)
      writes++
    },
    remove(ms: number) {
      rows.splice(rows.indexOf(ms), 1)
      writes++
    },
    /** The window of a 100 ms log as of `now`. */
    window: (now: number): LogWindow => ({ since: iso(now - 100), now: iso(now), nowMs: now }),
    /** Full counts: ranges from a window's start up to its `now`. */
    fullCounts: () => counts.filter((c) => c.to !== undefined && Date.parse(c.to) - Date.parse(c.from) === 100).length,
  }
}

describe('createLogTotals', () => {
  it('recounts a small log after any write: exact', async () => {
    const log = fakeLog()
    const totals = createLogTotals(log.stamp, { largeFrom: 1000, recountAfterMs: 50 })
    log.insert(10, 20, 30)
    expect(await totals.total('k', log.window(50), log.countRange)).toEqual({ total: 3, exact: true })
    log.remove(20)
    expect(await totals.total('k', log.window(51), log.countRange)).toEqual({ total: 2, exact: true })
    expect(log.fullCounts()).toBe(2)
  })

  it('keeps a large log’s total from its two ends between counts, recounting in the background', async () => {
    const log = fakeLog()
    const totals = createLogTotals(log.stamp, { largeFrom: 4, recountAfterMs: 100 })
    log.insert(10, 20, 30, 40)
    expect(await totals.total('k', log.window(45), log.countRange)).toEqual({ total: 4, exact: true })
    expect(log.fullCounts()).toBe(1)

    // New rows and the window moving past old ones: no full count, and still right.
    log.insert(50, 60)
    expect(await totals.total('k', log.window(115), log.countRange)).toEqual({ total: 5, exact: false })
    expect(await totals.total('k', log.window(125), log.countRange)).toEqual({ total: 4, exact: false })
    expect(log.fullCounts()).toBe(1)

    // A delete inside the counted range is what it cannot see until the next count …
    log.remove(30)
    expect((await totals.total('k', log.window(126), log.countRange)).total).toBe(4)
    // … which a request `recountAfterMs` after the count starts without waiting for it …
    expect((await totals.total('k', log.window(145), log.countRange)).total).toBe(3)
    expect(log.fullCounts()).toBe(2)
    // … and the next one answers from.
    expect(await totals.total('k', log.window(146), log.countRange)).toEqual({ total: 2, exact: true })
    expect(log.fullCounts()).toBe(2)
  })

  it('counts afresh when the caller needs the exact total and the log changed', async () => {
    const log = fakeLog()
    const totals = createLogTotals(log.stamp, { largeFrom: 2, recountAfterMs: 1000 })
    log.insert(10, 20, 30)
    await totals.total('k', log.window(40), log.countRange)
    log.remove(20)
    expect(await totals.total('k', log.window(41), log.countRange)).toEqual({ total: 3, exact: false })
    expect(await totals.total('k', log.window(42), log.countRange, { exact: true })).toEqual({ total: 2, exact: true })
    expect(log.fullCounts()).toBe(2)
  })

  it('counts afresh when the window moved past the kept count’s instant, and keeps keys apart', async () => {
    const log = fakeLog()
    const totals = createLogTotals(log.stamp, { largeFrom: 1, recountAfterMs: 1000 })
    log.insert(10, 20)
    expect((await totals.total('k', log.window(30), log.countRange)).total).toBe(2)
    expect((await totals.total('other', log.window(30), log.countRange)).total).toBe(2)
    expect(log.fullCounts()).toBe(2)
    log.insert(200)
    expect(await totals.total('k', log.window(250), log.countRange)).toEqual({ total: 1, exact: true })
    expect(log.fullCounts()).toBe(3)
  })
})
