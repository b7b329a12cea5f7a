import { afterEach, describe, expect, it } from 'vitest'
import { createOpenApiClient } from './open-api-client.js'
import { paginate } from './pagination.js'
import { createStorefrontClient } from './storefront-client.js'
import { type FakeServer, type RecordedRequest, startFakeServer } from './testing/fake-server.js'

let server: FakeServer
afterEach(async () => {
  await server.close()
})

const donations = Array.from({ length: 23 }, (_, i) => ({ id: `don_${String(i).padStart(2, '0')}` }))

/** An open API list of 23 donations, paged as the server pages. */
function openApiPage(request: RecordedRequest) {
  const page = Number(request.url.searchParams.get('page') ?? 0)
  const size = Number(request.url.searchParams.get('size') ?? 20)
  const results = donations.slice(page * size, page * size + size)
  return { body: { results, total: donations.length, page, size, totalPages: Math.ceil(donations.length / size) } }
}

/** A storefront list of 23 products in `{results, paging}`. */
function storefrontPage(request: RecordedRequest) {
  const page = Number(request.url.searchParams.get('page') ?? 0)
  const size = Number(request.url.searchParams.get('size') ?? 20)
  const results = donations.slice(page * size, page * size + size)
  const totalPages = Math.ceil(donations.length / size)
  return {
    body: {
      results,
      paging: {
        pageNumber: page,
        pageSize: size,
        elementsSize: results.length,
        elementsTotal: donations.length,
        totalPages,
        hasNextPage: page + 1 < totalPages,
      },
    },
  }
}

describe('client.paginate(operationId)', () => {
  it('yields every item of an open API list across pages, fetching pages in order and keeping the query', async () => {
    server = await startFakeServer(openApiPage)
    const client = createOpenApiClient({ baseUrl: server.origin, auth: { accessToken: 'at' } })
    const seen: string[] = []
    for await (const donation of client.paginate('listDonations', { query: { size: 5 } })) {
      seen.push(donation.id)
    }
    expect(seen).toEqual(donations.map((d) => d.id))
    expect(server.requests.map((r) => r.url.searchParams.get('page'))).toEqual(['0', '1', '2', '3', '4'])
    expect(server.requests.every((r) => r.url.searchParams.get('size') === '5')).toBe(true)
  })

  it('starts at the given page, stops at a limit, and exposes whole pages', async () => {
    server = await startFakeServer(openApiPage)
    const client = createOpenApiClient({ baseUrl: server.origin, auth: { accessToken: 'at' } })
    const fromPage2 = await client.paginate('listDonations', { query: { size: 10, page: 2 } }).toArray()
    expect(fromPage2.map((d) => d.id)).toEqual(['don_20', 'don_21', 'don_22'])

    const limited = await client.paginate('listDonations', { query: { size: 10 } }, { limit: 12 }).toArray()
    expect(limited).toHaveLength(12)
    expect(server.requests.slice(1).map((r) => r.url.searchParams.get('page'))).toEqual(['0', '1'])

    const sizes: number[] = []
    for await (const page of client.paginate('listDonations', { query: { size: 20 } }).pages()) {
      sizes.push(page.results.length)
      expect(page.total).toBe(23)
    }
    expect(sizes).toEqual([20, 3])
  })

  it('follows paging.hasNextPage on storefront lists', async () => {
    server = await startFakeServer(storefrontPage)
    const storefront = createStorefrontClient({ baseUrl: server.origin, storefrontToken: 'ptkn_abc' })
    const products = await storefront
      .paginate('listCollectionProducts', { path: { slug: 'all' }, query: { size: 10, currency: 'EUR' } })
      .toArray()
    expect(products).toHaveLength(23)
    expect(server.requests.map((r) => r.url.pathname)).toEqual(Array(3).fill('/v1/collections/all/products'))
    expect(server.requests.every((r) => r.url.searchParams.get('currency') === 'EUR')).toBe(true)
  })

  it('stops on an empty page even if the server claims more', async () => {
    server = await startFakeServer(() => ({ body: { results: [], total: 50, page: 0, size: 20, totalPages: 3 } }))
    const client = createOpenApiClient({ baseUrl: server.origin, auth: { accessToken: 'at' } })
    expect(await client.paginate('listOrders').toArray()).toEqual([])
    expect(server.requests).toHaveLength(1)
  })
})

/** The webhook event log (newest first): numbered pages, or the ones after `startingAfter`, with `hasMore`. */
function eventLogPage(request: RecordedRequest) {
  const size = Number(request.url.searchParams.get('size') ?? 50)
  const after = request.url.searchParams.get('startingAfter')
  const start = after === null ? Number(request.url.searchParams.get('page') ?? 0) * size : Number(after.slice(5)) + 1
  const results = donations.slice(start, start + size).map((d) => ({ id: `weve${d.id.slice(3)}` }))
  const total = donations.length
  const page = after === null ? Number(request.url.searchParams.get('page') ?? 0) : 0
  return { body: { results, total, page, size, totalPages: Math.ceil(total / size), hasMore: start + size < total } }
}

describe('cursor-paged lists (hasMore)', () => {
  it('reads on with startingAfter the last id, without page, keeping the filters', async () => {
    server = await startFakeServer(eventLogPage)
    const client = createOpenApiClient({ baseUrl: server.origin, auth: { accessToken: 'at' } })
    const events = await client.paginate('listWebhookEvents', { query: { size: 10, type: 'DONATION' } }).toArray()
    expect(events.map((e) => e.id)).toEqual(donations.map((d) => `weve${d.id.slice(3)}`))
    expect(
      server.requests.map((r) => [r.url.searchParams.get('page'), r.url.searchParams.get('startingAfter')]),
    ).toEqual([
      ['0', null],
      [null, 'weve_09'],
      [null, 'weve_19'],
    ])
    expect(server.requests.every((r) => r.url.searchParams.get('type') === 'DONATION')).toBe(true)

    const viaMethod = await paginate(client.listWebhookEvents, { query: { size: 20, page: 0 } }).toArray()
    expect(viaMethod).toHaveLength(23)
    expect(server.requests.at(-1)?.url.searchParams.get('startingAfter')).toBe('weve_19')
    expect(server.requests.at(-1)?.url.searchParams.has('page')).toBe(false)
  })
})

describe('paginate(method, args)', () => {
  it('pages any list method of either client with its own typed arguments', async () => {
    server = await startFakeServer((request) =>
      request.url.pathname.startsWith('/v1/') ? storefrontPage(request) : openApiPage(request),
    )
    const client = createOpenApiClient({ baseUrl: server.origin, auth: { accessToken: 'at' } })
    const storefront = createStorefrontClient({ baseUrl: server.origin, storefrontToken: 'ptkn_abc' })
    const fromOpenApi = await paginate(client.listDonations, { query: { size: 7 } }).toArray()
    const fromStorefront = await paginate(storefront.listCollections, { query: { size: 9 } }).toArray()
    const withoutArgs = await paginate(client.listDonations).toArray()
    expect(fromOpenApi.map((d) => d.id)).toEqual(donations.map((d) => d.id))
    expect(fromStorefront.map((c) => c.id)).toEqual(donations.map((d) => d.id))
    expect(withoutArgs).toHaveLength(23)
  })
})
