import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { VariantsTable } from '../../db/schema.js'
import { createTestPlatform, type TestPlatform } from '../../testing/test-platform.js'
import { insertOrder, pickVariants } from '../fulfillments/testing/order-factory.js'
import { recordedEvents } from '../fulfillments/testing/recorded-events.js'
import { type AdminClient, signInAdmin } from './testing/admin-client.js'

/**
 * Orders through the admin API: the list with the open API's filters, the order page (items,
 * amounts, addresses, source, status history, fulfilments), fulfilments and the tracker
 * simulation moving the status, cancel and complete — each change recording ORDER_UPDATED.
 */

let platform: TestPlatform
let staff: AdminClient
let a: VariantsTable
let b: VariantsTable

const db = () => platform.app.platform.services.db

beforeAll(async () => {
  platform = await createTestPlatform()
  staff = await signInAdmin(platform, 'STAFF')
  ;[a, b] = (await pickVariants(db(), platform.demo.id, 2)) as [VariantsTable, VariantsTable]
})
afterAll(() => platform.close())

async function freshOrder(quantities: [number, number] = [2, 1]) {
  const { order } = await insertOrder(
    db(),
    platform.demo.id,
    [
      { variant: a, quantity: quantities[0] },
      { variant: b, quantity: quantities[1] },
    ],
    { now: platform.clock.now() - 60_000 },
  )
  return order
}

/** Events and history rows of one instant are ordered by id: keep each change at its own instant. */
const tick = () => platform.clock.advance(1_000)

function statusEvents(orderId: string) {
  return recordedEvents(db(), platform.demo.id, 'ORDER_UPDATED').then((events) =>
    events
      .filter((e) => (e.data.order as { id: string }).id === orderId)
      .map((e) => (e.data.order as { status: string }).status),
  )
}

describe('GET /admin/api/orders', () => {
  it('filters like the open API (status, email, dates) and paginates', async () => {
    const order = await freshOrder()
    const filtered = await staff.get('/admin/api/orders', {
      query: { status: 'CONFIRMED', email: 'Robin.Tester@example.com', 'createdAt[gt]': '2000-01-01T00:00:00Z' },
    })
    expect(filtered.status).toBe(200)
    expect(filtered.body.results.map((o: { id: string }) => o.id)).toContain(order.id)
    for (const found of filtered.body.results)
      expect(found).toMatchObject({ status: 'CONFIRMED', email: 'robin.tester@example.com' })
    const twoStatuses = await staff.get('/admin/api/orders', { query: { status: ['SHIPPED', 'DELIVERED'], size: 100 } })
    for (const found of twoStatuses.body.results) expect(['SHIPPED', 'DELIVERED']).toContain(found.status)
    const paged = await staff.get('/admin/api/orders', { query: { size: 2, page: 1 } })
    expect(paged.body).toMatchObject({ page: 1, size: 2 })
  })

  it('names a bad filter (400)', async () => {
    const response = await staff.get('/admin/api/orders', { query: { status: 'LOST', 'createdAt[gt]': 'yesterday' } })
    expect(response.status).toBe(400)
    const fields = response.body.details.errors.map((e: { field: string }) => e.field)
    expect(fields.some((f: string) => f.startsWith('status'))).toBe(true)
    expect(fields).toContain('createdAt[gt]')
  })
})

