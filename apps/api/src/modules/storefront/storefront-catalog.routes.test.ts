import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../db/database.js'
import type { ProductsTable } from '../../db/schema.js'
import { type Auth, type CallResult, createTestPlatform, type TestPlatform } from '../../testing/test-platform.js'
import { createExchangeRates, storefrontCurrencies } from '../money/exchange-rates.js'
import { allCollection } from './storefront-catalog.service.js'

let platform: TestPlatform
let db: Db
let asDemo: Auth
let asOther: Auth
beforeAll(async () => {
  platform = await createTestPlatform()
  db = platform.app.platform.services.db
  asDemo = { storefrontToken: platform.demo.storefrontToken }
  asOther = { storefrontToken: platform.other.storefrontToken }
})
afterAll(() => platform.close())

const rates = createExchangeRates()

function productsOf(shopId: string, access: ProductsTable['access']) {
  return db
    .selectFrom('products')
    .selectAll()
    .where('shop_id', '=', shopId)
    .where('access', '=', access)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute()
}

function variantsOf(productId: string) {
  return db.selectFrom('variants').selectAll().where('product_id', '=', productId).orderBy('position').execute()
}

function expectValidationError(result: CallResult, location: string, field: string, rule?: string) {
  expect(result.status).toBe(400)
  expect(result.body.code).toBe('REQUEST_VALIDATION_FAILED')
  expect(result.body.details.errors).toEqual(
    expect.arrayContaining([expect.objectContaining({ location, field, ...(rule ? { rule } : {}) })]),
  )
}

describe('storefront token', () => {
  it('answers 401 STOREFRONT_TOKEN_MISSING without storefront_token, with CORS headers', async () => {
    const result = await platform.call('listCollections', { auth: 'none' })
    expect(result.status).toBe(401)
    expect(result.body.code).toBe('STOREFRONT_TOKEN_MISSING')
    expect(result.headers['access-control-allow-origin']).toBe('*')
  })

  it('answers 401 STOREFRONT_TOKEN_INVALID for an unknown token, a malformed one and an empty one', async () => {
    for (const token of ['ptkn_doesNotExistAtAllxxxxxxxxxxxxxxxx', 'hello', `${platform.demo.storefrontToken}x`]) {
      const result = await platform.call('getStorefrontShop', { auth: { storefrontToken: token } })
      expect(result.status, token).toBe(401)
      expect(result.body.code).toBe('STOREFRONT_TOKEN_INVALID')
    }
    const empty = await platform.call('getStorefrontShop', { auth: { storefrontToken: '' } })
    expect(empty.body.code).toBe('STOREFRONT_TOKEN_MISSING')
  })

  it('does not accept open API credentials instead of the token', async () => {
    const result = await platform.call('getStorefrontShop', { auth: platform.asDemo })
    expect(result.status).toBe(401)
    expect(result.body.code).toBe('STOREFRONT_TOKEN_MISSING')
  })

  it('checks the token before validating the request', async () => {
    const result = await platform.call('listCollections', { auth: 'none', query: { size: 0 } })
    expect(result.status).toBe(401)
  })
})

describe('GET /v1/shop', () => {
  it('answers the shop behind the token with the hosted checkout address', async () => {
    const shop = await db.selectFrom('shops').selectAll().where('id', '=', platform.demo.id).executeTakeFirstOrThrow()
    const { status, body } = await platform.call('getStorefrontShop', { auth: asDemo })
    expect(status).toBe(200)
    expect(body).toEqual({
      id: shop.id,
      name: shop.name,
      domain: shop.domain,
      publicDomain: shop.public_domain,
      currency: 'USD',
      checkoutUrl: `${platform.config.publicUrl}/checkout/`,
    })
    const other = await platform.call('getStorefrontShop', { auth: asOther })
    expect(other.body).toMatchObject({ id: platform.other.id, currency: 'EUR' })
  })
})

