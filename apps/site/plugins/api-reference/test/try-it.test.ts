import { describe, expect, it } from 'vitest'
import type { TryItOperation } from '../lib/tryit-types.ts'
import { buildRequest, mask, parseDemoCredentials, toCurl } from '../theme/TryIt/request.ts'

const listOrders: TryItOperation = {
  operationId: 'listOrders',
  summary: 'List orders',
  method: 'GET',
  path: '/order',
  basePath: '/open-api/v1.0',
  servers: ['https://api.fanshelf.dev/open-api/v1.0'],
  parameters: [
    { name: 'size', in: 'query', required: false, type: 'integer', array: false, example: '20' },
    { name: 'status', in: 'query', required: false, type: 'array of OrderStatus', array: true, example: 'CONFIRMED' },
  ],
  security: [
    [{ scheme: 'basicAuth', kind: 'basic', scopes: [] }],
    [{ scheme: 'platformOAuth', kind: 'bearer', scopes: ['order_read'] }],
  ],
}

const getProduct: TryItOperation = {
  operationId: 'getStorefrontProduct',
  summary: 'Get a product',
  method: 'GET',
  path: '/products/{slug}',
  basePath: '/v1',
  servers: [],
  parameters: [{ name: 'slug', in: 'path', required: true, type: 'string', array: false, example: 'logo tee' }],
  security: [[{ scheme: 'storefrontToken', kind: 'query', name: 'storefront_token', scopes: [] }]],
}

describe('try-it requests', () => {
  it('sends basic credentials but shows them masked, explodes arrays, relative to this origin', () => {
    const request = buildRequest(
      listOrders,
      {
        server: '/open-api/v1.0',
        alternative: 0,
        values: { 'query:size': '5', 'query:status': 'CONFIRMED, SHIPPED' },
        body: '',
      },
      { username: 'apiu', password: 'sëcret' },
    )
    expect(request.url).toBe('/open-api/v1.0/order?size=5&status=CONFIRMED&status=SHIPPED')
    expect(request.headers).toEqual([['Authorization', `Basic ${Buffer.from('apiu:sëcret').toString('base64')}`]])
    expect(request.maskedHeaders).toEqual([['Authorization', `Basic ${mask}`]])
    const curl = toCurl(
      listOrders,
      { server: '/open-api/v1.0', alternative: 0, values: {}, body: '' },
      request,
      'http://127.0.0.1:4000/open-api/',
    )
    expect(curl).toBe(
      `curl 'http://127.0.0.1:4000/open-api/v1.0/order?size=5&status=CONFIRMED&status=SHIPPED' \\\n  -u "$FANSHELF_API_USER:$FANSHELF_API_PASSWORD"`,
    )
    expect(curl).not.toContain('sëcret')
  })

  it('uses the bearer alternative when chosen', () => {
    const request = buildRequest(
      listOrders,
      { server: 'https://api.fanshelf.dev/open-api/v1.0/', alternative: 1, values: {}, body: '' },
      { bearer: 'at_x' },
    )
    expect(request.url).toBe('https://api.fanshelf.dev/open-api/v1.0/order')
    expect(request.headers).toEqual([['Authorization', 'Bearer at_x']])
  })

  it('puts the storefront token in the query, masked in the shown URL and as a variable in curl', () => {
    const draft = { server: '/v1', alternative: 0, values: { 'path:slug': 'logo tee' }, body: '' }
    const request = buildRequest(getProduct, draft, { keys: { storefront_token: 'ptkn_secret' } })
    expect(request.url).toBe('/v1/products/logo%20tee?storefront_token=ptkn_secret')
    expect(request.maskedUrl).not.toContain('ptkn_secret')
    const curl = toCurl(getProduct, draft, request, 'http://localhost:4000/')
    expect(curl).toBe('curl "http://localhost:4000/v1/products/logo%20tee?storefront_token=$FANSHELF_STOREFRONT_TOKEN"')
  })

  it('refuses missing required parameters and invalid JSON bodies', () => {
    expect(() => buildRequest(getProduct, { server: '/v1', alternative: 0, values: {}, body: '' }, {})).toThrow(/slug/)
    const withBody: TryItOperation = {
      ...listOrders,
      method: 'POST',
      body: { mediaType: 'application/json', example: '{}', required: true },
    }
    expect(() => buildRequest(withBody, { server: '', alternative: -1, values: {}, body: '{nope' }, {})).toThrow(
      /not valid JSON/,
    )
  })

  it('accepts the demo-credentials shapes', () => {
    expect(
      parseDemoCredentials({
        shops: [{ id: 'sh_1', apiUser: { username: 'u', password: 'p' }, storefrontToken: 'ptkn_1' }],
      }),
    ).toEqual({
      username: 'u',
      password: 'p',
      storefrontToken: 'ptkn_1',
    })
    expect(parseDemoCredentials({ apiUser: { username: 'u', password: 'p' }, accessToken: 'at' })).toEqual({
      username: 'u',
      password: 'p',
      bearer: 'at',
    })
    expect(parseDemoCredentials({ nothing: true })).toBeUndefined()
    expect(parseDemoCredentials('nope')).toBeUndefined()
  })
})
