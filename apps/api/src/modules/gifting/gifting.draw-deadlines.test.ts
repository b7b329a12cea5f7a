// A draw nobody finishes: ended at its deadline, and the REDO draw for the gifts left (gifting.redoDraw).
import { describe, expect, it, vi } from 'vitest'
import { isoTime } from '../../clock.js'
import { drawGraceSeconds } from './draw-policy.js'
import {
  db,
  eventsAbout,
  finish,
  openDraw,
  platform,
  purchase,
  services,
  setLive,
  setUpGiftDraws,
  twitch,
} from './testing/gift-draws.js'

setUpGiftDraws()

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
