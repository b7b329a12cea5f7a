import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestPlatform, type TestPlatform } from '../../testing/test-platform.js'

// `newestOpenDrawId` (used by `fanshelf trigger GIFT_DRAW_ENDED` to finish a draw): the shop's
// newest draw still taking entries.

let platform: TestPlatform
const services = () => platform.app.platform.services

beforeAll(async () => {
  platform = await createTestPlatform()
})
afterAll(() => platform.close())

async function openDraw(shopId: string) {
  const sellable = await services().products.findSellableVariant(shopId)
  if (!sellable) throw new Error(`shop ${shopId} sells nothing`)
  const { purchase, draw } = await services().gifting.purchaseGift(shopId, {
    productId: sellable.product.id,
    quantity: 2,
    email: 'gifter@example.com',
    username: 'gifter',
  })
  return draw ?? (await services().gifting.redoDraw(shopId, purchase.id))
}

describe('the newest open draw', () => {
  it('is the draw opened last while it takes entries; then an older one; never one finished or whose window closed', async () => {
    const shopId = platform.demo.id
    const gifting = services().gifting
    await platform.clock.advance(1000)
    const first = await openDraw(shopId)
    await platform.clock.advance(1000)
    const second = await openDraw(shopId)
    await openDraw(platform.other.id)
    expect(await gifting.newestOpenDrawId(shopId)).toBe(second.id)
    await gifting.finishDraw(shopId, second.id, [{ service: 'TWITCH', userId: '1', userName: 'viewer' }])
    expect(await gifting.newestOpenDrawId(shopId)).toBe(first.id)
    // At its end the window has closed, though nothing ended the draw yet (`set` wakes no timer).
    platform.clock.set(Date.parse(first.endsAt))
    expect(await gifting.newestOpenDrawId(shopId)).toBeUndefined()
    expect(await gifting.newestOpenDrawId('sh_nope')).toBeUndefined()
  })
})
