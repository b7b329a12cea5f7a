// Storefront carts: creating one (POST /v1/carts) and reading it (GET /v1/carts/{cartId}).
import { describe, expect, it } from 'vitest'
import type { CallResult } from '../../testing/test-platform.js'
import { cartIdleExpiryMs } from './cart-rules.js'
import {
  asDemo,
  asOther,
  createCart,
  db,
  expectValidation,
  limited,
  lines,
  newCart,
  pick,
  platform,
  rates,
  sellable,
  setUpCartCalls,
  unlimited,
  variantsOf,
} from './testing/cart-calls.js'

setUpCartCalls()

describe('POST /v1/carts', () => {
  it('creates an empty cart in the shop currency, with a UUID, metadata and timestamps', async () => {
    const { status, body, headers } = await createCart({ items: [] })
    expect(status).toBe(200)
    expect(body).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      currency: 'USD',
      items: [],
      metadata: {},
      createdAt: new Date(platform.clock.now()).toISOString(),
      updatedAt: new Date(platform.clock.now()).toISOString(),
    })
    expect(headers['cache-control']).toBe('no-store')
  })

  it('creates lines with product stubs, skipping quantity 0 and merging repeats (C1)', async () => {
    const [a, b, c] = await pick(unlimited, 3)
    const { body } = await createCart({
      items: [
        { variantId: a!.id, quantity: 2 },
        { variantId: b!.id, quantity: 0 },
        { variantId: a!.id, quantity: 3 },
        { variantId: c!.id, quantity: 1 },
      ],
      metadata: { source: 'pixel_site', utm_campaign: 'winter' },
    })
    expect(lines({ body } as CallResult)).toEqual([
      [a!.id, 5],
      [c!.id, 1],
    ])
    const product = await db
      .selectFrom('products')
      .selectAll()
      .where('id', '=', a!.product_id)
      .executeTakeFirstOrThrow()
    expect(body.items[0].variant.product).toEqual({ id: product.id, name: product.name, slug: product.slug })
    expect(body.items[0].variant.unitPrice).toEqual({ value: a!.unit_price / 100, currency: 'USD' })
    expect(body.metadata).toEqual({ source: 'pixel_site', utm_campaign: 'winter' })
  })

  it('accepts quantities 0, 1 and 1000 and refuses 1001, negative, fractional and non-numeric ones', async () => {
    const [v] = await pick(unlimited)
    for (const quantity of [0, 1, 1000]) {
      const result = await createCart({ items: [{ variantId: v!.id, quantity }] })
      expect(result.status, String(quantity)).toBe(200)
      expect(lines(result)).toEqual(quantity === 0 ? [] : [[v!.id, quantity]])
    }
    expectValidation(await createCart({ items: [{ variantId: v!.id, quantity: 1001 }] }), 'items/0/quantity', 'maximum')
    expectValidation(await createCart({ items: [{ variantId: v!.id, quantity: -1 }] }), 'items/0/quantity', 'minimum')
    expectValidation(await createCart({ items: [{ variantId: v!.id, quantity: 1.5 }] }), 'items/0/quantity', 'type')
    expectValidation(await createCart({ items: [{ variantId: v!.id, quantity: '2' }] }), 'items/0/quantity', 'type')
    expectValidation(await createCart({ items: [{ variantId: v!.id, quantity: null }] }), 'items/0/quantity', 'type')
  })

  it('refuses a missing items list, a bad variant id, unknown fields and more than 100 items', async () => {
    const [v] = await pick(unlimited)
    expectValidation(await createCart({}), 'items', 'required')
    expectValidation(await createCart({ items: [{ variantId: 'abc', quantity: 1 }] }), 'items/0/variantId', 'format')
    expectValidation(await createCart({ items: [], note: 'x' }), 'note', 'additionalProperties')
    const many = Array.from({ length: 101 }, () => ({ variantId: v!.id, quantity: 1 }))
    expectValidation(await createCart({ items: many }), 'items', 'maxItems')
  })

  it('refuses metadata beyond its limits', async () => {
    const eleven = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`k${i}`, 'v']))
    expectValidation(await createCart({ items: [], metadata: eleven }), 'metadata', 'maxProperties')
    expectValidation(await createCart({ items: [], metadata: { 'bad-key': 'v' } }), 'metadata', 'pattern')
    expectValidation(await createCart({ items: [], metadata: { k: 'x'.repeat(513) } }), 'metadata/k', 'maxLength')
    expectValidation(await createCart({ items: [], metadata: { k: 1 } }), 'metadata/k', 'type')
    const ok = await createCart({ items: [], metadata: { k: 'x'.repeat(512) } })
    expect(ok.status).toBe(200)
  })

  it('answers 400 CART_VARIANT_NOT_FOUND naming an unknown, archived or other-shop variant', async () => {
    const [archived] = await pick((v) => v.access === 'ARCHIVED')
    const [foreign] = (await variantsOf(platform.other.id)).filter(sellable)
    const [ok] = await pick(unlimited)
    for (const variantId of ['0d9c8b7a-6f5e-4d3c-8b1a-0f9e8d7c6b5a', archived!.id, foreign!.id]) {
      const result = await createCart({
        items: [
          { variantId: ok!.id, quantity: 1 },
          { variantId, quantity: 1 },
        ],
      })
      expect(result.status).toBe(400)
      expect(result.body).toEqual({
        code: 'CART_VARIANT_NOT_FOUND',
        message: `Variant ${variantId} is not sold by this shop.`,
        details: { variantId },
      })
    }
  })

  it('accepts a hidden product’s variant (reachable by slug)', async () => {
    const [hidden] = await pick((v) => v.access === 'HIDDEN' && v.state === 'AVAILABLE' && (v.in_stock ?? 1) > 0)
    const result = await createCart({ items: [{ variantId: hidden!.id, quantity: 1 }] })
    expect(result.status).toBe(200)
  })

  it('answers 409 CART_INSUFFICIENT_STOCK with the available quantity for a limited variant', async () => {
    const [v] = await pick(limited)
    const stock = v!.in_stock as number
    expect((await createCart({ items: [{ variantId: v!.id, quantity: stock }] })).status).toBe(200)
    const over = await createCart({
      items: [
        { variantId: v!.id, quantity: stock - 1 },
        { variantId: v!.id, quantity: 2 },
      ],
    })
    expect(over.status).toBe(409)
    expect(over.body).toEqual({
      code: 'CART_INSUFFICIENT_STOCK',
      message: `Only ${stock} of variant ${v!.id} are in stock.`,
      details: { variantId: v!.id, available: stock },
    })
  })

  it('treats a limited variant with no stock and a sold-out product as 0 available', async () => {
    const [empty] = await pick((v) => sellable(v) && v.stock_type === 'LIMITED' && v.in_stock === 0)
    const [soldOut] = await pick((v) => v.access !== 'ARCHIVED' && v.state === 'SOLD_OUT')
    for (const variant of [empty!, soldOut!]) {
      const result = await createCart({ items: [{ variantId: variant.id, quantity: 1 }] })
      expect(result.status).toBe(409)
      expect(result.body.details).toEqual({ variantId: variant.id, available: 0 })
    }
  })

  it('answers prices in the requested currency and keeps it as the cart’s currency', async () => {
    const [v] = await pick(unlimited)
    const created = await createCart({ items: [{ variantId: v!.id, quantity: 1 }] }, { currency: 'JPY' })
    expect(created.body.currency).toBe('JPY')
    const yen = rates.convert(v!.unit_price, 'USD', 'JPY')
    expect(created.body.items[0].variant.unitPrice).toEqual({ value: yen, currency: 'JPY' })
    const read = await platform.call('getCart', { auth: asDemo, params: { cartId: created.body.id } })
    expect(read.body.currency).toBe('JPY')
    const inEuro = await platform.call('getCart', {
      auth: asDemo,
      params: { cartId: created.body.id },
      query: { currency: 'EUR' },
    })
    expect(inEuro.body.items[0].variant.unitPrice).toEqual({
      value: rates.convert(v!.unit_price, 'USD', 'EUR') / 100,
      currency: 'EUR',
    })
    const bad = await createCart({ items: [] }, { currency: 'BRL' })
    expect(bad.status).toBe(400)
    expect(bad.body.code).toBe('UNSUPPORTED_CURRENCY')
  })
})

