import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Db } from '../../db/database.js'
import type { DonationsTable } from '../../db/schema.js'
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

function donationsOf(shopId: string) {
  return db
    .selectFrom('donations')
    .selectAll()
    .where('shop_id', '=', shopId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute()
}

function expectedDonation(d: DonationsTable) {
  return {
    id: d.id,
    shopId: d.shop_id,
    status: d.status,
    email: d.email,
    username: d.username ?? undefined,
    message: d.message ?? undefined,
    amounts: { total: { value: d.total / 100, currency: d.currency } },
    createdAt: d.created_at,
    updatedAt: d.updated_at,
  }
}

function expectValidationError(result: CallResult, location: string, field: string) {
  expect(result.status).toBe(400)
  expect(result.body.code).toBe('REQUEST_VALIDATION_FAILED')
  expect(result.body.details.errors).toEqual(expect.arrayContaining([expect.objectContaining({ location, field })]))
}

describe('GET /donations', () => {
  it('answers the first page of the shop’s donations, newest first', async () => {
    const all = await donationsOf(platform.demo.id)
    const { status, body } = await platform.call('listDonations')
    expect(status).toBe(200)
    expect(body).toEqual({
      results: all.slice(0, 20).map(expectedDonation),
      total: all.length,
      page: 0,
      size: 20,
      totalPages: Math.ceil(all.length / 20),
    })
  })

  it('answers donations in every status', async () => {
    const { body } = await platform.call('listDonations', { query: { size: 100 } })
    expect(new Set(body.results.map((d: { status: string }) => d.status))).toEqual(
      new Set(['OPEN', 'COMPLETED', 'ABANDONED', 'CANCELLED', 'FAILED']),
    )
  })

  it('never lists another shop’s donations', async () => {
    const others = await donationsOf(platform.other.id)
    const { body } = await platform.call('listDonations', { auth: platform.asOther, query: { size: 100 } })
    expect(body.total).toBe(others.length)
    expect(body.results.every((d: { shopId: string }) => d.shopId === platform.other.id)).toBe(true)
    const demo = await platform.call('listDonations', { query: { size: 100 } })
    expect(demo.body.results.every((d: { shopId: string }) => d.shopId === platform.demo.id)).toBe(true)
  })

  it('answers the partial last page and an empty page past the end with the exact total', async () => {
    const all = await donationsOf(platform.demo.id)
    const size = 3
    const lastPage = Math.ceil(all.length / size) - 1
    const last = await platform.call('listDonations', { query: { page: lastPage, size } })
    expect(last.body).toEqual({
      results: all.slice(lastPage * size).map(expectedDonation),
      total: all.length,
      page: lastPage,
      size,
      totalPages: lastPage + 1,
    })
    const past = await platform.call('listDonations', { query: { page: lastPage + 1, size } })
    expect(past.body).toEqual({ results: [], total: all.length, page: lastPage + 1, size, totalPages: lastPage + 1 })
  })

  it('accepts the size bounds 1 and 100', async () => {
    const all = await donationsOf(platform.demo.id)
    const one = await platform.call('listDonations', { query: { size: 1 } })
    expect(one.body).toEqual({
      results: all.slice(0, 1).map(expectedDonation),
      total: all.length,
      page: 0,
      size: 1,
      totalPages: all.length,
    })
    const hundred = await platform.call('listDonations', { query: { size: 100 } })
    expect(hundred.body.results).toHaveLength(Math.min(100, all.length))
  })

  it('answers 401 without credentials', async () => {
    const { status, body } = await platform.call('listDonations', { auth: 'none' })
    expect(status).toBe(401)
    expect(body.code).toBe('UNAUTHENTICATED')
  })

  it('answers 400 naming the parameter for a bad page or size', async () => {
    expectValidationError(await platform.call('listDonations', { query: { size: 0 } }), 'query', 'size')
    expectValidationError(await platform.call('listDonations', { query: { size: 101 } }), 'query', 'size')
    expectValidationError(await platform.call('listDonations', { query: { page: -1 } }), 'query', 'page')
    expectValidationError(await platform.call('listDonations', { query: { page: 'abc' } }), 'query', 'page')
  })
})

describe('GET /donations/{donationId}', () => {
  it('answers the donation', async () => {
    const donation = (await donationsOf(platform.demo.id))[0] as DonationsTable
    const { status, body } = await platform.call('getDonation', { params: { donationId: donation.id } })
    expect(status).toBe(200)
    expect(body).toEqual(expectedDonation(donation))
  })

  it('omits a username and message the donor did not give (never null, as the platform)', async () => {
    const anonymous = (await donationsOf(platform.demo.id)).find((d) => d.username === null && d.message === null)
    expect(anonymous).toBeDefined()
    const donation = anonymous as DonationsTable
    const { body } = await platform.call('getDonation', { params: { donationId: donation.id } })
    expect(body).toEqual(expectedDonation(donation))
    expect(body).not.toHaveProperty('username')
    expect(body).not.toHaveProperty('message')
  })

  it('answers 404 DONATION_NOT_FOUND for another shop’s donation and for an unknown id alike', async () => {
    const foreign = (await donationsOf(platform.other.id))[0] as DonationsTable
    for (const donationId of [foreign.id, 'don_doesNotExist']) {
      const { status, body } = await platform.call('getDonation', { params: { donationId } })
      expect(status).toBe(404)
      expect(body).toEqual({
        code: 'DONATION_NOT_FOUND',
        message: `Donation ${donationId} does not exist.`,
        details: { donationId },
      })
    }
  })

  it('answers 401 without credentials', async () => {
    const { status } = await platform.call('getDonation', { params: { donationId: 'don_x' }, auth: 'none' })
    expect(status).toBe(401)
  })
})
