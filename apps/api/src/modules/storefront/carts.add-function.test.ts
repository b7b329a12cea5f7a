// PostgreSQL's `fanshelf_cart_add_lines` (migrations 0027, 0028), called as the API's batcher calls
// it: parallel arrays, one add per index. Adds whose cart occurs once in the call are made as one
// set; the rest one by one. Either way an add answers a row only when it was made, with the cart's
// lines before it; an add without a row wrote nothing and is left to the caller.
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { testDatabaseUrl } from '../../config.js'
import { maxCartLines, maxLineQuantity } from './cart-rules.js'
import {
  db,
  holdCart,
  limited,
  newCart,
  pick,
  platform,
  quantities,
  setUpCartCalls,
  unlimited,
} from './testing/cart-calls.js'

setUpCartCalls()

interface Add {
  cartId: string
  variantId: string
  quantity: number
}

interface Row {
  item: number
  cart: { id: string; updated_at: string }
  lines: { id: string; line_quantity: number; line_position: number }[]
  added: { id: string; line_position: number } | null
}

const at = '2030-01-01T00:00:00.000Z'

async function call(adds: Add[], executor = db): Promise<Map<number, Row>> {
  const { rows } = await sql<Row>`select item, cart, lines, added from fanshelf_cart_add_lines(
      ${adds.map(() => platform.demo.id)}::text[], ${adds.map((a) => a.cartId)}::text[],
      ${adds.map((a) => a.variantId)}::text[], ${adds.map((a) => a.quantity)}::integer[],
      ${adds.map(() => null)}::text[], ${adds.map(() => at)}::text[],
      ${adds.map(() => '2000-01-01T00:00:00.000Z')}::text[], ${maxLineQuantity}, ${maxCartLines})`.execute(executor)
  return new Map(rows.map((row) => [row.item, row]))
}

describe.runIf(testDatabaseUrl() !== undefined)('fanshelf_cart_add_lines', () => {
  it('makes adds to existing lines of different carts as a set, answering each cart and its lines before', async () => {
    const [u, w] = await pick(unlimited, 2)
    const [scarce] = await pick(limited)
    const twoLines = await newCart([
      { variantId: u!.id, quantity: 1 },
      { variantId: w!.id, quantity: 2 },
    ])
    const oneLine = await newCart([{ variantId: u!.id, quantity: 5 }])
    const scarceLine = await newCart([{ variantId: scarce!.id, quantity: 1 }])
    const rows = await call([
      { cartId: twoLines, variantId: w!.id, quantity: 3 },
      { cartId: oneLine, variantId: u!.id, quantity: 1 },
      { cartId: scarceLine, variantId: scarce!.id, quantity: scarce!.in_stock ?? 0 },
    ])
    expect([...rows.keys()].sort()).toEqual([1, 2])
    expect(rows.get(1)).toMatchObject({ cart: { id: twoLines, updated_at: at }, added: null })
    expect(rows.get(1)!.lines.map((l) => [l.id, l.line_quantity, l.line_position])).toEqual([
      [u!.id, 1, 0],
      [w!.id, 2, 1],
    ])
    expect(rows.get(2)!.lines.map((l) => [l.id, l.line_quantity])).toEqual([[u!.id, 5]])
    expect(await quantities(twoLines)).toEqual([
      [u!.id, 1],
      [w!.id, 5],
    ])
    expect(await quantities(oneLine)).toEqual([[u!.id, 6]])
    // The refused add wrote nothing: neither its line nor its cart's touch.
    expect(await quantities(scarceLine)).toEqual([[scarce!.id, 1]])
    const untouched = await db.selectFrom('carts').select('updated_at').where('id', '=', scarceLine).executeTakeFirst()
    expect(untouched?.updated_at).not.toBe(at)
  })

  it('makes adds to one cart one by one, in order, each seeing the one before; a new line answers its details', async () => {
    const [u, w] = await pick(unlimited, 2)
    const cartId = await newCart([{ variantId: u!.id, quantity: 1 }])
    const rows = await call([
      { cartId, variantId: u!.id, quantity: 2 },
      { cartId, variantId: w!.id, quantity: 1 },
      { cartId, variantId: u!.id, quantity: 4 },
    ])
    expect([...rows.keys()].sort()).toEqual([1, 2, 3])
    expect(rows.get(1)!.lines.map((l) => [l.id, l.line_quantity])).toEqual([[u!.id, 1]])
    expect(rows.get(2)!.added).toMatchObject({ id: w!.id, line_position: 1 })
    expect(rows.get(3)!.lines.map((l) => [l.id, l.line_quantity])).toEqual([
      [u!.id, 3],
      [w!.id, 1],
    ])
    expect(await quantities(cartId)).toEqual([
      [u!.id, 7],
      [w!.id, 1],
    ])
  })

  it('skips a cart another transaction holds and makes the others', async () => {
    const [u] = await pick(unlimited)
    const held = await newCart([{ variantId: u!.id, quantity: 1 }])
    const free = await newCart([{ variantId: u!.id, quantity: 1 }])
    const holder = await holdCart(held)
    const rows = await call([
      { cartId: held, variantId: u!.id, quantity: 1 },
      { cartId: free, variantId: u!.id, quantity: 1 },
    ])
    await holder.release()
    expect([...rows.keys()]).toEqual([2])
    expect(await quantities(held)).toEqual([[u!.id, 1]])
    expect(await quantities(free)).toEqual([[u!.id, 2]])
  })
})
