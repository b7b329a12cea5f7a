import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DatabaseHandle, migrateToLatest, openDatabase } from '../../db/database.js'
import { shopRow } from '../../testing/shop-row.js'
import { createTestDatabase } from '../../testing/test-database.js'
import {
  createChangeStamp,
  createTotalCounter,
  inListOrder,
  pageWindow,
  readsPerTurn,
  sharedReads,
} from './long-lists.js'
import { pageRequest } from './paging.js'

describe('pageWindow', () => {
  const items = Array.from({ length: 95 }, (_, i) => i)
  /** Reads a window from `items` (sorted newest first) the way a repository does. */
  const read = (page: number, size: number) => {
    const window = pageWindow(pageRequest({ page, size }), items.length)
    const sorted = window.reversed ? [...items].reverse() : items
    return inListOrder(window, sorted.slice(window.offset, window.offset + window.limit))
  }

  it('answers every page exactly as a plain offset would, reading the back half from the end', () => {
    for (const size of [1, 7, 20, 95, 100]) {
      for (let page = 0; page * size <= items.length + size; page++) {
        expect(read(page, size)).toEqual(items.slice(page * size, page * size + size))
      }
    }
  })

  it('reads the last page from the end at offset 0, and the first page forward', () => {
    expect(pageWindow(pageRequest({ page: 4, size: 20 }), 95)).toEqual({ reversed: true, offset: 0, limit: 15 })
    expect(pageWindow(pageRequest({ page: 0, size: 20 }), 95)).toEqual({ reversed: false, offset: 0, limit: 20 })
    // Past the end: nothing to read (an offset would walk the whole list to find that out).
    expect(pageWindow(pageRequest({ page: 9, size: 20 }), 95)).toEqual({ reversed: false, offset: 180, limit: 0 })
    expect(pageWindow(pageRequest({ page: 3, size: 20 }), undefined)).toEqual({
      reversed: false,
      offset: 60,
      limit: 20,
    })
  })
})

/** A stamp the test moves by hand: the counter's logic, apart from any database's. */
function handStamp() {
  const stamp = { value: 's1', read: async () => stamp.value as string | undefined }
  return stamp
}

describe('sharedReads', () => {
  /** A read the test answers by hand: each call is one round trip, answered in order. */
  function handReads() {
    const pending: ((value: string) => void)[] = []
    return {
      pending,
      read: () => new Promise<string>((resolve) => pending.push(resolve)),
      answer: (value: string) => (pending.shift() as (value: string) => void)(value),
    }
  }
  const flush = () => new Promise((resolve) => setImmediate(resolve))

  it('sends a read at once when none is in flight', async () => {
    const reads = handReads()
    const read = sharedReads(reads.read)
    const first = read()
    expect(reads.pending).toHaveLength(1)
    reads.answer('a')
    expect(await first).toBe('a')
    const second = read()
    expect(reads.pending).toHaveLength(1)
    reads.answer('b')
    expect(await second).toBe('b')
  })

  it('makes callers that ask while a read is in flight share the next read, sent after they asked', async () => {
    const reads = handReads()
    const read = sharedReads(reads.read)
    const early = read()
    const late = [read(), read(), read()]
    // The read in flight may predate what the late callers saw: none of them takes its answer.
    expect(reads.pending).toHaveLength(1)
    reads.answer('before')
    expect(await early).toBe('before')
    await flush()
    expect(reads.pending).toHaveLength(1)
    reads.answer('after')
    expect(await Promise.all(late)).toEqual(['after', 'after', 'after'])
    expect(reads.pending).toHaveLength(0)
  })

  it('passes a failed read to its callers and still sends the next one', async () => {
    let calls = 0
    const read = sharedReads(async () => {
      calls += 1
      if (calls === 1) throw new Error('connection lost')
      return 'ok'
    })
    const [failed, next] = [read(), read()]
    await expect(failed).rejects.toThrow('connection lost')
    expect(await next).toBe('ok')
    expect(calls).toBe(2)
  })
})

describe('readsPerTurn', () => {
  it('serves the callers of one event-loop turn with one read, made after the last of them asked', async () => {
    let value = 0
    let reads = 0
    const read = readsPerTurn(() => {
      reads += 1
      return value
    })
    const first = read()
    // A write after the first caller asked, then more callers in the same turn.
    value = 1
    const rest = [read(), read()]
    value = 2
    expect(await Promise.all([first, ...rest])).toEqual([2, 2, 2])
    expect(reads).toBe(1)
    // A later turn reads again.
    value = 3
    expect(await read()).toBe(3)
    expect(reads).toBe(2)
  })

  it('passes a failed read to its callers and reads again for the next turn', async () => {
    let calls = 0
    const read = readsPerTurn(() => {
      calls += 1
      if (calls === 1) throw new Error('database is locked')
      return 'ok'
    })
    await expect(Promise.all([read(), read()])).rejects.toThrow('database is locked')
    expect(await read()).toBe('ok')
    expect(calls).toBe(2)
  })
})

