import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { GiftsTable } from '../../db/schema.js'
import { createTestPlatform, type TestPlatform } from '../../testing/test-platform.js'

let platform: TestPlatform

/** A package of our own (beside the seed's) so that every expected value is written out below. */
const packageId = 'gpg_TestPackage00000000001'
const productId = '0d5e3b1a-7c9f-4a2e-8b6d-1f3a5c7e9b2d'
const createdAt = '2026-11-02T11:00:00.000Z'

function link(overrides: Partial<GiftsTable> & Pick<GiftsTable, 'id' | 'position' | 'status'>): GiftsTable {
  return {
    shop_id: platform.demo.id,
    gift_purchase_id: null,
    package_id: packageId,
    draw_id: null,
    product_id: productId,
    winner_email: null,
    winner_username: null,
    winner_selected_at: null,
    promotion_id: null,
    order_id: null,
    order_friendly_id: null,
    created_at: createdAt,
    cancelled_at: null,
    redeemed_at: null,
    ...overrides,
  }
}

/** Descending, by code unit: the order the database answers (created_at, then id, newest first). */
function newestFirst(a: string, b: string): number {
  return a < b ? 1 : a > b ? -1 : 0
}

beforeAll(async () => {
  platform = await createTestPlatform()
  const db = platform.app.platform.services.db
  await db
    .insertInto('giveaway_packages')
    .values({ id: packageId, shop_id: platform.demo.id, product_id: productId, created_at: createdAt })
    .execute()
  // Inserted out of order: links follow `position`.
  await db
    .insertInto('gifts')
    .values([
      link({
        id: 'gft_LinkCancelled000000002',
        position: 2,
        status: 'CANCELLED',
        cancelled_at: '2026-11-02T11:30:00.000Z',
      }),
      link({ id: 'gft_LinkAvailable000000000', position: 0, status: 'AVAILABLE' }),
      link({
        id: 'gft_LinkRedeemed0000000001',
        position: 1,
        status: 'REDEEMED',
        order_id: '9b7d4c2e-5a1f-4e3b-8c6d-0f2a1b3c4d5e',
        order_friendly_id: 'K8WQ2MZT',
        redeemed_at: '2026-11-02T11:15:00.000Z',
      }),
    ])
    .execute()
})
afterAll(() => platform.close())

describe('GET /giveaway-links/packages', () => {
  it('answers every package of the shop, newest first, as {packages: [{packageId, createdAt}]}', async () => {
    const db = platform.app.platform.services.db
    const rows = await db
      .selectFrom('giveaway_packages')
      .select(['id', 'created_at'])
      .where('shop_id', '=', platform.demo.id)
      .execute()
    const expected = rows
      .sort((a, b) => newestFirst(a.created_at, b.created_at) || newestFirst(a.id, b.id))
      .map((row) => ({ packageId: row.id, createdAt: row.created_at }))
    const { status, body } = await platform.call('listGiveawayLinkPackages')
    expect(status).toBe(200)
    expect(rows.length).toBeGreaterThan(1)
    expect(body).toEqual({ packages: expected })
    expect(body.packages).toContainEqual({ packageId, createdAt })
  })

  it('answers only the caller’s shop’s packages', async () => {
    const { status, body } = await platform.call('listGiveawayLinkPackages', { auth: platform.asOther })
    expect(status).toBe(200)
    const db = platform.app.platform.services.db
    const own = await db.selectFrom('giveaway_packages').select('id').where('shop_id', '=', platform.other.id).execute()
    expect(body.packages.map((p: { packageId: string }) => p.packageId).sort()).toEqual(own.map((p) => p.id).sort())
    expect(body.packages).not.toContainEqual(expect.objectContaining({ packageId }))
  })

  it('lists a package created after the list was read (the kept answer follows writes)', async () => {
    const before = await platform.call('listGiveawayLinkPackages')
    const giftable = await platform.app.platform.services.db
      .selectFrom('gifts')
      .select('product_id')
      .where('shop_id', '=', platform.demo.id)
      .where('package_id', 'is not', null)
      .where('package_id', '!=', packageId)
      .executeTakeFirstOrThrow()
    const created = await platform.call('createGiveawayLinks', { body: { productId: giftable.product_id, number: 1 } })
    expect(created.status).toBe(200)
    const after = await platform.call('listGiveawayLinkPackages')
    expect(after.body.packages).toHaveLength(before.body.packages.length + 1)
    expect(after.body.packages[0].packageId).toBe(created.body.packageId)
  })

  it('answers 401 without credentials', async () => {
    const { status, body } = await platform.call('listGiveawayLinkPackages', { auth: 'none' })
    expect(status).toBe(401)
    expect(body.code).toBe('UNAUTHENTICATED')
  })

  it('refuses a bearer token with 403 BASIC_AUTH_REQUIRED', async () => {
    const { status, body } = await platform.call('listGiveawayLinkPackages', { auth: { bearer: 'fsat_anything' } })
    expect(status).toBe(403)
    expect(body.code).toBe('BASIC_AUTH_REQUIRED')
  })
})

