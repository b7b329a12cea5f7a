import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../db/database.js'
import { createTestPlatform, type TestPlatform } from '../../testing/test-platform.js'
import { type AdminClient, signInAdmin } from '../admin/testing/admin-client.js'
import { giftCardCodeHash } from '../gift-cards/gift-card-codes.js'

/**
 * Gift cards at the hosted checkout (decision 0022), through the JSON endpoints the checkout page
 * calls and the open API that shows the order: a card pays part or all of the total, exactly in
 * minor units; the order shows `amounts.giftCards` (masked code) on every order read and in
 * ORDER_PLACED; a spent, unknown, foreign or other-currency card is refused naming `giftCardCode`
 * with nothing written; concurrent orders never overdraw a card (on PostgreSQL they race real
 * concurrent transactions).
 */

let platform: TestPlatform
let db: Db
let staff: AdminClient
let otherStaff: AdminClient
beforeAll(async () => {
  platform = await createTestPlatform()
  db = platform.app.platform.services.db
  staff = await signInAdmin(platform, 'STAFF')
  otherStaff = await signInAdmin(platform, 'STAFF', 'other')
})
afterAll(() => platform.close())

const approvedCard = {
  'card.name': 'Sam Rivera',
  'card.number': '4242 4242 4242 4242',
  'card.expiry': '12/30',
  'card.cvc': '123',
}

function form(cartId: string, overrides: Record<string, string> = {}) {
  return {
    cartId,
    email: 'gift.card.shopper@example.com',
    'shipping.name': 'Sam Rivera',
    'shipping.address1': '1200 Morrison St',
    'shipping.city': 'Portland',
    'shipping.state': 'OR',
    'shipping.zip': '97204',
    'shipping.country': 'US',
    billingSameAsShipping: 'on',
    ...overrides,
  }
}

async function post(url: string, body: Record<string, unknown>) {
  const response = await platform.app.inject({ method: 'POST', url, payload: body })
  return { status: response.statusCode, body: response.json() }
}

