import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Db } from '../../db/database.js'
import type { PromotionsTable } from '../../db/schema.js'
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

const promotionTypes = ['SHOP_SINGLE', 'SHOP_MULTI', 'SHOP_AUTO_APPLYING', 'MEMBERSHIPS_SINGLE', 'MEMBERSHIPS_MULTI']

function promotionsOf(shopId: string) {
  return db
    .selectFrom('promotions')
    .selectAll()
    .where('shop_id', '=', shopId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute()
}

function codesOf(promotionId: string) {
  return db
    .selectFrom('promotion_codes')
    .selectAll()
    .where('promotion_id', '=', promotionId)
    .orderBy('position')
    .execute()
}

/** The promotion as the contract shows it, per type (schema `Promotion`). */
async function expectedPromotion(p: PromotionsTable) {
  const codes = await codesOf(p.id)
  const json = (text: string | null) => (text === null ? null : JSON.parse(text))
  const common = { id: p.id, title: p.title, type: p.type, status: p.status, usageCount: p.usage_count }
  const codeFields = p.type.endsWith('_MULTI')
    ? { codes: codes.map((c) => ({ id: c.id, code: c.code, usageCount: c.usage_count, status: c.status })) }
    : { code: codes[0]?.code ?? null }
  if (p.type.startsWith('SHOP_')) {
    return {
      ...common,
      ...codeFields,
      discount: JSON.parse(p.discount),
      requirements: json(p.requirements) ?? { minimumOrderValue: null },
      limits: json(p.limits) ?? { maximumUsesNumber: null, oneUsePerCustomer: false },
      appliesTo: json(p.applies_to) ?? { type: 'ENTIRE_ORDER' },
    }
  }
  return {
    ...common,
    ...codeFields,
    discount: JSON.parse(p.discount),
    requirements: json(p.requirements) ?? { newMembersOnly: false },
    subscriptionType: json(p.subscription_type) ?? { type: 'ALL' },
    tiers: json(p.tiers) ?? { type: 'ALL' },
  }
}

function expectValidationError(result: CallResult, location: string, field: string) {
  expect(result.status).toBe(400)
  expect(result.body.code).toBe('REQUEST_VALIDATION_FAILED')
  expect(result.body.details.errors).toEqual(expect.arrayContaining([expect.objectContaining({ location, field })]))
}

describe('GET /promotions', () => {
  it('answers the first page of the shop’s promotions, newest first, each in its type’s shape', async () => {
    const all = await promotionsOf(platform.demo.id)
    const { status, body } = await platform.call('listPromotions')
    expect(status).toBe(200)
    expect(body).toEqual({
      results: await Promise.all(all.slice(0, 20).map(expectedPromotion)),
      total: all.length,
      page: 0,
      size: 20,
      totalPages: Math.ceil(all.length / 20),
    })
  })

  it('a change written by another node shows on the next read of a page it was kept from', async () => {
    const first = (await promotionsOf(platform.demo.id))[0] as { id: string; usage_count: number }
    const read = async () => (await platform.call('listPromotions', { query: { size: 5 } })).body.results[0]
    const before = await read()
    expect(await read()).toEqual(before)
    // Another API node shares the database, not this node's memory: write the row directly.
    const used = (count: number) =>
      db.updateTable('promotions').set({ usage_count: count }).where('id', '=', first.id).execute()
    await used(first.usage_count + 1000)
    expect((await read()).usageCount).toBe(first.usage_count + 1000)
    await used(first.usage_count)
    expect(await read()).toEqual(before)
  })

  it('answers promotions of all five types', async () => {
    const { body } = await platform.call('listPromotions', { query: { size: 100 } })
    expect(new Set(body.results.map((p: { type: string }) => p.type))).toEqual(new Set(promotionTypes))
  })

  it('never lists another shop’s promotions', async () => {
    const others = await promotionsOf(platform.other.id)
    const { body } = await platform.call('listPromotions', { auth: platform.asOther, query: { size: 100 } })
    expect(body.total).toBe(others.length)
    expect(body.results.map((p: { id: string }) => p.id)).toEqual(others.slice(0, 100).map((p) => p.id))
  })

  it('answers the partial last page and an empty page past the end with the exact total', async () => {
    const all = await promotionsOf(platform.demo.id)
    const size = 3
    const lastPage = Math.ceil(all.length / size) - 1
    const last = await platform.call('listPromotions', { query: { page: lastPage, size } })
    expect(last.body).toEqual({
      results: await Promise.all(all.slice(lastPage * size).map(expectedPromotion)),
      total: all.length,
      page: lastPage,
      size,
      totalPages: lastPage + 1,
    })
    const past = await platform.call('listPromotions', { query: { page: lastPage + 1, size } })
    expect(past.body).toEqual({ results: [], total: all.length, page: lastPage + 1, size, totalPages: lastPage + 1 })
  })

  it('accepts the size bounds 1 and 100', async () => {
    const all = await promotionsOf(platform.demo.id)
    const one = await platform.call('listPromotions', { query: { size: 1 } })
    expect(one.body).toMatchObject({ total: all.length, size: 1, totalPages: all.length })
    expect(one.body.results.map((p: { id: string }) => p.id)).toEqual([all[0]?.id])
    const hundred = await platform.call('listPromotions', { query: { size: 100 } })
    expect(hundred.body.results).toHaveLength(Math.min(100, all.length))
  })

  it('answers 401 without credentials', async () => {
    const { status, body } = await platform.call('listPromotions', { auth: 'none' })
    expect(status).toBe(401)
    expect(body.code).toBe('UNAUTHENTICATED')
  })

  it('answers 400 naming the parameter for a bad page or size', async () => {
    expectValidationError(await platform.call('listPromotions', { query: { size: 0 } }), 'query', 'size')
    expectValidationError(await platform.call('listPromotions', { query: { size: 101 } }), 'query', 'size')
    expectValidationError(await platform.call('listPromotions', { query: { page: -1 } }), 'query', 'page')
    expectValidationError(await platform.call('listPromotions', { query: { page: 'abc' } }), 'query', 'page')
  })
})

describe('GET /promotions/{promotionId}', () => {
  it.each(promotionTypes)('answers a %s promotion in its contract shape', async (type) => {
    const promotion = (await promotionsOf(platform.demo.id)).find((p) => p.type === type)
    expect(promotion, `the demo seed has a ${type} promotion`).toBeDefined()
    const row = promotion as PromotionsTable
    const { status, body } = await platform.call('getPromotion', { params: { promotionId: row.id } })
    expect(status).toBe(200)
    expect(body).toEqual(await expectedPromotion(row))
  })

  it('lists a multi-code promotion’s codes in position order', async () => {
    const multi = (await promotionsOf(platform.demo.id)).find((p) => p.type === 'SHOP_MULTI') as PromotionsTable
    const codes = await codesOf(multi.id)
    expect(codes.length).toBeGreaterThan(1)
    const { body } = await platform.call('getPromotion', { params: { promotionId: multi.id } })
    expect(body.codes.map((c: { id: string }) => c.id)).toEqual(codes.map((c) => c.id))
  })

  it('answers 404 PROMOTION_NOT_FOUND for another shop’s promotion and for an unknown id alike', async () => {
    const foreign = (await promotionsOf(platform.other.id))[0] as PromotionsTable
    expect(foreign).toBeDefined()
    for (const promotionId of [foreign.id, 'prm_doesNotExist']) {
      const { status, body } = await platform.call('getPromotion', { params: { promotionId } })
      expect(status).toBe(404)
      expect(body).toEqual({
        code: 'PROMOTION_NOT_FOUND',
        message: `Promotion ${promotionId} does not exist.`,
        details: { promotionId },
      })
    }
  })

  it('answers 401 without credentials', async () => {
    const { status } = await platform.call('getPromotion', { params: { promotionId: 'prm_x' }, auth: 'none' })
    expect(status).toBe(401)
  })
})
