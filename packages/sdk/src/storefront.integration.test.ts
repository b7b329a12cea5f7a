import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FanshelfApiError } from './errors.js'
import { type OperationRoute, operationRoutes } from './generated/operations.js'
import { paginate } from './pagination.js'
import { createStorefrontClient, type StorefrontClient } from './storefront-client.js'
import { type RealServer, startRealServer } from './testing/real-server.js'

/**
 * The storefront client against the real server: every storefront operation the server serves is
 * called at least once through the SDK (the last test checks that).
 */

let server: RealServer
let storefront: StorefrontClient
const called = new Set<string>()

beforeAll(async () => {
  server = await startRealServer()
  const client = createStorefrontClient({ baseUrl: server.origin, storefrontToken: server.demo.storefrontToken })
  storefront = new Proxy(client, {
    get(object, property, receiver) {
      const value: unknown = Reflect.get(object, property, receiver)
      if (typeof property !== 'string' || typeof value !== 'function') return value
      const method = value as (...args: unknown[]) => unknown
      return (...args: unknown[]) => {
        called.add(property === 'call' || property === 'paginate' ? String(args[0]) : property)
        if (property === 'checkoutUrl') called.add('getStorefrontShop')
        return method(...args)
      }
    },
  })
})
afterAll(async () => {
  await server?.close()
})

async function apiError(promise: Promise<unknown>): Promise<FanshelfApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(FanshelfApiError)
  return error as FanshelfApiError
}

function requireServed(context: { skip: (note?: string) => void }, ...operationIds: string[]) {
  const missing = operationIds.filter((id) => !server.serves(id))
  if (missing.length > 0) context.skip(`not served yet: ${missing.join(', ')}`)
}

describe('catalogue', () => {
  it('reads the shop, its collections, a collection, its products and a product, with converted prices', async (context) => {
    requireServed(
      context,
      'getStorefrontShop',
      'listCollections',
      'getCollection',
      'listCollectionProducts',
      'getStorefrontProduct',
    )
    const shop = await storefront.getStorefrontShop()
    expect(shop.id).toBe(server.demo.id)
    const collections = await storefront.paginate('listCollections').toArray()
    expect(collections[0]?.slug).toBe('all')
    expect((await storefront.getCollection({ path: { slug: 'all' } })).slug).toBe('all')

    const products = await paginate(storefront.listCollectionProducts, {
      path: { slug: 'all' },
      query: { size: 5, currency: 'JPY' },
    }).toArray()
    expect(products.length).toBeGreaterThan(5)
    for (const product of products) {
      for (const variant of product.variants) {
        expect(variant.unitPrice.currency).toBe('JPY')
        expect(Number.isInteger(variant.unitPrice.value)).toBe(true)
      }
    }
    const [first] = products
    if (!first) throw new Error('the demo shop has public products')
    const product = await storefront.getStorefrontProduct({ path: { slug: first.slug }, query: { currency: 'EUR' } })
    expect(product.id).toBe(first.id)
    expect(product.variants[0]?.unitPrice.currency).toBe('EUR')
  })

  it('answers 304 through call() when the ETag still matches', async (context) => {
    requireServed(context, 'getCollection')
    const first = await storefront.call('getCollection', { path: { slug: 'all' } })
    const etag = first.headers.get('etag')
    expect(etag).toMatch(/\S/)
    const again = await storefront.call('getCollection', {
      path: { slug: 'all' },
      headers: { 'If-None-Match': etag as string },
    })
    expect(again.status).toBe(304)
    expect(again.data).toBeUndefined()
  })

  it('throws typed errors: unknown collection, unsupported currency, bad token', async (context) => {
    requireServed(context, 'getCollection', 'listCollectionProducts')
    expect(await apiError(storefront.getCollection({ path: { slug: 'no-such-collection' } }))).toMatchObject({
      status: 404,
      code: 'COLLECTION_NOT_FOUND',
    })
    const unsupported = await apiError(
      storefront.call('listCollectionProducts', {
        path: { slug: 'all' },
        query: { currency: 'BRL' as 'EUR' },
      }),
    )
    expect(unsupported).toMatchObject({ status: 400, code: 'UNSUPPORTED_CURRENCY' })
    expect(unsupported.details?.supported).toContain('JPY')
    const stranger = createStorefrontClient({ baseUrl: server.origin, storefrontToken: 'ptkn_unknownToken000000' })
    expect(await apiError(stranger.listCollections())).toMatchObject({ status: 401, code: 'STOREFRONT_TOKEN_INVALID' })
  })
})

