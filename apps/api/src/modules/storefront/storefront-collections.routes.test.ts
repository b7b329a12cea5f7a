// The storefront API's collections: the list, one collection, and its products.
import { describe, expect, it } from 'vitest'
import { allCollection } from './storefront-catalog.service.js'
import {
  asDemo,
  asOther,
  db,
  expectValidationError,
  platform,
  productsOf,
  setUpCatalogCalls,
} from './testing/catalog-calls.js'

setUpCatalogCalls()

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
