import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../db/database.js'
import { createTestPlatform, type TestPlatform } from '../../testing/test-platform.js'

/**
 * A Twitch draw winner takes a gift card instead of the product (decision 0022): the gift becomes
 * CHANGED_TO_GIFT_CARD with `giftCardId` on the open API's gift purchase and draw, the card is worth
 * the gift's share of what the gifter paid for goods and shipping, and it pays at checkout.
 */

let platform: TestPlatform
let db: Db
let productId: string
beforeAll(async () => {
  platform = await createTestPlatform()
  db = platform.app.platform.services.db
  const product = await db
    .selectFrom('products as p')
    .innerJoin('variants as v', 'v.product_id', 'p.id')
    .select(['p.id'])
    .where('p.shop_id', '=', platform.demo.id)
    .where('p.access', '=', 'PUBLIC')
    .where('p.state', '=', 'AVAILABLE')
    .where('v.stock_type', '=', 'UNLIMITED')
    .where('v.currency', '=', 'USD')
    .orderBy('p.created_at')
    .executeTakeFirstOrThrow()
  productId = product.id
})
afterAll(() => platform.close())

async function wonGifts() {
  const { gifting } = platform.app.platform.services
  const { purchase } = await gifting.purchaseGift(platform.demo.id, {
    productId,
    quantity: 2,
    email: 'gifter@example.com',
    tax: 0,
    prepaidShipping: 1400,
  })
  const draw = await gifting.redoDraw(platform.demo.id, purchase.id)
  const finished = await platform.call('finishGiftDraw', {
    params: { drawId: draw.id },
    body: { participants: [{ service: 'TWITCH', userId: '7', userName: 'lucky_chat' }] },
  })
  expect(finished.status).toBe(200)
  const won = finished.body.gifts.find((g: { winner?: unknown }) => Boolean(g.winner)) as { id: string }
  const unwon = finished.body.gifts.find((g: { winner?: unknown }) => !g.winner) as { id: string }
  return { purchase, drawId: draw.id as string, won: won.id, unwon: unwon.id }
}

const takeGiftCard = async (giftId: string) => {
  const response = await platform.app.inject({ method: 'POST', url: `/gifts/api/${giftId}/gift-card` })
  return { status: response.statusCode, body: response.json() }
}

describe('a draw winner taking a gift card', () => {
  it('changes the gift to CHANGED_TO_GIFT_CARD with giftCardId, worth its share of goods and shipping', async () => {
    const { purchase, drawId, won } = await wonGifts()
    const page = await platform.app.inject({ method: 'GET', url: `/gifts/${won}/redeem` })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain(`action="/gifts/${won}/gift-card"`)

    const taken = await takeGiftCard(won)
    expect(taken.status, JSON.stringify(taken.body)).toBe(201)
    const unitPrice = purchase.amounts.subtotal.value / 2
    expect(taken.body).toMatchObject({
      id: expect.stringMatching(/^gcrd_/),
      code: expect.stringMatching(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/),
      balance: { value: Math.round((unitPrice + 7) * 100) / 100, currency: 'USD' },
      source: { type: 'GIFT', giftId: won },
    })

    const read = await platform.call('getGiftPurchase', { params: { giftPurchaseId: purchase.id } })
    expect(read.status).toBe(200)
    expect(read.body.gifts.find((g: { id: string }) => g.id === won)).toMatchObject({
      id: won,
      status: 'CHANGED_TO_GIFT_CARD',
      giftCardId: taken.body.id,
      winner: { username: 'lucky_chat' },
    })
    const draw = await platform.call('getGiftDraw', { params: { drawId } })
    expect(draw.body.gifts.find((g: { id: string }) => g.id === won)).toMatchObject({
      status: 'CHANGED_TO_GIFT_CARD',
      giftCardId: taken.body.id,
    })

    // The gift is no longer redeemable as a product, nor a second gift card.
    const again = await takeGiftCard(won)
    expect(again.status).toBe(409)
    expect(again.body.code).toBe('GIFT_CHANGED_TO_GIFT_CARD')
    const redeem = await platform.app.inject({
      method: 'POST',
      url: `/gifts/api/${won}/redeem`,
      payload: { variantId: 'x', email: 'lucky@example.com' },
    })
    expect(redeem.statusCode).toBe(400)
    const closed = await platform.app.inject({ method: 'GET', url: `/gifts/${won}/redeem` })
    expect(closed.statusCode).toBe(410)
    expect(closed.body).toContain('taken as a gift card')
  })

  it('the card pays at checkout', async () => {
    const { won } = await wonGifts()
    const taken = await takeGiftCard(won)
    const variant = await db
      .selectFrom('variants')
      .select('id')
      .where('product_id', '=', productId)
      .executeTakeFirstOrThrow()
    const cart = await platform.call('createCart', {
      auth: { storefrontToken: platform.demo.storefrontToken },
      body: { items: [{ variantId: variant.id, quantity: 1 }] },
    })
    const response = await platform.app.inject({
      method: 'POST',
      url: '/checkout/api/orders',
      payload: {
        cartId: cart.body.id,
        email: 'lucky@example.com',
        'shipping.name': 'Lucky Chat',
        'shipping.address1': '1 Main St',
        'shipping.city': 'Austin',
        'shipping.state': 'TX',
        'shipping.zip': '78701',
        'shipping.country': 'US',
        billingSameAsShipping: 'on',
        giftCardCode: taken.body.code,
        'card.name': 'Lucky Chat',
        'card.number': '4242 4242 4242 4242',
        'card.expiry': '12/30',
        'card.cvc': '123',
      },
    })
    expect(response.statusCode, response.body).toBe(201)
    const order = await platform.call('getOrder', { params: { orderId: response.json().orderId } })
    expect(order.body.amounts.giftCards).toEqual([
      expect.objectContaining({ giftCardId: taken.body.id, amountUsed: expect.objectContaining({ currency: 'USD' }) }),
    ])
  })

  it('refuses a gift without a winner (409 GIFT_NOT_WON) and a giveaway link (409 GIFT_CARD_NOT_OFFERED)', async () => {
    const { unwon, purchase } = await wonGifts()
    const noWinner = await takeGiftCard(unwon)
    expect(noWinner.status).toBe(409)
    expect(noWinner.body.code).toBe('GIFT_NOT_WON')
    const read = await platform.call('getGiftPurchase', { params: { giftPurchaseId: purchase.id } })
    expect(read.body.gifts.find((g: { id: string }) => g.id === unwon).status).toBe('AVAILABLE')

    const links = await platform.call('createGiveawayLinks', { body: { productId, number: 1 } })
    const link = await takeGiftCard(links.body.giveawayLinks[0].id)
    expect(link.status).toBe(409)
    expect(link.body.code).toBe('GIFT_CARD_NOT_OFFERED')
    expect((await takeGiftCard('gft_doesNotExist')).status).toBe(404)
    const cards = await db.selectFrom('gift_cards').select('source_gift_id').where('source_type', '=', 'GIFT').execute()
    expect(cards.map((c) => c.source_gift_id)).not.toContain(unwon)
  })
})
