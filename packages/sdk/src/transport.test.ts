import { afterEach, describe, expect, it } from 'vitest'
import { createOpenApiClient } from './open-api-client.js'
import { buildCheckoutUrl, createStorefrontClient } from './storefront-client.js'
import { type FakeServer, startFakeServer } from './testing/fake-server.js'

let server: FakeServer
afterEach(async () => {
  await server.close()
})

describe('requests built from the contract', () => {
  it('sends HTTP basic credentials, path parameters encoded and query arrays repeated', async () => {
    server = await startFakeServer(() => ({ body: { results: [], total: 0, page: 0, size: 20, totalPages: 0 } }))
    const client = createOpenApiClient({ baseUrl: server.origin, auth: { username: 'apiu_dëmo', password: 'p:w' } })
    await client.getOrderByFriendlyId({ path: { friendlyId: 'D3X/ZF' } })
    await client.listOrders({ query: { status: ['CONFIRMED', 'SHIPPED'], size: 5 } })
    const [byFriendlyId, list] = server.requests
    expect(byFriendlyId?.url.pathname).toBe('/open-api/v1.0/order/by-friendly-id/D3X%2FZF')
    expect(byFriendlyId?.headers.authorization).toBe(`Basic ${Buffer.from('apiu_dëmo:p:w').toString('base64')}`)
    expect(list?.url.searchParams.getAll('status')).toEqual(['CONFIRMED', 'SHIPPED'])
    expect(list?.url.searchParams.get('size')).toBe('5')
  })

  it('sends a bearer token, JSON bodies, and no API credentials to the public OAuth endpoints', async () => {
    server = await startFakeServer(() => ({ status: 200, body: {} }))
    const client = createOpenApiClient({ baseUrl: `${server.origin}/open-api/v1.0/`, auth: { accessToken: 'at_1' } })
    await client.createWebhookConfiguration({ body: { url: 'https://hooks.example/x', allowedTypes: ['DONATION'] } })
    await client.getAuthorizationServerMetadata()
    const [create, metadata] = server.requests
    expect(create?.url.pathname).toBe('/open-api/v1.0/webhooks')
    expect(create?.method).toBe('POST')
    expect(create?.headers.authorization).toBe('Bearer at_1')
    expect(create?.headers['content-type']).toBe('application/json')
    expect(JSON.parse(create?.body ?? '')).toEqual({ url: 'https://hooks.example/x', allowedTypes: ['DONATION'] })
    expect(metadata?.url.pathname).toBe('/.well-known/oauth-authorization-server')
    expect(metadata?.headers.authorization).toBeUndefined()
  })

  it('sends idempotencyKey as the Idempotency-Key header, and none when it is not given', async () => {
    server = await startFakeServer(() => ({ status: 200, body: {} }))
    const client = createOpenApiClient({ baseUrl: server.origin, auth: { accessToken: 'at_1' } })
    const body = { url: 'https://hooks.example/x', allowedTypes: ['DONATION' as const] }
    await client.createWebhookConfiguration({ body, idempotencyKey: 'key-1' })
    await client.createWebhookConfiguration({ body })
    const [keyed, plain] = server.requests
    expect(keyed?.headers['idempotency-key']).toBe('key-1')
    expect(plain?.headers['idempotency-key']).toBeUndefined()
  })

  it('resolves operations that answer no body to undefined, and call() to the whole answer', async () => {
    server = await startFakeServer((request) =>
      request.method === 'DELETE'
        ? { status: 204 }
        : { headers: { ratelimit: '"default";r=57;t=4', 'x-ratelimit-limit': '100' }, body: { id: 'sh_1' } },
    )
    const client = createOpenApiClient({ baseUrl: server.origin, auth: { accessToken: 'at_1' } })
    await expect(
      client.deleteWebhookConfiguration({ path: { webhookConfigurationId: 'wcon_1' } }),
    ).resolves.toBeUndefined()
    const answer = await client.call('getCurrentShop')
    expect(answer).toMatchObject({
      status: 200,
      data: { id: 'sh_1' },
      requestId: 'req_2',
      rateLimit: { limit: 100, remaining: 57, resetSeconds: 4 },
    })
  })

  it('sends the storefront token as the storefront_token query parameter, also on POSTs', async () => {
    server = await startFakeServer(() => ({ body: { id: 'cart', items: [] } }))
    const storefront = createStorefrontClient({ baseUrl: `${server.origin}/v1`, storefrontToken: 'ptkn_abc' })
    await storefront.createCart({ query: { currency: 'JPY' }, body: { items: [] } })
    const [create] = server.requests
    expect(create?.url.pathname).toBe('/v1/carts')
    expect(create?.url.searchParams.get('storefront_token')).toBe('ptkn_abc')
    expect(create?.url.searchParams.get('currency')).toBe('JPY')
    expect(create?.headers.authorization).toBeUndefined()
  })

  it('answers a 304 through call() with no data', async () => {
    server = await startFakeServer((request) =>
      request.headers['if-none-match'] === '"v1"' ? { status: 304, headers: { etag: '"v1"' } } : { body: {} },
    )
    const storefront = createStorefrontClient({ baseUrl: server.origin, storefrontToken: 'ptkn_abc' })
    const answer = await storefront.call('getCollection', {
      path: { slug: 'all' },
      headers: { 'If-None-Match': '"v1"' },
    })
    expect(answer.status).toBe(304)
    expect(answer.data).toBeUndefined()
  })

  it('builds the hosted checkout URL from the shop', async () => {
    server = await startFakeServer(() => ({
      body: {
        id: 'sh_1',
        name: 'S',
        domain: 'd',
        publicDomain: null,
        currency: 'EUR',
        checkoutUrl: 'http://shop.test/checkout/',
      },
    }))
    const storefront = createStorefrontClient({ baseUrl: server.origin, storefrontToken: 'ptkn_abc' })
    const cart = { cartId: '5e0c6f3a-1b2d-4c8e-9f7a-3b4c5d6e7f80', cartCurrency: 'EUR' }
    expect(await storefront.checkoutUrl(cart)).toBe(
      'http://shop.test/checkout/?cartCurrency=EUR&cartId=5e0c6f3a-1b2d-4c8e-9f7a-3b4c5d6e7f80',
    )
    await storefront.checkoutUrl(cart)
    expect(server.requests).toHaveLength(1)
    expect(buildCheckoutUrl('https://shop.example/checkout/', { cartId: 'c', cartCurrency: 'JPY' })).toBe(
      'https://shop.example/checkout/?cartCurrency=JPY&cartId=c',
    )
  })

  it('refuses a missing path parameter before sending anything', async () => {
    server = await startFakeServer(() => ({ body: {} }))
    const client = createOpenApiClient({ baseUrl: server.origin, auth: { accessToken: 'at' } })
    await expect(client.getOrder({ path: { orderId: '' } })).rejects.toThrow(/orderId/)
    expect(server.requests).toHaveLength(0)
  })
})
