import { describe, expect, it } from 'vitest'
import { createOpenApiClient } from '../../open-api-client.js'
import { apiError, client, server } from '../open-api-session.js'

/** The shop and orders through the SDK. (A suite of open-api.integration.test.ts.) */
export function describeShopAndOrders(): void {
  describe('shop', () => {
    it('reads the current shop and its contact info', async () => {
      const shop = await client.getCurrentShop()
      expect(shop.id).toBe(server.demo.id)
      const contact = await client.getCurrentShopContactInfo()
      expect(contact).toBeTypeOf('object')
    })

    it('answers the whole response through call(), with Request-Id and rate-limit state', async () => {
      const answer = await client.call('getCurrentShop')
      expect(answer.status).toBe(200)
      expect(answer.requestId).toMatch(/\S/)
      expect(answer.rateLimit).toMatchObject({ limit: 100 })
      expect(answer.rateLimit?.remaining).toBeGreaterThanOrEqual(0)
    })

    it('gets or creates the storefront token', async (context) => {
      if (!server.serves('getOrCreatePublicToken')) context.skip('PUT /public-token is not served yet')
      const token = await client.getOrCreatePublicToken()
      expect(JSON.stringify(token)).toMatch(/ptkn_/)
    })

    it('throws UNAUTHENTICATED as a typed error for wrong credentials', async () => {
      const wrong = createOpenApiClient({ baseUrl: server.origin, auth: { username: 'apiu_nobody', password: 'nope' } })
      const error = await apiError(wrong.getCurrentShop())
      expect(error).toMatchObject({ status: 401, code: 'UNAUTHENTICATED', operationId: 'getCurrentShop' })
      expect(error.requestId).toMatch(/\S/)
    })
  })

  describe('orders', () => {
    it('lists, pages through and reads orders by id and friendly id', async () => {
      const first = await client.listOrders({ query: { size: 5 } })
      expect(first.results.length).toBeGreaterThan(0)
      const all = await client.paginate('listOrders', { query: { size: 100 } }).toArray()
      expect(all).toHaveLength(first.total)
      expect(new Set(all.map((o) => o.id)).size).toBe(first.total)

      const [order] = first.results
      if (!order) throw new Error('the demo shop has orders')
      expect((await client.getOrder({ path: { orderId: order.id } })).id).toBe(order.id)
      expect((await client.getOrderByFriendlyId({ path: { friendlyId: order.friendlyId } })).id).toBe(order.id)
    })

    it('filters by a query array and throws ORDER_NOT_FOUND for an unknown id', async () => {
      const shipped = await client.listOrders({ query: { status: ['SHIPPED', 'DELIVERED'], size: 100 } })
      expect(shipped.results.every((o) => o.status === 'SHIPPED' || o.status === 'DELIVERED')).toBe(true)
      const error = await apiError(client.getOrder({ path: { orderId: '00000000-0000-4000-8000-000000000000' } }))
      expect(error).toMatchObject({ status: 404, code: 'ORDER_NOT_FOUND' })
    })

    it('throws REQUEST_VALIDATION_FAILED listing every invalid field', async () => {
      const error = await apiError(client.listOrders({ query: { size: 1000, page: -1 } }))
      expect(error.code).toBe('REQUEST_VALIDATION_FAILED')
      const fields = ((error.details?.errors ?? []) as { field: string }[]).map((e) => e.field).sort()
      expect(fields).toEqual(['page', 'size'])
    })

    it('marks an order’s download complete, creating it from defaultFileUrl', async () => {
      const [order] = (await client.listOrders({ query: { size: 1 } })).results
      if (!order) throw new Error('the demo shop has orders')
      const marked = await client.markOrderDownloaded({
        path: { orderId: order.id },
        body: { defaultFileUrl: 'https://files.example.com/wallpaper.zip' },
      })
      expect(marked.orderId).toBe(order.id)
      expect(marked.downloads.some((download) => download.url === 'https://files.example.com/wallpaper.zip')).toBe(true)
    })

    it('creates a fulfilment for a confirmed order', async () => {
      const confirmed = await client.listOrders({ query: { status: ['CONFIRMED'], size: 100 } })
      const order = confirmed.results.find((o) => o.offers.length > 0)
      if (!order) throw new Error('the demo shop has a confirmed order')
      const created = await client.createFulfillment({
        body: {
          orderId: order.id,
          items: order.offers.map((offer) => ({ variantId: offer.variant.id, quantity: offer.variant.quantity })),
          shippingLabel: { trackingNumber: '1Z999AA10123456784', trackingCompany: 'UPS' },
        },
      })
      expect(created.fulfillmentId).toMatch(/^ful_/)
      expect((await client.getOrder({ path: { orderId: order.id } })).status).not.toBe('CONFIRMED')
    })
  })
}