describe('GET /v1/carts/{cartId}', () => {
  it('answers 404 CART_NOT_FOUND for another shop’s cart, on reads and changes alike (C4)', async () => {
    const [v] = await pick(unlimited)
    const cartId = await newCart([{ variantId: v!.id, quantity: 1 }])
    const read = await platform.call('getCart', { auth: asOther, params: { cartId } })
    expect(read.status).toBe(404)
    expect(read.body).toEqual({
      code: 'CART_NOT_FOUND',
      message: `No cart ${cartId} in this shop (carts expire 30 days after their last change).`,
      details: { cartId },
    })
    const write = await platform.call('addCartItems', {
      auth: asOther,
      params: { cartId },
      body: { items: [{ variantId: v!.id, quantity: 1 }] },
    })
    expect(write.status).toBe(404)
    const unknown = await platform.call('getCart', {
      auth: asDemo,
      params: { cartId: '5e0c6f3a-1b2d-4c8e-9f7a-3b4c5d6e7f80' },
    })
    expect(unknown.status).toBe(404)
    const malformed = await platform.call('getCart', { auth: asDemo, params: { cartId: 'not-a-uuid' } })
    expect(malformed.status).toBe(400)
  })

  it('drops lines whose product was archived since they were added', async () => {
    const candidates = await pick((v) => unlimited(v) && v.access === 'PUBLIC', 20)
    const a = candidates[0]
    const b = candidates.find((v) => v.product_id !== a!.product_id)
    const cartId = await newCart([
      { variantId: a!.id, quantity: 1 },
      { variantId: b!.id, quantity: 1 },
    ])
    await db.updateTable('products').set({ access: 'ARCHIVED' }).where('id', '=', a!.product_id).execute()
    try {
      const read = await platform.call('getCart', { auth: asDemo, params: { cartId } })
      expect(lines(read)).toEqual([[b!.id, 1]])
    } finally {
      await db.updateTable('products').set({ access: 'PUBLIC' }).where('id', '=', a!.product_id).execute()
    }
  })

  it('can still be read once closed, and answers 409 CART_CLOSED to every change', async () => {
    const [v] = await pick(unlimited)
    const cartId = await newCart([{ variantId: v!.id, quantity: 1 }])
    await db.updateTable('carts').set({ status: 'CLOSED' }).where('id', '=', cartId).execute()
    expect((await platform.call('getCart', { auth: asDemo, params: { cartId } })).status).toBe(200)
    for (const operationId of ['addCartItems', 'changeCartItems', 'removeCartItems']) {
      const result = await platform.call(operationId, {
        auth: asDemo,
        params: { cartId },
        body: { items: [{ variantId: v!.id, ...(operationId === 'removeCartItems' ? {} : { quantity: 1 }) }] },
      })
      expect(result.status, operationId).toBe(409)
      expect(result.body).toEqual({
        code: 'CART_CLOSED',
        message: `Cart ${cartId} was already checked out; create a new cart.`,
        details: { cartId },
      })
    }
  })

  it('expires 30 days after the last change, and expired carts are deleted later', async () => {
    const [v] = await pick(unlimited)
    const cartId = await newCart([{ variantId: v!.id, quantity: 1 }])
    // Ages the cart instead of moving the shared clock by a month (background tasks sleep on it):
    // its last change, and its creation with it (a cart is never changed before it was created).
    const age = async (ms: number) => {
      const at = new Date(platform.clock.now() - ms).toISOString()
      await db.updateTable('carts').set({ updated_at: at }).where('id', '=', cartId).execute()
      await db
        .updateTable('carts')
        .set({ created_at: at })
        .where('id', '=', cartId)
        .where('created_at', '>', at)
        .execute()
    }
    await age(cartIdleExpiryMs - 1000)
    expect((await platform.call('getCart', { auth: asDemo, params: { cartId } })).status).toBe(200)
    // A change restarts the 30 days.
    const added = await platform.call('addCartItems', {
      auth: asDemo,
      params: { cartId },
      body: { items: [{ variantId: v!.id, quantity: 1 }] },
    })
    expect(added.body.updatedAt).toBe(new Date(platform.clock.now()).toISOString())
    await age(cartIdleExpiryMs)
    const expired = await platform.call('getCart', { auth: asDemo, params: { cartId } })
    expect(expired.status).toBe(404)
    expect(expired.body.code).toBe('CART_NOT_FOUND')
    const change = await platform.call('addCartItems', {
      auth: asDemo,
      params: { cartId },
      body: { items: [{ variantId: v!.id, quantity: 1 }] },
    })
    expect(change.status).toBe(404)
    // Creating a cart deletes expired ones (at most once an hour).
    await platform.clock.advance(60 * 60 * 1000)
    await newCart()
    const row = await db.selectFrom('carts').select('id').where('id', '=', cartId).executeTakeFirst()
    expect(row).toBeUndefined()
  })
})