describe('GET /giveaway-links/packages/{packageId}', () => {
  it('answers the package with its links in order, each with its link and the timestamp of its status', async () => {
    const { status, body } = await platform.call('getGiveawayLinkPackage', { params: { packageId } })
    const url = (giftId: string) => `${platform.config.publicUrl}/gifts/${giftId}`
    expect(status).toBe(200)
    expect(body).toEqual({
      packageId,
      giveawayLinks: [
        {
          id: 'gft_LinkAvailable000000000',
          status: 'AVAILABLE',
          link: url('gft_LinkAvailable000000000'),
          productId,
          createdAt,
        },
        {
          id: 'gft_LinkRedeemed0000000001',
          status: 'REDEEMED',
          link: url('gft_LinkRedeemed0000000001'),
          productId,
          createdAt,
          redeemedAt: '2026-11-02T11:15:00.000Z',
        },
        {
          id: 'gft_LinkCancelled000000002',
          status: 'CANCELLED',
          link: url('gft_LinkCancelled000000002'),
          productId,
          createdAt,
          cancelledAt: '2026-11-02T11:30:00.000Z',
        },
      ],
    })
  })

  it('answers every seeded package within its documented schema', async () => {
    const db = platform.app.platform.services.db
    const seeded = await db.selectFrom('giveaway_packages').select(['id', 'shop_id']).execute()
    for (const row of seeded) {
      const auth = row.shop_id === platform.demo.id ? platform.asDemo : platform.asOther
      const { status, body } = await platform.call('getGiveawayLinkPackage', { params: { packageId: row.id }, auth })
      expect(status).toBe(200)
      expect(body.packageId).toBe(row.id)
    }
  })

  it('answers 404 GIVEAWAY_PACKAGE_NOT_FOUND for an unknown id', async () => {
    const { status, body } = await platform.call('getGiveawayLinkPackage', { params: { packageId: 'gpg_nope' } })
    expect(status).toBe(404)
    expect(body).toEqual({
      code: 'GIVEAWAY_PACKAGE_NOT_FOUND',
      message: 'Giveaway link package gpg_nope was not found.',
      details: { packageId: 'gpg_nope' },
    })
  })

  it('answers 404 for another shop’s package', async () => {
    const { status, body } = await platform.call('getGiveawayLinkPackage', {
      params: { packageId },
      auth: platform.asOther,
    })
    expect(status).toBe(404)
    expect(body.code).toBe('GIVEAWAY_PACKAGE_NOT_FOUND')
  })

  it('answers 401 without credentials', async () => {
    const { status, body } = await platform.call('getGiveawayLinkPackage', { params: { packageId }, auth: 'none' })
    expect(status).toBe(401)
    expect(body.code).toBe('UNAUTHENTICATED')
  })

  it('refuses a bearer token with 403 BASIC_AUTH_REQUIRED', async () => {
    const { status, body } = await platform.call('getGiveawayLinkPackage', {
      params: { packageId },
      auth: { bearer: 'fsat_anything' },
    })
    expect(status).toBe(403)
    expect(body.code).toBe('BASIC_AUTH_REQUIRED')
  })

  it('answers 400 naming packageId when it is empty', async () => {
    const { status, body } = await platform.call('getGiveawayLinkPackage', {
      params: { packageId: '' },
    })
    expect(status).toBe(400)
    expect(body.code).toBe('REQUEST_VALIDATION_FAILED')
    expect(body.details.errors).toEqual([
      expect.objectContaining({ location: 'path', field: 'packageId', rule: 'minLength' }),
    ])
  })
})
