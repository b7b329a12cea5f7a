import { afterEach, describe, expect, it } from 'vitest'
import { FanshelfApiError, isFanshelfApiError } from './errors.js'
import { createOpenApiClient } from './open-api-client.js'
import { createStorefrontClient } from './storefront-client.js'
import { type FakeAnswer, type FakeServer, startFakeServer } from './testing/fake-server.js'

let server: FakeServer
afterEach(async () => {
  await server.close()
})

async function clientAnswering(answer: FakeAnswer) {
  server = await startFakeServer(() => answer)
  return createOpenApiClient({ baseUrl: server.origin, auth: { username: 'apiu_demo', password: 'pw' } })
}

async function thrown(promise: Promise<unknown>): Promise<FanshelfApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(FanshelfApiError)
  return error as FanshelfApiError
}

describe('FanshelfApiError', () => {
  it("carries the API's status, code, message, details and Request-Id", async () => {
    const client = await clientAnswering({
      status: 404,
      headers: { 'request-id': 'req_4f2a' },
      body: { code: 'ORDER_NOT_FOUND', message: 'Order 6f1c was not found.', details: { orderId: '6f1c' } },
    })
    const error = await thrown(client.getOrder({ path: { orderId: '6f1c' } }))
    expect(error).toMatchObject({
      name: 'FanshelfApiError',
      status: 404,
      code: 'ORDER_NOT_FOUND',
      message: 'Order 6f1c was not found.',
      details: { orderId: '6f1c' },
      requestId: 'req_4f2a',
      operationId: 'getOrder',
    })
    expect(isFanshelfApiError(error)).toBe(true)
    expect(isFanshelfApiError(error, 'ORDER_NOT_FOUND')).toBe(true)
    expect(isFanshelfApiError(error, 'CART_NOT_FOUND')).toBe(false)
    expect(isFanshelfApiError(new Error('x'))).toBe(false)
  })

  it('keeps every invalid field of a validation failure in details.errors', async () => {
    const errors = [
      { location: 'query', field: 'size', rule: 'maximum', message: 'must be <= 100' },
      { location: 'query', field: 'page', rule: 'minimum', message: 'must be >= 0' },
    ]
    const client = await clientAnswering({
      status: 400,
      body: { code: 'REQUEST_VALIDATION_FAILED', message: 'The request has 2 invalid fields.', details: { errors } },
    })
    const error = await thrown(client.listOrders({ query: { size: 1000, page: -1 } }))
    expect(error.code).toBe('REQUEST_VALIDATION_FAILED')
    expect(error.details?.errors).toEqual(errors)
  })

  it('reads the OAuth error shape {error, error_description} of the token endpoint', async () => {
    const client = await clientAnswering({
      status: 400,
      body: { error: 'invalid_grant', error_description: 'The refresh token was already used.' },
    })
    const error = await thrown(
      client.exchangePlatformToken({ body: { grant_type: 'refresh_token', refresh_token: 'rt_x' } }),
    )
    expect(error).toMatchObject({ status: 400, code: 'invalid_grant', message: 'The refresh token was already used.' })
  })

  it('gives a 5xx without a JSON body the INTERNAL_ERROR code, and other bodies an HTTP_<status> code', async () => {
    let client = await clientAnswering({ status: 502, body: '<html>Bad gateway</html>' })
    expect(await thrown(client.getCurrentShop())).toMatchObject({ status: 502, code: 'INTERNAL_ERROR' })
    await server.close()
    client = await clientAnswering({ status: 418, body: 'teapot' })
    expect(await thrown(client.getCurrentShop())).toMatchObject({ status: 418, code: 'HTTP_418' })
  })

  it('is thrown by the storefront client too, with the storefront codes', async () => {
    server = await startFakeServer(() => ({
      status: 401,
      body: { code: 'STOREFRONT_TOKEN_INVALID', message: 'The storefront token is unknown or was revoked.' },
    }))
    const storefront = createStorefrontClient({ baseUrl: server.origin, storefrontToken: 'ptkn_revoked' })
    expect(await thrown(storefront.listCollections())).toMatchObject({ status: 401, code: 'STOREFRONT_TOKEN_INVALID' })
  })
})
