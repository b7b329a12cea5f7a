// Finishing a gift draw: winners among the chat's entrants (PUT /gifting/draw/{drawId}/finish).
import { describe, expect, it } from 'vitest'
import { isoTime } from '../../clock.js'
import { db, eventsAbout, finish, openDraw, platform, redeemUri, setUpGiftDraws, twitch } from './testing/gift-draws.js'
import { refuseInserts } from './testing/refuse-inserts.js'

setUpGiftDraws()

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
