import { afterAll, beforeAll, beforeEach, expect } from 'vitest'
import type { Db } from '../../../db/database.js'
import { type CallResult, createTestPlatform, type TestPlatform } from '../../../testing/test-platform.js'
import { expectEventConforms, recordedEvents } from '../../fulfillments/testing/recorded-events.js'

/**
 * What the promotion write suites (promotions.writes*.test.ts) share: a test platform, the demo
 * shop's products, variants and tier and another shop's, fresh codes, and the checks of a created
 * promotion. The `let`s are live bindings: `setUpPromotionWrites()` fills them before the tests run.
 */

export let platform: TestPlatform
export let db: Db
export let productId: string
export let otherProductId: string
export let variantIds: string[]
export let tierId: string
export let foreign: { productId: string; variantId: string; tierId: string; code: string }
export let seededCode: string

let serial = 0
/** A code no other test uses. */
export function code(stem = 'CODE') {
  serial += 1
  return `${stem}-${serial}`
}

export function create(body: unknown, auth = platform.asDemo) {
  return platform.call('createPromotion', { body, auth })
}

export async function promotionCount() {
  return (await db.selectFrom('promotions').select('id').execute()).length
}

export function expectCreatedShape(result: CallResult, expected: Record<string, unknown>) {
  expect(result.status, JSON.stringify(result.body)).toBe(200)
  expect(result.body).toEqual({
    id: expect.stringMatching(/^prm_[A-Za-z0-9_-]{22}$/),
    status: 'Live',
    usageCount: 0,
    ...expected,
  })
}

/** The promotion reads back identically and its PROMOTION_CREATED event carries the same shape. */
export async function expectStoredAndRecorded(result: CallResult) {
  const read = await platform.call('getPromotion', { params: { promotionId: result.body.id } })
  expect(read.status).toBe(200)
  expect(read.body).toEqual(result.body)
  const events = (await recordedEvents(db, platform.demo.id, 'PROMOTION_CREATED')).filter(
    (e) => e.data.id === result.body.id,
  )
  expect(events.map((e) => e.data)).toEqual([result.body])
  expectEventConforms(platform.contract, events[0]!)
}

/** Registers the suite's hooks in the calling test file. */
export function setUpPromotionWrites(): void {
  beforeAll(async () => {
    platform = await createTestPlatform()
    db = platform.app.platform.services.db
    const products = await db
      .selectFrom('products')
      .select('id')
      .where('shop_id', '=', platform.demo.id)
      .orderBy('id')
      .limit(2)
      .execute()
    productId = products[0]!.id
    otherProductId = products[1]!.id
    variantIds = (
      await db.selectFrom('variants').select('id').where('product_id', '=', productId).orderBy('position').execute()
    ).map((v) => v.id)
    tierId = (
      await db
        .selectFrom('membership_tiers')
        .select('id')
        .where('shop_id', '=', platform.demo.id)
        .executeTakeFirstOrThrow()
    ).id
    const other = platform.other.id
    foreign = {
      productId: (await db.selectFrom('products').select('id').where('shop_id', '=', other).executeTakeFirstOrThrow())
        .id,
      variantId: (await db.selectFrom('variants').select('id').where('shop_id', '=', other).executeTakeFirstOrThrow())
        .id,
      tierId: (
        await db.selectFrom('membership_tiers').select('id').where('shop_id', '=', other).executeTakeFirstOrThrow()
      ).id,
      code: (
        await db.selectFrom('promotion_codes').select('code').where('shop_id', '=', other).executeTakeFirstOrThrow()
      ).code,
    }
    seededCode = (
      await db
        .selectFrom('promotion_codes')
        .select('code')
        .where('shop_id', '=', platform.demo.id)
        .executeTakeFirstOrThrow()
    ).code
  })
  afterAll(() => platform.close())
  beforeEach(() => platform.clock.advance(10_000))
}
