// Redeeming a winner's gift (gifting.redeemGift).
import { describe, expect, it } from 'vitest'
import { finish, openDraw, platform, services, setUpGiftDraws, twitch } from './testing/gift-draws.js'

setUpGiftDraws()

describe('gifting.redeemGift', () => {
  it('redeems a winner’s gift once, with the order it became', async () => {
    const { purchase: bought, draw } = await openDraw(2)
    const { body } = await finish(draw.id, [twitch('1', 'pixel_pirate')])
    const won = body.gifts.find((g: { winner: unknown }) => g.winner !== undefined)
    const notWon = body.gifts.find((g: { winner: unknown }) => g.winner === undefined)
    const order = {
      orderId: '9b7d4c2e-5a1f-4e3b-8c6d-0f2a1b3c4d5e',
      orderFriendlyId: 'K8WQ2MZT',
      email: 'pixel.pirate@example.com',
    }
    const gifting = services().gifting
    const redeemed = await gifting.redeemGift(platform.demo.id, won.id, order)
    expect(redeemed.gifts.find((g) => g.id === won.id)).toEqual({
      id: won.id,
      status: 'REDEEMED',
      orderId: order.orderId,
      orderFriendlyId: order.orderFriendlyId,
      winner: { email: order.email, username: 'pixel_pirate', selectedAt: body.finishedAt },
    })
    expect((await platform.call('getGiftPurchase', { params: { giftPurchaseId: bought.id } })).body).toEqual(redeemed)
    await expect(gifting.redeemGift(platform.demo.id, won.id, order)).rejects.toMatchObject({
      code: 'GIFT_ALREADY_REDEEMED',
      status: 409,
    })
    await expect(gifting.redeemGift(platform.demo.id, notWon.id, order)).rejects.toMatchObject({
      code: 'GIFT_NOT_WON',
      status: 409,
    })
    await expect(gifting.redeemGift(platform.other.id, notWon.id, order)).rejects.toMatchObject({
      code: 'GIFT_NOT_FOUND',
      status: 404,
    })
  })
})
