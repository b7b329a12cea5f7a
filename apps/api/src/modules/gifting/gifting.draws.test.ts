import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { isoTime } from '../../clock.js'
import type { ProductsTable, VariantsTable } from '../../db/schema.js'
import { createTestPlatform, type TestPlatform } from '../../testing/test-platform.js'
import { drawGraceSeconds } from './draw-policy.js'
import type { DrawParticipant } from './draw-winners.js'
import type { GiftPurchaseRequest } from './gift-purchase-request.js'
import { refuseInserts } from './testing/refuse-inserts.js'

let platform: TestPlatform
let product: ProductsTable
let variant: VariantsTable

const services = () => platform.app.platform.services
const db = () => services().db
const twitch = (userId: string, userName = `viewer_${userId}`): DrawParticipant => ({
  service: 'TWITCH',
  userId,
  userName,
})

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

async function setLive(live: boolean): Promise<void> {
  const { status } = live
    ? await platform.call('startStreaming', {
        body: { services: [{ type: 'TWITCH', broadcasterId: '141981764', broadcasterLogin: 'pixelpines' }] },
      })
    : await platform.call('endStreaming', { body: { services: ['TWITCH'] } })
  expect(status).toBe(200)
}

function purchase(overrides: Partial<GiftPurchaseRequest> = {}) {
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
async function openDraw(quantity = 3) {
  await setLive(true)
  const result = await purchase({ quantity })
  if (!result.draw) throw new Error('a purchase while live opens a draw')
  return { purchase: result.purchase, draw: result.draw }
}

/** Within one instant, the order a draw's events happen in. */
const eventRank: Record<string, number> = { GIFT_PURCHASE: 0, GIFT_DRAW_STARTED: 1, GIFT_DRAW_ENDED: 2 }

/** The events recorded about one resource (by its `data.id`), oldest first. */
async function eventsAbout(id: string) {
  const rows = await db().selectFrom('events').selectAll().execute()
  return rows
    .map((row) => ({ type: row.type, shopId: row.shop_id, createdAt: row.created_at, data: JSON.parse(row.data) }))
    .filter((event) => event.data.id === id)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || (eventRank[a.type] ?? 0) - (eventRank[b.type] ?? 0))
}

function finish(drawId: string, participants: DrawParticipant[], auth = platform.asDemo) {
  return platform.call('finishGiftDraw', { params: { drawId }, body: { participants }, auth })
}

const redeemUri = (giftId: string) => `${platform.config.publicUrl}/gifts/${giftId}/redeem`

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

