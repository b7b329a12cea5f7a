import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isoTime } from '../../clock.js'
import { createTestPlatform, type TestPlatform } from '../../testing/test-platform.js'
import { refuseInserts } from '../gifting/testing/refuse-inserts.js'

let platform: TestPlatform
let productId: string
let archivedId: string
let soldOutId: string
let foreignProductId: string

const services = () => platform.app.platform.services
const db = () => services().db
const linkUrl = (giftId: string) => `${platform.config.publicUrl}/gifts/${giftId}`
const order = { orderId: '9b7d4c2e-5a1f-4e3b-8c6d-0f2a1b3c4d5e', orderFriendlyId: 'K8WQ2MZT' }

beforeAll(async () => {
  platform = await createTestPlatform()
  const products = await db()
    .selectFrom('products')
    .select('id')
    .where('shop_id', '=', platform.demo.id)
    .where('state', '=', 'AVAILABLE')
    .where('access', '=', 'PUBLIC')
    .orderBy('id')
    .limit(3)
    .execute()
  const [giftable, archived, soldOut] = products.map((p) => p.id)
  if (!giftable || !archived || !soldOut) throw new Error('the demo shop has products')
  productId = giftable
  archivedId = archived
  soldOutId = soldOut
  await db().updateTable('products').set({ access: 'ARCHIVED' }).where('id', '=', archivedId).execute()
  await db().updateTable('products').set({ state: 'SOLD_OUT' }).where('id', '=', soldOutId).execute()
  foreignProductId = (
    await db().selectFrom('products').select('id').where('shop_id', '=', platform.other.id).executeTakeFirstOrThrow()
  ).id
})
afterAll(() => platform.close())

function create(body: unknown, auth = platform.asDemo) {
  return platform.call('createGiveawayLinks', { body, auth })
}

async function packageCount(): Promise<number> {
  return (await db().selectFrom('giveaway_packages').select('id').execute()).length
}

describe('POST /giveaway-links', () => {
  it('creates a package of AVAILABLE single-use links for the product, newest in the list', async () => {
    await platform.clock.advance(1_000)
    const createdAt = isoTime(platform.clock.now())
    const { status, body } = await create({ productId, number: 3 })
    expect(status).toBe(200)
    expect(body).toEqual({
      packageId: expect.stringMatching(/^gpg_/),
      giveawayLinks: [0, 1, 2].map(() => ({
        id: expect.stringMatching(/^gft_/),
        status: 'AVAILABLE',
        link: expect.any(String),
        productId,
        createdAt,
      })),
    })
    for (const link of body.giveawayLinks) expect(link.link).toBe(linkUrl(link.id))
    expect(new Set(body.giveawayLinks.map((l: { id: string }) => l.id)).size).toBe(3)
    const read = await platform.call('getGiveawayLinkPackage', { params: { packageId: body.packageId } })
    expect(read.body).toEqual(body)
    const list = await platform.call('listGiveawayLinkPackages')
    expect(list.body.packages[0]).toEqual({ packageId: body.packageId, createdAt })
    // No webhook event type exists for giveaway links.
    const events = await db().selectFrom('events').select('id').where('data', 'like', `%${body.packageId}%`).execute()
    expect(events).toEqual([])
  })

  it('creates the documented maximum of 500 links in one package', async () => {
    const { status, body } = await create({ productId, number: 500 })
    expect(status).toBe(200)
    expect(body.giveawayLinks).toHaveLength(500)
    const rows = await db().selectFrom('gifts').select('position').where('package_id', '=', body.packageId).execute()
    expect(rows.map((r) => r.position).sort((a, b) => a - b)).toEqual(Array.from({ length: 500 }, (_, i) => i))
  })

  // `productId` stands for the giftable product (known once the platform is up).
  it.each([
    ['productId', 'required', { number: 3 }],
    ['productId', 'format', { productId: 'not-a-uuid', number: 3 }],
    ['number', 'required', { productId }],
    ['number', 'minimum', { productId, number: 0 }],
    ['number', 'maximum', { productId, number: 501 }],
    ['number', 'type', { productId, number: 1.5 }],
    ['number', 'type', { productId, number: '3' }],
    ['expiresAt', 'additionalProperties', { productId, number: 3, expiresAt: '2027-01-01T00:00:00Z' }],
  ])('answers 400 naming %s (%s) and creates nothing', async (field, rule, template) => {
    const before = await packageCount()
    const body = Object.fromEntries(
      Object.entries(template).map(([key, value]) => [
        key,
        key === 'productId' && value === undefined ? productId : value,
      ]),
    )
    const { status, body: answer } = await create(body)
    expect(status).toBe(400)
    expect(answer.code).toBe('REQUEST_VALIDATION_FAILED')
    expect(answer.details.errors).toEqual([expect.objectContaining({ location: 'body', field, rule })])
    expect(await packageCount()).toBe(before)
  })

  it('answers 404 OFFER_NOT_FOUND_ERROR for an unknown product and for another shop’s', async () => {
    const unknown = '0d5e3b1a-7c9f-4a2e-8b6d-1f3a5c7e9b2d'
    for (const id of [unknown, foreignProductId]) {
      const { status, body } = await create({ productId: id, number: 1 })
      expect(status).toBe(404)
      expect(body).toEqual({
        code: 'OFFER_NOT_FOUND_ERROR',
        message: `Product ${id} was not found.`,
        details: { productId: id },
      })
    }
  })

  it('answers 400 GIFT_INVALID_OFFER for an archived and for a sold-out product', async () => {
    const archived = await create({ productId: archivedId, number: 1 })
    expect(archived.status).toBe(400)
    expect(archived.body).toEqual({
      code: 'GIFT_INVALID_OFFER',
      message: `Product ${archivedId} cannot be given away because it is archived.`,
      details: { productId: archivedId },
    })
    const soldOut = await create({ productId: soldOutId, number: 1 })
    expect(soldOut.status).toBe(400)
    expect(soldOut.body.message).toBe(`Product ${soldOutId} cannot be given away because it is sold out.`)
  })

  it('refuses a bearer token with 403 BASIC_AUTH_REQUIRED and no credentials with 401', async () => {
    const bearer = await create({ productId, number: 1 }, { bearer: 'fsat_anything' })
    expect(bearer.status).toBe(403)
    expect(bearer.body.code).toBe('BASIC_AUTH_REQUIRED')
    expect((await create({ productId, number: 1 }, 'none')).status).toBe(401)
  })

  it('writes no package when the links cannot be written (one transaction)', async () => {
    const before = await packageCount()
    const restore = await refuseInserts(platform.app.platform.database, 'gifts')
    let status: number
    try {
      status = (await create({ productId, number: 2 })).status
    } finally {
      await restore()
    }
    expect(status).toBe(500)
    expect(await packageCount()).toBe(before)
  })
})

