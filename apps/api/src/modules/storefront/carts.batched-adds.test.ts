// Storefront carts: adds that arrive together. On PostgreSQL the API sends concurrent adds to the
// database as one call (cart-add-batches.ts, migration 0028); every add must still answer as if it
// had been alone — its own cart, its own error — and no cart locked elsewhere may hold up the others.
// On SQLite the adds of one event-loop turn to existing lines commit in one transaction, each in its
// own savepoint (carts.repository.ts `addNow`), and must answer the same.
import { describe, expect, it } from 'vitest'
import { testDatabaseUrl } from '../../config.js'
import { runInEffectScope } from '../../db/effect-scope.js'
import {
  asDemo,
  asOther,
  db,
  holdCart,
  limited,
  lines,
  newCart,
  pick,
  platform,
  quantities,
  setUpCartCalls,
  unlimited,
} from './testing/cart-calls.js'

setUpCartCalls()

function add(cartId: string, items: unknown[], auth = asDemo) {
  return platform.call('addCartItems', { auth, params: { cartId }, body: { items } })
}

describe('adds that arrive together', () => {
  it('each answers for its own cart: the right totals, and a refusal refuses only its own add', async () => {
    const [u, w] = await pick(unlimited, 2)
    const [scarce] = await pick(limited)
    const carts = await Promise.all(Array.from({ length: 6 }, () => newCart()))
    const otherShopCart = (await platform.call('createCart', { auth: asOther, body: { items: [] } })).body.id as string

    const wave = [
      // Four adds of 1 to each cart, and one of a second variant to every other cart.
      ...carts.flatMap((cartId) =>
        Array.from({ length: 4 }, () => ({ cartId, items: [{ variantId: u!.id, quantity: 1 }] })),
      ),
      ...carts.filter((_, i) => i % 2 === 0).map((cartId) => ({ cartId, items: [{ variantId: w!.id, quantity: 3 }] })),
      // Refused, in the same wave: more than the stock, an unknown cart, another shop's cart.
      { cartId: carts[0]!, items: [{ variantId: scarce!.id, quantity: (scarce!.in_stock ?? 0) + 1 }] },
      { cartId: '00000000-0000-4000-8000-000000000000', items: [{ variantId: u!.id, quantity: 1 }] },
      { cartId: otherShopCart, items: [{ variantId: u!.id, quantity: 1 }] },
    ]
    const answers = await Promise.all(wave.map(({ cartId, items }) => add(cartId, items)))

    expect(answers.slice(0, -3).map((a) => a.status)).toEqual(Array(wave.length - 3).fill(200))
    expect(answers.at(-3)).toMatchObject({ status: 409, body: { code: 'CART_INSUFFICIENT_STOCK' } })
    expect(answers.at(-2)?.status).toBe(404)
    expect(answers.at(-1)?.status).toBe(404)
    // Each answer is its own cart, one step of its line: the four adds of `u` answer 1, 2, 3, 4.
    for (const cartId of carts) {
      const steps = answers
        .filter((a, i) => a.status === 200 && wave[i]!.cartId === cartId && wave[i]!.items[0]!.variantId === u!.id)
        .map((a) => {
          expect(a.body.id).toBe(cartId)
          return a.body.items.find((i: { variant: { id: string } }) => i.variant.id === u!.id).quantity as number
        })
      expect(steps.sort()).toEqual([1, 2, 3, 4])
    }
    for (const [i, cartId] of carts.entries()) {
      const expected = i % 2 === 0 ? [u!.id, w!.id] : [u!.id]
      expect((await quantities(cartId)).map(([variant]) => variant).sort()).toEqual(expected.sort())
      expect(Object.fromEntries(await quantities(cartId))).toEqual(
        i % 2 === 0 ? { [u!.id]: 4, [w!.id]: 3 } : { [u!.id]: 4 },
      )
    }
    // Nothing of the refused adds was written: the other shop's cart is still empty.
    expect(await quantities(otherShopCart)).toEqual([])
  })

  // PostgreSQL only: SQLite has one writer at a time, there is no row to hold.
  it.runIf(testDatabaseUrl() !== undefined)('a cart locked elsewhere holds up its own add only', async () => {
    const [u] = await pick(unlimited)
    const [locked, free] = await Promise.all([newCart(), newCart()])
    // Another transaction (a checkout, an admin edit) holds the cart's row.
    const holder = await holdCart(locked)

    let lockedAnswered = false
    const waiting = add(locked, [{ variantId: u!.id, quantity: 2 }]).then((answer) => {
      lockedAnswered = true
      return answer
    })
    // Adds to another cart, sent together with and after the waiting one, answer meanwhile.
    const others = await Promise.all(Array.from({ length: 5 }, () => add(free, [{ variantId: u!.id, quantity: 1 }])))
    expect(others.map((a) => a.status)).toEqual([200, 200, 200, 200, 200])
    expect(await quantities(free)).toEqual([[u!.id, 5]])
    expect(lockedAnswered).toBe(false)

    await holder.release()
    const answer = await waiting
    expect(answer.status).toBe(200)
    expect(await quantities(locked)).toEqual([[u!.id, 2]])
  })

  it('an add in an effect scope (an Idempotency-Key) commits with its scope alone, beside adds sent together', async () => {
    const [u] = await pick(unlimited)
    const [scoped, plain] = await Promise.all([newCart(), newCart()])
    const carts = platform.app.platform.services.storefront.carts
    const one = [{ variantId: u!.id, quantity: 2 }]
    // Sent in the same turn: the scope rolls back (its answer could not be saved); the other add,
    // answered 200 in no scope, must stay, and the scoped one must go with its scope.
    const [inScope, alone] = await Promise.all([
      runInEffectScope(async () => ({ commit: false, value: await carts.addItems(platform.demo.id, scoped, one) })),
      carts.addItems(platform.demo.id, plain, one),
    ])
    expect(inScope.items).toHaveLength(1)
    expect(alone.items).toHaveLength(1)
    expect(await quantities(scoped)).toEqual([])
    expect(await quantities(plain)).toEqual([[u!.id, 2]])
  })

  it('adds to existing lines sent together each commit, and a refusal among them refuses only itself', async () => {
    const [u] = await pick(unlimited)
    const [scarce] = await pick(limited)
    const carts = await Promise.all(Array.from({ length: 5 }, () => newCart()))
    // Every cart has a line of `u`; the first also a line of the scarce variant.
    for (const cartId of carts) expect((await add(cartId, [{ variantId: u!.id, quantity: 1 }])).status).toBe(200)
    expect((await add(carts[0]!, [{ variantId: scarce!.id, quantity: 1 }])).status).toBe(200)

    // On SQLite these adds (one turn, existing lines) share one transaction, each in its savepoint.
    const wave = [
      ...carts.map((cartId) => ({ cartId, variantId: u!.id, quantity: 2 })),
      { cartId: carts[0]!, variantId: scarce!.id, quantity: scarce!.in_stock ?? 0 },
      ...carts.map((cartId) => ({ cartId, variantId: u!.id, quantity: 3 })),
    ]
    const answers = await Promise.all(
      wave.map(({ cartId, variantId, quantity }) => add(cartId, [{ variantId, quantity }])),
    )
    expect(answers.map((a) => a.status)).toEqual([...Array(5).fill(200), 409, ...Array(5).fill(200)])
    expect(answers[5]?.body.code).toBe('CART_INSUFFICIENT_STOCK')
    for (const [i, cartId] of carts.entries()) {
      expect(Object.fromEntries(await quantities(cartId))).toEqual(
        i === 0 ? { [u!.id]: 6, [scarce!.id]: 1 } : { [u!.id]: 6 },
      )
    }
  })

  it('adds to the lines of different carts, sent together, each answer their own cart in line order', async () => {
    const [u, w] = await pick(unlimited, 2)
    const [scarce] = await pick(limited)
    const [twoLines, oneLine, scarceLine, empty] = await Promise.all([
      newCart([
        { variantId: u!.id, quantity: 1 },
        { variantId: w!.id, quantity: 2 },
      ]),
      newCart([{ variantId: u!.id, quantity: 5 }]),
      newCart([{ variantId: scarce!.id, quantity: 1 }]),
      newCart(),
    ])
    // On PostgreSQL the first three are one set (each cart once, an existing line each); the empty
    // cart's add makes a new line, one by one, in the same call.
    const [a, b, c, d] = await Promise.all([
      add(twoLines, [{ variantId: w!.id, quantity: 3 }]),
      add(oneLine, [{ variantId: u!.id, quantity: 1 }]),
      add(scarceLine, [{ variantId: scarce!.id, quantity: scarce!.in_stock ?? 0 }]),
      add(empty, [{ variantId: w!.id, quantity: 1 }]),
    ])
    expect(a.status).toBe(200)
    expect(a.body.id).toBe(twoLines)
    expect(lines(a)).toEqual([
      [u!.id, 1],
      [w!.id, 5],
    ])
    expect(b.status).toBe(200)
    expect(lines(b)).toEqual([[u!.id, 6]])
    expect(c).toMatchObject({ status: 409, body: { code: 'CART_INSUFFICIENT_STOCK' } })
    expect(d.status).toBe(200)
    expect(lines(d)).toEqual([[w!.id, 1]])
    expect(await quantities(twoLines)).toEqual([
      [u!.id, 1],
      [w!.id, 5],
    ])
    expect(await quantities(oneLine)).toEqual([[u!.id, 6]])
    expect(await quantities(scarceLine)).toEqual([[scarce!.id, 1]])
    expect(await quantities(empty)).toEqual([[w!.id, 1]])
  })

  // SQLite only: an add to an existing line is one synchronous transaction on the connection; it
  // must never join a transaction of the query builder that happens to be open there.
  it.runIf(testDatabaseUrl() === undefined)(
    'an add while a transaction is open waits for it, never joins it',
    async () => {
      const [u] = await pick(unlimited)
      const cartId = await newCart()
      expect((await add(cartId, [{ variantId: u!.id, quantity: 1 }])).status).toBe(200)
      let release!: () => void
      const held = new Promise<void>((resolve) => {
        release = resolve
      })
      let opened!: () => void
      const open = new Promise<void>((resolve) => {
        opened = resolve
      })
      // Another request's transaction: it writes, waits, then rolls back.
      const holder = db
        .transaction()
        .execute(async (trx) => {
          await trx.updateTable('carts').set({ metadata: '{"held":true}' }).where('id', '=', cartId).execute()
          opened()
          await held
          throw new Error('rolled back on purpose')
        })
        .catch((error: Error) => error.message)
      await open
      // Straight to the service: nothing before the add's own transaction waits on the connection.
      const carts = platform.app.platform.services.storefront.carts
      let answered = false
      const adding = carts.addItems(platform.demo.id, cartId, [{ variantId: u!.id, quantity: 2 }]).then((answer) => {
        answered = true
        return answer
      })
      await new Promise((resolve) => setImmediate(resolve))
      expect(answered).toBe(false)
      release()
      expect(await holder).toBe('rolled back on purpose')
      expect((await adding).items[0]?.quantity).toBe(3)
      // The add survived the other transaction's rollback; that transaction's write did not.
      expect(await quantities(cartId)).toEqual([[u!.id, 3]])
      const cart = await db.selectFrom('carts').select('metadata').where('id', '=', cartId).executeTakeFirstOrThrow()
      expect(cart.metadata).not.toContain('held')
    },
  )
})
