import { describe, expect, it } from 'vitest'
import { drawGraceSeconds } from './draw-policy.js'
import {
  bearer,
  create,
  db,
  eventsAbout,
  finish,
  giftsOf,
  platform,
  product,
  redeem,
  services,
  setUpGiveawayCalls,
  variantId,
} from './testing/giveaway-calls.js'

setUpGiveawayCalls()

describe('finishing', () => {
  it('with no participants returns the prize to the shop: no redeemUrl, every gift CANCELLED', async () => {
    const created = await create({ offerId: product.id, quantity: 2 })
    const finished = await finish(created.body.id, [])
    expect(finished.status).toBe(200)
    expect(finished.body).not.toHaveProperty('redeemUrl')
    expect(finished.body.winners).toEqual([])
    const purchase = await platform.call('getGiftPurchase', { params: { giftPurchaseId: created.body.id } })
    expect(purchase.body.gifts.map((g: { status: string; winner?: unknown }) => [g.status, g.winner ?? null])).toEqual([
      ['CANCELLED', null],
      ['CANCELLED', null],
    ])
    // A returned gift can never be redeemed.
    const [gift] = await giftsOf(created.body.id)
    const page = await platform.app.inject({ method: 'GET', url: `/gifts/${gift?.id}/redeem` })
    expect(page.statusCode).toBe(410)
    expect((await redeem(gift?.id as string, 'anyone@example.com')).body.code).toBe('GIFT_CANCELLED')
  })

  it('de-duplicates entrants by userId: one winner per gift, nobody twice, the rest back to the shop', async () => {
    const created = await create({ offerId: product.id, quantity: 3 })
    const spam = Array.from({ length: 20 }, () => ({ userId: '7', userName: 'spammer' }))
    const finished = await finish(created.body.id, [...spam, { userId: '8', userName: 'lurker' }, ...spam])
    expect(finished.status).toBe(200)
    const winners = finished.body.winners as { userId: string; giftId: string; redeemUrl: string }[]
    expect(winners.map((w) => w.userId).sort()).toEqual(['7', '8'])
    expect(new Set(winners.map((w) => w.giftId)).size).toBe(2)
    expect(finished.body.redeemUrl).toBe(winners[0]?.redeemUrl)
    const gifts = await giftsOf(created.body.id)
    expect(gifts.filter((g) => g.winner_selected_at !== null).map((g) => g.id)).toEqual(
      expect.arrayContaining(winners.map((w) => w.giftId)),
    )
    expect(gifts.filter((g) => g.status === 'CANCELLED')).toHaveLength(1)
  })

  it('picks each entrant with the same chance (every one of 4 entrants wins a 1-gift giveaway sometimes)', async () => {
    const entrants = ['a', 'b', 'c', 'd'].map((name, i) => ({ userId: String(i + 100), userName: name }))
    const seen = new Set<string>()
    for (let round = 0; round < 40 && seen.size < entrants.length; round++) {
      const created = await create({ offerId: product.id, quantity: 1 })
      const finished = await finish(created.body.id, entrants)
      seen.add(finished.body.winners[0].userName)
    }
    // With a uniform pick, missing one of 4 entrants in 40 rounds has probability 4 × 0.75^40 ≈ 4e-5.
    expect([...seen].sort()).toEqual(['a', 'b', 'c', 'd'])
  })

  it('answers 400 GIVEAWAY_DRAW_ALREADY_FINISHED to a second finish and changes nothing', async () => {
    const created = await create({ offerId: product.id, quantity: 1 })
    const first = await finish(created.body.id, [{ userId: '1', userName: 'first' }])
    expect(first.status).toBe(200)
    const second = await finish(created.body.id, [{ userId: '2', userName: 'second' }])
    expect(second.status).toBe(400)
    expect(second.body).toMatchObject({
      code: 'GIVEAWAY_DRAW_ALREADY_FINISHED',
      details: { giveawayId: created.body.id, drawId: created.body.drawId, finishedAt: first.body.finishedAt },
    })
    const [gift] = await giftsOf(created.body.id)
    expect(gift?.winner_username).toBe('first')
    expect((await eventsAbout(created.body.id)).map((e) => e.type)).toEqual(['GIFT_DRAW_STARTED', 'GIFT_DRAW_ENDED'])
  })

  it('ends a giveaway nobody finished 1 minute after endsAt: GIFT_DRAW_ENDED, gifts back to the shop', async () => {
    const created = await create({ offerId: product.id, quantity: 2, durationSeconds: 30 })
    expect(created.body.endsAt).toBe(new Date(platform.clock.now() + 30_000).toISOString())
    await platform.clock.advance((30 + drawGraceSeconds) * 1000)
    // The app's own deadline task may end it first (it wakes on the clock); either way it ends once.
    await services().drawDeadlines.runOnce()
    const events = await eventsAbout(created.body.id)
    expect(events.map((e) => e.type)).toEqual(['GIFT_DRAW_STARTED', 'GIFT_DRAW_ENDED'])
    expect(events[1]?.data.gifts.map((g: { status: string }) => g.status)).toEqual(['CANCELLED', 'CANCELLED'])
    const late = await finish(created.body.id, [{ userId: '1', userName: 'too_late' }])
    expect(late.status).toBe(400)
    expect(late.body.code).toBe('GIVEAWAY_DRAW_ALREADY_FINISHED')
  })

  it('a finish after the deadline, before the deadline task ran, ends it without winners and refuses', async () => {
    const created = await create({ offerId: product.id, quantity: 1, durationSeconds: 10 })
    await platform.clock.advance((10 + drawGraceSeconds) * 1000)
    const late = await finish(created.body.id, [{ userId: '1', userName: 'too_late' }])
    expect(late.status).toBe(400)
    expect(late.body.code).toBe('GIVEAWAY_DRAW_ALREADY_FINISHED')
    const [gift] = await giftsOf(created.body.id)
    expect(gift).toMatchObject({ status: 'CANCELLED', winner_username: null })
    expect((await eventsAbout(created.body.id)).map((e) => e.type)).toEqual(['GIFT_DRAW_STARTED', 'GIFT_DRAW_ENDED'])
  })
})

