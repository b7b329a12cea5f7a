import { afterAll, beforeAll, expect } from 'vitest'
import type { Db } from '../../../db/database.js'
import { type Auth, type CallResult, createTestPlatform, type TestPlatform } from '../../../testing/test-platform.js'
import { createExchangeRates } from '../../money/exchange-rates.js'

/**
 * What the cart suites (carts.routes/changes tests) share: a test platform, the demo shop's variants
 * by kind (sellable, unlimited, limited), carts made through the API, and the checks of an answer.
 * The `let`s are live bindings: `setUpCartCalls()` fills them before the tests run.
 */

export let platform: TestPlatform
export let db: Db
export let asDemo: Auth
export let asOther: Auth

export const rates = createExchangeRates()

export interface VariantRow {
  id: string
  product_id: string
  unit_price: number
  stock_type: string
  in_stock: number | null
  access: string
  state: string
}

export function variantsOf(shopId: string) {
  return db
    .selectFrom('variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .select(['v.id', 'v.product_id', 'v.unit_price', 'v.stock_type', 'v.in_stock', 'p.access', 'p.state'])
    .where('v.shop_id', '=', shopId)
    .orderBy('p.created_at', 'desc')
    .orderBy('v.position')
    .execute() as Promise<VariantRow[]>
}

export async function pick(filter: (v: VariantRow) => boolean, count = 1): Promise<VariantRow[]> {
  const found = (await variantsOf(platform.demo.id)).filter(filter).slice(0, count)
  expect(found.length, 'the demo seed has the variants this test needs').toBe(count)
  return found
}

export const sellable = (v: VariantRow) => v.access !== 'ARCHIVED' && v.state === 'AVAILABLE'
export const unlimited = (v: VariantRow) => sellable(v) && v.stock_type === 'UNLIMITED'
export const limited = (v: VariantRow) => sellable(v) && v.stock_type === 'LIMITED' && (v.in_stock ?? 0) >= 2

export function createCart(body: unknown, query: Record<string, string> = {}, auth = asDemo) {
  return platform.call('createCart', { auth, body, query })
}

export async function newCart(items: { variantId: string; quantity: number }[] = []) {
  const result = await createCart({ items })
  expect(result.status).toBe(200)
  return result.body.id as string
}

export function lines(result: CallResult) {
  return result.body.items.map((i: { variant: { id: string }; quantity: number }) => [i.variant.id, i.quantity])
}

/** A cart's lines as stored, in position order: [variant id, quantity] pairs. */
export async function quantities(cartId: string) {
  const rows = await db
    .selectFrom('cart_lines')
    .select(['variant_id', 'quantity'])
    .where('cart_id', '=', cartId)
    .orderBy('position')
    .execute()
  return rows.map((row) => [row.variant_id, row.quantity])
}

/**
 * Another transaction (a checkout, an admin edit) holding the cart's row: resolves once the lock is
 * taken; `release()` ends the transaction and resolves when it has.
 */
export async function holdCart(cartId: string): Promise<{ release: () => Promise<void> }> {
  let release!: () => void
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  let taken!: () => void
  const isTaken = new Promise<void>((resolve) => {
    taken = resolve
  })
  const holder = db.transaction().execute(async (trx) => {
    await trx.selectFrom('carts').select('id').where('id', '=', cartId).forUpdate().execute()
    taken()
    await released
  })
  await isTaken
  return {
    release: async () => {
      release()
      await holder
    },
  }
}

export function expectValidation(result: CallResult, field: string, rule?: string) {
  expect(result.status, JSON.stringify(result.body)).toBe(400)
  expect(result.body.code).toBe('REQUEST_VALIDATION_FAILED')
  expect(result.body.details.errors).toEqual(
    expect.arrayContaining([expect.objectContaining({ location: 'body', field, ...(rule ? { rule } : {}) })]),
  )
}

/** Registers the suite's hooks in the calling test file. */
export function setUpCartCalls(): void {
  beforeAll(async () => {
    platform = await createTestPlatform()
    db = platform.app.platform.services.db
    asDemo = { storefrontToken: platform.demo.storefrontToken }
    asOther = { storefrontToken: platform.other.storefrontToken }
  })
  afterAll(() => platform.close())
}
