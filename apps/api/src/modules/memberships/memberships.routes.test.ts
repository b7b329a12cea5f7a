import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MembersTable } from '../../db/schema.js'
import { createTestPlatform, type TestPlatform } from '../../testing/test-platform.js'

let platform: TestPlatform

/** Our own tier and members (beside the seed's) so that every expected value is written out below. */
const tierId = 'mt_990001'
const monthly = {
  id: 'mtv_990002',
  tierId,
  interval: 'MONTHLY',
  amount: { value: 7.5, currency: 'USD' },
  offerId: '7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e02',
}
const annual = {
  id: 'mtv_990001',
  tierId,
  interval: 'ANNUAL',
  amount: { value: 75, currency: 'USD' },
  offerId: '7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e01',
}
const tier = {
  id: tierId,
  name: 'Test Grove',
  imageUrl: 'https://cdn.pixel-pines.example/assets/tier-test-grove.svg',
  variants: [monthly, annual],
}
/** Newer than anything the seed writes (the test clock starts at 2026-11-02T12:00Z). */
const newestMember = {
  id: '99000002',
  email: 'newest.member@example.com',
  nickname: 'newest',
  createdAt: '2026-11-02T11:59:00.000Z',
  subscription: { type: 'ACTIVE', variant: monthly },
}
const secondMember = {
  id: '99000001',
  email: 'second.member@example.com',
  nickname: 'second',
  createdAt: '2026-11-02T11:58:00.000Z',
  subscription: { type: 'NONE' },
}
const otherShopMemberId = '99000003'

function member(overrides: Partial<MembersTable> & Pick<MembersTable, 'id' | 'created_at'>): MembersTable {
  return {
    shop_id: platform.demo.id,
    email: 'member@example.com',
    nickname: 'member',
    subscription_type: 'NONE',
    variant_id: null,
    updated_at: overrides.created_at,
    ...overrides,
  }
}

beforeAll(async () => {
  platform = await createTestPlatform()
  const db = platform.app.platform.services.db
  await db
    .insertInto('membership_tiers')
    .values({
      id: tierId,
      shop_id: platform.demo.id,
      name: tier.name,
      image_url: tier.imageUrl,
      position: 1000,
      created_at: '2026-11-01T00:00:00.000Z',
    })
    .execute()
  // ANNUAL first on purpose: a tier lists MONTHLY first.
  await db
    .insertInto('membership_tier_variants')
    .values([
      {
        id: annual.id,
        tier_id: tierId,
        shop_id: platform.demo.id,
        interval: 'ANNUAL',
        currency: 'USD',
        amount: 7500,
        offer_id: annual.offerId,
      },
      {
        id: monthly.id,
        tier_id: tierId,
        shop_id: platform.demo.id,
        interval: 'MONTHLY',
        currency: 'USD',
        amount: 750,
        offer_id: monthly.offerId,
      },
    ])
    .execute()
  await db
    .insertInto('members')
    .values([
      member({
        id: secondMember.id,
        email: secondMember.email,
        nickname: 'second',
        created_at: secondMember.createdAt,
      }),
      member({
        id: newestMember.id,
        email: newestMember.email,
        nickname: 'newest',
        subscription_type: 'ACTIVE',
        variant_id: monthly.id,
        created_at: newestMember.createdAt,
      }),
      member({ id: otherShopMemberId, shop_id: platform.other.id, created_at: '2026-11-02T11:59:30.000Z' }),
    ])
    .execute()
})
afterAll(() => platform.close())

async function memberCount(shopId: string): Promise<number> {
  const rows = await platform.app.platform.services.db
    .selectFrom('members')
    .select('id')
    .where('shop_id', '=', shopId)
    .execute()
  return rows.length
}

describe('GET /memberships/tiers (beta)', () => {
  it('answers every tier of the shop in order as a bare array, each with its variants monthly first', async () => {
    const db = platform.app.platform.services.db
    const ordered = await db
      .selectFrom('membership_tiers')
      .select('id')
      .where('shop_id', '=', platform.demo.id)
      .orderBy('position')
      .execute()
    const { status, body } = await platform.call('listMembershipTiers')
    expect(status).toBe(200)
    expect(Array.isArray(body)).toBe(true)
    expect(body.map((t: { id: string }) => t.id)).toEqual(ordered.map((t) => t.id))
    expect(body.at(-1)).toEqual(tier)
    for (const seeded of body) expect(seeded.variants.length).toBeGreaterThan(0)
  })

  it('answers only the caller’s shop’s tiers', async () => {
    const { status, body } = await platform.call('listMembershipTiers', { auth: platform.asOther })
    expect(status).toBe(200)
    expect(body.map((t: { id: string }) => t.id)).not.toContain(tierId)
  })

  it('answers 401 without credentials', async () => {
    const { status, body } = await platform.call('listMembershipTiers', { auth: 'none' })
    expect(status).toBe(401)
    expect(body.code).toBe('UNAUTHENTICATED')
  })
})

