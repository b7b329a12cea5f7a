import { expect } from 'vitest'
import type { TestPlatform } from '../../testing/test-platform.js'

/** What the hosted checkout's route tests share: demo variants, carts, the checkout form, JSON posts. */

export const approved = '4242 4242 4242 4242'
export const declined = '4000 0000 0000 0002'

export const oregon = {
  'shipping.name': 'Sam Rivera',
  'shipping.address1': '1200 Morrison St',
  'shipping.address2': '',
  'shipping.city': 'Portland',
  'shipping.state': 'OR',
  'shipping.zip': '97204',
  'shipping.country': 'US',
  'shipping.phone': '+1 503 555 0100',
}

export function form(cartId: string, overrides: Record<string, string> = {}) {
  return {
    cartId,
    email: 'Shopper@Example.com',
    emailMarketingOptIn: 'on',
    ...oregon,
    billingSameAsShipping: 'on',
    'card.name': 'Sam Rivera',
    'card.number': approved,
    'card.expiry': '12/30',
    'card.cvc': '123',
    ...overrides,
  }
}

/** Helpers on the test platform `current()` answers (created in the test file's beforeAll). */
export function checkoutTestKit(current: () => TestPlatform) {
  const db = () => current().app.platform.services.db

  async function variantOf(slug: string, position = 0) {
    return db()
      .selectFrom('variants as v')
      .innerJoin('products as p', 'p.id', 'v.product_id')
      .selectAll('v')
      .where('p.shop_id', '=', current().demo.id)
      .where('p.slug', '=', slug)
      .where('v.position', '=', position)
      .executeTakeFirstOrThrow()
  }

  async function limitedVariant() {
    return (
      db()
        .selectFrom('variants as v')
        .innerJoin('products as p', 'p.id', 'v.product_id')
        .selectAll('v')
        .where('p.shop_id', '=', current().demo.id)
        .where('p.access', '=', 'PUBLIC')
        .where('p.state', '=', 'AVAILABLE')
        .where('v.stock_type', '=', 'LIMITED')
        .where('v.in_stock', '>=', 3)
        // Cheap enough that a test order stays below the automatic free-shipping promotion's $75.
        .where('v.unit_price', '<=', 4000)
        .orderBy('v.id')
        .executeTakeFirstOrThrow()
    )
  }

  async function cartWith(items: { variantId: string; quantity: number }[], currency?: string, metadata = {}) {
    const result = await current().call('createCart', {
      auth: { storefrontToken: current().demo.storefrontToken },
      query: currency ? { currency } : {},
      body: { items, metadata },
    })
    expect(result.status).toBe(200)
    return result.body.id as string
  }

  async function post(url: string, body: unknown) {
    const response = await current().app.inject({ method: 'POST', url, payload: body as Record<string, unknown> })
    return { status: response.statusCode, body: response.json(), headers: response.headers }
  }

  const placeOrder = (body: unknown) => post('/checkout/api/orders', body)

  async function orderCount() {
    const row = await db()
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    return Number(row.n)
  }

  async function stockOf(variantId: string) {
    return (await db().selectFrom('variants').select('in_stock').where('id', '=', variantId).executeTakeFirstOrThrow())
      .in_stock
  }

  return { variantOf, limitedVariant, cartWith, post, placeOrder, orderCount, stockOf }
}
