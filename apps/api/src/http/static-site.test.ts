import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { docsBuildOrigin } from '../config.js'
import { createTestPlatform, type TestPlatform } from '../testing/test-platform.js'
import { resortSearchIndex } from './served-origin.js'

// The docs site as `npm start` serves it: trailing slashes, index.html trimmed, compression.
let platform: TestPlatform
let siteDir: string
beforeAll(async () => {
  siteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanshelf-site-'))
  fs.mkdirSync(path.join(siteDir, 'storefront'))
  fs.writeFileSync(path.join(siteDir, 'index.html'), `<html><body>${'Developer Docs '.repeat(200)}</body></html>`)
  fs.writeFileSync(path.join(siteDir, 'storefront', 'index.html'), '<html><body>Storefront</body></html>')
  fs.writeFileSync(path.join(siteDir, 'storefront.md'), '# Storefront\n\nThe twin.\n')
  fs.writeFileSync(path.join(siteDir, 'index.md'), '# Developer Docs\n')
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

  it('answers a page route with its Markdown twin to Accept: text/markdown, and says the answer varies', async () => {
    for (const [url, heading] of [
      ['/storefront/', '# Storefront'],
      ['/', '# Developer Docs'],
    ] as const) {
      const twin = await platform.app.inject({ method: 'GET', url, headers: { accept: 'text/markdown' } })
      expect(twin.statusCode, url).toBe(200)
      expect(twin.headers['content-type'], url).toBe('text/markdown; charset=utf-8')
      expect(twin.headers.vary, url).toMatch(/\bAccept\b/)
      expect(twin.body.startsWith(heading), url).toBe(true)
    }
    const html = await platform.app.inject({
      method: 'GET',
      url: '/storefront/',
      headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
    })
    expect(html.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(html.headers.vary).toMatch(/\bAccept\b/)
    // A page without a twin stays HTML; a path that is not a page route is not negotiated.
    const missing = await platform.app.inject({ method: 'GET', url: '/no/such/', headers: { accept: 'text/markdown' } })
    expect(missing.statusCode).toBe(404)
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

// Decision 0032: the site is built naming the default origin; a server on another origin serves
// every text file that names it with its own, so samples and the try-it console point at it.
describe('the docs site served on another origin (PUBLIC_URL)', () => {
  const readerOrigin = 'http://localhost:4100'
  let other: TestPlatform
  let otherSite: string
  beforeAll(async () => {
    otherSite = fs.mkdtempSync(path.join(os.tmpdir(), 'fanshelf-site-origin-'))
    fs.mkdirSync(path.join(otherSite, 'assets', 'js'), { recursive: true })
    fs.mkdirSync(path.join(otherSite, 'webhooks'))
    const sample = `curl "${docsBuildOrigin}/open-api/v1.0/shops/current"`
    fs.writeFileSync(path.join(otherSite, 'index.html'), `<html><body><pre>${sample}</pre></body></html>`)
    fs.writeFileSync(path.join(otherSite, 'webhooks', 'index.html'), '<html><body>No origin here</body></html>')
    fs.writeFileSync(path.join(otherSite, 'webhooks.md'), `# Webhooks\n\n${sample}\n`)
    fs.writeFileSync(path.join(otherSite, 'assets', 'js', 'main.0123abcd.js'), `const s=${JSON.stringify(sample)}`)
    fs.writeFileSync(path.join(otherSite, '404.html'), `<html><body>Not found. Home: ${docsBuildOrigin}/</body></html>`)
    other = await createTestPlatform({ env: { SITE_DIR: otherSite, PUBLIC_URL: `${readerOrigin}/` } })
  })
  afterAll(async () => {
    await other.close()
    fs.rmSync(otherSite, { recursive: true, force: true })
  })

  it('serves pages, their scripts and Markdown twins with this server’s origin', async () => {
    for (const url of ['/', '/webhooks.md', '/assets/js/main.0123abcd.js']) {
      const response = await other.app.inject({ method: 'GET', url })
      expect(response.statusCode, url).toBe(200)
      expect(response.body, url).toContain(`${readerOrigin}/open-api/v1.0/shops/current`)
      expect(response.body, url).not.toContain(docsBuildOrigin)
    }
    const page = await other.app.inject({ method: 'GET', url: '/' })
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(page.headers['content-security-policy']).toContain("script-src 'self'")
    const twin = await other.app.inject({ method: 'GET', url: '/webhooks.md' })
    expect(twin.headers['content-type']).toBe('text/markdown; charset=utf-8')
  })

  it('revalidates a rewritten script by its ETag instead of caching it for a year', async () => {
    const first = await other.app.inject({ method: 'GET', url: '/assets/js/main.0123abcd.js' })
    expect(first.headers['cache-control']).toBe('public, max-age=0, must-revalidate')
    const again = await other.app.inject({
      method: 'GET',
      url: '/assets/js/main.0123abcd.js',
      headers: { 'if-none-match': String(first.headers.etag) },
    })
    expect(again.statusCode).toBe(304)
  })

  it('serves a file that does not name the origin as built', async () => {
    const response = await other.app.inject({ method: 'GET', url: '/webhooks/' })
    expect(response.statusCode).toBe(200)
    expect(response.body).toContain('No origin here')
  })

  it('serves the 404 page and the contracts with this server’s origin', async () => {
    const missing = await other.app.inject({ method: 'GET', url: '/no/such/page/' })
    expect(missing.statusCode).toBe(404)
    expect(missing.body).toContain(`Home: ${readerOrigin}/`)
    for (const name of ['open-api.yaml', 'open-api-beta.yaml', 'storefront-api.yaml']) {
      const contract = await other.app.inject({ method: 'GET', url: `/openapi/${name}` })
      expect(contract.statusCode, name).toBe(200)
      expect(contract.body, name).toContain(readerOrigin)
      expect(contract.body, name).not.toContain(docsBuildOrigin)
    }
  })

  it('refuses a path that leaves the site directory', async () => {
    const response = await other.app.inject({ method: 'GET', url: '/..%2f..%2fetc%2fpasswd' })
    expect([403, 404]).toContain(response.statusCode)
    expect(response.body).not.toContain('root:')
  })
})

describe('the docs search index served on another origin', () => {
  it('keeps its terms in the sorted order lunr loads them in', () => {
    const index = [
      {
        documents: [{ i: 1, t: `curl ${docsBuildOrigin}/v1` }],
        index: {
          invertedIndex: [
            ['a', {}],
            [`${docsBuildOrigin}/v1`, {}],
            ['http://127.0.0.1:4500', {}],
            ['z', {}],
          ],
        },
      },
    ]
    const rewritten = JSON.stringify(index).replaceAll(docsBuildOrigin, 'http://127.0.0.1:4631')
    const terms = (JSON.parse(resortSearchIndex(rewritten)) as typeof index)[0]?.index.invertedIndex.map(([t]) => t)
    expect(terms).toEqual(['a', 'http://127.0.0.1:4500', 'http://127.0.0.1:4631/v1', 'z'])
  })
})
