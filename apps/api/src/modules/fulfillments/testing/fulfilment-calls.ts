import { afterAll, beforeAll, beforeEach, expect } from 'vitest'
import type { Db } from '../../../db/database.js'
import type { VariantsTable } from '../../../db/schema.js'
import { type CallResult, createTestPlatform, type TestPlatform } from '../../../testing/test-platform.js'
import { insertOrder, type OrderLineSpec, pickVariants } from './order-factory.js'
import { recordedEvents } from './recorded-events.js'

/**
 * What the fulfilment suites (fulfillments.routes/refusals tests) share: a test platform with variants
 * of the demo shop and another shop's, orders to fulfil, the call, and reads of the order's status,
 * history and events. The `let`s are live bindings: `setUpFulfilmentCalls()` fills them before the
 * tests run.
 */

export let platform: TestPlatform
export let db: Db
export let variants: VariantsTable[]
export let a: VariantsTable
export let b: VariantsTable
export let c: VariantsTable
export let foreignVariant: VariantsTable

// Each test starts with a fresh rate-limit window: the limiter runs on the manual clock.

export const fulfillments = () => platform.app.platform.services.fulfillments

let labels = 0
export function label(company = 'UPS') {
  labels += 1
  return { trackingNumber: `1Z999AA1${String(labels).padStart(8, '0')}`, trackingCompany: company }
}

export async function newOrder(lines: [VariantsTable, number][], shopId = platform.demo.id, status?: string) {
  const specs: OrderLineSpec[] = lines.map(([variant, quantity]) => ({ variant, quantity }))
  return (await insertOrder(db, shopId, specs, { status, now: platform.clock.now() - 60_000 })).order
}

export function fulfil(orderId: string, items: { variantId: string; quantity: number }[], shippingLabel = label()) {
  return platform.call('createFulfillment', { body: { orderId, items, shippingLabel } })
}

export async function orderStatus(orderId: string, auth = platform.asDemo) {
  const { status, body } = await platform.call('getOrder', { params: { orderId }, auth })
  expect(status).toBe(200)
  return body.status as string
}

export function statusHistory(orderId: string) {
  return db
    .selectFrom('order_status_changes')
    .select(['status', 'reason', 'created_at'])
    .where('order_id', '=', orderId)
    .orderBy('created_at')
    .orderBy('id')
    .execute()
}

export async function orderEvents(orderId: string) {
  const events = await recordedEvents(db, platform.demo.id, 'ORDER_UPDATED')
  return events.filter((e) => (e.data.order as { id: string }).id === orderId)
}

export async function fulfilmentCount() {
  return (await db.selectFrom('fulfillments').select('id').execute()).length
}

export function expectError(result: CallResult, status: number, code: string) {
  expect(result.status, JSON.stringify(result.body)).toBe(status)
  expect(result.body.code).toBe(code)
}

/** Registers the suite's hooks in the calling test file. */
export function setUpFulfilmentCalls(): void {
  beforeAll(async () => {
    platform = await createTestPlatform()
    db = platform.app.platform.services.db
    variants = await pickVariants(db, platform.demo.id, 3)
    ;[a, b, c] = variants as [VariantsTable, VariantsTable, VariantsTable]
    ;[foreignVariant] = (await pickVariants(db, platform.other.id, 1)) as [VariantsTable]
  })
  afterAll(() => platform.close())
  beforeEach(() => platform.clock.advance(10_000))
}
