import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Db } from '../../db/database.js'
import { type CallResult, createTestPlatform, type TestPlatform } from '../../testing/test-platform.js'

let platform: TestPlatform
let db: Db
beforeAll(async () => {
  platform = await createTestPlatform()
  db = platform.app.platform.services.db
})
afterAll(() => platform.close())
// Each test starts with a fresh rate-limit window: the limiter runs on the manual clock.
beforeEach(() => platform.clock.advance(10_000))

async function entriesOf(shopId: string) {
  const rows = await db
    .selectFrom('mailing_list_entries')
    .selectAll()
    .where('shop_id', '=', shopId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute()
  return rows.map((row) => ({ id: row.id, email: row.email }))
}

function expectValidationError(result: CallResult, location: string, field: string) {
  expect(result.status).toBe(400)
  expect(result.body.code).toBe('REQUEST_VALIDATION_FAILED')
  expect(result.body.details.errors).toEqual(expect.arrayContaining([expect.objectContaining({ location, field })]))
}

describe('GET /mailing-list-entries', () => {
  it('answers the first page of the shop’s mailing list, newest first', async () => {
    const all = await entriesOf(platform.demo.id)
    expect(all.length).toBeGreaterThan(0)
    const { status, body } = await platform.call('listMailingListEntries')
    expect(status).toBe(200)
    expect(body).toEqual({
      results: all.slice(0, 20),
      total: all.length,
      page: 0,
      size: 20,
      totalPages: Math.ceil(all.length / 20),
    })
  })

  it('answers only the caller’s shop’s entries', async () => {
    const others = await entriesOf(platform.other.id)
    const { body } = await platform.call('listMailingListEntries', { auth: platform.asOther, query: { size: 100 } })
    expect(body).toEqual({
      results: others.slice(0, 100),
      total: others.length,
      page: 0,
      size: 100,
      totalPages: Math.ceil(others.length / 100),
    })
    const demoIds = new Set((await entriesOf(platform.demo.id)).map((e) => e.id))
    expect(others.some((e) => demoIds.has(e.id))).toBe(false)
  })

  it('answers the partial last page and an empty page past the end with the exact total', async () => {
    const all = await entriesOf(platform.demo.id)
    const size = 4
    const lastPage = Math.ceil(all.length / size) - 1
    const last = await platform.call('listMailingListEntries', { query: { page: lastPage, size } })
    expect(last.body).toEqual({
      results: all.slice(lastPage * size),
      total: all.length,
      page: lastPage,
      size,
      totalPages: lastPage + 1,
    })
    const past = await platform.call('listMailingListEntries', { query: { page: lastPage + 5, size } })
    expect(past.body).toEqual({ results: [], total: all.length, page: lastPage + 5, size, totalPages: lastPage + 1 })
  })

  it('accepts the size bounds 1 and 100', async () => {
    const all = await entriesOf(platform.demo.id)
    const one = await platform.call('listMailingListEntries', { query: { size: 1, page: 0 } })
    expect(one.body).toEqual({ results: all.slice(0, 1), total: all.length, page: 0, size: 1, totalPages: all.length })
    const hundred = await platform.call('listMailingListEntries', { query: { size: 100 } })
    expect(hundred.body.results).toEqual(all.slice(0, 100))
  })

  it('answers 401 without credentials', async () => {
    const { status, body } = await platform.call('listMailingListEntries', { auth: 'none' })
    expect(status).toBe(401)
    expect(body.code).toBe('UNAUTHENTICATED')
  })

  it('answers 400 naming the parameter for a bad page or size', async () => {
    expectValidationError(await platform.call('listMailingListEntries', { query: { size: 0 } }), 'query', 'size')
    expectValidationError(await platform.call('listMailingListEntries', { query: { size: 101 } }), 'query', 'size')
    expectValidationError(await platform.call('listMailingListEntries', { query: { page: -1 } }), 'query', 'page')
    expectValidationError(await platform.call('listMailingListEntries', { query: { page: 'abc' } }), 'query', 'page')
  })
})
