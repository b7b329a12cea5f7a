import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestPlatform, type TestPlatform } from '../testing/test-platform.js'
import { inlineCode, installSecurityHeaders, sha256Source } from './security-headers.js'

/** The directive `name` of a policy, as its list of sources. */
function directive(policy: unknown, name: string): string[] | undefined {
  for (const part of String(policy).split(';')) {
    const [directiveName, ...sources] = part.trim().split(/\s+/)
    if (directiveName === name) return sources
  }
  return undefined
}

const colourModeScript = '(function(){document.documentElement.dataset.theme="light"})()'
const languageScript = 'window.lang="curl"'
const page = `<!doctype html><html><head>
<script>${colourModeScript}</script>
<script type="application/ld+json">{"@type":"BreadcrumbList"}</script>
<script src="/assets/js/main.js" defer></script>
</head><body><div style="display:none">x</div><script type="module">${languageScript}</script></body></html>`

describe('inlineCode', () => {
  it('finds the inline scripts a browser runs and the inline styles, not data blocks or external scripts', () => {
    const found = inlineCode(`${page}<style>p{color:red}</style>`)
    expect(found.scripts).toEqual([colourModeScript, languageScript])
    expect(found.styles).toEqual(['p{color:red}'])
  })
})

describe('security headers of every surface', () => {
  let platform: TestPlatform
  let siteDir: string
  beforeAll(async () => {
    siteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanshelf-site-'))
    fs.mkdirSync(path.join(siteDir, 'guide'))
    fs.writeFileSync(path.join(siteDir, 'index.html'), page)
    fs.writeFileSync(path.join(siteDir, 'guide', 'index.html'), '<!doctype html><html><body>Guide</body></html>')
    fs.writeFileSync(path.join(siteDir, '404.html'), `<html><head><script>${languageScript}</script></head></html>`)
    platform = await createTestPlatform({ env: { SITE_DIR: siteDir } })
  })
  afterAll(async () => {
    await platform.close()
    fs.rmSync(siteDir, { recursive: true, force: true })
  })

  it('allows each docs page exactly its own inline scripts, by hash, and no inline script otherwise', async () => {
    const home = await platform.app.inject({ url: '/' })
    const scripts = directive(home.headers['content-security-policy'], 'script-src')
    expect(scripts).toEqual(["'self'", sha256Source(colourModeScript), sha256Source(languageScript)])
    const guide = await platform.app.inject({ url: '/guide/' })
    expect(directive(guide.headers['content-security-policy'], 'script-src')).toEqual(["'self'"])
    const missing = await platform.app.inject({ url: '/no/such/page/' })
    expect(missing.statusCode).toBe(404)
    expect(directive(missing.headers['content-security-policy'], 'script-src')).toEqual([
      "'self'",
      sha256Source(languageScript),
    ])
  })

  it('lets docs pages call this server and the documented API servers (the try-it console), nothing else', async () => {
    const home = await platform.app.inject({ url: '/' })
    const policy = home.headers['content-security-policy']
    expect(directive(policy, 'connect-src')).toEqual(
      expect.arrayContaining(["'self'", 'https://api.fanshelf.dev', 'https://storefront-api.fanshelf.dev']),
    )
    expect(directive(policy, 'default-src')).toEqual(["'self'"])
    expect(directive(policy, 'object-src')).toEqual(["'none'"])
    expect(directive(policy, 'frame-ancestors')).toEqual(["'self'"])
    expect(home.headers['x-frame-options']).toBe('SAMEORIGIN')
    expect(home.headers['x-content-type-options']).toBe('nosniff')
    expect(home.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
    expect(home.headers['permissions-policy']).toContain('camera=()')
  })

  it('keeps the admin, its sign-in page and checkout out of frames', async () => {
    const admin = await platform.app.inject({ url: '/admin/' })
    const signIn = await platform.app.inject({ url: '/admin/sign-in' })
    const checkout = await platform.app.inject({ url: '/checkout/?cartCurrency=EUR&cartId=unknown' })
    for (const response of [admin, signIn, checkout]) {
      expect(response.headers['content-type']).toContain('text/html')
      expect(directive(response.headers['content-security-policy'], 'frame-ancestors')).toEqual(["'none'"])
      expect(directive(response.headers['content-security-policy'], 'script-src') ?? ["'none'"]).not.toContain(
        "'unsafe-inline'",
      )
      expect(response.headers['x-frame-options']).toBe('DENY')
      expect(response.headers['x-content-type-options']).toBe('nosniff')
      expect(response.headers['permissions-policy']).toContain('geolocation=()')
    }
  })

  it('marks API JSON nosniff and sends no Strict-Transport-Security on a plain-http deployment', async () => {
    const response = await platform.call('listOrders')
    expect(response.status).toBe(200)
    expect(response.headers['x-content-type-options']).toBe('nosniff')
    expect(response.headers['strict-transport-security']).toBeUndefined()
    expect(response.headers['content-security-policy']).toBeUndefined()
  })
})

describe('installSecurityHeaders', () => {
  it('sends Strict-Transport-Security when the public URL is https', async () => {
    const app = Fastify()
    installSecurityHeaders(app, { publicUrl: 'https://shop.example' })
    app.get('/', async () => ({ ok: true }))
    const response = await app.inject({ url: '/' })
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000')
    await app.close()
  })

  it('gives an HTML response that set no policy one that allows nothing and no framing', async () => {
    const app = Fastify()
    installSecurityHeaders(app, { publicUrl: 'http://shop.example' })
    app.get('/', async (_request, reply) => reply.type('text/html').send('<p>hi</p>'))
    const response = await app.inject({ url: '/' })
    expect(directive(response.headers['content-security-policy'], 'default-src')).toEqual(["'none'"])
    expect(response.headers['x-frame-options']).toBe('DENY')
    await app.close()
  })
})