describe('GET /memberships/members (beta)', () => {
  it('answers the shop’s members newest first, each with its subscription', async () => {
    const total = await memberCount(platform.demo.id)
    const { status, body } = await platform.call('listMembers', { query: { size: 2 } })
    expect(status).toBe(200)
    expect(body).toEqual({
      results: [newestMember, secondMember],
      total,
      page: 0,
      size: 2,
      totalPages: Math.ceil(total / 2),
    })
  })

  it('defaults to page 0 of size 20 and never lists another shop’s members', async () => {
    const total = await memberCount(platform.demo.id)
    const { body } = await platform.call('listMembers')
    expect(body).toMatchObject({ total, page: 0, size: 20, totalPages: Math.ceil(total / 20) })
    expect(body.results).toHaveLength(Math.min(total, 20))
    expect(body.results.map((m: { id: string }) => m.id)).not.toContain(otherShopMemberId)
  })

  it('answers the last page partly filled and a page past the end empty, with exact totals', async () => {
    const total = await memberCount(platform.demo.id)
    const size = 7
    const totalPages = Math.ceil(total / size)
    const lastPage = totalPages - 1
    const last = await platform.call('listMembers', { query: { page: lastPage, size } })
    expect(last.status).toBe(200)
    expect(last.body).toMatchObject({ total, page: lastPage, size, totalPages })
    expect(last.body.results).toHaveLength(total - size * lastPage)
    const past = await platform.call('listMembers', { query: { page: totalPages, size } })
    expect(past.body).toEqual({ results: [], total, page: totalPages, size, totalPages })
  })

  it('walks every member exactly once across pages', async () => {
    const total = await memberCount(platform.demo.id)
    const seen: string[] = []
    for (let page = 0; page * 100 < total; page++) {
      const { body } = await platform.call('listMembers', { query: { page, size: 100 } })
      seen.push(...body.results.map((m: { id: string }) => m.id))
    }
    expect(seen).toHaveLength(total)
    expect(new Set(seen).size).toBe(total)
  })

  it.each([
    [{ size: 0 }, 'size', 'minimum'],
    [{ size: 101 }, 'size', 'maximum'],
    [{ page: -1 }, 'page', 'minimum'],
    [{ size: 'ten' }, 'size', 'type'],
  ])('answers 400 REQUEST_VALIDATION_FAILED for %o naming %s', async (query, field, rule) => {
    const { status, body } = await platform.call('listMembers', { query })
    expect(status).toBe(400)
    expect(body.code).toBe('REQUEST_VALIDATION_FAILED')
    expect(body.details.errors).toEqual([expect.objectContaining({ location: 'query', field, rule })])
  })

  it('answers 401 without credentials', async () => {
    const { status, body } = await platform.call('listMembers', { auth: 'none' })
    expect(status).toBe(401)
    expect(body.code).toBe('UNAUTHENTICATED')
  })
})

describe('GET /memberships/members/{memberId} (beta)', () => {
  it('answers one member with its subscription and tier variant', async () => {
    const { status, body } = await platform.call('getMember', { params: { memberId: newestMember.id } })
    expect(status).toBe(200)
    expect(body).toEqual(newestMember)
  })

  it('answers every seeded subscription state within the documented schema', async () => {
    const db = platform.app.platform.services.db
    const states = await db
      .selectFrom('members')
      .select(['subscription_type', (eb) => eb.fn.min('id').as('id')])
      .where('shop_id', '=', platform.demo.id)
      .groupBy('subscription_type')
      .execute()
    expect(states.map((s) => s.subscription_type).sort()).toEqual(['ACTIVE', 'CANCELLED', 'NONE', 'SUSPENDED'])
    for (const state of states) {
      const { status, body } = await platform.call('getMember', { params: { memberId: String(state.id) } })
      expect(status).toBe(200)
      expect(body.subscription.type).toBe(state.subscription_type)
    }
  })

  it('answers 404 MEMBERSHIP_SUPPORTER_NOT_FOUND_BY_ID_ERROR for an unknown id', async () => {
    const { status, body } = await platform.call('getMember', { params: { memberId: '1' } })
    expect(status).toBe(404)
    expect(body).toEqual({
      code: 'MEMBERSHIP_SUPPORTER_NOT_FOUND_BY_ID_ERROR',
      message: 'No member 1 in this shop.',
      details: { memberId: '1' },
    })
  })

  it('answers 404 for another shop’s member', async () => {
    const { status, body } = await platform.call('getMember', { params: { memberId: otherShopMemberId } })
    expect(status).toBe(404)
    expect(body.code).toBe('MEMBERSHIP_SUPPORTER_NOT_FOUND_BY_ID_ERROR')
  })

  it('answers 400 naming memberId when it is not numeric', async () => {
    const { status, body } = await platform.call('getMember', { params: { memberId: 'mem_1' } })
    expect(status).toBe(400)
    expect(body.code).toBe('REQUEST_VALIDATION_FAILED')
    expect(body.details.errors).toEqual([
      expect.objectContaining({ location: 'path', field: 'memberId', rule: 'pattern' }),
    ])
  })

  it('answers 401 without credentials', async () => {
    const { status, body } = await platform.call('getMember', { params: { memberId: newestMember.id }, auth: 'none' })
    expect(status).toBe(401)
    expect(body.code).toBe('UNAUTHENTICATED')
  })
})
