import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../db/database.js'
import type { ProductsTable } from '../../db/schema.js'
import { createTestPlatform, type TestPlatform } from '../../testing/test-platform.js'

/** Gift redemption pages (`/gifts/<giftId>`, `/gifts/<giftId>/redeem`) and their JSON endpoint. */

let platform: TestPlatform
let db: Db
let product: ProductsTable
beforeAll(async () => {
  platform = await createTestPlatform()
  db = platform.app.platform.services.db
  // A public, available product whose variants are all unlimited (redemptions never run out here).
  const candidates = await db
    .selectFrom('products')
    .selectAll()
    .where('shop_id', '=', platform.demo.id)
    .where('access', '=', 'PUBLIC')
    .where('state', '=', 'AVAILABLE')
    .orderBy('created_at')
    .execute()
  for (const candidate of candidates) {
    const limited = await db
      .selectFrom('variants')
      .select('id')
      .where('product_id', '=', candidate.id)
      .where('stock_type', '=', 'LIMITED')
      .executeTakeFirst()
    if (!limited) {
      product = candidate
      break
    }
  }
  expect(product).toBeDefined()
})
afterAll(() => platform.close())

const address = {
  'shipping.name': 'Robin Chat',
  'shipping.address1': '1 Main St',
  'shipping.city': 'Austin',
  'shipping.state': 'TX',
  'shipping.zip': '78701',
  'shipping.country': 'US',
}

async function variantIds() {
  return (
    await db.selectFrom('variants').select('id').where('product_id', '=', product.id).orderBy('position').execute()
  ).map((v) => v.id)
}

async function newLinks(number = 2): Promise<string[]> {
  const result = await platform.call('createGiveawayLinks', { body: { productId: product.id, number } })
  expect(result.status).toBe(200)
  return result.body.giveawayLinks.map((link: { id: string; link: string }) => {
    expect(link.link).toBe(`${platform.config.publicUrl}/gifts/${link.id}`)
    return link.id
  })
}

async function redeem(giftId: string, fields: Record<string, string>) {
  const response = await platform.app.inject({ method: 'POST', url: `/gifts/api/${giftId}/redeem`, payload: fields })
  return { status: response.statusCode, body: response.json() }
}

async function gift(giftId: string) {
  return db.selectFrom('gifts').selectAll().where('id', '=', giftId).executeTakeFirstOrThrow()
}