describe('carts', () => {
  it('creates a cart, adds, changes and removes lines, and builds the checkout hand-off URL', async (context) => {
    requireServed(context, 'createCart', 'getCart', 'addCartItems', 'changeCartItems', 'removeCartItems')
    const products = await storefront.listCollectionProducts({ path: { slug: 'all' }, query: { size: 50 } })
    const variants = products.results
      .flatMap((product) => product.variants)
      .filter((variant) => variant.stock.type === 'UNLIMITED' || variant.stock.inStock >= 5)
    const [a, b] = variants
    if (!a || !b) throw new Error('the demo shop has two variants in stock')

    const cart = await storefront.createCart({
      query: { currency: 'USD' },
      body: { items: [], metadata: { source: 'sdk' } },
    })
    expect(cart.items).toEqual([])
    expect(cart.metadata).toEqual({ source: 'sdk' })

    const added = await storefront.addCartItems({
      path: { cartId: cart.id },
      query: { currency: 'USD' },
      body: {
        items: [
          { variantId: a.id, quantity: 1 },
          { variantId: b.id, quantity: 2 },
        ],
      },
    })
    expect(added.items.map((item) => [item.variant.id, item.quantity])).toEqual(
      expect.arrayContaining([
        [a.id, 1],
        [b.id, 2],
      ]),
    )
    const merged = await storefront.addCartItems({
      path: { cartId: cart.id },
      body: { items: [{ variantId: a.id, quantity: 2 }] },
    })
    expect(merged.items.find((item) => item.variant.id === a.id)?.quantity).toBe(3)

    const changed = await storefront.changeCartItems({
      path: { cartId: cart.id },
      query: { currency: 'GBP' },
      body: { items: [{ variantId: a.id, quantity: 5 }] },
    })
    expect(changed.items.find((item) => item.variant.id === a.id)?.quantity).toBe(5)
    expect(changed.items.every((item) => item.variant.unitPrice.currency === 'GBP')).toBe(true)

    const removed = await storefront.removeCartItems({
      path: { cartId: cart.id },
      body: { items: [{ variantId: b.id }] },
    })
    expect(removed.items.map((item) => item.variant.id)).toEqual([a.id])
    expect((await storefront.getCart({ path: { cartId: cart.id }, query: { currency: 'JPY' } })).items).toHaveLength(1)

    const url = new URL(await storefront.checkoutUrl({ cartId: cart.id, cartCurrency: 'GBP' }))
    expect(url.pathname).toBe('/checkout/')
    expect(url.searchParams.get('cartCurrency')).toBe('GBP')
    expect(url.searchParams.get('cartId')).toBe(cart.id)
  })

  it('throws CART_NOT_FOUND and CART_VARIANT_NOT_FOUND as typed errors', async (context) => {
    requireServed(context, 'getCart', 'createCart')
    const unknown = '5e0c6f3a-1b2d-4c8e-9f7a-3b4c5d6e7f81'
    expect(await apiError(storefront.getCart({ path: { cartId: unknown } }))).toMatchObject({
      status: 404,
      code: 'CART_NOT_FOUND',
    })
    const error = await apiError(
      storefront.createCart({ body: { items: [{ variantId: '0d9c8b7a-6f5e-4d3c-2b1a-0f9e8d7c6b5a', quantity: 1 }] } }),
    )
    expect(error).toMatchObject({ status: 400, code: 'CART_VARIANT_NOT_FOUND' })
  })
})

describe('coverage', () => {
  it('called every storefront operation the server serves', () => {
    const ids = Object.entries(operationRoutes as Record<string, OperationRoute>)
      .filter(([, route]) => route.api === 'storefront')
      .map(([id]) => id)
    const notServed = ids.filter((id) => !server.serves(id))
    if (notServed.length > 0) console.info(`Storefront operations not served yet: ${notServed.join(', ')}`)
    expect(ids.filter((id) => server.serves(id) && !called.has(id))).toEqual([])
  })
})