describe('GET /v1/products/{slug}', () => {
  it('answers a public product with its variants, prices in the shop currency by default', async () => {
    const [product] = await productsOf(platform.demo.id, 'PUBLIC')
    const variants = await variantsOf(product!.id)
    const { status, body } = await platform.call('getStorefrontProduct', {
      auth: asDemo,
      params: { slug: product!.slug },
    })
    expect(status).toBe(200)
    expect(body).toMatchObject({
      id: product!.id,
      name: product!.name,
      slug: product!.slug,
      description: product!.description,
      state: { type: product!.state },
      access: { type: 'PUBLIC' },
      images: JSON.parse(product!.images),
      createdAt: product!.created_at,
      updatedAt: product!.updated_at,
    })
    expect(body.variants.map((v: { id: string }) => v.id)).toEqual(variants.map((v) => v.id))
    const [first] = variants
    expect(body.variants[0]).toEqual({
      id: first!.id,
      name: first!.name,
      sku: first!.sku,
      unitPrice: { value: first!.unit_price / 100, currency: 'USD' },
      ...(first!.compare_at_price === null
        ? {}
        : { compareAtPrice: { value: first!.compare_at_price / 100, currency: 'USD' } }),
      attributes: JSON.parse(first!.attributes),
      stock: first!.stock_type === 'LIMITED' ? { type: 'LIMITED', inStock: first!.in_stock } : { type: 'UNLIMITED' },
      weight: JSON.parse(first!.weight),
      dimensions: JSON.parse(first!.dimensions),
      images: JSON.parse(first!.images),
    })
    expect(JSON.stringify(body)).not.toContain('unitCost')
  })

  it('answers a hidden product by slug', async () => {
    const [hidden] = await productsOf(platform.demo.id, 'HIDDEN')
    const { status, body } = await platform.call('getStorefrontProduct', {
      auth: asDemo,
      params: { slug: hidden!.slug },
    })
    expect(status).toBe(200)
    expect(body.access).toEqual({ type: 'HIDDEN' })
  })

  it('answers 404 PRODUCT_NOT_FOUND for archived, unknown and other-shop products alike', async () => {
    const [archived] = await productsOf(platform.demo.id, 'ARCHIVED')
    const [foreign] = await productsOf(platform.other.id, 'PUBLIC')
    for (const slug of [archived!.slug, 'no-such-product', foreign!.slug]) {
      const { status, body } = await platform.call('getStorefrontProduct', { auth: asDemo, params: { slug } })
      expect(status, slug).toBe(404)
      expect(body).toEqual({
        code: 'PRODUCT_NOT_FOUND',
        message: `No product with slug '${slug}' in this shop.`,
        details: { slug },
      })
    }
  })

  it('converts every price with the exchange-rate table, rounding half up; JPY has no minor unit', async () => {
    const variant = await db
      .selectFrom('variants as v')
      .innerJoin('products as p', 'p.id', 'v.product_id')
      .select(['p.slug', 'v.id', 'v.unit_price', 'v.compare_at_price'])
      .where('p.shop_id', '=', platform.demo.id)
      .where('p.access', '=', 'PUBLIC')
      .where('v.compare_at_price', 'is not', null)
      .executeTakeFirstOrThrow()
    for (const currency of ['EUR', 'JPY', 'GBP', 'SEK', 'USD'] as const) {
      const { status, body } = await platform.call('getStorefrontProduct', {
        auth: asDemo,
        params: { slug: variant.slug },
        query: { currency },
      })
      expect(status).toBe(200)
      const found = body.variants.find((v: { id: string }) => v.id === variant.id)
      const minor = rates.convert(variant.unit_price, 'USD', currency)
      expect(found.unitPrice).toEqual({ value: currency === 'JPY' ? minor : minor / 100, currency })
      // At most the currency's decimals: none for JPY, two otherwise.
      const decimals = currency === 'JPY' ? 0 : 2
      expect(Math.round(found.unitPrice.value * 10 ** decimals) / 10 ** decimals).toBe(found.unitPrice.value)
      if (currency === 'JPY') expect(Number.isInteger(found.unitPrice.value)).toBe(true)
      const compare = rates.convert(variant.compare_at_price!, 'USD', currency)
      expect(found.compareAtPrice).toEqual({ value: currency === 'JPY' ? compare : compare / 100, currency })
    }
  })

  it('answers 400 UNSUPPORTED_CURRENCY listing the supported codes', async () => {
    const [product] = await productsOf(platform.demo.id, 'PUBLIC')
    for (const currency of ['BRL', 'usd', 'XXX']) {
      const { status, body } = await platform.call('getStorefrontProduct', {
        auth: asDemo,
        params: { slug: product!.slug },
        query: { currency },
      })
      expect(status).toBe(400)
      expect(body.code).toBe('UNSUPPORTED_CURRENCY')
      expect(body.details).toEqual({ currency, supported: [...storefrontCurrencies] })
    }
  })

  it('answers an ETag and 304 to a matching If-None-Match, a new ETag once the product changes', async () => {
    const [product] = await productsOf(platform.demo.id, 'PUBLIC')
    const params = { slug: product!.slug }
    const first = await platform.call('getStorefrontProduct', { auth: asDemo, params })
    const etag = first.headers.etag as string
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/)
    expect(first.headers['cache-control']).toBe('public, no-cache')
    const again = await platform.call('getStorefrontProduct', {
      auth: asDemo,
      params,
      headers: { 'if-none-match': etag },
    })
    expect(again.status).toBe(304)
    expect(again.response.body).toBe('')
    expect(again.headers.etag).toBe(etag)
    const listed = await platform.call('getStorefrontProduct', {
      auth: asDemo,
      params,
      headers: { 'if-none-match': `"nope", W/${etag}` },
    })
    expect(listed.status).toBe(304)
    const euro = await platform.call('getStorefrontProduct', {
      auth: asDemo,
      params,
      query: { currency: 'EUR' },
      headers: { 'if-none-match': etag },
    })
    expect(euro.status).toBe(200)
    await db
      .updateTable('products')
      .set({ name: `${product!.name} v2` })
      .where('id', '=', product!.id)
      .execute()
    // Answers are cached for up to a second (writes through the API clear the cache; this one bypassed it).
    await platform.clock.advance(1000)
    const changed = await platform.call('getStorefrontProduct', {
      auth: asDemo,
      params,
      headers: { 'if-none-match': etag },
    })
    expect(changed.status).toBe(200)
    expect(changed.headers.etag).not.toBe(etag)
    await db.updateTable('products').set({ name: product!.name }).where('id', '=', product!.id).execute()
  })
})

