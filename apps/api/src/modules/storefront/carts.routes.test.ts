import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../db/database.js'
import { type Auth, type CallResult, createTestPlatform, type TestPlatform } from '../../testing/test-platform.js'
import { createExchangeRates } from '../money/exchange-rates.js'
import { cartIdleExpiryMs, maxCartLines } from './cart-rules.js'

let platform: TestPlatform
let db: Db
let asDemo: Auth
let asOther: Auth
beforeAll(async () => {
  platform = await createTestPlatform()
  db = platform.app.platform.services.db
  asDemo = { storefrontToken: platform.demo.storefrontToken }
  asOther = { storefrontToken: platform.other.storefrontToken }
})
afterAll(() => platform.close())

const rates = createExchangeRates()

interface VariantRow {
  id: string
  product_id: string
  unit_price: number
  stock_type: string
  in_stock: number | null
  access: string
  state: string
}

function variantsOf(shopId: string) {
  return db
    .selectFrom('variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .select(['v.id', 'v.product_id', 'v.unit_price', 'v.stock_type', 'v.in_stock', 'p.access', 'p.state'])
    .where('v.shop_id', '=', shopId)
    .orderBy('p.created_at', 'desc')
    .orderBy('v.position')
    .execute() as Promise<VariantRow[]>
}

async function pick(filter: (v: VariantRow) => boolean, count = 1): Promise<VariantRow[]> {
  const found = (await variantsOf(platform.demo.id)).filter(filter).slice(0, count)
  expect(found.length, 'the demo seed has the variants this test needs').toBe(count)
  return found
}

const sellable = (v: VariantRow) => v.access !== 'ARCHIVED' && v.state === 'AVAILABLE'
const unlimited = (v: VariantRow) => sellable(v) && v.stock_type === 'UNLIMITED'
const limited = (v: VariantRow) => sellable(v) && v.stock_type === 'LIMITED' && (v.in_stock ?? 0) >= 2

function createCart(body: unknown, query: Record<string, string> = {}, auth = asDemo) {
  return platform.call('createCart', { auth, body, query })
}

async function newCart(items: { variantId: string; quantity: number }[] = []) {
  const result = await createCart({ items })
  expect(result.status).toBe(200)
  return result.body.id as string
}

function lines(result: CallResult) {
  return result.body.items.map((i: { variant: { id: string }; quantity: number }) => [i.variant.id, i.quantity])
}

function expectValidation(result: CallResult, field: string, rule?: string) {
  expect(result.status, JSON.stringify(result.body)).toBe(400)
  expect(result.body.code).toBe('REQUEST_VALIDATION_FAILED')
  expect(result.body.details.errors).toEqual(
    expect.arrayContaining([expect.objectContaining({ location: 'body', field, ...(rule ? { rule } : {}) })]),
  )
}

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

describe('POST /v1/carts/{cartId}/add', () => {
  function add(cartId: string, items: unknown[], auth = asDemo) {
    return platform.call('addCartItems', { auth, params: { cartId }, body: { items } })
  }

  it('adds to an existing line and appends new variants (C1)', async () => {
    const [a, b] = await pick(unlimited, 2)
    const cartId = await newCart([{ variantId: a!.id, quantity: 1 }])
    const result = await add(cartId, [
      { variantId: a!.id, quantity: 1, recStrategy: 'also_bought' },
      { variantId: b!.id, quantity: 2 },
      { variantId: b!.id, quantity: 1 },
    ])
    expect(result.status).toBe(200)
    expect(lines(result)).toEqual([
      [a!.id, 2],
      [b!.id, 3],
    ])
    const line = await db
      .selectFrom('cart_lines')
      .select('rec_strategy')
      .where('cart_id', '=', cartId)
      .where('variant_id', '=', a!.id)
      .executeTakeFirstOrThrow()
    expect(line.rec_strategy).toBe('also_bought')
  })

  it('accepts 1 and 10000 and refuses 0, 10001, negative, fractional and non-numeric quantities', async () => {
    const [v] = await pick(unlimited)
    const cartId = await newCart()
    expect(lines(await add(cartId, [{ variantId: v!.id, quantity: 1 }]))).toEqual([[v!.id, 1]])
    expect(lines(await add(cartId, [{ variantId: v!.id, quantity: 10000 }]))).toEqual([[v!.id, 10001]])
    expectValidation(await add(cartId, [{ variantId: v!.id, quantity: 0 }]), 'items/0/quantity', 'minimum')
    expectValidation(await add(cartId, [{ variantId: v!.id, quantity: 10001 }]), 'items/0/quantity', 'maximum')
    expectValidation(await add(cartId, [{ variantId: v!.id, quantity: -5 }]), 'items/0/quantity', 'minimum')
    expectValidation(await add(cartId, [{ variantId: v!.id, quantity: 2.25 }]), 'items/0/quantity', 'type')
    expectValidation(await add(cartId, [{ variantId: v!.id, quantity: 'ten' }]), 'items/0/quantity', 'type')
    expectValidation(await add(cartId, []), 'items', 'minItems')
  })

  it('bounds a line at 100000 units', async () => {
    const [v] = await pick(unlimited)
    const cartId = await newCart()
    for (let i = 0; i < 10; i++) await add(cartId, [{ variantId: v!.id, quantity: 10000 }])
    const result = await add(cartId, [{ variantId: v!.id, quantity: 1 }])
    expectValidation(result, 'items/0/quantity', 'maximum')
  })

  it('checks the new line quantity against stock', async () => {
    const [v] = await pick(limited)
    const stock = v!.in_stock as number
    const cartId = await newCart([{ variantId: v!.id, quantity: stock - 1 }])
    expect(lines(await add(cartId, [{ variantId: v!.id, quantity: 1 }]))).toEqual([[v!.id, stock]])
    const over = await add(cartId, [{ variantId: v!.id, quantity: 1 }])
    expect(over.status).toBe(409)
    expect(over.body.details).toEqual({ variantId: v!.id, available: stock })
  })

  it('answers 409 CART_TOO_MANY_LINES beyond 100 lines', async () => {
    const variants = await pick((v) => sellable(v) && (v.stock_type === 'UNLIMITED' || (v.in_stock ?? 0) > 0), 101)
    const cartId = await newCart(variants.slice(0, maxCartLines).map((v) => ({ variantId: v.id, quantity: 1 })))
    const full = await platform.call('getCart', { auth: asDemo, params: { cartId } })
    expect(full.body.items).toHaveLength(100)
    const again = await add(cartId, [{ variantId: variants[0]!.id, quantity: 1 }])
    expect(again.status).toBe(200)
    const over = await add(cartId, [{ variantId: variants[100]!.id, quantity: 1 }])
    expect(over.status).toBe(409)
    expect(over.body).toEqual({
      code: 'CART_TOO_MANY_LINES',
      message: 'A cart holds at most 100 lines.',
      details: { maxLines: 100 },
    })
  })

  it('serializes concurrent adds: 20 adds of 1 give one line of 20 (C3)', async () => {
    const [v] = await pick(unlimited)
    const cartId = await newCart()
    const results = await Promise.all(
      Array.from({ length: 20 }, () => add(cartId, [{ variantId: v!.id, quantity: 1 }])),
    )
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200))
    const cart = await platform.call('getCart', { auth: asDemo, params: { cartId } })
    expect(lines(cart)).toEqual([[v!.id, 20]])
  })

  it('serializes concurrent adds of different variants: no line is lost', async () => {
    const variants = await pick(unlimited, 10)
    const cartId = await newCart()
    await Promise.all(variants.map((v) => add(cartId, [{ variantId: v.id, quantity: 2 }])))
    const cart = await platform.call('getCart', { auth: asDemo, params: { cartId } })
    expect(new Set(cart.body.items.map((i: { variant: { id: string } }) => i.variant.id))).toEqual(
      new Set(variants.map((v) => v.id)),
    )
  })
})

