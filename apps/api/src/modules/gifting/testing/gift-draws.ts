import { afterAll, beforeAll, expect } from 'vitest'
import type { ProductsTable, VariantsTable } from '../../../db/schema.js'
import { createTestPlatform, type TestPlatform } from '../../../testing/test-platform.js'
import type { DrawParticipant } from '../draw-winners.js'
import type { GiftPurchaseRequest } from '../gift-purchase-request.js'

/**
 * What the gift purchase and draw suites (gifting.purchases/draws/draw-deadlines/redeem tests) share:
 * a test platform with a giftable product and variant of the demo shop, going live, purchases, draws
 * and their events in order. The `let`s are live bindings: `setUpGiftDraws()` fills them before the
 * tests run.
 */

export let platform: TestPlatform
export let product: ProductsTable
export let variant: VariantsTable

export const services = () => platform.app.platform.services
export const db = () => services().db
export const twitch = (userId: string, userName = `viewer_${userId}`): DrawParticipant => ({
  service: 'TWITCH',
  userId,
  userName,
})

export async function setLive(live: boolean): Promise<void> {
  const { status } = live
    ? await platform.call('startStreaming', {
        body: { services: [{ type: 'TWITCH', broadcasterId: '141981764', broadcasterLogin: 'pixelpines' }] },
      })
    : await platform.call('endStreaming', { body: { services: ['TWITCH'] } })
  expect(status).toBe(200)
}

export function purchase(overrides: Partial<GiftPurchaseRequest> = {}) {
  return services().gifting.purchaseGift(platform.demo.id, {
    productId: product.id,
    quantity: 3,
    email: 'jordan.lee@example.com',
    username: 'jordanlee',
    message: 'Gifts for chat!',
    ...overrides,
  })
}

/** A gift purchase made while live, with its open INITIAL draw. */
export async function openDraw(quantity = 3) {
  await setLive(true)
  const result = await purchase({ quantity })
  if (!result.draw) throw new Error('a purchase while live opens a draw')
  return { purchase: result.purchase, draw: result.draw }
}

/** Within one instant, the order a draw's events happen in. */
export const eventRank: Record<string, number> = { GIFT_PURCHASE: 0, GIFT_DRAW_STARTED: 1, GIFT_DRAW_ENDED: 2 }

/** The events recorded about one resource (by its `data.id`), oldest first. */
export async function eventsAbout(id: string) {
  const rows = await db().selectFrom('events').selectAll().execute()
  return rows
    .map((row) => ({ type: row.type, shopId: row.shop_id, createdAt: row.created_at, data: JSON.parse(row.data) }))
    .filter((event) => event.data.id === id)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || (eventRank[a.type] ?? 0) - (eventRank[b.type] ?? 0))
}

export function finish(drawId: string, participants: DrawParticipant[], auth = platform.asDemo) {
  return platform.call('finishGiftDraw', { params: { drawId }, body: { participants }, auth })
}

export const redeemUri = (giftId: string) => `${platform.config.publicUrl}/gifts/${giftId}/redeem`

/** Registers the suite's hooks in the calling test file. */
export function setUpGiftDraws(): void {
  beforeAll(async () => {
    platform = await createTestPlatform()
    product = await db()
      .selectFrom('products')
      .selectAll()
      .where('shop_id', '=', platform.demo.id)
      .where('state', '=', 'AVAILABLE')
      .where('access', '=', 'PUBLIC')
      .orderBy('id')
      .executeTakeFirstOrThrow()
    variant = await db()
      .selectFrom('variants')
      .selectAll()
      .where('product_id', '=', product.id)
      .orderBy('position')
      .executeTakeFirstOrThrow()
  })
  afterAll(() => platform.close())
}
