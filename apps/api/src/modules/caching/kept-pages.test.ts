import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../db/database.js'
import { SerializedJson } from '../../http/serialized-json.js'
import { type Page, type PageRequest, toPage } from '../paging/paging.js'
import { createKeptPages } from './kept-pages.js'

/** Serializers that show what they were given: items as `<id>`, the page as meta around them. */
const serializers = {
  item: (value: unknown) => Buffer.from(`<${(value as { id: string }).id}>`),
  page: (meta: Record<string, unknown>, items: readonly Buffer[]) =>
    new SerializedJson(Buffer.from(`${JSON.stringify(meta)}|${Buffer.concat(items as Buffer[]).toString()}`)),
}

const request: PageRequest = { page: 0, size: 2, offset: 0 }

describe('createKeptPages', () => {
  const database = openDatabase('sqlite::memory:')
  afterAll(() => database.close())
  const stamp = { value: 's1' as string | undefined }
  const keptPages = createKeptPages(database.db, serializers, { maxEntries: 2, readStamp: async () => stamp.value })
  let reads = 0
  const read = (ids: string[]) => async (): Promise<Page<unknown>> => {
    reads += 1
    return toPage(
      ids.map((id) => ({ id })),
      ids.length,
      request,
    )
  }

  it('serializes each item and the page meta around them', async () => {
    const answer = await keptPages(['a'], read(['x', 'y']))
    expect(answer.body.toString()).toBe('{"total":2,"page":0,"size":2,"totalPages":1}|<x><y>')
  })

  it('answers a kept page without reading while the stamp holds, and reads again once it moves', async () => {
    reads = 0
    await keptPages(['b'], read(['x']))
    expect((await keptPages(['b'], read(['changed']))).body.toString()).toContain('<x>')
    expect(reads).toBe(1)
    stamp.value = 's2'
    expect((await keptPages(['b'], read(['changed']))).body.toString()).toContain('<changed>')
    expect(reads).toBe(2)
  })

  it('keeps nothing where no stamp can be read', async () => {
    stamp.value = undefined
    reads = 0
    await keptPages(['c'], read(['x']))
    await keptPages(['c'], read(['x']))
    expect(reads).toBe(2)
    stamp.value = 's3'
  })
})