describe('POST /v1/carts/{cartId}/change', () => {
  function change(cartId: string, items: unknown[]) {
    return platform.call('changeCartItems', { auth: asDemo, params: { cartId }, body: { items } })
  }

  it('sets absolute quantities, removes a line at 0 and adds an absent variant (C2)', async () => {
    const [a, b, c] = await pick(unlimited, 3)
    const cartId = await newCart([
      { variantId: a!.id, quantity: 4 },
      { variantId: b!.id, quantity: 1 },
    ])
    const result = await change(cartId, [
      { variantId: a!.id, quantity: 2 },
      { variantId: b!.id, quantity: 0 },
      { variantId: c!.id, quantity: 3 },
    ])
    expect(lines(result)).toEqual([
      [a!.id, 2],
      [c!.id, 3],
    ])
    expect(lines(await change(cartId, [{ variantId: b!.id, quantity: 0 }]))).toEqual([
      [a!.id, 2],
      [c!.id, 3],
    ])
  })

  it('accepts 0, 1 and 1000 and refuses 1001, negative, fractional and non-numeric quantities', async () => {
    const [v] = await pick(unlimited)
    const cartId = await newCart([{ variantId: v!.id, quantity: 5 }])
    expect(lines(await change(cartId, [{ variantId: v!.id, quantity: 1000 }]))).toEqual([[v!.id, 1000]])
    expect(lines(await change(cartId, [{ variantId: v!.id, quantity: 1 }]))).toEqual([[v!.id, 1]])
    expect(lines(await change(cartId, [{ variantId: v!.id, quantity: 0 }]))).toEqual([])
    expectValidation(await change(cartId, [{ variantId: v!.id, quantity: 1001 }]), 'items/0/quantity', 'maximum')
    expectValidation(await change(cartId, [{ variantId: v!.id, quantity: -1 }]), 'items/0/quantity', 'minimum')
    expectValidation(await change(cartId, [{ variantId: v!.id, quantity: 0.5 }]), 'items/0/quantity', 'type')
    expectValidation(await change(cartId, [{ variantId: v!.id, quantity: true }]), 'items/0/quantity', 'type')
    expectValidation(await change(cartId, []), 'items', 'minItems')
  })

  it('checks stock and refuses a variant the shop does not sell', async () => {
    const [v] = await pick(limited)
    const cartId = await newCart([{ variantId: v!.id, quantity: 1 }])
    const over = await change(cartId, [{ variantId: v!.id, quantity: (v!.in_stock as number) + 1 }])
    expect(over.status).toBe(409)
    expect(over.body.code).toBe('CART_INSUFFICIENT_STOCK')
    const unknown = await change(cartId, [{ variantId: '0d9c8b7a-6f5e-4d3c-8b1a-0f9e8d7c6b5a', quantity: 1 }])
    expect(unknown.body.code).toBe('CART_VARIANT_NOT_FOUND')
  })
})

