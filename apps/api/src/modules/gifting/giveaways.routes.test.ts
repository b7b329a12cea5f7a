import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ProductsTable } from '../../db/schema.js'
import { compileSchema } from '../../http/validation.js'
import { type Auth, authHeaders, createTestPlatform, type TestPlatform } from '../../testing/test-platform.js'
import { connect, registerClient, signInAdmin } from '../platform-apps/testing/oauth-harness.js'
import { drawGraceSeconds } from './draw-policy.js'

/**
 * The beta giveaway operations, called the way the platform's example apps call them: plain
 * `fetch`-style requests to `/open-api/v1.0/giveaways/giveaways` and `…/{id}/finish/twitch` with a
 * bearer token of an app granted `giveaway_write webhook_write offer_read` (or an API user's basic
 * auth), bodies `{offerId, quantity}` and `{participants: [{userId, userName}]}`. Every answer is
 * also checked against the contract (`checked`).
 */

let platform: TestPlatform
let product: ProductsTable
/** The example apps' token: `giveaway_write webhook_write offer_read`. */
let appToken = ''
/** A token of an app granted everything the example asks for except `giveaway_write`. */
let noGiveawayToken = ''

const services = () => platform.app.platform.services
const db = () => services().db
const createPath = '/open-api/v1.0/giveaways/giveaways'
const finishPath = (id: string) => `/open-api/v1.0/giveaways/giveaways/${encodeURIComponent(id)}/finish/twitch`

const address = {
  'shipping.name': 'Pixel Pirate',
  'shipping.address1': '1 Main St',
  'shipping.city': 'Austin',
  'shipping.state': 'TX',
  'shipping.zip': '78701',
  'shipping.country': 'US',
}

beforeAll(async () => {
  platform = await createTestPlatform()
  // A public, available product with only unlimited variants (redemptions never run out here).
  const candidates = await db()
    .selectFrom('products')
    .selectAll()
    .where('shop_id', '=', platform.demo.id)
    .where('access', '=', 'PUBLIC')
    .where('state', '=', 'AVAILABLE')
    .orderBy('created_at')
    .execute()
  for (const candidate of candidates) {
    const limited = await db()
      .selectFrom('variants')
      .select('id')
      .where('product_id', '=', candidate.id)
      .where('stock_type', '=', 'LIMITED')
      .executeTakeFirst()
    if (!limited) {
      product = candidate
      break
    }
  }
  expect(product).toBeDefined()
  const admin = await signInAdmin(platform)
  const example = await registerClient(platform, {
    name: 'Streaming Gifting',
    scopes: ['giveaway_write', 'webhook_write', 'offer_read'],
  })
  appToken = (await connect(platform, example, admin)).access_token
  const without = await registerClient(platform, { name: 'No giveaways', scopes: ['webhook_write', 'offer_read'] })
  noGiveawayToken = (await connect(platform, without, admin)).access_token
})
afterAll(() => platform.close())

/** A request as the example apps send it, the answer validated against the contract. */
async function send(method: 'GET' | 'POST' | 'PUT', url: string, auth: Auth, body?: unknown, headers = {}) {
  await platform.clock.advance(100) // keeps every grant well inside its rate limit
  const response = await platform.app.inject({
    method,
    url,
    headers: {
      ...authHeaders(auth),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  })
  if (url.startsWith(createPath))
    checked(response, url.endsWith('/finish/twitch') ? 'finishGiveaway' : 'createGiveaway')
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON bodies, validated above.
  return { status: response.statusCode, body: response.json() as any, headers: response.headers }
}

/** Fails when an answer breaks the operation's documented response schema. */
function checked(response: LightMyRequestResponse, operationId: string): void {
  const operation = platform.operation(operationId)
  const schema = operation.responses[String(response.statusCode)]
  expect(schema, `${operationId} documents ${response.statusCode}`).toBeDefined()
  const validate = compileSchema(schema as Record<string, unknown>)
  expect(validate(response.json()), JSON.stringify(validate.errors)).toBe(true)
}

const bearer = (): Auth => ({ bearer: appToken })

async function create(body: unknown, auth: Auth = bearer()) {
  const result = await platform.call('createGiveaway', { body, auth })
  return result
}

async function finish(id: string, participants: unknown, auth: Auth = bearer()) {
  return platform.call('finishGiveaway', { params: { id }, body: { participants }, auth })
}

async function eventsAbout(giveawayId: string) {
  const rows = await db().selectFrom('events').selectAll().orderBy('created_at').execute()
  return rows
    .map((row) => ({ type: row.type, shopId: row.shop_id, data: JSON.parse(row.data) }))
    .filter((event) => event.data.giveawayId === giveawayId || event.data.id === giveawayId)
}

async function variantId(): Promise<string> {
  const variant = await db()
    .selectFrom('variants')
    .select('id')
    .where('product_id', '=', product.id)
    .orderBy('position')
    .executeTakeFirstOrThrow()
  return variant.id
}

async function redeem(giftId: string, email: string) {
  const response = await platform.app.inject({
    method: 'POST',
    url: `/gifts/api/${giftId}/redeem`,
    payload: { variantId: await variantId(), email, ...address },
  })
  return { status: response.statusCode, body: response.json() }
}

async function giftsOf(giveawayId: string) {
  return db().selectFrom('gifts').selectAll().where('gift_purchase_id', '=', giveawayId).orderBy('position').execute()
}

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