describe('PUT /gifting/draw/{drawId}/finish', () => {
  it('gives each gift one distinct winner among the de-duplicated participants and records GIFT_DRAW_ENDED', async () => {
    const { purchase: bought, draw } = await openDraw(3)
    await platform.clock.advance(20_000)
    const now = isoTime(platform.clock.now())
    const participants = [twitch('1'), twitch('2'), twitch('1', 'same_user_again'), twitch('3'), twitch('4')]
    const { status, body } = await finish(draw.id, participants)
    expect(status).toBe(200)
    expect(body).toMatchObject({ id: draw.id, type: 'INITIAL', finishedAt: now, durationSeconds: 60 })
    expect(body).toEqual({ ...draw, gifts: body.gifts, finishedAt: now })
    expect(body.gifts.map((g: { id: string }) => g.id)).toEqual(bought.gifts.map((g) => g.id))
    const names = body.gifts.map((g: { winner: { username: string } }) => g.winner.username)
    expect(new Set(names).size).toBe(3)
    for (const name of names) expect(['viewer_1', 'viewer_2', 'viewer_3', 'viewer_4']).toContain(name)
    for (const gift of body.gifts) {
      expect(gift).toEqual({
        id: gift.id,
        status: 'AVAILABLE',
        winner: { email: undefined, username: gift.winner.username, selectedAt: now, redeemUri: redeemUri(gift.id) },
      })
    }
    const read = await platform.call('getGiftDraw', { params: { drawId: draw.id } })
    expect(read.body).toEqual(body)
    const purchaseRead = await platform.call('getGiftPurchase', { params: { giftPurchaseId: bought.id } })
    expect(purchaseRead.body.gifts).toEqual(
      body.gifts.map((g: { id: string; winner: { username: string } }) => ({
        id: g.id,
        status: 'AVAILABLE',
        winner: { email: undefined, username: g.winner.username, selectedAt: now },
      })),
    )
    expect((await eventsAbout(draw.id)).map((e) => [e.type, e.createdAt])).toEqual([
      ['GIFT_DRAW_STARTED', draw.createdAt],
      ['GIFT_DRAW_ENDED', now],
    ])
    expect((await eventsAbout(draw.id))[1]?.data).toEqual(body)
    const row = await db().selectFrom('gift_draws').selectAll().where('id', '=', draw.id).executeTakeFirstOrThrow()
    expect(row.outcome).toBe('FINISHED')
  })

  it('answers the exact draw for one gift and one entrant', async () => {
    const { draw } = await openDraw(1)
    const now = isoTime(platform.clock.now())
    const { status, body } = await finish(draw.id, [twitch('90412236', 'pixel_pirate')])
    expect(status).toBe(200)
    const giftId = draw.gifts[0]?.id as string
    expect(body).toEqual({
      ...draw,
      gifts: [
        {
          id: giftId,
          status: 'AVAILABLE',
          winner: { email: undefined, username: 'pixel_pirate', selectedAt: now, redeemUri: redeemUri(giftId) },
        },
      ],
      finishedAt: now,
    })
  })

  it('with fewer entrants than gifts picks fewer winners and leaves the rest AVAILABLE without one', async () => {
    const { draw } = await openDraw(3)
    const { status, body } = await finish(draw.id, [twitch('7'), twitch('8'), twitch('7')])
    expect(status).toBe(200)
    const won = body.gifts.filter((g: { winner: unknown }) => g.winner !== undefined)
    expect(won.map((g: { winner: { username: string } }) => g.winner.username).sort()).toEqual(['viewer_7', 'viewer_8'])
    expect(body.gifts.filter((g: { winner: unknown }) => g.winner === undefined)).toEqual([
      { id: expect.any(String), status: 'AVAILABLE', winner: undefined },
    ])
  })

  it('with no entrants finishes the draw with no winners', async () => {
    const { draw } = await openDraw(2)
    const { status, body } = await finish(draw.id, [])
    expect(status).toBe(200)
    expect(body.finishedAt).toBe(isoTime(platform.clock.now()))
    expect(body.gifts.every((g: { winner: unknown }) => g.winner === undefined)).toBe(true)
    expect((await eventsAbout(draw.id)).map((e) => e.type)).toEqual(['GIFT_DRAW_STARTED', 'GIFT_DRAW_ENDED'])
  })

  it('answers 400 GIVEAWAY_DRAW_ALREADY_FINISHED to a second finish and changes nothing', async () => {
    const { draw } = await openDraw(2)
    const first = await finish(draw.id, [twitch('1')])
    expect(first.status).toBe(200)
    await platform.clock.advance(1_000)
    const second = await finish(draw.id, [twitch('2'), twitch('3')])
    expect(second.status).toBe(400)
    expect(second.body).toEqual({
      code: 'GIVEAWAY_DRAW_ALREADY_FINISHED',
      message: `Draw ${draw.id} is already finished.`,
      details: { drawId: draw.id, finishedAt: first.body.finishedAt },
    })
    expect((await platform.call('getGiftDraw', { params: { drawId: draw.id } })).body).toEqual(first.body)
    expect((await eventsAbout(draw.id)).map((e) => e.type)).toEqual(['GIFT_DRAW_STARTED', 'GIFT_DRAW_ENDED'])
  })

  it('lets exactly one of two simultaneous finishes win', async () => {
    for (let round = 0; round < 5; round++) {
      const { draw } = await openDraw(2)
      const [a, b] = await Promise.all([
        finish(draw.id, [twitch('a1'), twitch('a2')]),
        finish(draw.id, [twitch('b1'), twitch('b2')]),
      ])
      expect([a.status, b.status].sort()).toEqual([200, 400])
      const winner = a.status === 200 ? a : b
      const loser = a.status === 200 ? b : a
      expect(loser.body.code).toBe('GIVEAWAY_DRAW_ALREADY_FINISHED')
      expect((await platform.call('getGiftDraw', { params: { drawId: draw.id } })).body).toEqual(winner.body)
      expect((await eventsAbout(draw.id)).map((e) => e.type)).toEqual(['GIFT_DRAW_STARTED', 'GIFT_DRAW_ENDED'])
    }
  })

  it('leaves the draw open, without winners or GIFT_DRAW_ENDED, when recording the event fails', async () => {
    const { draw } = await openDraw(2)
    const restore = await refuseInserts(platform.app.platform.database, 'events')
    let status: number
    try {
      status = (await finish(draw.id, [twitch('1'), twitch('2')])).status
    } finally {
      await restore()
    }
    expect(status).toBe(500)
    expect((await platform.call('getGiftDraw', { params: { drawId: draw.id } })).body).toEqual(draw)
    expect((await eventsAbout(draw.id)).map((e) => e.type)).toEqual(['GIFT_DRAW_STARTED'])
    expect((await finish(draw.id, [twitch('1')])).status).toBe(200)
  })

  it('answers 404 GIVEAWAY_DRAW_NOT_FOUND for an unknown draw and for another shop’s', async () => {
    const unknown = await finish('gdr_nope', [twitch('1')])
    expect(unknown.status).toBe(404)
    expect(unknown.body).toEqual({
      code: 'GIVEAWAY_DRAW_NOT_FOUND',
      message: 'Draw gdr_nope was not found.',
      details: { drawId: 'gdr_nope' },
    })
    const { draw } = await openDraw(1)
    const foreign = await finish(draw.id, [twitch('1')], platform.asOther)
    expect(foreign.status).toBe(404)
    expect(foreign.body.code).toBe('GIVEAWAY_DRAW_NOT_FOUND')
    expect((await platform.call('getGiftDraw', { params: { drawId: draw.id } })).body.finishedAt).toBeNull()
  })

  it('refuses a bearer token with 403 BASIC_AUTH_REQUIRED and no credentials with 401', async () => {
    const bearer = await finish('gdr_any', [], { bearer: 'fsat_anything' })
    expect(bearer.status).toBe(403)
    expect(bearer.body.code).toBe('BASIC_AUTH_REQUIRED')
    const none = await finish('gdr_any', [], 'none')
    expect(none.status).toBe(401)
  })

  const tooMany = { participants: Array.from({ length: 10_001 }, (_, i) => twitch(String(i))) }
  it.each([
    [{}, 'participants', 'required'],
    [{ participants: 'everyone' }, 'participants', 'type'],
    [{ participants: [{ service: 'YOUTUBE', userId: '1', userName: 'a' }] }, 'participants/0/service', 'enum'],
    [{ participants: [{ service: 'TWITCH', userId: '', userName: 'a' }] }, 'participants/0/userId', 'minLength'],
    [{ participants: [{ service: 'TWITCH', userId: '1' }] }, 'participants/0/userName', 'required'],
    [
      { participants: [{ service: 'TWITCH', userId: '1', userName: 'x'.repeat(65) }] },
      'participants/0/userName',
      'maxLength',
    ],
    [{ participants: [{ ...twitch('1'), email: 'a@b.c' }] }, 'participants/0/email', 'additionalProperties'],
    [{ participants: [], winners: 2 }, 'winners', 'additionalProperties'],
    [tooMany, 'participants', 'maxItems'],
  ] as const)('answers 400 (case %#) naming the field and rule', async (body, field, rule) => {
    const { draw } = await openDraw(1)
    const { status, body: answer } = await platform.call('finishGiftDraw', { params: { drawId: draw.id }, body })
    expect(status).toBe(400)
    expect(answer.code).toBe('REQUEST_VALIDATION_FAILED')
    expect(answer.details.errors).toEqual([expect.objectContaining({ location: 'body', field, rule })])
    expect((await platform.call('getGiftDraw', { params: { drawId: draw.id } })).body.finishedAt).toBeNull()
  })
})