describe('POST /v1/carts/{cartId}/remove', () => {
  it('drops the listed lines and ignores variants not in the cart', async () => {
    const [a, b] = await pick(unlimited, 2)
    const cartId = await newCart([
      { variantId: a!.id, quantity: 1 },
      { variantId: b!.id, quantity: 1 },
    ])
    const result = await platform.call('removeCartItems', {
      auth: asDemo,
      params: { cartId },
      body: { items: [{ variantId: a!.id }, { variantId: '0d9c8b7a-6f5e-4d3c-8b1a-0f9e8d7c6b5a' }] },
    })
    expect(result.status).toBe(200)
    expect(lines(result)).toEqual([[b!.id, 1]])
  })

  it('needs at least one item; validates a quantity but ignores it', async () => {
    const cartId = await newCart()
    expectValidation(
      await platform.call('removeCartItems', { auth: asDemo, params: { cartId }, body: { items: [] } }),
      'items',
      'minItems',
    )
    const [v] = await pick(unlimited)
    expectValidation(
      await platform.call('removeCartItems', {
        auth: asDemo,
        params: { cartId },
        body: { items: [{ variantId: v!.id, quantity: -1 }] },
      }),
      'items/0/quantity',
      'minimum',
    )
  })

  it('accepts the item shape platform clients send to every cart call: {variantId, quantity} removes the whole line', async () => {
    const [a, b] = await pick(unlimited, 2)
    const cartId = await newCart([
      { variantId: a!.id, quantity: 5 },
      { variantId: b!.id, quantity: 2 },
    ])
    // The published client's request, as it sends it (raw HTTP, token in the query).
    const response = await platform.app.inject({
      method: 'POST',
      url: `/v1/carts/${cartId}/remove?storefront_token=${platform.demo.storefrontToken}`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ items: [{ variantId: a!.id, quantity: 1 }] }),
    })
    expect(response.statusCode).toBe(200)
    expect(
      response
        .json()
        .items.map((item: { variant: { id: string }; quantity: number }) => [item.variant.id, item.quantity]),
    ).toEqual([[b!.id, 2]])
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
    // Ages the cart instead of moving the shared clock by a month (background tasks sleep on it).
    const age = (ms: number) =>
      db
        .updateTable('carts')
        .set({ updated_at: new Date(platform.clock.now() - ms).toISOString() })
        .where('id', '=', cartId)
        .execute()
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