describe('bad input and tenancy', () => {
  it('names quantity when it is out of range, and offerId when it is not a UUID', async () => {
    for (const quantity of [0, 101, 1.5]) {
      const result = await create({ offerId: product.id, quantity })
      expect(result.status).toBe(400)
      expect(result.body.details.errors.map((e: { field: string }) => e.field)).toContain('quantity')
    }
    const bad = await create({ offerId: 'hoodie', quantity: 1 })
    expect(bad.status).toBe(400)
    expect(bad.body.details.errors.map((e: { field: string }) => e.field)).toContain('offerId')
    const missing = await create({ quantity: 1 })
    expect(missing.status).toBe(400)
    expect(JSON.stringify(missing.body.details.errors)).toContain('offerId')
  })

  it('answers 404 OFFER_NOT_FOUND_ERROR naming offerId for a variant id or another shop’s product', async () => {
    const variant = await variantId()
    const asVariant = await create({ offerId: variant, quantity: 1 })
    expect(asVariant.status).toBe(404)
    expect(asVariant.body).toMatchObject({ code: 'OFFER_NOT_FOUND_ERROR', details: { offerId: variant } })
    const foreign = await create({ offerId: product.id, quantity: 1 }, platform.asOther)
    expect(foreign.status).toBe(404)
    expect(foreign.body).toMatchObject({ code: 'OFFER_NOT_FOUND_ERROR', details: { offerId: product.id } })
  })

  it('answers 400 GIFT_INVALID_OFFER for an archived product and writes nothing', async () => {
    const archived = await db()
      .selectFrom('products')
      .select('id')
      .where('shop_id', '=', platform.demo.id)
      .where('access', '=', 'ARCHIVED')
      .executeTakeFirstOrThrow()
    const before = await db().selectFrom('gift_purchases').select('id').execute()
    const result = await create({ offerId: archived.id, quantity: 1 })
    expect(result.status).toBe(400)
    expect(result.body).toMatchObject({ code: 'GIFT_INVALID_OFFER', details: { offerId: archived.id } })
    expect(await db().selectFrom('gift_purchases').select('id').execute()).toHaveLength(before.length)
  })

  it('names the participant field that is malformed', async () => {
    const created = await create({ offerId: product.id, quantity: 1 })
    const noName = await finish(created.body.id, [{ userId: '1' }])
    expect(noName.status).toBe(400)
    expect(JSON.stringify(noName.body.details.errors)).toContain('userName')
    const notList = await platform.call('finishGiveaway', {
      params: { id: created.body.id },
      body: { participants: 'everyone' },
    })
    expect(notList.status).toBe(400)
    expect(notList.body.details.errors.map((e: { field: string }) => e.field)).toContain('participants')
    const extra = await finish(created.body.id, [{ userId: '1', userName: 'x', service: 'TWITCH' }])
    expect(extra.status).toBe(400)
    // The giveaway is still open: a valid finish works.
    expect((await finish(created.body.id, [{ userId: '1', userName: 'x' }])).status).toBe(200)
  })

  it('answers 404 GIVEAWAY_NOT_FOUND for another shop’s giveaway, an unknown id and a gift purchase', async () => {
    const created = await create({ offerId: product.id, quantity: 1 })
    const foreign = await finish(created.body.id, [], platform.asOther)
    expect(foreign.status).toBe(404)
    expect(foreign.body).toMatchObject({ code: 'GIVEAWAY_NOT_FOUND', details: { giveawayId: created.body.id } })
    expect((await finish('giv_doesNotExist', [])).body.code).toBe('GIVEAWAY_NOT_FOUND')
    const { purchase } = await services().gifting.purchaseGift(platform.demo.id, {
      productId: product.id,
      quantity: 1,
      email: 'gifter@example.com',
    })
    expect((await finish(purchase.id, [])).body.code).toBe('GIVEAWAY_NOT_FOUND')
    // The other shop's refused call left the giveaway open.
    expect((await finish(created.body.id, [])).status).toBe(200)
  })

  it('replays a create sent again with the same Idempotency-Key instead of creating a second giveaway', async () => {
    const headers = { 'Idempotency-Key': 'giveaway-retry-1' }
    const body = { offerId: product.id, quantity: 1 }
    const first = await platform.call('createGiveaway', { body, headers, auth: bearer() })
    const again = await platform.call('createGiveaway', { body, headers, auth: bearer() })
    expect(first.status).toBe(200)
    expect(again.body).toEqual(first.body)
    const rows = await db().selectFrom('gift_purchases').select('id').where('id', '=', first.body.id).execute()
    expect(rows).toHaveLength(1)
    const other = await platform.call('createGiveaway', { body: { ...body, quantity: 2 }, headers, auth: bearer() })
    expect(other.status).toBe(422)
    expect(other.body.code).toBe('IDEMPOTENCY_KEY_REUSED')
  })
})