describe('the draw deadline (endsAt + 60 s)', () => {
  it('leaves a draw open until its deadline', async () => {
    const { draw } = await openDraw(1)
    await platform.clock.advance((60 + drawGraceSeconds - 1) * 1000)
    await services().drawDeadlines.runOnce()
    expect((await platform.call('getGiftDraw', { params: { drawId: draw.id } })).body.finishedAt).toBeNull()
  })

  it('ends an unfinished draw with no winners, records GIFT_DRAW_ENDED, refuses a late finish and allows a REDO', async () => {
    const { purchase: bought, draw } = await openDraw(2)
    const deadline = Date.parse(draw.endsAt) + drawGraceSeconds * 1000
    await platform.clock.advance(60_000 + drawGraceSeconds * 1000 + 5_000)
    await services().drawDeadlines.runOnce()
    const ended = await platform.call('getGiftDraw', { params: { drawId: draw.id } })
    expect(ended.body).toEqual({ ...draw, finishedAt: isoTime(deadline) })
    const events = await eventsAbout(draw.id)
    expect(events.map((e) => e.type)).toEqual(['GIFT_DRAW_STARTED', 'GIFT_DRAW_ENDED'])
    expect(events[1]?.data).toEqual(ended.body)
    const row = await db().selectFrom('gift_draws').selectAll().where('id', '=', draw.id).executeTakeFirstOrThrow()
    expect(row.outcome).toBe('EXPIRED')

    const late = await finish(draw.id, [twitch('1')])
    expect(late.status).toBe(400)
    expect(late.body.details).toEqual({ drawId: draw.id, finishedAt: isoTime(deadline) })

    const redo = await services().gifting.redoDraw(platform.demo.id, bought.id)
    const now = platform.clock.now()
    expect(redo).toEqual({
      ...draw,
      id: expect.stringMatching(/^gdr_/),
      type: 'REDO',
      createdAt: isoTime(now),
      endsAt: isoTime(now + 60_000),
    })
    expect(redo.id).not.toBe(draw.id)
    expect(await eventsAbout(redo.id)).toEqual([
      { type: 'GIFT_DRAW_STARTED', shopId: platform.demo.id, createdAt: isoTime(now), data: redo },
    ])

    // Each draw keeps its own gifts: the REDO's winners show in the REDO only.
    const finished = await finish(redo.id, [twitch('1', 'late_lurker')])
    expect(finished.status).toBe(200)
    const winners = finished.body.gifts.filter((g: { winner: unknown }) => g.winner !== undefined)
    expect(winners).toHaveLength(1)
    const initial = await platform.call('getGiftDraw', { params: { drawId: draw.id } })
    expect(initial.body).toEqual({ ...draw, finishedAt: isoTime(deadline) })
  })

  it('is ended by the background task on its own once the clock passes the deadline', async () => {
    const { draw } = await openDraw(1)
    await platform.clock.advance((60 + drawGraceSeconds + 1) * 1000)
    await vi.waitFor(
      async () => {
        const { body } = await platform.call('getGiftDraw', { params: { drawId: draw.id } })
        expect(body.finishedAt).not.toBeNull()
      },
      { timeout: 10_000, interval: 50 },
    )
    expect((await eventsAbout(draw.id)).map((e) => e.type)).toEqual(['GIFT_DRAW_STARTED', 'GIFT_DRAW_ENDED'])
  })

  it('ends an overdue draw without winners when a finish arrives before the task did, and refuses the finish', async () => {
    const { draw } = await openDraw(1)
    const deadline = isoTime(Date.parse(draw.endsAt) + drawGraceSeconds * 1000)
    await platform.clock.advance((60 + drawGraceSeconds) * 1000)
    const late = await finish(draw.id, [twitch('1')])
    expect(late.status).toBe(400)
    expect(late.body).toMatchObject({ code: 'GIVEAWAY_DRAW_ALREADY_FINISHED', details: { finishedAt: deadline } })
    expect((await platform.call('getGiftDraw', { params: { drawId: draw.id } })).body).toEqual({
      ...draw,
      finishedAt: deadline,
    })
    expect((await eventsAbout(draw.id)).map((e) => e.type)).toEqual(['GIFT_DRAW_STARTED', 'GIFT_DRAW_ENDED'])
  })
})