describe('GET /v1/collections', () => {
  async function collectionsOf(shopId: string) {
    const rows = await db
      .selectFrom('collections')
      .select(['id', 'name', 'slug', 'description'])
      .where('shop_id', '=', shopId)
      .orderBy('name')
      .orderBy('id')
      .execute()
    return [allCollection(shopId), ...rows]
  }

  it('answers the built-in all first, then the collections by name, with the paging object', async () => {
    const expected = await collectionsOf(platform.demo.id)
    const { status, body } = await platform.call('listCollections', { auth: asDemo })
    expect(status).toBe(200)
    expect(body).toEqual({
      results: expected,
      paging: {
        pageNumber: 0,
        pageSize: 20,
        elementsSize: expected.length,
        elementsTotal: expected.length,
        totalPages: 1,
        hasNextPage: false,
      },
    })
    expect(body.results[0]).toEqual({
      id: expect.stringMatching(/^col_/),
      name: 'All products',
      slug: 'all',
      description: 'Every public product of the shop.',
    })
  })

  it('pages exactly: size 1 walks every collection, a page past the end is empty', async () => {
    const expected = await collectionsOf(platform.demo.id)
    for (const [page, collection] of expected.entries()) {
      const { body } = await platform.call('listCollections', { auth: asDemo, query: { page, size: 1 } })
      expect(body).toEqual({
        results: [collection],
        paging: {
          pageNumber: page,
          pageSize: 1,
          elementsSize: 1,
          elementsTotal: expected.length,
          totalPages: expected.length,
          hasNextPage: page < expected.length - 1,
        },
      })
    }
    const size = 4
    const lastPage = Math.ceil(expected.length / size) - 1
    const last = await platform.call('listCollections', { auth: asDemo, query: { page: lastPage, size } })
    expect(last.body.results).toEqual(expected.slice(lastPage * size))
    expect(last.body.paging).toMatchObject({ hasNextPage: false, totalPages: lastPage + 1 })
    const past = await platform.call('listCollections', { auth: asDemo, query: { page: lastPage + 1, size } })
    expect(past.body).toEqual({
      results: [],
      paging: {
        pageNumber: lastPage + 1,
        pageSize: size,
        elementsSize: 0,
        elementsTotal: expected.length,
        totalPages: lastPage + 1,
        hasNextPage: false,
      },
    })
    const hundred = await platform.call('listCollections', { auth: asDemo, query: { size: 100 } })
    expect(hundred.body.results).toEqual(expected)
  })

  it('answers 400 naming the parameter for size 0, size 101, page -1 and non-numeric values', async () => {
    expectValidationError(await platform.call('listCollections', { auth: asDemo, query: { size: 0 } }), 'query', 'size')
    expectValidationError(
      await platform.call('listCollections', { auth: asDemo, query: { size: 101 } }),
      'query',
      'size',
    )
    expectValidationError(
      await platform.call('listCollections', { auth: asDemo, query: { page: -1 } }),
      'query',
      'page',
    )
    expectValidationError(
      await platform.call('listCollections', { auth: asDemo, query: { page: 'x' } }),
      'query',
      'page',
    )
    expectValidationError(
      await platform.call('listCollections', { auth: asDemo, query: { size: 1.5 } }),
      'query',
      'size',
    )
  })

  it('lists only the token’s shop’s collections', async () => {
    const { body } = await platform.call('listCollections', { auth: asOther, query: { size: 100 } })
    expect(body.results).toEqual(await collectionsOf(platform.other.id))
  })
})

