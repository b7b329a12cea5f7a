import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { isoTime } from '../../clock.js'
import type { Db } from '../../db/database.js'
import type { ProductsTable } from '../../db/schema.js'
import { type CallResult, createTestPlatform, type TestPlatform } from '../../testing/test-platform.js'
import { eventCount, expectEventConforms, recordedEvents } from '../fulfillments/testing/recorded-events.js'
import { refuseInserts } from '../gifting/testing/refuse-inserts.js'
import { nextProductState, stateForAvailability } from './product-state.js'

let platform: TestPlatform
let db: Db
let available: ProductsTable[]
let foreign: ProductsTable

beforeAll(async () => {
  platform = await createTestPlatform()
  db = platform.app.platform.services.db
  available = await db
    .selectFrom('products')
    .selectAll()
    .where('shop_id', '=', platform.demo.id)
    .where('state', '=', 'AVAILABLE')
    .orderBy('id')
    .execute()
  foreign = await db
    .selectFrom('products')
    .selectAll()
    .where('shop_id', '=', platform.other.id)
    .executeTakeFirstOrThrow()
})
afterAll(() => platform.close())
beforeEach(() => platform.clock.advance(10_000))

let next = 0
/** A demo product no other test has touched. */
function freshProduct(): ProductsTable {
  const product = available[next++]
  if (!product) throw new Error('ran out of available demo products')
  return product
}

function setAvailability(productId: string, body: unknown, auth = platform.asDemo) {
  return platform.call('setProductAvailability', { params: { productId }, body, auth })
}

async function productUpdates(productId: string) {
  return (await recordedEvents(db, platform.demo.id, 'PRODUCT_UPDATED')).filter(
    (e) => (e.data.product as { id: string }).id === productId,
  )
}

describe('product state table', () => {
  it.each([
    ['AVAILABLE', true, undefined],
    ['AVAILABLE', false, 'SOLD_OUT'],
    ['SOLD_OUT', true, 'AVAILABLE'],
    ['SOLD_OUT', false, undefined],
  ] as const)('%s with available=%s → %s', (current, value, expected) => {
    expect(nextProductState(current, value)).toBe(expected)
  })

  it('maps available true/false to AVAILABLE/SOLD_OUT', () => {
    expect(stateForAvailability).toEqual({ true: 'AVAILABLE', false: 'SOLD_OUT' })
  })
})

describe('PUT /products/{productId}/availability', () => {
  it('marks a product SOLD_OUT and back, answering the product and recording PRODUCT_UPDATED for each change', async () => {
    const product = freshProduct()
    const before = (await platform.call('getProduct', { params: { productId: product.id } })).body
    const at = isoTime(platform.clock.now())
    const soldOut = await setAvailability(product.id, { available: false })
    expect(soldOut.status).toBe(200)
    expect(soldOut.body).toEqual({ ...before, state: { type: 'SOLD_OUT' }, updatedAt: at })
    expect((await platform.call('getProduct', { params: { productId: product.id } })).body).toEqual(soldOut.body)
    // Stock counts are not touched.
    expect(soldOut.body.variants).toEqual(before.variants)

    await platform.clock.advance(1_000)
    const again = await setAvailability(product.id, { available: true })
    expect(again.body).toEqual({ ...before, state: { type: 'AVAILABLE' }, updatedAt: isoTime(platform.clock.now()) })

    const events = await productUpdates(product.id)
    expect(events.map((e) => e.data)).toEqual([{ product: soldOut.body }, { product: again.body }])
    expect(events[0]?.created_at).toBe(at)
    for (const event of events) expectEventConforms(platform.contract, event)
  })

  it('answers the unchanged product and records nothing when it has the state already', async () => {
    const product = freshProduct()
    const before = (await platform.call('getProduct', { params: { productId: product.id } })).body
    const events = await eventCount(db)
    const same = await setAvailability(product.id, { available: true })
    expect(same.status).toBe(200)
    expect(same.body).toEqual(before)
    expect(await eventCount(db)).toBe(events)
    expect(await productUpdates(product.id)).toEqual([])
  })

  it.each([
    ['available', 'required', {}],
    ['available', 'type', { available: 'false' }],
    ['available', 'type', { available: 0 }],
    ['available', 'type', { available: null }],
    ['state', 'additionalProperties', { available: false, state: 'SOLD_OUT' }],
  ])('answers 400 naming %s (%s) and changes nothing', async (field, rule, body) => {
    const product = freshProduct()
    const result = await setAvailability(product.id, body)
    expect(result.status).toBe(400)
    expect(result.body.code).toBe('REQUEST_VALIDATION_FAILED')
    expect(result.body.details.errors).toEqual([expect.objectContaining({ location: 'body', field, rule })])
    expect((await platform.call('getProduct', { params: { productId: product.id } })).body.state).toEqual({
      type: 'AVAILABLE',
    })
  })

  it('answers 400 naming productId when it is not a UUID', async () => {
    const result = await setAvailability('not-a-uuid', { available: false })
    expect(result.status).toBe(400)
    expect(result.body.details.errors).toEqual([expect.objectContaining({ location: 'path', field: 'productId' })])
  })

  it('answers 404 PRODUCT_NOT_FOUND for another shop’s product and for an unknown id alike, changing nothing', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000'
    for (const productId of [foreign.id, unknown]) {
      const result = await setAvailability(productId, { available: false })
      expect(result.status).toBe(404)
      expect(result.body).toEqual({
        code: 'PRODUCT_NOT_FOUND',
        message: `Product ${productId} does not exist.`,
        details: { productId },
      })
    }
    const row = await db.selectFrom('products').select('state').where('id', '=', foreign.id).executeTakeFirstOrThrow()
    expect(row.state).toBe(foreign.state)
  })

  it('answers 401 without credentials', async () => {
    const product = freshProduct()
    expect((await setAvailability(product.id, { available: false }, 'none')).status).toBe(401)
  })

  it('leaves the state as it was when the event cannot be recorded (one transaction)', async () => {
    const product = freshProduct()
    const restore = await refuseInserts(platform.app.platform.database, 'events')
    let result: CallResult
    try {
      result = await setAvailability(product.id, { available: false })
    } finally {
      await restore()
    }
    expect(result.status).toBe(500)
    const read = (await platform.call('getProduct', { params: { productId: product.id } })).body
    expect(read.state).toEqual({ type: 'AVAILABLE' })
    expect(read.updatedAt).toBe(product.updated_at)
    expect(await productUpdates(product.id)).toEqual([])
  })

  it('records one PRODUCT_UPDATED when two requests mark the same product sold out at once', async () => {
    const product = freshProduct()
    const results = await Promise.all([
      setAvailability(product.id, { available: false }),
      setAvailability(product.id, { available: false }),
    ])
    expect(results.map((r) => r.status)).toEqual([200, 200])
    expect(results.map((r) => r.body.state)).toEqual([{ type: 'SOLD_OUT' }, { type: 'SOLD_OUT' }])
    expect(await productUpdates(product.id)).toHaveLength(1)
  })
})
