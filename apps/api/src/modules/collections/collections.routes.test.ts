import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Db } from '../../db/database.js'
import { createTestPlatform, type TestPlatform } from '../../testing/test-platform.js'

let platform: TestPlatform
let db: Db
beforeAll(async () => {
  platform = await createTestPlatform()
  db = platform.app.platform.services.db
})
afterAll(() => platform.close())
beforeEach(() => platform.clock.advance(10_000))

/** The published document's call, exactly as a client written for the platform sends it. */
function getCollections(query = '', auth = platform.asDemo) {
  return platform.app.inject({
    method: 'GET',
    url: `/open-api/v1.0/collections${query}`,
    headers: 'basic' in (auth as object) ? { authorization: basicHeader(auth) } : {},
  })
}

function basicHeader(auth: TestPlatform['asDemo']): string {
  if (typeof auth !== 'object' || !('basic' in auth)) throw new Error('basic auth expected')
  return `Basic ${Buffer.from(`${auth.basic.username}:${auth.basic.password}`).toString('base64')}`
}

async function storedCollections(shopId: string) {
  return db
    .selectFrom('collections')
    .selectAll()
    .where('shop_id', '=', shopId)
    .where('slug', '!=', 'all')
    .orderBy('name')
    .orderBy('id')
    .execute()
}

describe('GET /open-api/v1.0/collections', () => {
  it('answers the shop’s collections by name in the published page shape', async () => {
    const stored = await storedCollections(platform.demo.id)
    expect(stored.length).toBeGreaterThan(1)
    const response = await getCollections()
    expect(response.statusCode).toBe(200)
    const body = response.json()
    expect(body).toMatchObject({ total: stored.length, page: 0, size: 20, totalPages: 1 })
    expect(body.results.map((c: { id: string }) => c.id)).toEqual(stored.map((c) => c.id))
    for (const collection of body.results) {
      expect(collection.id).toMatch(/^col_/)
      expect(collection.shopId).toBe(platform.demo.id)
      expect(collection.state).toEqual({ type: 'PUBLIC', available: collection.available })
    }
  })

  it('validates against the contract through the harness', async () => {
    const { status } = await platform.call('listShopCollections', { query: { size: 1, page: 1 } })
    expect(status).toBe(200)
  })

  it('tells a collection with nothing to buy from one with something', async () => {
    const [first] = await storedCollections(platform.demo.id)
    if (!first) throw new Error('the demo shop has collections')
    const before = (await getCollections()).json().results.find((c: { id: string }) => c.id === first.id)
    expect(before.available).toBe(true)
    const members = await db
      .selectFrom('collection_products')
      .select('product_id')
      .where('collection_id', '=', first.id)
      .execute()
    const ids = members.map((m) => m.product_id)
    const previous = await db.selectFrom('products').select(['id', 'state']).where('id', 'in', ids).execute()
    await db.updateTable('products').set({ state: 'SOLD_OUT' }).where('id', 'in', ids).execute()
    try {
      const after = (await getCollections()).json().results.find((c: { id: string }) => c.id === first.id)
      expect(after.available).toBe(false)
      expect(after.state).toEqual({ type: 'PUBLIC', available: false })
    } finally {
      for (const p of previous)
        await db.updateTable('products').set({ state: p.state }).where('id', '=', p.id).execute()
    }
  })

  it('searches names and slugs ignoring case, with LIKE wildcards taken literally', async () => {
    const [first] = await storedCollections(platform.demo.id)
    if (!first) throw new Error('the demo shop has collections')
    const term = first.name.slice(0, 4).toUpperCase()
    const body = (await getCollections(`?search=${encodeURIComponent(term)}`)).json()
    expect(body.results.length).toBeGreaterThan(0)
    for (const c of body.results) expect(`${c.name} ${c.slug}`.toLowerCase()).toContain(term.toLowerCase())
    expect((await getCollections('?search=%25')).json().total).toBe(0)
  })

  it('lists only the caller’s shop', async () => {
    const other = (await getCollections('', platform.asOther)).json()
    const demoIds = new Set((await storedCollections(platform.demo.id)).map((c) => c.id))
    for (const c of other.results) {
      expect(c.shopId).toBe(platform.other.id)
      expect(demoIds.has(c.id)).toBe(false)
    }
  })

  it('refuses a bad page size naming the parameter, and an anonymous caller', async () => {
    const bad = await getCollections('?size=0')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().details.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'size' })]))
    const anonymous = await platform.app.inject({ method: 'GET', url: '/open-api/v1.0/collections' })
    expect(anonymous.statusCode).toBe(401)
  })
})