/** A public, available, unlimited variant of the demo shop (carts never run out of it). */
async function unlimitedVariant() {
  return db
    .selectFrom('variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .selectAll('v')
    .where('p.shop_id', '=', platform.demo.id)
    .where('p.access', '=', 'PUBLIC')
    .where('p.state', '=', 'AVAILABLE')
    .where('v.stock_type', '=', 'UNLIMITED')
    .where('v.unit_price', '>=', 2500)
    .where('v.unit_price', '<=', 4000)
    .orderBy('v.id')
    .executeTakeFirstOrThrow()
}

async function cart(currency?: string) {
  const variant = await unlimitedVariant()
  const result = await platform.call('createCart', {
    auth: { storefrontToken: platform.demo.storefrontToken },
    query: currency ? { currency } : {},
    body: { items: [{ variantId: variant.id, quantity: 1 }] },
  })
  expect(result.status).toBe(200)
  return result.body.id as string
}

async function issue(value: number, currency = 'USD', admin = staff): Promise<{ id: string; code: string }> {
  const issued = await admin.post('/admin/api/gift-cards', { amount: { value, currency } })
  expect(issued.status, JSON.stringify(issued.body)).toBe(201)
  return issued.body
}

async function balanceOf(id: string) {
  return (await db.selectFrom('gift_cards').select('balance').where('id', '=', id).executeTakeFirstOrThrow()).balance
}

async function counts() {
  const [orders, events] = await Promise.all([
    db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ])
  return { orders: Number(orders.n), events: Number(events.n) }
}

async function quote(cartId: string, giftCardCode: string) {
  const quoted = await post('/checkout/api/quote', form(cartId, { giftCardCode }))
  expect(quoted.status).toBe(200)
  return quoted.body
}

describe('a gift card paying at checkout', () => {
  it('pays part of the total exactly (10.01 of the order); the card pays the rest; the order and ORDER_PLACED show it', async () => {
    const card = await issue(10.01)
    const cartId = await cart()
    const quoted = await quote(cartId, card.code)
    expect(quoted.giftCard).toEqual({ label: expect.stringMatching(/\*{4}-[A-Z0-9]{4}$/), amount: '$10.01' })
    const total = Math.round(Number(quoted.total.replace(/[$,]/g, '')) * 100)
    expect(total).toBeGreaterThan(1001)
    expect(quoted.amountDueMinor).toBe(total - 1001)

    const placed = await post('/checkout/api/orders', form(cartId, { giftCardCode: card.code, ...approvedCard }))
    expect(placed.status, JSON.stringify(placed.body)).toBe(201)
    expect(await balanceOf(card.id)).toBe(0)

    const last4 = card.code.slice(-4)
    const expected = [
      { code: `****-****-****-${last4}`, amountUsed: { value: 10.01, currency: 'USD' }, giftCardId: card.id },
    ]
    const order = await platform.call('getOrder', { params: { orderId: placed.body.orderId } })
    expect(order.status).toBe(200)
    expect(order.body.amounts.giftCards).toEqual(expected)
    // `total` is the order's value: gift cards are a way of paying it.
    expect(order.body.amounts.total).toEqual({ value: total / 100, currency: 'USD' })
    const byFriendly = await platform.call('getOrderByFriendlyId', { params: { friendlyId: placed.body.friendlyId } })
    expect(byFriendly.body.amounts.giftCards).toEqual(expected)
    const listed = await platform.call('listOrders', { query: { email: 'gift.card.shopper@example.com', size: 100 } })
    const inList = listed.body.results.find((o: { id: string }) => o.id === placed.body.orderId)
    expect(inList.amounts.giftCards).toEqual(expected)
    // The full code appears nowhere in what the shop's integrations receive.
    expect(JSON.stringify(order.body)).not.toContain(card.code)

    const event = await db
      .selectFrom('events')
      .selectAll()
      .where('type', '=', 'ORDER_PLACED')
      .where('shop_id', '=', platform.demo.id)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
    const data = JSON.parse(event.data)
    expect(data.id).toBe(placed.body.orderId)
    expect(data.amounts.giftCards).toEqual(expected)
    // The webhook payload is the order as the open API shows it (which the harness checked against the contract).
    expect(data).toEqual(order.body)
  })

  it('pays the whole total: no payment card is asked for; the rest of the balance stays on the card', async () => {
    const card = await issue(500)
    const cartId = await cart()
    const quoted = await quote(cartId, card.code.toLowerCase().replaceAll('-', ' '))
    expect(quoted.amountDueMinor).toBe(0)
    const total = Math.round(Number(quoted.total.replace(/[$,]/g, '')) * 100)
    // Typed in lower case with spaces, without card details.
    const placed = await post(
      '/checkout/api/orders',
      form(cartId, { giftCardCode: card.code.toLowerCase().replaceAll('-', ' ') }),
    )
    expect(placed.status, JSON.stringify(placed.body)).toBe(201)
    expect(await balanceOf(card.id)).toBe(50_000 - total)
    const order = await platform.call('getOrder', { params: { orderId: placed.body.orderId } })
    expect(order.body.amounts.giftCards[0].amountUsed).toEqual({ value: total / 100, currency: 'USD' })
  })

  it('takes the demo shop’s seeded gift cards (printed with the demo credentials)', async () => {
    const seeded = platform.demo.giftCards ?? []
    expect(seeded.map((c) => c.balance)).toEqual(['25.00 USD', '10.01 USD'])
    const quoted = await quote(await cart(), seeded[1]?.code ?? '')
    expect(quoted.giftCard.amount).toBe('$10.01')
  })

  it('shows giftCards: [] on an order no card paid for', async () => {
    const cartId = await cart()
    const placed = await post('/checkout/api/orders', form(cartId, approvedCard))
    expect(placed.status).toBe(201)
    const order = await platform.call('getOrder', { params: { orderId: placed.body.orderId } })
    expect(order.body.amounts.giftCards).toEqual([])
  })

  it('gives the balance back when the shop cancels the order', async () => {
    const card = await issue(20)
    const cartId = await cart()
    const placed = await post('/checkout/api/orders', form(cartId, { giftCardCode: card.code, ...approvedCard }))
    expect(placed.status).toBe(201)
    expect(await balanceOf(card.id)).toBe(0)
    const cancelled = await staff.post(`/admin/api/orders/${placed.body.orderId}/cancel`)
    expect(cancelled.status).toBe(200)
    expect(await balanceOf(card.id)).toBe(2000)
  })
})

describe('a gift card the checkout refuses (nothing is written)', () => {
  async function refused(giftCardCode: string, currency?: string) {
    const cartId = await cart(currency)
    const before = await counts()
    const result = await post(
      '/checkout/api/orders',
      form(cartId, { giftCardCode, ...approvedCard, ...(currency ? { currency } : {}) }),
    )
    expect(await counts()).toEqual(before)
    const openCart = await db.selectFrom('carts').select('status').where('id', '=', cartId).executeTakeFirstOrThrow()
    expect(openCart.status).not.toBe('CLOSED')
    const quoted = await post('/checkout/api/quote', form(cartId, { giftCardCode, ...(currency ? { currency } : {}) }))
    expect(quoted.body.giftCardError).toBe(result.body.message)
    return result
  }

  it('a spent card: 409 GIFT_CARD_SPENT naming giftCardCode', async () => {
    const card = await issue(1)
    const first = await post('/checkout/api/orders', form(await cart(), { giftCardCode: card.code, ...approvedCard }))
    expect(first.status).toBe(201)
    const result = await refused(card.code)
    expect(result.status).toBe(409)
    expect(result.body).toMatchObject({ code: 'GIFT_CARD_SPENT', details: { field: 'giftCardCode' } })
  })

  it('an unknown code: 400 GIFT_CARD_NOT_FOUND naming giftCardCode', async () => {
    const result = await refused('ZZZZ-ZZZZ-ZZZZ-ZZZZ')
    expect(result.status).toBe(400)
    expect(result.body).toMatchObject({ code: 'GIFT_CARD_NOT_FOUND', details: { field: 'giftCardCode' } })
  })

  it('another shop’s card is unknown here (400), and its balance is untouched', async () => {
    const foreign = await issue(50, 'EUR', otherStaff)
    const result = await refused(foreign.code, 'EUR')
    expect(result.status).toBe(400)
    expect(result.body.code).toBe('GIFT_CARD_NOT_FOUND')
    expect(await balanceOf(foreign.id)).toBe(5000)
  })

  it('a card in another currency than the order: 409 GIFT_CARD_CURRENCY_MISMATCH', async () => {
    const card = await issue(50)
    const result = await refused(card.code, 'EUR')
    expect(result.status).toBe(409)
    expect(result.body).toMatchObject({
      code: 'GIFT_CARD_CURRENCY_MISMATCH',
      details: { field: 'giftCardCode', giftCardCurrency: 'USD', orderCurrency: 'EUR' },
    })
    expect(await balanceOf(card.id)).toBe(5000)
  })

  it('a declined payment card for the rest leaves the gift card’s balance as it was', async () => {
    const card = await issue(5)
    const cartId = await cart()
    const result = await post(
      '/checkout/api/orders',
      form(cartId, { giftCardCode: card.code, ...approvedCard, 'card.number': '4000 0000 0000 0002' }),
    )
    expect(result.status).toBe(402)
    expect(await balanceOf(card.id)).toBe(500)
  })

  it('the no-JavaScript form shows the refusal on the gift card field', async () => {
    const cartId = await cart()
    const response = await platform.app.inject({
      method: 'POST',
      url: '/checkout/',
      payload: new URLSearchParams(form(cartId, { giftCardCode: 'ZZZZ-ZZZZ-ZZZZ-ZZZZ', ...approvedCard })).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(response.statusCode).toBe(400)
    expect(response.body).toContain('There is no gift card with the code ending ZZZZ')
  })
})

describe('concurrent orders spending one card', () => {
  it('never overdraw it: of four parallel orders each worth more than the balance, exactly one uses it', async () => {
    const card = await issue(20)
    const carts = await Promise.all([cart(), cart(), cart(), cart()])
    const results = await Promise.all(
      carts.map((cartId) => post('/checkout/api/orders', form(cartId, { giftCardCode: card.code, ...approvedCard }))),
    )
    const statuses = results.map((r) => r.status).sort()
    expect(statuses, JSON.stringify(results.map((r) => r.body))).toEqual([201, 409, 409, 409])
    for (const result of results.filter((r) => r.status === 409)) {
      expect(['GIFT_CARD_SPENT', 'GIFT_CARD_BALANCE_CHANGED']).toContain(result.body.code)
    }
    expect(await balanceOf(card.id)).toBe(0)
    const orders = await db
      .selectFrom('orders')
      .select('gift_cards')
      .where('shop_id', '=', platform.demo.id)
      .where('gift_cards', 'is not', null)
      .execute()
    const used = orders
      .flatMap((o) => JSON.parse(o.gift_cards as string) as { giftCardId: string; amount: number }[])
      .filter((u) => u.giftCardId === card.id)
    expect(used.map((u) => u.amount)).toEqual([2000])
  })

  it('split the balance exactly when each order takes part of it', async () => {
    const card = await issue(60)
    const carts = await Promise.all([cart(), cart(), cart()])
    const results = await Promise.all(
      carts.map((cartId) => post('/checkout/api/orders', form(cartId, { giftCardCode: card.code, ...approvedCard }))),
    )
    const placed = results.filter((r) => r.status === 201)
    const used = await Promise.all(
      placed.map(async (r) => {
        const order = await platform.call('getOrder', { params: { orderId: r.body.orderId } })
        return Math.round((order.body.amounts.giftCards[0]?.amountUsed.value ?? 0) * 100)
      }),
    )
    expect(used.reduce((a, b) => a + b, 0) + (await balanceOf(card.id))).toBe(6000)
    expect(await balanceOf(card.id)).toBeGreaterThanOrEqual(0)
  })
})

describe('gift card codes', () => {
  it('are stored only as a digest and the last four characters', async () => {
    const card = await issue(3)
    const row = await db.selectFrom('gift_cards').selectAll().where('id', '=', card.id).executeTakeFirstOrThrow()
    expect(card.code).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/)
    expect(row.code_hash).toBe(giftCardCodeHash(card.code))
    expect(row.code_last4).toBe(card.code.slice(-4))
    expect(JSON.stringify(row)).not.toContain(card.code.replaceAll('-', ''))
  })
})
