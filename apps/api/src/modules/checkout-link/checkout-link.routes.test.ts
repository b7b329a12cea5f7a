import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../db/database.js'
import { createTestPlatform, type TestPlatform } from '../../testing/test-platform.js'
import { parseLinkProducts } from './checkout-link.js'

/**
 * The shop's direct checkout link, `GET /cart/checkout`, clicked the way a shopper's browser
 * follows a link on a creator's site: plain GETs on the shop's host, redirects followed by hand.
 */

let platform: TestPlatform
let db: Db
beforeAll(async () => {
  platform = await createTestPlatform()
  db = platform.app.platform.services.db
})
afterAll(() => platform.close())

async function variants(filter: { stock?: 'UNLIMITED' | 'LIMITED'; shopId?: string } = {}) {
  return db
    .selectFrom('variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .select(['v.id', 'v.in_stock', 'v.unit_price'])
    .where('p.shop_id', '=', filter.shopId ?? platform.demo.id)
    .where('p.access', '=', 'PUBLIC')
    .where('p.state', '=', 'AVAILABLE')
    .$if(filter.stock !== undefined, (q) => q.where('v.stock_type', '=', filter.stock!))
    .orderBy('v.id')
    .execute()
}

/** Follows the link on the demo shop's host (loopback addresses the demo shop, as the feed does). */
function click(query: string, host = new URL(platform.config.publicUrl).host) {
  return platform.app.inject({ method: 'GET', url: `/cart/checkout?${query}`, headers: { host } })
}

function checkoutTarget(location: string | undefined) {
  expect(location).toMatch(/^\/checkout\/\?/)
  return new URL(location!, platform.config.publicUrl).searchParams
}

async function cart(cartId: string) {
  const result = await platform.call('getCart', {
    auth: { storefrontToken: platform.demo.storefrontToken },
    params: { cartId },
  })
  expect(result.status).toBe(200)
  return result.body as {
    currency: string
    items: { variant: { id: string }; quantity: number }[]
    metadata: Record<string, string>
  }
}

describe('GET /cart/checkout', () => {
  it('creates a cart from products (qty defaults to 1), captures the marketing parameters, and redirects to the hosted checkout', async () => {
    const [a, b] = await variants({ stock: 'UNLIMITED' })
    const answer = await click(
      `products=${a!.id}:2,${b!.id}&currency=EUR&coupon=WINTER10&cart_origin=nova_site&utm_source=twitch&utm_campaign=winter-drop&gclid=Cj0KCQ&_fbp=fb.1.17.42`,
    )
    expect(answer.statusCode).toBe(302)
    const target = checkoutTarget(answer.headers.location as string)
    expect(target.get('cartCurrency')).toBe('EUR')
    expect(target.get('coupon')).toBe('WINTER10')
    expect(target.get('utm_source')).toBe('twitch')
    const created = await cart(target.get('cartId')!)
    expect(created.currency).toBe('EUR')
    expect(created.items.map((i) => [i.variant.id, i.quantity])).toEqual([
      [a!.id, 2],
      [b!.id, 1],
    ])
    expect(created.metadata).toEqual({
      cart_origin: 'nova_site',
      utm_source: 'twitch',
      utm_campaign: 'winter-drop',
      gclid: 'Cj0KCQ',
      _fbp: 'fb.1.17.42',
    })
  })

  it('lets a valid cartId win over products; the link’s parameters join the cart’s metadata', async () => {
    const [a, b] = await variants({ stock: 'UNLIMITED' })
    const made = await platform.call('createCart', {
      auth: { storefrontToken: platform.demo.storefrontToken },
      query: { currency: 'GBP' },
      body: { items: [{ variantId: a!.id, quantity: 1 }], metadata: { asset_id: 'abc123', utm_source: 'old' } },
    })
    const answer = await click(`cartId=${made.body.id}&products=${b!.id}:3&utm_source=youtube&utm_medium=video`)
    const target = checkoutTarget(answer.headers.location as string)
    expect(target.get('cartId')).toBe(made.body.id)
    expect(target.get('cartCurrency')).toBe('GBP')
    const after = await cart(made.body.id)
    expect(after.items.map((i) => i.variant.id)).toEqual([a!.id])
    expect(after.metadata).toEqual({ asset_id: 'abc123', utm_source: 'youtube', utm_medium: 'video' })
  })

  it('ignores a currency the storefront does not sell in and a cart of another shop', async () => {
    const [a] = await variants({ stock: 'UNLIMITED' })
    const foreign = await platform.call('createCart', {
      auth: { storefrontToken: platform.other.storefrontToken },
      body: { items: [] },
    })
    const answer = await click(`cartId=${foreign.body.id}&products=${a!.id}&currency=XYZ`)
    const target = checkoutTarget(answer.headers.location as string)
    expect(target.get('cartId')).not.toBe(foreign.body.id)
    expect(target.get('cartCurrency')).toBe('USD')
  })

  it('reads a bad quantity as 1, skips malformed entries, and goes home when an id is not a UUID', async () => {
    const [a, b, c] = await variants({ stock: 'UNLIMITED' })
    const answer = await click(`products=${a!.id}:abc,,${b!.id}:1:2,${c!.id}:0,:4`)
    const created = await cart(checkoutTarget(answer.headers.location as string).get('cartId')!)
    expect(created.items.map((i) => [i.variant.id, i.quantity])).toEqual([
      [a!.id, 1],
      [c!.id, 1],
    ])
    const broken = await click(`products=${a!.id}:2,not-a-uuid`)
    expect(broken.statusCode).toBe(302)
    expect(broken.headers.location).toBe('/')
  })

  it('redirects to the shop’s home when nothing is usable: no parameters, unknown or other-shop variants, an unknown host', async () => {
    const [foreign] = await variants({ shopId: platform.other.id })
    for (const query of ['', 'products=', `products=${foreign!.id}`, 'cartId=6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b']) {
      const answer = await click(query)
      expect(answer.statusCode, query).toBe(302)
      expect(answer.headers.location, query).toBe('/')
    }
    const [mine] = await variants({ stock: 'UNLIMITED' })
    expect((await click(`products=${mine!.id}`, 'unknown.example.com')).headers.location).toBe('/')
  })

  it('addresses the shop by its Host header: the second shop’s domain sells the second shop’s products', async () => {
    const [knits] = await variants({ shopId: platform.other.id, stock: 'UNLIMITED' })
    const answer = await click(`products=${knits!.id}`, 'northwind-knits.fanshelf.shop')
    const cartId = checkoutTarget(answer.headers.location as string).get('cartId')!
    const row = await db.selectFrom('carts').select('shop_id').where('id', '=', cartId).executeTakeFirstOrThrow()
    expect(row.shop_id).toBe(platform.other.id)
  })

  it('caps limited stock at what is left and skips sold-out variants', async () => {
    const [limited] = (await variants({ stock: 'LIMITED' })).filter((v) => (v.in_stock ?? 0) >= 2)
    await db.updateTable('variants').set({ in_stock: 2 }).where('id', '=', limited!.id).execute()
    const answer = await click(`products=${limited!.id}:9`)
    const created = await cart(checkoutTarget(answer.headers.location as string).get('cartId')!)
    expect(created.items.map((i) => i.quantity)).toEqual([2])
  })

  it('keeps the metadata within the platform’s limits: the link’s last parameters are dropped first', async () => {
    const [a] = await variants({ stock: 'UNLIMITED' })
    const params = [
      'cart_origin',
      'utm_source',
      'utm_medium',
      'utm_campaign',
      'utm_content',
      'utm_term',
      'gclid',
      'fbclid',
      '_ga',
      '_fbp',
      '_fbc',
      'FPID',
    ]
    const answer = await click(`products=${a!.id}&${params.map((p) => `${p}=v_${p}`).join('&')}`)
    const created = await cart(checkoutTarget(answer.headers.location as string).get('cartId')!)
    expect(Object.keys(created.metadata)).toEqual(params.slice(0, 10))
  })

  it('reads at most 100 product entries and creates one cart per click', async () => {
    const [a] = await variants({ stock: 'UNLIMITED' })
    const before = await db
      .selectFrom('carts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    const many = Array.from({ length: 150 }, () => `${a!.id}:1`).join(',')
    const created = await cart(
      checkoutTarget((await click(`products=${many}`)).headers.location as string).get('cartId')!,
    )
    expect(created.items.map((i) => i.quantity)).toEqual([100])
    const after = await db
      .selectFrom('carts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    expect(Number(after.n)).toBe(Number(before.n) + 1)
  })

  it('ends in an order whose metadata holds the link’s parameters and whose trackingParams hold its utm_*', async () => {
    const [a] = await variants({ stock: 'UNLIMITED' })
    const answer = await click(
      `products=${a!.id}&cart_origin=nova_site&utm_source=twitch&utm_medium=social&fbclid=IwAR2`,
    )
    const target = checkoutTarget(answer.headers.location as string)
    // The hosted checkout page the browser lands on.
    const page = await platform.app.inject({ method: 'GET', url: answer.headers.location as string })
    expect(page.statusCode).toBe(200)
    const placed = await platform.app.inject({
      method: 'POST',
      url: '/checkout/api/orders',
      payload: {
        cartId: target.get('cartId'),
        email: 'link.buyer@example.com',
        'shipping.name': 'Sam Rivera',
        'shipping.address1': '1200 Morrison St',
        'shipping.city': 'Portland',
        'shipping.state': 'OR',
        'shipping.zip': '97204',
        'shipping.country': 'US',
        billingSameAsShipping: 'on',
        'card.name': 'Sam Rivera',
        'card.number': '4242 4242 4242 4242',
        'card.expiry': '12/30',
        'card.cvc': '123',
        'tracking.utm_source': target.get('utm_source') ?? '',
        'tracking.utm_medium': target.get('utm_medium') ?? '',
      },
    })
    expect(placed.statusCode, placed.body).toBe(201)
    const order = await platform.call('getOrder', { params: { orderId: placed.json().orderId } })
    expect(order.body.metadata).toEqual({
      cart_origin: 'nova_site',
      utm_source: 'twitch',
      utm_medium: 'social',
      fbclid: 'IwAR2',
    })
    expect(order.body.trackingParams).toMatchObject({ utm_source: 'twitch', utm_medium: 'social' })
  })

  it('prices the checkout page with the link’s coupon', async () => {
    const [a] = await variants({ stock: 'UNLIMITED' })
    const code = await db
      .selectFrom('promotion_codes as c')
      .innerJoin('promotions as p', 'p.id', 'c.promotion_id')
      .select('c.code')
      .where('c.shop_id', '=', platform.demo.id)
      .where('p.status', '=', 'Live')
      .where('p.type', '=', 'SHOP_SINGLE')
      .where('c.status', '=', 'Live')
      .executeTakeFirst()
    const coupon = code?.code ?? 'NO-SUCH-CODE'
    const answer = await click(`products=${a!.id}&coupon=${encodeURIComponent(coupon)}`)
    const page = await platform.app.inject({ method: 'GET', url: answer.headers.location as string })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain(`value="${coupon}"`)
  })
})

describe('parseLinkProducts', () => {
  it('adds up repeats, caps a quantity above 1000 to 1, and voids the list on a non-UUID id', () => {
    const id = '6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b'
    expect(parseLinkProducts(`${id}:3,${id.toUpperCase()}:2`)).toEqual([{ variantId: id, quantity: 5 }])
    expect(parseLinkProducts(`${id}:5000`)).toEqual([{ variantId: id, quantity: 1 }])
    expect(parseLinkProducts(`${id},x`)).toEqual([])
  })
})
