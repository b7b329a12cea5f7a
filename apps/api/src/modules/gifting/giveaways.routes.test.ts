import { describe, expect, it } from 'vitest'
import {
  bearer,
  create,
  createPath,
  db,
  eventsAbout,
  finish,
  finishPath,
  giftsOf,
  noGiveawayToken,
  platform,
  product,
  redeem,
  send,
  setUpGiveawayCalls,
} from './testing/giveaway-calls.js'

setUpGiveawayCalls()

describe('the example apps’ giveaway flow (OAuth bearer with giveaway_write)', () => {
  it('serves the paths the example apps call', () => {
    expect(platform.url('createGiveaway')).toBe(createPath)
    expect(platform.url('finishGiveaway', { id: 'giv_X' })).toBe(finishPath('giv_X'))
    expect([platform.operation('createGiveaway').method, platform.operation('finishGiveaway').method]).toEqual([
      'POST',
      'PUT',
    ])
  })

  it('lists products, creates a giveaway of one, finishes it with the winner and the winner redeems', async () => {
    // listProducts → the product's own id is the offerId.
    const products = await send('GET', '/open-api/v1.0/products?size=100', bearer())
    expect(products.status).toBe(200)
    expect(products.body.results.map((p: { id: string }) => p.id)).toContain(product.id)

    const created = await send('POST', createPath, bearer(), { offerId: product.id, quantity: 1 })
    expect(created.status).toBe(200)
    expect(created.body.id).toMatch(/^giv_/)
    expect(created.body).toMatchObject({
      shopId: platform.demo.id,
      offer: { id: product.id, name: product.name },
      quantity: 1,
      username: null,
      message: null,
      drawId: expect.stringMatching(/^gdr_/),
      durationSeconds: 3600,
    })

    const finished = await send('PUT', finishPath(created.body.id), bearer(), {
      participants: [{ userId: '90412236', userName: 'pixel_pirate' }],
    })
    expect(finished.status).toBe(200)
    const [gift] = await giftsOf(created.body.id)
    const redeemUrl = `${platform.config.publicUrl}/gifts/${gift?.id}/redeem`
    expect(finished.body).toEqual({
      id: created.body.id,
      redeemUrl,
      winners: [{ userId: '90412236', userName: 'pixel_pirate', giftId: gift?.id, redeemUrl }],
      drawId: created.body.drawId,
      finishedAt: expect.any(String),
    })

    // The winner opens the URL and redeems: a free order with source TWITCH_GIFT_REDEMPTION.
    const page = await platform.app.inject({ method: 'GET', url: new URL(redeemUrl).pathname })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain(product.name)
    const redeemed = await redeem(gift?.id as string, 'pixel.pirate@example.com')
    expect(redeemed.status, JSON.stringify(redeemed.body)).toBe(201)
    const order = await platform.call('getOrder', { params: { orderId: redeemed.body.orderId } })
    expect(order.body.source).toEqual({
      type: 'TWITCH_GIFT_REDEMPTION',
      giftPurchaseId: created.body.id,
      giftId: gift?.id,
    })
    expect(order.body.amounts.total.value).toBe(0)
    const purchase = await platform.call('getGiftPurchase', { params: { giftPurchaseId: created.body.id } })
    expect(purchase.body.gifts).toEqual([
      expect.objectContaining({ id: gift?.id, status: 'REDEEMED', orderId: redeemed.body.orderId }),
    ])
    // A second redemption of the same link is refused.
    expect((await redeem(gift?.id as string, 'someone.else@example.com')).status).toBe(409)
  })

  it('offers the winner no gift card: nobody paid for a giveaway, so it has no value to put on one', async () => {
    const created = await send('POST', createPath, bearer(), { offerId: product.id, quantity: 1 })
    await send('PUT', finishPath(created.body.id), bearer(), {
      participants: [{ userId: '5550001', userName: 'card_seeker' }],
    })
    const [gift] = await giftsOf(created.body.id)
    const page = await platform.app.inject({ method: 'GET', url: `/gifts/${gift?.id}/redeem` })
    expect(page.statusCode).toBe(200)
    expect(page.body).not.toContain(`/gifts/${gift?.id}/gift-card`)
    const taken = await platform.app.inject({ method: 'POST', url: `/gifts/api/${gift?.id}/gift-card` })
    expect(taken.statusCode).toBe(409)
    expect(taken.json().code).toBe('GIFT_CARD_NOT_OFFERED')
    const cards = await platform.app.platform.services.db
      .selectFrom('gift_cards')
      .select('id')
      .where('shop_id', '=', platform.demo.id)
      .where('initial_balance', '=', 0)
      .execute()
    expect(cards).toEqual([])
  })

  it('emits GIFT_DRAW_STARTED on create and GIFT_DRAW_ENDED on finish, and no GIFT_PURCHASE', async () => {
    const created = await create({ offerId: product.id, quantity: 2, username: 'nova_merch', message: 'For chat!' })
    expect(created.status).toBe(200)
    const shop = await db()
      .selectFrom('shops')
      .select('contact_info')
      .where('id', '=', platform.demo.id)
      .executeTakeFirstOrThrow()
    const shopEmail = (JSON.parse(shop.contact_info) as { shopEmail: string }).shopEmail
    let events = await eventsAbout(created.body.id)
    expect(events.map((e) => e.type)).toEqual(['GIFT_DRAW_STARTED'])
    expect(events[0]?.data).toMatchObject({
      id: created.body.drawId,
      type: 'INITIAL',
      giveawayId: created.body.id,
      giveawayFriendlyId: created.body.friendlyId,
      shopId: platform.demo.id,
      email: shopEmail,
      username: 'nova_merch',
      message: 'For chat!',
      amounts: { subtotal: { value: 0 }, total: { value: 0 } },
      durationSeconds: 3600,
      finishedAt: null,
    })
    expect(events[0]?.data.gifts).toHaveLength(2)

    const finished = await finish(created.body.id, [{ userId: '51877302', userName: 'moonbeam_42' }])
    expect(finished.status).toBe(200)
    events = await eventsAbout(created.body.id)
    expect(events.map((e) => e.type)).toEqual(['GIFT_DRAW_STARTED', 'GIFT_DRAW_ENDED'])
    const ended = events[1]?.data
    expect(ended.finishedAt).toBe(finished.body.finishedAt)
    // A gift without a winner may carry `winner: null` or no `winner` at all (issue #23, item 5).
    const won = ended.gifts.filter((g: { winner?: unknown }) => g.winner != null)
    expect(won).toEqual([
      expect.objectContaining({
        status: 'AVAILABLE',
        winner: expect.objectContaining({ username: 'moonbeam_42', redeemUri: finished.body.redeemUrl }),
      }),
    ])
    // The second gift got no winner: it went back to the shop.
    expect(ended.gifts.filter((g: { status: string }) => g.status === 'CANCELLED')).toHaveLength(1)
  })

  it('refuses a token without giveaway_write with 403 INSUFFICIENT_SCOPE, and no credentials with 401', async () => {
    const refused = await send('POST', createPath, { bearer: noGiveawayToken }, { offerId: product.id, quantity: 1 })
    expect(refused.status).toBe(403)
    expect(refused.body).toMatchObject({ code: 'INSUFFICIENT_SCOPE', details: { requiredScope: 'giveaway_write' } })
    const created = await create({ offerId: product.id, quantity: 1 })
    const finishRefused = await send(
      'PUT',
      finishPath(created.body.id),
      { bearer: noGiveawayToken },
      { participants: [] },
    )
    expect(finishRefused.status).toBe(403)
    expect(finishRefused.body.code).toBe('INSUFFICIENT_SCOPE')
    expect((await send('POST', createPath, 'none', { offerId: product.id, quantity: 1 })).status).toBe(401)
    // Nothing was finished by the refused call.
    expect((await finish(created.body.id, [])).status).toBe(200)
  })

  it('accepts an API user (HTTP basic) as well', async () => {
    const created = await send('POST', createPath, platform.asDemo, { offerId: product.id, quantity: 1 })
    expect(created.status).toBe(200)
    const finished = await send('PUT', finishPath(created.body.id), platform.asDemo, {
      participants: [{ userId: '1', userName: 'basic_viewer' }],
    })
    expect(finished.status).toBe(200)
    expect(finished.body.redeemUrl).toMatch(/\/gifts\/gft_[^/]+\/redeem$/)
  })
})
