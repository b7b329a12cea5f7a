// Storefront carts: adding, changing and removing lines (POST /v1/carts/{cartId}/add, change, remove).
import type { AddressInfo } from 'node:net'
import { describe, expect, it } from 'vitest'
import { maxCartLines } from './cart-rules.js'
import {
  asDemo,
  db,
  expectValidation,
  limited,
  lines,
  newCart,
  pick,
  platform,
  sellable,
  setUpCartCalls,
  unlimited,
} from './testing/cart-calls.js'

setUpCartCalls()

describe('POST /v1/carts/{cartId}/add', () => {
  function add(cartId: string, items: unknown[], auth = asDemo) {
    return platform.call('addCartItems', { auth, params: { cartId }, body: { items } })
  }

  async function cartRow(cartId: string) {
    const cart = await db.selectFrom('carts').select('updated_at').where('id', '=', cartId).executeTakeFirstOrThrow()
    const rows = await db
      .selectFrom('cart_lines')
      .select(['variant_id', 'quantity', 'updated_at'])
      .where('cart_id', '=', cartId)
      .execute()
    return { cart, rows }
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
    const before = await cartRow(cartId)
    await platform.clock.advance(60_000)
    const over = await add(cartId, [{ variantId: v!.id, quantity: 1 }])
    expect(over.status).toBe(409)
    expect(over.body.details).toEqual({ variantId: v!.id, available: stock })
    // A refused add writes nothing: not the line, not the cart's touch (PostgreSQL's one-trip add
    // rolls its touch back before the ordinary transaction answers).
    expect(await cartRow(cartId)).toEqual(before)
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

  it('serializes 20 parallel adds over HTTP: the line ends at exactly 20, each answer one step of it', async () => {
    // Real sockets, so the adds overlap in the database as a shop's shoppers' would (on PostgreSQL
    // the one-round-trip add of migration 0024, on SQLite the transaction).
    const [v] = await pick(unlimited)
    const cartId = await newCart([{ variantId: v!.id, quantity: 1 }])
    await platform.app.listen({ host: '127.0.0.1', port: 0 })
    const { port } = platform.app.server.address() as AddressInfo
    const url = `http://127.0.0.1:${port}/v1/carts/${cartId}/add?storefront_token=${platform.demo.storefrontToken}`
    const answers = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ items: [{ variantId: v!.id, quantity: 1 }] }),
        })
        expect(response.status).toBe(200)
        const body = (await response.json()) as { items: { variant: { id: string }; quantity: number }[] }
        return body.items.map((i) => [i.variant.id, i.quantity] as const)
      }),
    )
    // Serialized adds each see the one before: the answers are 2…21, every one exactly once.
    const quantities = answers.map((items) => items[0]![1]).sort((a, b) => a - b)
    expect(quantities).toEqual(Array.from({ length: 20 }, (_, i) => i + 2))
    expect(answers.every((items) => items.length === 1 && items[0]![0] === v!.id)).toBe(true)
    const cart = await platform.call('getCart', { auth: asDemo, params: { cartId } })
    expect(lines(cart)).toEqual([[v!.id, 21]])
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