describe('gifting.redoDraw', () => {
  it('holds a REDO for the gifts left without a winner, and only those', async () => {
    const { purchase: bought, draw } = await openDraw(3)
    const first = await finish(draw.id, [twitch('1')])
    const left = first.body.gifts
      .filter((g: { winner: unknown }) => g.winner === undefined)
      .map((g: { id: string }) => g.id)
    expect(left).toHaveLength(2)
    const redo = await services().gifting.redoDraw(platform.demo.id, bought.id, { durationSeconds: 30 })
    expect(redo).toMatchObject({ type: 'REDO', durationSeconds: 30, finishedAt: null })
    expect(redo.gifts).toEqual(left.map((id: string) => ({ id, status: 'AVAILABLE', winner: undefined })))
    // The INITIAL draw still lists its three gifts, with the winner it picked.
    expect((await platform.call('getGiftDraw', { params: { drawId: draw.id } })).body).toEqual(first.body)
  })

  it('holds an INITIAL draw for a purchase made while offline', async () => {
    await setLive(false)
    const { purchase: bought } = await purchase({ quantity: 1 })
    const draw = await services().gifting.redoDraw(platform.demo.id, bought.id)
    expect(draw).toMatchObject({ type: 'INITIAL', giveawayId: bought.id, durationSeconds: 60 })
  })

  it('refuses while a draw is running (409), when no gift is left to draw (409), and for unknown or foreign purchases (404)', async () => {
    const { purchase: bought, draw } = await openDraw(1)
    const gifting = services().gifting
    await expect(gifting.redoDraw(platform.demo.id, bought.id)).rejects.toMatchObject({
      code: 'GIVEAWAY_DRAW_IN_PROGRESS',
      status: 409,
      details: { giftPurchaseId: bought.id, drawId: draw.id },
    })
    await finish(draw.id, [twitch('1')])
    await expect(gifting.redoDraw(platform.demo.id, bought.id)).rejects.toMatchObject({
      code: 'GIVEAWAY_NO_GIFTS_TO_DRAW',
      status: 409,
    })
    await expect(gifting.redoDraw(platform.demo.id, 'giv_nope')).rejects.toMatchObject({
      code: 'GIFT_PURCHASE_NOT_FOUND',
      status: 404,
    })
    await expect(gifting.redoDraw(platform.other.id, bought.id)).rejects.toMatchObject({
      code: 'GIFT_PURCHASE_NOT_FOUND',
      status: 404,
    })
  })

  it('ends a draw past its deadline (GIFT_DRAW_ENDED, no winners) and opens the REDO in its place', async () => {
    const { purchase: bought, draw } = await openDraw(2)
    await platform.clock.advance((60 + drawGraceSeconds) * 1000)
    // Whether the background task or the redo ends it, it is ended exactly once.
    const redo = await services().gifting.redoDraw(platform.demo.id, bought.id)
    expect(redo).toMatchObject({ type: 'REDO', gifts: draw.gifts, finishedAt: null })
    const ended = await platform.call('getGiftDraw', { params: { drawId: draw.id } })
    expect(ended.body.finishedAt).toBe(isoTime(Date.parse(draw.endsAt) + drawGraceSeconds * 1000))
    expect((await eventsAbout(draw.id)).map((e) => e.type)).toEqual(['GIFT_DRAW_STARTED', 'GIFT_DRAW_ENDED'])
    const open = await db()
      .selectFrom('gift_draws')
      .select('id')
      .where('gift_purchase_id', '=', bought.id)
      .where('finished_at', 'is', null)
      .execute()
    expect(open).toEqual([{ id: redo.id }])
  })

  it('lets exactly one of two simultaneous redos open a draw', async () => {
    const { purchase: bought, draw } = await openDraw(2)
    await finish(draw.id, [])
    const gifting = services().gifting
    const results = await Promise.allSettled([
      gifting.redoDraw(platform.demo.id, bought.id),
      gifting.redoDraw(platform.demo.id, bought.id),
    ])
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected'])
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult
    expect(refused.reason).toMatchObject({ code: 'GIVEAWAY_DRAW_IN_PROGRESS' })
  })
})

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