describe('GET /v1/collections/{slug}', () => {
  it('answers a collection, the built-in all, and 404 COLLECTION_NOT_FOUND for unknown and other-shop slugs', async () => {
    const collection = await db
      .selectFrom('collections')
      .select(['id', 'name', 'slug', 'description'])
      .where('shop_id', '=', platform.demo.id)
      .executeTakeFirstOrThrow()
    const found = await platform.call('getCollection', { auth: asDemo, params: { slug: collection.slug } })
    expect(found.status).toBe(200)
    expect(found.body).toEqual(collection)
    const all = await platform.call('getCollection', { auth: asDemo, params: { slug: 'all' } })
    expect(all.body).toEqual(allCollection(platform.demo.id))
    const knitwear = await platform.call('getCollection', { auth: asDemo, params: { slug: 'knitwear' } })
    expect(knitwear.status).toBe(404)
    expect(knitwear.body).toEqual({
      code: 'COLLECTION_NOT_FOUND',
      message: "No collection with slug 'knitwear' in this shop.",
      details: { slug: 'knitwear' },
    })
  })

  it('answers an ETag and 304', async () => {
    const first = await platform.call('getCollection', { auth: asDemo, params: { slug: 'all' } })
    const again = await platform.call('getCollection', {
      auth: asDemo,
      params: { slug: 'all' },
      headers: { 'if-none-match': first.headers.etag as string },
    })
    expect(again.status).toBe(304)
  })
})

