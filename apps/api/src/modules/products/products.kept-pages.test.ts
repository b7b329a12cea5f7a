import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../db/database.js'
import { createTestPlatform, type TestPlatform } from '../../testing/test-platform.js'

/**
 * Product pages are kept serialized while the database is unchanged (decision 0048). What another
 * API node writes changes the database, not this node's memory: the next read must show it.
 */
let platform: TestPlatform
let db: Db
beforeAll(async () => {
  platform = await createTestPlatform()
  db = platform.app.platform.services.db
})
afterAll(() => platform.close())

describe('GET /products, kept pages', () => {
  it('a change written by another node shows on the next read of a page it was kept from', async () => {
    const read = async () => (await platform.call('listProducts', { query: { size: 5 } })).body.results[0].variants[0]
    const before = await read()
    expect(await read()).toEqual(before)
    // Written directly, as another node sharing the database would.
    await db
      .updateTable('variants')
      .set({ name: `${before.name} (renamed)` })
      .where('id', '=', before.id)
      .execute()
    expect((await read()).name).toBe(`${before.name} (renamed)`)
    await db.updateTable('variants').set({ name: before.name }).where('id', '=', before.id).execute()
    expect(await read()).toEqual(before)
  })
})