describe('giveaway links', () => {
  it('shows the redemption page: the product, its options and an address form', async () => {
    const [giftId] = await newLinks(1)
    const page = await platform.app.inject({ method: 'GET', url: `/gifts/${giftId}` })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('Redeem your giveaway')
    expect(page.body).toContain(product.name)
    expect(page.body).toContain('name="variantId"')
    expect(page.body).toContain('name="shipping.address1"')
  })

  it('redeems once: a free order with source GIVEAWAY_LINKS, the link REDEEMED, ORDER_PLACED recorded', async () => {
    const [giftId] = await newLinks(1)
    const [variantId] = await variantIds()
    const result = await redeem(giftId!, { variantId: variantId!, email: 'Winner@Example.com', ...address })
    expect(result.status, JSON.stringify(result.body)).toBe(201)
    const order = await platform.call('getOrder', { params: { orderId: result.body.orderId } })
    expect(order.body).toMatchObject({
      status: 'CONFIRMED',
      email: 'winner@example.com',
      source: { type: 'GIVEAWAY_LINKS', giftId },
      shipping: { address: { name: 'Robin Chat', city: 'Austin', state: 'TX', country: 'US' } },
      amounts: { shipping: { value: 0 }, tax: { value: 0 }, total: { value: 0 } },
    })
    expect(order.body).not.toHaveProperty('billing')
    expect(order.body.amounts.discount).toEqual(order.body.amounts.subtotal)
    expect(order.body.offers[0].variant).toMatchObject({ id: variantId, quantity: 1 })
    expect(await gift(giftId!)).toMatchObject({
      status: 'REDEEMED',
      order_id: result.body.orderId,
      order_friendly_id: result.body.friendlyId,
    })
    const event = await db
      .selectFrom('events')
      .selectAll()
      .where('type', '=', 'ORDER_PLACED')
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow()
    expect(JSON.parse(event.data).id).toBe(result.body.orderId)

    const again = await redeem(giftId!, { variantId: variantId!, email: 'other@example.com', ...address })
    expect(again.status).toBe(409)
    expect(again.body.code).toBe('GIFT_ALREADY_REDEEMED')
    const page = await platform.app.inject({ method: 'GET', url: `/gifts/${giftId}` })
    expect(page.body).toContain('already redeemed')
    expect(page.body).toContain(result.body.friendlyId)
  })

  it('two redemptions of one link at once: exactly one order', async () => {
    const [giftId] = await newLinks(1)
    const [variantId] = await variantIds()
    const before = await db.selectFrom('orders').select('id').where('source_gift_id', '=', giftId!).execute()
    const results = await Promise.all(
      [1, 2].map((n) => redeem(giftId!, { variantId: variantId!, email: `racer${n}@example.com`, ...address })),
    )
    expect(results.map((r) => r.status).sort()).toEqual([201, 409])
    const after = await db.selectFrom('orders').select('id').where('source_gift_id', '=', giftId!).execute()
    expect(after.length - before.length).toBe(1)
  })

  it('a cancelled link says so and cannot be redeemed', async () => {
    const [giftId] = await newLinks(1)
    await platform.app.platform.services.giveawayLinks.cancelLink(platform.demo.id, giftId!)
    const page = await platform.app.inject({ method: 'GET', url: `/gifts/${giftId}` })
    expect(page.statusCode).toBe(410)
    expect(page.body).toContain('This giveaway link was cancelled')
    const [variantId] = await variantIds()
    const result = await redeem(giftId!, { variantId: variantId!, email: 'late@example.com', ...address })
    expect(result.status).toBe(409)
    expect(result.body.code).toBe('GIFT_CANCELLED')
    expect((await gift(giftId!)).status).toBe('CANCELLED')
  })

  it('refuses a variant of another product and an incomplete form, naming the fields', async () => {
    const [giftId] = await newLinks(1)
    const other = await db
      .selectFrom('variants')
      .select('id')
      .where('shop_id', '=', platform.demo.id)
      .where('product_id', '!=', product.id)
      .executeTakeFirstOrThrow()
    const wrong = await redeem(giftId!, { variantId: other.id, email: 'a@example.com', ...address })
    expect(wrong.status).toBe(400)
    expect(wrong.body.details.errors[0].field).toBe('variantId')
    const incomplete = await redeem(giftId!, { variantId: '', email: 'nope' })
    expect(incomplete.status).toBe(400)
    expect(incomplete.body.details.errors.map((e: { field: string }) => e.field)).toEqual(
      expect.arrayContaining(['variantId', 'email', 'shipping.name', 'shipping.address1', 'shipping.city']),
    )
    expect((await gift(giftId!)).status).toBe('AVAILABLE')
  })

  it('works as a plain form: the page posts to itself and redirects to the confirmation', async () => {
    const [giftId] = await newLinks(1)
    const [variantId] = await variantIds()
    const response = await platform.app.inject({
      method: 'POST',
      url: `/gifts/${giftId}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ variantId: variantId!, email: 'form@example.com', ...address }).toString(),
    })
    expect(response.statusCode).toBe(303)
    const confirmation = await platform.app.inject({ method: 'GET', url: response.headers.location as string })
    expect(confirmation.body).toContain((await gift(giftId!)).order_friendly_id)
  })

  it('answers 404 for an unknown gift', async () => {
    const page = await platform.app.inject({ method: 'GET', url: '/gifts/gft_doesNotExist' })
    expect(page.statusCode).toBe(404)
    const result = await redeem('gft_doesNotExist', {
      variantId: (await variantIds())[0]!,
      email: 'a@example.com',
      ...address,
    })
    expect(result.status).toBe(404)
  })
})

describe('Twitch gift draw winners', () => {
  async function drawWinners() {
    const { gifting } = platform.app.platform.services
    const { purchase } = await gifting.purchaseGift(platform.demo.id, {
      productId: product.id,
      quantity: 2,
      email: 'gifter@example.com',
      username: 'gifter',
    })
    const draw = await gifting.redoDraw(platform.demo.id, purchase.id)
    const finished = await gifting.finishDraw(platform.demo.id, draw.id, [
      { service: 'TWITCH', userId: '1', userName: 'winner_one' },
    ])
    return { purchase, draw: finished }
  }

  it('the winner redeems at the redeemUri: TWITCH_GIFT_REDEMPTION with the gift purchase and gift', async () => {
    const { purchase, draw } = await drawWinners()
    const won = draw.gifts.find((g: { winner: unknown }) => g.winner !== null) as {
      id: string
      winner: { redeemUri: string }
    }
    expect(won.winner.redeemUri).toBe(`${platform.config.publicUrl}/gifts/${won.id}/redeem`)
    const page = await platform.app.inject({ method: 'GET', url: `/gifts/${won.id}/redeem` })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('Redeem your Twitch gift')
    const [variantId] = await variantIds()
    const result = await redeem(won.id, { variantId: variantId!, email: 'winner.one@example.com', ...address })
    expect(result.status, JSON.stringify(result.body)).toBe(201)
    const order = await platform.call('getOrder', { params: { orderId: result.body.orderId } })
    expect(order.body.source).toEqual({ type: 'TWITCH_GIFT_REDEMPTION', giftPurchaseId: purchase.id, giftId: won.id })
    expect(await gift(won.id)).toMatchObject({ status: 'REDEEMED', winner_email: 'winner.one@example.com' })
  })

  it('a gift without a winner cannot be redeemed', async () => {
    const { draw } = await drawWinners()
    const unwon = draw.gifts.find((g: { winner: unknown }) => g.winner === undefined) as { id: string }
    const page = await platform.app.inject({ method: 'GET', url: `/gifts/${unwon.id}/redeem` })
    expect(page.statusCode).toBe(409)
    expect(page.body).toContain('no winner yet')
    const [variantId] = await variantIds()
    const result = await redeem(unwon.id, { variantId: variantId!, email: 'x@example.com', ...address })
    expect(result.status).toBe(409)
    expect(result.body.code).toBe('GIFT_NOT_WON')
  })
})