describe('the order page and its actions', () => {
  it('shows items, amounts, addresses, source, status history and what can be done', async () => {
    const order = await freshOrder()
    const detail = await staff.get(`/admin/api/orders/${order.id}`)
    expect(detail.status).toBe(200)
    expect(detail.body.order).toMatchObject({
      id: order.id,
      status: 'CONFIRMED',
      source: { type: 'ORDER' },
      shipping: { address: { name: 'Robin Tester' } },
      amounts: { total: { currency: 'USD' } },
    })
    expect(detail.body.order.offers).toHaveLength(2)
    expect(detail.body.statusHistory).toEqual([
      { status: 'CONFIRMED', reason: 'Order placed and paid', at: expect.any(String) },
    ])
    expect(detail.body.fulfillments).toEqual([])
    expect(detail.body.fulfillable).toEqual([
      expect.objectContaining({ variantId: a.id, quantity: 2, fulfilled: 0, remaining: 2 }),
      expect.objectContaining({ variantId: b.id, quantity: 1, fulfilled: 0, remaining: 1 }),
    ])
    expect(detail.body.actions).toEqual({ canCancel: true, canComplete: false, canFulfill: true })
  })

  it('fulfils in two parts and advances trackers: the status follows, one ORDER_UPDATED each', async () => {
    const order = await freshOrder()
    const first = await staff.post('/admin/api/fulfillments', {
      orderId: order.id,
      items: [{ variantId: a.id, quantity: 2 }],
      shippingLabel: { trackingCompany: 'UPS', trackingNumber: '1Z-ADMIN-1' },
    })
    expect(first.status).toBe(201)
    expect(first.body.fulfillmentId).toMatch(/^ful_/)
    expect((await staff.get(`/admin/api/orders/${order.id}`)).body.order.status).toBe('PARTIALLY_IN_PRODUCTION')

    await tick()
    const moved = await staff.post(`/admin/api/fulfillments/${first.body.fulfillmentId}/advance`, {})
    expect(moved.body).toMatchObject({
      previousTrackerState: 'LABEL_CREATED',
      fulfillment: { tracker: { state: 'IN_TRANSIT' } },
      order: { status: 'PARTIALLY_SHIPPED' },
      orderStatusChanged: true,
    })
    await tick()
    const second = await staff.post('/admin/api/fulfillments', {
      orderId: order.id,
      items: [{ variantId: b.id, quantity: 1 }],
      shippingLabel: { trackingCompany: 'USPS', trackingNumber: '9400-ADMIN-2' },
    })
    await tick()
    await staff.post(`/admin/api/fulfillments/${first.body.fulfillmentId}/advance`, { toState: 'DELIVERED' })
    await tick()
    await staff.post(`/admin/api/fulfillments/${second.body.fulfillmentId}/advance`, { toState: 'DELIVERED' })

    const detail = await staff.get(`/admin/api/orders/${order.id}`)
    expect(detail.body.order.status).toBe('DELIVERED')
    expect(detail.body.fulfillments).toHaveLength(2)
    expect(detail.body.fulfillable.every((item: { remaining: number }) => item.remaining === 0)).toBe(true)
    expect(detail.body.actions).toEqual({ canCancel: false, canComplete: true, canFulfill: false })

    await tick()
    const completed = await staff.post(`/admin/api/orders/${order.id}/complete`)
    expect(completed.body.status).toBe('COMPLETED')
    expect(await statusEvents(order.id)).toEqual([
      'PARTIALLY_IN_PRODUCTION',
      'PARTIALLY_SHIPPED',
      'PARTIALLY_DELIVERED',
      'DELIVERED',
      'COMPLETED',
    ])
    const history = (await staff.get(`/admin/api/orders/${order.id}`)).body.statusHistory
    expect(history.map((h: { status: string }) => h.status)).toEqual([
      'CONFIRMED',
      'PARTIALLY_IN_PRODUCTION',
      'PARTIALLY_SHIPPED',
      'PARTIALLY_DELIVERED',
      'DELIVERED',
      'COMPLETED',
    ])
  })

  it('validates a fulfilment with the contract and the order’s quantities', async () => {
    const order = await freshOrder()
    const invalid = await staff.post('/admin/api/fulfillments', {
      orderId: order.id,
      items: [],
      shippingLabel: { trackingCompany: '', trackingNumber: 'X' },
    })
    expect(invalid.status).toBe(400)
    const fields = invalid.body.details.errors.map((e: { field: string }) => e.field)
    expect(fields).toEqual(expect.arrayContaining(['items', 'shippingLabel/trackingCompany']))
    const tooMany = await staff.post('/admin/api/fulfillments', {
      orderId: order.id,
      items: [{ variantId: a.id, quantity: 3 }],
      shippingLabel: { trackingCompany: 'UPS', trackingNumber: 'TOO-MANY' },
    })
    expect(tooMany.status).toBe(400)
    expect((await staff.post('/admin/api/fulfillments/ful_unknown/advance', {})).status).toBe(404)
    expect((await staff.post('/admin/api/fulfillments/ful_unknown/advance', { toState: 'LOST' })).status).toBe(400)
  })

  it('cancels an unfulfilled order (CANCELLED, ORDER_UPDATED), and refuses a fulfilled one (409)', async () => {
    const order = await freshOrder()
    const cancelled = await staff.post(`/admin/api/orders/${order.id}/cancel`)
    expect(cancelled.status).toBe(200)
    expect(cancelled.body.status).toBe('CANCELLED')
    expect(await statusEvents(order.id)).toEqual(['CANCELLED'])
    const detail = await staff.get(`/admin/api/orders/${order.id}`)
    expect(detail.body.actions).toEqual({ canCancel: false, canComplete: false, canFulfill: false })
    expect(detail.body.statusHistory.at(-1)).toMatchObject({
      status: 'CANCELLED',
      reason: expect.stringContaining(staff.email),
    })
    expect((await staff.post(`/admin/api/orders/${order.id}/cancel`)).status).toBe(409)

    const shipped = await freshOrder()
    await staff.post('/admin/api/fulfillments', {
      orderId: shipped.id,
      items: [{ variantId: a.id, quantity: 1 }],
      shippingLabel: { trackingCompany: 'UPS', trackingNumber: 'PART-1' },
    })
    const refused = await staff.post(`/admin/api/orders/${shipped.id}/cancel`)
    expect(refused.status).toBe(409)
    expect(refused.body.code).toBe('ORDER_NOT_CANCELLABLE')
  })

  it('answers 404 for another shop’s order and fulfilment', async () => {
    const order = await freshOrder()
    const { body } = await staff.post('/admin/api/fulfillments', {
      orderId: order.id,
      items: [{ variantId: a.id, quantity: 1 }],
      shippingLabel: { trackingCompany: 'UPS', trackingNumber: 'TENANT-1' },
    })
    const other = await signInAdmin(platform, 'STAFF', 'other')
    expect((await other.get(`/admin/api/orders/${order.id}`)).status).toBe(404)
    expect((await other.post(`/admin/api/orders/${order.id}/cancel`)).status).toBe(404)
    expect((await other.post(`/admin/api/fulfillments/${body.fulfillmentId}/advance`, {})).status).toBe(404)
    const foreign = await other.post('/admin/api/fulfillments', {
      orderId: order.id,
      items: [{ variantId: a.id, quantity: 1 }],
      shippingLabel: { trackingCompany: 'UPS', trackingNumber: 'TENANT-2' },
    })
    expect(foreign.status).toBe(404)
  })
})