describe('createChangeStamp', () => {
  let database: DatabaseHandle
  beforeAll(async () => {
    database = await createTestDatabase()
    await migrateToLatest(database.db)
  })
  afterAll(() => database.close())

  it('moves on every write (SQLite or PostgreSQL, whichever the suite runs on)', async () => {
    const readStamp = createChangeStamp(database.db)
    const before = await readStamp()
    expect(before).toBeDefined()
    await database.db.insertInto('shops').values(shopRow('sh_change_stamp_1')).execute()
    const afterInsert = await readStamp()
    expect(afterInsert).not.toBe(before)
    await database.db.updateTable('shops').set({ name: 'Renamed' }).where('id', '=', 'sh_change_stamp_1').execute()
    expect(await readStamp()).not.toBe(afterInsert)
  })

  // PostgreSQL's stamp is the cluster's WAL position, which other databases' writes (and the
  // server's own housekeeping) move too: only SQLite can promise it stays put, so this reads SQLite.
  it('stays put while nothing is written (SQLite)', async () => {
    const sqlite = openDatabase('sqlite::memory:')
    try {
      await migrateToLatest(sqlite.db)
      const readStamp = createChangeStamp(sqlite.db)
      const first = await readStamp()
      await sqlite.db.selectFrom('shops').selectAll().execute()
      expect(await readStamp()).toBe(first)
      await sqlite.db.insertInto('shops').values(shopRow('sh_change_stamp_2')).execute()
      expect(await readStamp()).not.toBe(first)
    } finally {
      await sqlite.close()
    }
  })
})

describe('createTotalCounter', () => {
  let database: DatabaseHandle
  beforeAll(async () => {
    database = await createTestDatabase()
    await migrateToLatest(database.db)
  })
  afterAll(() => database.close())

  it('counts once while the stamp holds, and again once it moves', async () => {
    const stamp = handStamp()
    const totals = createTotalCounter(database.db, stamp.read)
    let counted = 0
    const count = async () => {
      counted += 1
      return 42
    }
    expect(await totals.total('k', count)).toBe(42)
    expect(await totals.total('k', count)).toBe(42)
    expect(counted).toBe(1)
    // A write anywhere moves the stamp: the next total is counted again, then reused.
    stamp.value = 's2'
    expect(await totals.total('k', count)).toBe(42)
    expect(await totals.total('k', count)).toBe(42)
    expect(counted).toBe(2)
    // Totals are kept per key.
    await totals.total('other', count)
    expect(counted).toBe(3)
  })

  it('counts every time where no stamp can be read (a PostgreSQL standby)', async () => {
    const totals = createTotalCounter(database.db, async () => undefined)
    let counted = 0
    const count = async () => ++counted
    expect(await totals.total('k', count)).toBe(1)
    expect(await totals.total('k', count)).toBe(2)
  })

  it('counts once for concurrent requests that find no total', async () => {
    const totals = createTotalCounter(database.db, handStamp().read)
    let counted = 0
    const count = async () => {
      counted += 1
      await new Promise((resolve) => setTimeout(resolve, 20))
      return 7
    }
    const answers = await Promise.all(Array.from({ length: 10 }, () => totals.total('herd', count)))
    expect(answers).toEqual(Array(10).fill(7))
    expect(counted).toBe(1)
  })

  it('reuses a total counted against the real database until a write lands', async () => {
    const totals = createTotalCounter(database.db)
    const count = async () => {
      const row = await database.db
        .selectFrom('shops')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
      return Number(row.n)
    }
    const before = await totals.total('shops', count)
    await database.db.insertInto('shops').values(shopRow('sh_long_lists_2')).execute()
    // Never a stale total after a write, on either database.
    expect(await totals.total('shops', count)).toBe(before + 1)
  })

  it('carries a windowed total forward by the rows that left the window, while unchanged', async () => {
    const totals = createTotalCounter(database.db, handStamp().read)
    const calls: string[] = []
    const count = async (since: string) => {
      calls.push(`count ${since}`)
      return 100
    }
    const between = async (from: string, to: string) => {
      calls.push(`between ${from} ${to}`)
      return 3
    }
    expect(await totals.totalSince('w', '2026-10-01', count, between)).toBe(100)
    expect(await totals.totalSince('w', '2026-10-01', count, between)).toBe(100)
    expect(await totals.totalSince('w', '2026-10-02', count, between)).toBe(97)
    // A window that moved backwards (a clock set back) is counted afresh.
    expect(await totals.totalSince('w', '2026-09-30', count, between)).toBe(100)
    expect(calls).toEqual(['count 2026-10-01', 'between 2026-10-01 2026-10-02', 'count 2026-09-30'])
  })
})
