import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestPlatform, type TestPlatform } from '../testing/test-platform.js'

// The docs site as `npm start` serves it: trailing slashes, index.html trimmed, compression.
let platform: TestPlatform
let siteDir: string
beforeAll(async () => {
  siteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanshelf-site-'))
  fs.mkdirSync(path.join(siteDir, 'storefront'))
  fs.writeFileSync(path.join(siteDir, 'index.html'), `<html><body>${'Developer Docs '.repeat(200)}</body></html>`)
  fs.writeFileSync(path.join(siteDir, 'storefront', 'index.html'), '<html><body>Storefront</body></html>')
  fs.writeFileSync(path.join(siteDir, '404.html'), '<html><body>Not found</body></html>')
  platform = await createTestPlatform({ env: { SITE_DIR: siteDir } })
})
afterAll(async () => {
  await platform.close()
  fs.rmSync(siteDir, { recursive: true, force: true })
})

describe('the docs site served at /', () => {
  it('serves a route with its trailing slash and redirects the bare path to it', async () => {
    const page = await platform.app.inject({ method: 'GET', url: '/storefront/' })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('Storefront')
    const bare = await platform.app.inject({ method: 'GET', url: '/storefront' })
    expect(bare.statusCode).toBe(301)
    expect(bare.headers.location).toBe('/storefront/')
  })

  it('trims a trailing index.html', async () => {
    const response = await platform.app.inject({ method: 'GET', url: '/storefront/index.html' })
    expect(response.statusCode).toBe(301)
    expect(response.headers.location).toBe('/storefront/')
  })

  it('compresses pages for clients that accept gzip', async () => {
    const response = await platform.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip' } })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-encoding']).toBe('gzip')
  })

  it('answers unknown paths with the site’s 404 page', async () => {
    const response = await platform.app.inject({ method: 'GET', url: '/no/such/page/' })
    expect(response.statusCode).toBe(404)
    expect(response.body).toContain('Not found')
  })

  it.each([
    '/storefront//checkout/',
    '//storefront/',
    '/storefront//',
    '/open-api/v1.0//products',
    '/v1//products?storefront_token=x',
  ])('answers %s, which has an empty path segment, 404 NOT_FOUND in the error shape', async (url) => {
    const response = await platform.app.inject({ method: 'GET', url })
    expect(response.statusCode).toBe(404)
    expect(response.headers['content-type']).toMatch(/^application\/json/)
    expect(response.headers['request-id']).toMatch(/\S/)
    const pathname = url.split('?')[0]
    expect(response.json()).toEqual({
      code: 'NOT_FOUND',
      message: `Nothing is served at ${pathname}: it has an empty path segment (//).`,
    })
  })

  it('leaves the API prefixes to the APIs', async () => {
    const response = await platform.app.inject({ method: 'GET', url: '/open-api/v1.0/nothing' })
    expect(response.statusCode).toBe(404)
    expect(response.json().code).toBe('ROUTE_NOT_FOUND')
  })
})
