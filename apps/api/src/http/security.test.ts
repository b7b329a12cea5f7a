import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestPlatform, type TestPlatform } from '../testing/test-platform.js'

let platform: TestPlatform
beforeAll(async () => {
  platform = await createTestPlatform()
})
afterAll(() => platform.close())

describe('open API authentication', () => {
  it('accepts the demo API user over HTTP Basic', async () => {
    const { status, body } = await platform.call('getCurrentShop')
    expect(status).toBe(200)
    expect(body.id).toBe(platform.demo.id)
  })

  it('answers 401 UNAUTHENTICATED with a WWW-Authenticate challenge when credentials are missing', async () => {
    const { status, body, headers } = await platform.call('getCurrentShop', { auth: 'none' })
    expect(status).toBe(401)
    expect(body.code).toBe('UNAUTHENTICATED')
    expect(headers['www-authenticate']).toContain('Basic realm="Fanshelf Open API"')
    expect(headers['www-authenticate']).toContain('Bearer')
  })

  it('answers 401 for a wrong password and for an unknown user alike', async () => {
    const wrong = await platform.call('getCurrentShop', {
      auth: { basic: { username: platform.demo.apiUser.username, password: 'not-the-password' } },
    })
    const unknown = await platform.call('getCurrentShop', {
      auth: { basic: { username: 'nobody', password: 'whatever' } },
    })
    expect(wrong.status).toBe(401)
    expect(unknown.status).toBe(401)
    expect(wrong.body).toEqual(unknown.body)
  })

  it('answers 401 to working credentials with anything but base64 around or inside them', async () => {
    const token = Buffer.from(`${platform.demo.apiUser.username}:${platform.demo.apiUser.password}`).toString('base64')
    expect((await platform.call('getCurrentShop', { auth: { header: `Basic ${token}` } })).status).toBe(200)
    expect((await platform.call('getCurrentShop', { auth: { header: `Basic  ${token}  ` } })).status).toBe(200)
    for (const header of [`Basic ${token} junk`, `Basic ${token}!`, `Basic ${token.slice(0, 4)} ${token.slice(4)}`]) {
      const { status, body } = await platform.call('getCurrentShop', { auth: { header } })
      expect(status, header).toBe(401)
      expect(body.code).toBe('UNAUTHENTICATED')
    }
  })

  it('answers 401 for a malformed Authorization header and an unknown scheme', async () => {
    const garbage = await platform.call('getCurrentShop', { auth: { header: 'Basic !!!notbase64' } })
    const digest = await platform.call('getCurrentShop', { auth: { header: 'Digest username="x"' } })
    expect(garbage.status).toBe(401)
    expect(digest.status).toBe(401)
    expect(digest.body.message).toMatch(/Basic or Bearer/)
  })

  it('answers 401 INVALID_TOKEN for an unknown bearer token', async () => {
    const { status, body, headers } = await platform.call('getCurrentShop', { auth: { bearer: 'fsat_unknown' } })
    expect(status).toBe(401)
    expect(body.code).toBe('INVALID_TOKEN')
    expect(headers['www-authenticate']).toContain('error="invalid_token"')
  })

  it('refuses bearer tokens on basic-only operations with 403 BASIC_AUTH_REQUIRED', async () => {
    const { status, body } = await platform.call('getStreamingStatus', { auth: { bearer: 'fsat_anything' } })
    expect(status).toBe(403)
    expect(body.code).toBe('BASIC_AUTH_REQUIRED')
  })

  it('scopes every answer to the caller’s shop', async () => {
    const demo = await platform.call('getCurrentShop')
    const other = await platform.call('getCurrentShop', { auth: platform.asOther })
    expect(demo.body.id).toBe(platform.demo.id)
    expect(other.body.id).toBe(platform.other.id)
  })
})

describe('every response', () => {
  it('carries a unique Request-Id', async () => {
    const a = await platform.call('getCurrentShop')
    const b = await platform.call('getCurrentShop', { auth: 'none' })
    expect(a.headers['request-id']).toMatch(/^req_/)
    expect(b.headers['request-id']).toMatch(/^req_/)
    expect(a.headers['request-id']).not.toBe(b.headers['request-id'])
  })

  it('carries the rate-limit headers for an authenticated caller', async () => {
    const { headers } = await platform.call('getCurrentShop')
    expect(headers['ratelimit-policy']).toBe('"default";q=100;w=10')
    expect(headers.ratelimit).toMatch(/^"default";r=\d+;t=\d+$/)
    expect(Number(headers['x-ratelimit-limit'])).toBe(100)
  })

  it('answers unknown API paths with a JSON 404 naming the operation', async () => {
    const response = await platform.app.inject({ method: 'GET', url: '/open-api/v1.0/nothing-here' })
    expect(response.statusCode).toBe(404)
    expect(response.json()).toMatchObject({ code: 'ROUTE_NOT_FOUND' })
    expect(response.headers['request-id']).toBeTruthy()
  })

  it('serves the contracts under /openapi/', async () => {
    const response = await platform.app.inject({ method: 'GET', url: '/openapi/open-api.yaml' })
    expect(response.statusCode).toBe(200)
    expect(response.body).toContain('openapi: 3.1')
  })
})
