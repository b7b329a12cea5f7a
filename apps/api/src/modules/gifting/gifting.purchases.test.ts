// Buying gifts for the stream's chat (gifting.purchaseGift).
import { describe, expect, it } from 'vitest'
import { isoTime } from '../../clock.js'
import { db, eventsAbout, platform, product, purchase, setLive, setUpGiftDraws, variant } from './testing/gift-draws.js'
import { refuseInserts } from './testing/refuse-inserts.js'

setUpGiftDraws()

describe('gifting.purchaseGift', () => {
  it('writes the purchase and its AVAILABLE gifts and records GIFT_PURCHASE, with no draw while offline', async () => {
    await setLive(false)
    const result = await purchase({ quantity: 2 })
    const now = isoTime(platform.clock.now())
    const subtotal = variant.unit_price * 2
    const tax = Math.round(subtotal * (variant.currency === 'EUR' ? 0.23 : variant.currency === 'USD' ? 0.08 : 0))
    const shipping = (variant.currency === 'EUR' ? 600 : 700) * 2
    const money = (minor: number) => ({ value: minor / 100, currency: variant.currency })
    expect(result.draw).toBeNull()
    const { status, body } = await platform.call('getGiftPurchase', { params: { giftPurchaseId: result.purchase.id } })
    expect(status).toBe(200)
    expect(body).toEqual(result.purchase)
    const images = JSON.parse(product.images) as unknown[]
    expect(body).toEqual({
      id: expect.stringMatching(/^giv_/),
      friendlyId: expect.stringMatching(/^[A-Z0-9]{8}$/),
      shopId: platform.demo.id,
      offer: {
        id: product.id,
        name: product.name,
        slug: product.slug,
        description: product.description,
        primaryImage: images[0] ?? (product.thumbnail_image ? JSON.parse(product.thumbnail_image) : null),
      },
      amounts: {
        subtotal: money(subtotal),
        tax: money(tax),
        total: money(subtotal + tax + shipping),
        profit: money(subtotal - (variant.unit_cost ?? 0) * 2),
        prepaidShipping: money(shipping),
      },
      email: 'jordan.lee@example.com',
      username: 'jordanlee',
      message: 'Gifts for chat!',
      quantity: 2,
      gifts: [
        { id: expect.stringMatching(/^gft_/), status: 'AVAILABLE', winner: undefined },
        { id: expect.stringMatching(/^gft_/), status: 'AVAILABLE', winner: undefined },
      ],
      createdAt: now,
    })
    expect(await eventsAbout(result.purchase.id)).toEqual([
      { type: 'GIFT_PURCHASE', shopId: platform.demo.id, createdAt: now, data: body },
    ])
    const draws = await db().selectFrom('gift_draws').select('id').where('gift_purchase_id', '=', body.id).execute()
    expect(draws).toEqual([])
  })

  it('opens an INITIAL draw of 60 s while the shop is live: GIFT_PURCHASE, then GIFT_DRAW_STARTED', async () => {
    await setLive(true)
    const result = await purchase({ quantity: 2 })
    const now = platform.clock.now()
    const draw = result.draw
    expect(draw).not.toBeNull()
    const { status, body } = await platform.call('getGiftDraw', { params: { drawId: draw?.id ?? '' } })
    expect(status).toBe(200)
    expect(body).toEqual(draw)
    expect(body).toEqual({
      id: expect.stringMatching(/^gdr_/),
      type: 'INITIAL',
      giveawayId: result.purchase.id,
      giveawayFriendlyId: result.purchase.friendlyId,
      shopId: platform.demo.id,
      offer: result.purchase.offer,
      amounts: { subtotal: result.purchase.amounts.subtotal, total: result.purchase.amounts.total },
      email: 'jordan.lee@example.com',
      username: 'jordanlee',
      message: 'Gifts for chat!',
      gifts: result.purchase.gifts.map((gift) => ({ id: gift.id, status: 'AVAILABLE', winner: undefined })),
      createdAt: isoTime(now),
      durationSeconds: 60,
      endsAt: isoTime(now + 60_000),
      finishedAt: null,
    })
    expect((await eventsAbout(result.purchase.id)).map((e) => e.type)).toEqual(['GIFT_PURCHASE'])
    expect(await eventsAbout(body.id)).toEqual([
      { type: 'GIFT_DRAW_STARTED', shopId: platform.demo.id, createdAt: isoTime(now), data: body },
    ])
    const [purchaseEvent] = await db()
      .selectFrom('events')
      .select('id')
      .where('type', '=', 'GIFT_PURCHASE')
      .where('data', 'like', `%${result.purchase.id}%`)
      .execute()
    expect(purchaseEvent).toBeDefined()
  })

  it('opens the draw with the entry window asked for', async () => {
    await setLive(true)
    const { draw } = await purchase({ quantity: 1, drawDurationSeconds: 90 })
    expect(draw).toMatchObject({ durationSeconds: 90, endsAt: isoTime(platform.clock.now() + 90_000) })
  })

  it('refuses an unknown product and another shop’s with 404 OFFER_NOT_FOUND_ERROR', async () => {
    const foreign = await db()
      .selectFrom('products')
      .select('id')
      .where('shop_id', '=', platform.other.id)
      .executeTakeFirstOrThrow()
    for (const productId of ['00000000-0000-4000-8000-000000000000', foreign.id]) {
      await expect(purchase({ productId })).rejects.toMatchObject({
        code: 'OFFER_NOT_FOUND_ERROR',
        status: 404,
        details: { productId },
      })
    }
  })

  it('refuses an archived or sold-out product with 400 GIFT_INVALID_OFFER', async () => {
    const [archived, soldOut] = await db()
      .selectFrom('products')
      .select('id')
      .where('shop_id', '=', platform.demo.id)
      .where('id', '!=', product.id)
      .orderBy('id')
      .limit(2)
      .execute()
    if (!archived || !soldOut) throw new Error('the demo shop has products')
    await db().updateTable('products').set({ access: 'ARCHIVED' }).where('id', '=', archived.id).execute()
    await db()
      .updateTable('products')
      .set({ state: 'SOLD_OUT', access: 'PUBLIC' })
      .where('id', '=', soldOut.id)
      .execute()
    await expect(purchase({ productId: archived.id })).rejects.toMatchObject({
      code: 'GIFT_INVALID_OFFER',
      status: 400,
      message: expect.stringContaining('archived'),
    })
    await expect(purchase({ productId: soldOut.id })).rejects.toMatchObject({
      code: 'GIFT_INVALID_OFFER',
      status: 400,
      message: expect.stringContaining('sold out'),
    })
  })

  it.each([
    [{ quantity: 0 }, 'quantity'],
    [{ quantity: 101 }, 'quantity'],
    [{ quantity: 1.5 }, 'quantity'],
    [{ email: 'not-an-email' }, 'email'],
    [{ tax: -1 }, 'tax'],
    [{ prepaidShipping: 2.5 }, 'prepaidShipping'],
    [{ variantId: '00000000-0000-4000-8000-000000000000' }, 'variantId'],
    [{ drawDurationSeconds: 5 }, 'drawDurationSeconds'],
  ])('refuses %o with 400 naming %s and writes nothing', async (overrides, field) => {
    const before = await db().selectFrom('gift_purchases').select('id').execute()
    await expect(purchase(overrides)).rejects.toMatchObject({
      code: 'REQUEST_VALIDATION_FAILED',
      status: 400,
      details: { errors: [expect.objectContaining({ field })] },
    })
    expect(await db().selectFrom('gift_purchases').select('id').execute()).toHaveLength(before.length)
  })

  it('writes nothing — no purchase, gift, draw or event — when recording an event fails', async () => {
    await setLive(true)
    const count = async () => ({
      purchases: (await db().selectFrom('gift_purchases').select('id').execute()).length,
      gifts: (await db().selectFrom('gifts').select('id').execute()).length,
      draws: (await db().selectFrom('gift_draws').select('id').execute()).length,
      events: (await db().selectFrom('events').select('id').execute()).length,
    })
    const before = await count()
    const restore = await refuseInserts(platform.app.platform.database, 'events')
    try {
      await expect(purchase({ email: 'forced.failure@example.com' })).rejects.toThrow(/forced failure/)
    } finally {
      await restore()
    }
    expect(await count()).toEqual(before)
  })
})
