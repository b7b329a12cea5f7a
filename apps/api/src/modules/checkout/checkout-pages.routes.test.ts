import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../db/database.js'
import { createTestPlatform, type TestPlatform } from '../../testing/test-platform.js'
import { approved, checkoutTestKit, form } from './checkout-test-kit.js'

/**
 * The hosted checkout's HTML pages through HTTP: the server-rendered checkout with its client
 * script (the checkout's Vite build, decision 0045), the carts it cannot show, and the plain-form
 * path without JavaScript. The JSON endpoints: checkout.routes.test.ts.
 */

let platform: TestPlatform
let db: Db
beforeAll(async () => {
  platform = await createTestPlatform()
  db = platform.app.platform.services.db
})
afterAll(() => platform.close())

const { variantOf, cartWith, placeOrder } = checkoutTestKit(() => platform)

describe('checkout pages', () => {
  it('renders the checkout of a cart, server-side, with its lines, total and the client bundle', async () => {
    const tee = await variantOf('pixel-pines-logo-tee')
    const cartId = await cartWith([{ variantId: tee.id, quantity: 2 }])
    const response = await platform.app.inject({
      method: 'GET',
      url: `/checkout/?cartCurrency=EUR&cartId=${cartId}&utm_source=newsletter&_fbc=fb.1.x`,
    })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toContain('text/html')
    expect(response.headers['content-security-policy']).toContain("script-src 'self'")
    const html = response.body
    expect(html).toContain('<html lang="en">')
    expect(html).toContain('Pixel Pines Logo Tee')
    expect(html).toContain('name="tracking.utm_source"')
    expect(html).toContain('name="tracking.fbc"')
    expect(html).toMatch(/<script type="module" src="\/checkout\/assets\/checkout-[A-Za-z0-9_-]+\.js">/)
    expect(html).toContain('€')
    const script = /src="(\/checkout\/assets\/[^"]+)"/.exec(html)![1]!
    const bundle = await platform.app.inject({ method: 'GET', url: script, headers: { 'accept-encoding': 'gzip' } })
    expect(bundle.statusCode).toBe(200)
    expect(bundle.headers['content-encoding']).toBe('gzip')
    expect(bundle.headers['cache-control']).toContain('immutable')
    // The checkout's Vite build (apps/checkout, decision 0045): the entry that hydrates the page.
    expect(gunzipSync(bundle.rawPayload).toString()).toContain('hydrated')
  })

  it('explains an unknown, an empty and an already checked-out cart', async () => {
    const unknown = await platform.app.inject({
      method: 'GET',
      url: '/checkout/?cartId=5e0c6f3a-1b2d-4c8e-9f7a-3b4c5d6e7f80',
    })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.body).toContain('does not exist or has expired')
    const empty = await platform.app.inject({ method: 'GET', url: `/checkout/?cartId=${await cartWith([])}` })
    expect(empty.body).toContain('Your cart is empty')
    const tee = await variantOf('pixel-pines-logo-tee')
    const cartId = await cartWith([{ variantId: tee.id, quantity: 1 }])
    const placed = await placeOrder(form(cartId))
    const closed = await platform.app.inject({ method: 'GET', url: `/checkout/?cartCurrency=USD&cartId=${cartId}` })
    expect(closed.statusCode).toBe(409)
    expect(closed.body).toContain('already checked out')
    expect(closed.body).toContain(`/checkout/orders/${placed.body.orderId}`)
    const currency = await platform.app.inject({ method: 'GET', url: `/checkout/?cartCurrency=BRL&cartId=${cartId}` })
    expect(currency.statusCode).toBe(400)
  })

  it('works as a plain form: Apply re-prices, Pay redirects to the confirmation with the friendly id', async () => {
    const tee = await variantOf('pixel-pines-logo-tee')
    const cartId = await cartWith([{ variantId: tee.id, quantity: 2 }])
    const encode = (fields: Record<string, string>) => new URLSearchParams(fields).toString()
    const headers = { 'content-type': 'application/x-www-form-urlencoded' }
    const apply = await platform.app.inject({
      method: 'POST',
      url: '/checkout/',
      headers,
      payload: encode({
        ...form(cartId, { promotionCode: 'WINTER10', email: 'plainform@example.com' }),
        action: 'apply',
      }),
    })
    expect(apply.statusCode).toBe(200)
    expect(apply.body).toContain('Applied: WINTER10')
    expect(apply.body).not.toContain(`value="${approved}"`)
    const invalid = await platform.app.inject({
      method: 'POST',
      url: '/checkout/',
      headers,
      payload: encode({ ...form(cartId, { email: 'not-an-email' }), action: 'pay' }),
    })
    expect(invalid.statusCode).toBe(400)
    expect(invalid.body).toContain('Enter an email address like name@example.com.')
    expect(invalid.body).toContain('aria-invalid="true"')
    const pay = await platform.app.inject({
      method: 'POST',
      url: '/checkout/',
      headers,
      payload: encode({ ...form(cartId, { email: 'plainform@example.com' }), action: 'pay' }),
    })
    expect(pay.statusCode).toBe(303)
    const location = pay.headers.location as string
    expect(location).toMatch(/^\/checkout\/orders\/[0-9a-f-]{36}$/)
    const confirmation = await platform.app.inject({ method: 'GET', url: location })
    const order = await db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', location.split('/').pop()!)
      .executeTakeFirstOrThrow()
    expect(confirmation.statusCode).toBe(200)
    expect(confirmation.body).toContain(order.friendly_id)
    expect(confirmation.body).toContain('plainform@example.com')
    const missing = await platform.app.inject({
      method: 'GET',
      url: '/checkout/orders/5e0c6f3a-1b2d-4c8e-9f7a-3b4c5d6e7f80',
    })
    expect(missing.statusCode).toBe(404)
  })
})
