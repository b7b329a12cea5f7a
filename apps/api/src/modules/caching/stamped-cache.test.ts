import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DatabaseHandle, migrateToLatest, openDatabase } from '../../db/database.js'
import { shopRow } from '../../testing/shop-row.js'
import { createTestDatabase } from '../../testing/test-database.js'
import { createStampedCache } from './stamped-cache.js'

/** A compute function that counts its calls and answers the shop names it reads. */
function namesReader(database: DatabaseHandle) {
  const reader = {
    calls: 0,
    read: async () => {
      reader.calls += 1
      const rows = await database.db.selectFrom('shops').select('name').orderBy('id').execute()
      return rows.map((row) => row.name)
    },
  }
  return reader
}

describe('createStampedCache', () => {
  let database: DatabaseHandle
  beforeAll(async () => {
    database = await createTestDatabase()
    await migrateToLatest(database.db)
  })
  afterAll(() => database.close())

  it('reads once while the stamp holds, and again once it moves', async () => {
    const stamp = { value: 's1' }
    const cache = createStampedCache<string[]>(database.db, { maxEntries: 10, readStamp: async () => stamp.value })
    const reader = namesReader(database)
    expect(await cache.get('names', reader.read)).toEqual([])
    expect(await cache.get('names', reader.read)).toEqual([])
    expect(reader.calls).toBe(1)
    stamp.value = 's2'
    await cache.get('names', reader.read)
    expect(reader.calls).toBe(2)
  })

  // Against the database's own stamp (on PostgreSQL the cluster's WAL position, which other
  // databases' writes move too, so only freshness is asserted here; the SQLite suite below also
  // counts the reads).
  it('never answers a kept value after a write', async () => {
    const cache = createStampedCache<string[]>(database.db, { maxEntries: 10 })
    const reader = namesReader(database)
    expect(await cache.get('names', reader.read)).toEqual([])
    await database.db
      .insertInto('shops')
      .values(shopRow('sh_stamped_1', { name: 'Stamped cache' }))
      .execute()
    expect(await cache.get('names', reader.read)).toEqual(['Stamped cache'])
    await database.db.updateTable('shops').set({ name: 'Renamed' }).where('id', '=', 'sh_stamped_1').execute()
    expect(await cache.get('names', reader.read)).toEqual(['Renamed'])
    expect(await cache.get('names', reader.read)).toEqual(['Renamed'])
  })

  it('keeps answers per key, at most maxEntries of them (the oldest goes first)', async () => {
    const cache = createStampedCache<string>(database.db, { maxEntries: 2, readStamp: async () => 'unchanged' })
    const computed: string[] = []
    const answer = (key: string) =>
      cache.get(key, async () => {
        computed.push(key)
        return `value of ${key}`
      })
    expect(await answer('a')).toBe('value of a')
    expect(await answer('b')).toBe('value of b')
    await answer('a')
    await answer('b')
    expect(computed).toEqual(['a', 'b'])
    await answer('c')
    await answer('a')
    expect(computed).toEqual(['a', 'b', 'c', 'a'])
  })

  it('keeps no failure: a read that threw is tried again', async () => {
    const cache = createStampedCache<string>(database.db, { maxEntries: 2 })
    let attempts = 0
    const failing = async () => {
      attempts += 1
      throw new Error('not found')
    }
    await expect(cache.get('missing', failing)).rejects.toThrow('not found')
    await expect(cache.get('missing', failing)).rejects.toThrow('not found')
    expect(attempts).toBe(2)
  })
})

describe('createStampedCache on SQLite with a second connection (another process or node)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanshelf-stamped-'))
  const url = `sqlite:${path.join(dir, 'shared.sqlite')}`
  let reader: DatabaseHandle
  let writer: DatabaseHandle
  beforeAll(async () => {
    reader = openDatabase(url)
    writer = openDatabase(url)
    await migrateToLatest(reader.db)
  })
  afterAll(async () => {
    await reader.close()
    await writer.close()
    fs.rmSync(dir, { recursive: true, force: true })
  })

  it("sees the other connection's commits on the next read", async () => {
    const cache = createStampedCache<string[]>(reader.db, { maxEntries: 10 })
    const names = namesReader(reader)
    expect(await cache.get('names', names.read)).toEqual([])
    await writer.db
      .insertInto('shops')
      .values(shopRow('sh_stamped_2', { name: 'Stamped cache' }))
      .execute()
    expect(await cache.get('names', names.read)).toEqual(['Stamped cache'])
    expect(await cache.get('names', names.read)).toEqual(['Stamped cache'])
    expect(names.calls).toBe(2)
  })

  it('still answers, and exactly, while a streamed query holds the connection', async () => {
    const cache = createStampedCache<string[]>(reader.db, { maxEntries: 10 })
    const names = namesReader(reader)
    await cache.get('names', names.read)
    const stream = reader.db.selectFrom('shops').select('id').stream()
    const iterator = stream[Symbol.asyncIterator]()
    await iterator.next()
    // The synchronous stamp cannot run now; the read waits for the connection instead of failing.
    const pending = cache.get('names', names.read)
    await iterator.return?.()
    expect(await pending).toEqual(['Stamped cache'])
  })
})