describe('giveaway link cancellation and redemption', () => {
  async function newLinks(number: number): Promise<string[]> {
    const { body } = await create({ productId, number })
    return body.giveawayLinks.map((l: { id: string }) => l.id)
  }

  it('cancels an AVAILABLE link, which then says so and can be neither cancelled again nor redeemed', async () => {
    const [giftId] = (await newLinks(1)) as [string]
    await platform.clock.advance(60_000)
    const cancelledAt = isoTime(platform.clock.now())
    const links = services().giveawayLinks
    const cancelled = await links.cancelLink(platform.demo.id, giftId)
    expect(cancelled).toEqual({
      id: giftId,
      status: 'CANCELLED',
      link: linkUrl(giftId),
      productId,
      createdAt: expect.any(String),
      cancelledAt,
    })
    await expect(links.cancelLink(platform.demo.id, giftId)).rejects.toMatchObject({
      code: 'GIFT_ALREADY_CANCELLED',
      status: 409,
      details: { giftId, status: 'CANCELLED' },
    })
    await expect(links.redeemLink(platform.demo.id, giftId, order)).rejects.toMatchObject({
      code: 'GIFT_CANCELLED',
      status: 409,
      message: expect.stringContaining('was cancelled'),
    })
    expect(await links.getLink(platform.demo.id, giftId)).toEqual(cancelled)
  })

  it('redeems a link once, recording the order; a second redemption and a cancellation are refused', async () => {
    const [giftId, untouched] = (await newLinks(2)) as [string, string]
    const links = services().giveawayLinks
    const redeemed = await links.redeemLink(platform.demo.id, giftId, order)
    expect(redeemed).toMatchObject({ id: giftId, status: 'REDEEMED', redeemedAt: isoTime(platform.clock.now()) })
    const row = await db().selectFrom('gifts').selectAll().where('id', '=', giftId).executeTakeFirstOrThrow()
    expect(row).toMatchObject({ order_id: order.orderId, order_friendly_id: order.orderFriendlyId })
    await expect(links.redeemLink(platform.demo.id, giftId, order)).rejects.toMatchObject({
      code: 'GIFT_ALREADY_REDEEMED',
      status: 409,
    })
    await expect(links.cancelLink(platform.demo.id, giftId)).rejects.toMatchObject({ code: 'GIFT_ALREADY_REDEEMED' })
    expect(await links.getLink(platform.demo.id, untouched)).toMatchObject({ status: 'AVAILABLE' })
  })

  it('lets exactly one of two simultaneous redemptions of a link succeed', async () => {
    const [giftId] = (await newLinks(1)) as [string]
    const links = services().giveawayLinks
    const results = await Promise.allSettled([
      links.redeemLink(platform.demo.id, giftId, order),
      links.redeemLink(platform.demo.id, giftId, { ...order, orderFriendlyId: 'ZZZZZZZZ' }),
    ])
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected'])
    expect((results.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason).toMatchObject({
      code: 'GIFT_ALREADY_REDEEMED',
    })
  })

  it('redeems inside the caller’s transaction, and not at all when that transaction fails', async () => {
    const [giftId] = (await newLinks(1)) as [string]
    const links = services().giveawayLinks
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          await links.redeemLink(platform.demo.id, giftId, order, trx)
          throw new Error('the order could not be placed')
        }),
    ).rejects.toThrow('the order could not be placed')
    expect(await links.getLink(platform.demo.id, giftId)).toMatchObject({ status: 'AVAILABLE' })
  })

  it('answers 404 GIVEAWAY_LINK_NOT_FOUND for another shop’s link, an unknown one, or a gift that is not a link', async () => {
    const [giftId] = (await newLinks(1)) as [string]
    const links = services().giveawayLinks
    const purchaseGift = await db()
      .selectFrom('gifts')
      .select('id')
      .where('shop_id', '=', platform.demo.id)
      .where('package_id', 'is', null)
      .executeTakeFirstOrThrow()
    for (const [shopId, id] of [
      [platform.other.id, giftId],
      [platform.demo.id, 'gft_nope'],
      [platform.demo.id, purchaseGift.id],
    ] as const) {
      await expect(links.cancelLink(shopId, id)).rejects.toMatchObject({ code: 'GIVEAWAY_LINK_NOT_FOUND', status: 404 })
      await expect(links.redeemLink(shopId, id, order)).rejects.toMatchObject({ code: 'GIVEAWAY_LINK_NOT_FOUND' })
    }
    expect(await links.getLink(platform.demo.id, giftId)).toMatchObject({ status: 'AVAILABLE' })
  })
})