describe('GET /v1/collections/{slug}/products', () => {
  it('lists every public product in all, newest first, and never a hidden or archived one', async () => {
    const publicProducts = await productsOf(platform.demo.id, 'PUBLIC')
    const { status, body } = await platform.call('listCollectionProducts', {
      auth: asDemo,
      params: { slug: 'all' },
      query: { size: 100 },
    })
    expect(status).toBe(200)
    expect(body.results.map((p: { id: string }) => p.id)).toEqual(publicProducts.map((p) => p.id))
    expect(body.paging).toEqual({
      pageNumber: 0,
      pageSize: 100,
      elementsSize: publicProducts.length,
      elementsTotal: publicProducts.length,
      totalPages: 1,
      hasNextPage: false,
    })
    expect(body.results.every((p: { access: { type: string } }) => p.access.type === 'PUBLIC')).toBe(true)
  })

  it('lists a collection’s public products in its order, leaving out its hidden ones', async () => {
    const members = await db
      .selectFrom('collection_products as cp')
      .innerJoin('collections as c', 'c.id', 'cp.collection_id')
      .innerJoin('products as p', 'p.id', 'cp.product_id')
      .select(['c.slug', 'p.id', 'p.access', 'cp.position'])
      .where('c.shop_id', '=', platform.demo.id)
      .orderBy('c.slug')
      .orderBy('cp.position')
      .execute()
    const withHidden = members.find((m) => m.access === 'HIDDEN')
    expect(withHidden, 'the demo seed keeps a hidden product in a collection').toBeDefined()
    const slug = withHidden!.slug
    const expected = members.filter((m) => m.slug === slug && m.access === 'PUBLIC').map((m) => m.id)
    const { body } = await platform.call('listCollectionProducts', {
      auth: asDemo,
      params: { slug },
      query: { size: 100 },
    })
    expect(body.results.map((p: { id: string }) => p.id)).toEqual(expected)
    expect(body.paging.elementsTotal).toBe(expected.length)
  })

  it('pages with the exact paging object, and converts prices', async () => {
    const total = (await productsOf(platform.demo.id, 'PUBLIC')).length
    const size = 20
    const lastPage = Math.ceil(total / size) - 1
    const last = await platform.call('listCollectionProducts', {
      auth: asDemo,
      params: { slug: 'all' },
      query: { page: lastPage, size, currency: 'JPY' },
    })
    expect(last.body.paging).toEqual({
      pageNumber: lastPage,
      pageSize: size,
      elementsSize: total - lastPage * size,
      elementsTotal: total,
      totalPages: lastPage + 1,
      hasNextPage: false,
    })
    expect(last.body.results[0].variants[0].unitPrice.currency).toBe('JPY')
    const first = await platform.call('listCollectionProducts', {
      auth: asDemo,
      params: { slug: 'all' },
      query: { size },
    })
    expect(first.body.paging.hasNextPage).toBe(true)
  })

  it('answers 404 for an unknown collection and 400 UNSUPPORTED_CURRENCY for an unknown currency', async () => {
    const unknown = await platform.call('listCollectionProducts', { auth: asDemo, params: { slug: 'nope' } })
    expect(unknown.status).toBe(404)
    expect(unknown.body.code).toBe('COLLECTION_NOT_FOUND')
    const currency = await platform.call('listCollectionProducts', {
      auth: asDemo,
      params: { slug: 'all' },
      query: { currency: 'CHF' },
    })
    expect(currency.body.code).toBe('UNSUPPORTED_CURRENCY')
  })

  it('answers the other shop’s products in EUR by default', async () => {
    const { body } = await platform.call('listCollectionProducts', { auth: asOther, params: { slug: 'all' } })
    expect(body.results.length).toBeGreaterThan(0)
    expect(body.results[0].variants[0].unitPrice.currency).toBe('EUR')
  })
})

describe('CORS', () => {
  it('answers a preflight from any origin', async () => {
    const response = await platform.app.inject({
      method: 'OPTIONS',
      url: '/v1/carts',
      headers: {
        origin: 'https://shop.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    })
    expect(response.statusCode).toBe(204)
    expect(response.headers['access-control-allow-origin']).toBe('*')
    expect(response.headers['access-control-allow-methods']).toContain('POST')
    expect(response.headers['access-control-allow-headers']).toBe('content-type')
  })

  it('allows any origin on answers and errors, and exposes ETag', async () => {
    const ok = await platform.call('listCollections', { auth: asDemo, headers: { origin: 'https://a.example' } })
    expect(ok.headers['access-control-allow-origin']).toBe('*')
    expect(ok.headers['access-control-expose-headers']).toBe('ETag, Request-Id, Idempotent-Replayed')
    const missing = await platform.app.inject({ method: 'GET', url: '/v1/nothing-here' })
    expect(missing.headers['access-control-allow-origin']).toBe('*')
  })
})
