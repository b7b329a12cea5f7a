import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Db } from '../../db/database.js'
import { createTestPlatform, type TestPlatform } from '../../testing/test-platform.js'
import { insertOrder } from '../fulfillments/testing/order-factory.js'

// Order reads reuse each order's built and serialized form while its row is unchanged
// (orders.cache.ts). These tests prove a reader never sees a stale order.

let platform: TestPlatform
let db: Db

beforeAll(async () => {
  platform = await createTestPlatform()
  db = platform.app.platform.services.db
})
afterAll(() => platform.close())
beforeEach(() => platform.clock.advance(10_000))

describe('order reads', () => {
  it('a page lists the same orders, byte for byte, as reading each one', async () => {
    const page = await platform.call('listOrders', { auth: platform.asDemo, query: { size: 5 } })
    expect(page.status).toBe(200)
    expect(page.body.results).toHaveLength(5)
    expect(page.body).toMatchObject({ page: 0, size: 5 })
    expect(page.body.total).toBeGreaterThan(5)
    for (const order of page.body.results) {
      const one = await platform.call('getOrder', { auth: platform.asDemo, params: { orderId: order.id } })
      expect(one.body).toEqual(order)
    }
    // Served twice (the second time from the cache): the same answer.
    const again = await platform.call('listOrders', { auth: platform.asDemo, query: { size: 5 } })
    expect(again.response.body).toBe(page.response.body)
  })

  it('a change written by another node shows on the next read', async () => {
    const before = await platform.call('listOrders', { auth: platform.asDemo, query: { size: 1 } })
    const [order] = before.body.results
    const next = order.status === 'CANCELLED' ? 'COMPLETED' : 'CANCELLED'
    // Another API node shares the database, not this node's memory: write the row directly.
    await db.updateTable('orders').set({ status: next }).where('id', '=', order.id).execute()

    const listed = await platform.call('listOrders', { auth: platform.asDemo, query: { size: 1 } })
    expect(listed.body.results[0]).toMatchObject({ id: order.id, status: next })
    const read = await platform.call('getOrderByFriendlyId', {
      auth: platform.asDemo,
      params: { friendlyId: order.friendlyId },
    })
    expect(read.body.status).toBe(next)
  })

  it('a page past the end is empty, with the paging fields of the request', async () => {
    const page = await platform.call('listOrders', { auth: platform.asDemo, query: { page: 1000, size: 20 } })
    expect(page.status).toBe(200)
    expect(page.body.results).toEqual([])
    expect(page.body).toMatchObject({ page: 1000, size: 20 })
    expect(page.body.totalPages).toBe(Math.ceil(page.body.total / 20))
  })

  it('an order of another shop is not found, however it is addressed', async () => {
    const theirs = await platform.call('listOrders', { auth: platform.asOther, query: { size: 1 } })
    const [order] = theirs.body.results
    const byId = await platform.call('getOrder', { auth: platform.asDemo, params: { orderId: order.id } })
    expect(byId.status).toBe(404)
    expect(byId.body.code).toBe('ORDER_NOT_FOUND')
    const byFriendly = await platform.call('getOrderByFriendlyId', {
      auth: platform.asDemo,
      params: { friendlyId: order.friendlyId },
    })
    expect(byFriendly.status).toBe(404)
    expect(byFriendly.body.details).toEqual({ friendlyId: order.friendlyId })
  })
})

describe('the oldest order with a status (fanshelf trigger ORDER_UPDATED ships it)', () => {
  async function variantOf(shopId: string) {
    return db.selectFrom('variants').selectAll().where('shop_id', '=', shopId).executeTakeFirstOrThrow()
  }

  it('is the shop’s earliest order in that status, never another shop’s or another status’s', async () => {
    const orders = platform.app.platform.services.orders
    const demoVariant = await variantOf(platform.demo.id)
    const confirmed = await insertOrder(db, platform.demo.id, [{ variant: demoVariant, quantity: 2 }], {
      status: 'CONFIRMED',
      now: Date.UTC(2000, 0, 2),
    })
    const cancelled = await insertOrder(db, platform.demo.id, [{ variant: demoVariant, quantity: 1 }], {
      status: 'CANCELLED',
      now: Date.UTC(2000, 0, 1),
    })
    await insertOrder(db, platform.other.id, [{ variant: await variantOf(platform.other.id), quantity: 1 }], {
      status: 'CONFIRMED',
      now: Date.UTC(1999, 0, 1),
    })
    const oldest = await orders.findOldestOrder(platform.demo.id, 'CONFIRMED')
    expect(oldest).toEqual(await orders.getOrder(platform.demo.id, confirmed.order.id))
    expect(oldest?.offers.map((offer) => [offer.variant.id, offer.variant.quantity])).toEqual([[demoVariant.id, 2]])
    expect((await orders.findOldestOrder(platform.demo.id, 'CANCELLED'))?.id).toBe(cancelled.order.id)
    expect(await orders.findOldestOrder('sh_nope', 'CONFIRMED')).toBeUndefined()
  })
})
