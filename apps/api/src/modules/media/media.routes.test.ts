import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseConfig } from '../../config.js'
import { shopSpecs } from '../../seed/demo-catalog.js'
import { buildDemoData } from '../../seed/demo-data.js'
import { mediaRoutes } from './media.routes.js'

/** The demo data's media URLs are the server's own: its default public URL here. */
const publicUrl = parseConfig({}).publicUrl

describe('media routes', () => {
  let app: FastifyInstance

  beforeAll(async () => {
    app = Fastify({ logger: false })
    await app.register(mediaRoutes)
    await app.ready()
  })

  afterAll(async () => {
    await app.close()
  })

  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers })

  describe('GET /media/products/:file', () => {
    it('answers a product image as a cacheable SVG with the product name', async () => {
      const res = await get('/media/products/night-forest-hoodie-1.svg')
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8')
      expect(res.headers['cache-control']).toMatch(/max-age=31536000/)
      expect(res.headers.etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/)
      expect(res.headers['x-content-type-options']).toBe('nosniff')
      expect(res.body).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="1200" height="1200"/)
      expect(res.body).toContain('Night Forest Hoodie')
      expect(res.body).toContain('#1F3D2B') // Pine, the first colour variant
    })

    it('draws each colour variant in its own colour', async () => {
      const second = await get('/media/products/night-forest-hoodie-2.svg')
      expect(second.statusCode).toBe(200)
      expect(second.body).toContain('#1A1A1A') // Black
      expect(second.body).toContain('Black')
      expect(second.headers.etag).not.toBe((await get('/media/products/night-forest-hoodie-1.svg')).headers.etag)
    })

    it('is deterministic: the same bytes and ETag on every request', async () => {
      const a = await get('/media/products/pip-the-owl-plush-1.svg')
      const b = await get('/media/products/pip-the-owl-plush-1.svg')
      expect(b.body).toBe(a.body)
      expect(b.headers.etag).toBe(a.headers.etag)
    })

    it('renders at the requested width with ?w=', async () => {
      const res = await get('/media/products/forest-floor-mug-1.svg?w=600')
      expect(res.statusCode).toBe(200)
      expect(res.body).toMatch(/^<svg [^>]*width="600" height="600" viewBox="0 0 1200 1200"/)
      expect(res.headers.etag).not.toBe((await get('/media/products/forest-floor-mug-1.svg')).headers.etag)
    })

    it('answers 304 to a matching If-None-Match', async () => {
      const first = await get('/media/products/raid-squad-sticker-pack-1.svg')
      const again = await get('/media/products/raid-squad-sticker-pack-1.svg', {
        'if-none-match': `W/"other", ${first.headers.etag}`,
      })
      expect(again.statusCode).toBe(304)
      expect(again.body).toBe('')
      expect(again.headers.etag).toBe(first.headers.etag)
    })

    it('rejects a bad width with 400 naming the parameter', async () => {
      for (const w of ['abc', '0', '10', '99999', '-5']) {
        const res = await get(`/media/products/forest-floor-mug-1.svg?w=${w}`)
        expect(res.statusCode, w).toBe(400)
        expect(res.json()).toMatchObject({
          code: 'REQUEST_VALIDATION_FAILED',
          details: { errors: [{ location: 'query', field: 'w' }] },
        })
      }
    })

    it('answers 404 for unknown products, image numbers and file names', async () => {
      for (const file of [
        'no-such-product-1.svg',
        'night-forest-hoodie-3.svg',
        'night-forest-hoodie-0.svg',
        'night-forest-hoodie.svg',
        'night-forest-hoodie-1.png',
        '..%2F..%2Fetc%2Fpasswd',
        'constructor-1.svg',
      ]) {
        const res = await get(`/media/products/${file}`)
        expect(res.statusCode, file).toBe(404)
        expect(res.json()).toMatchObject({ code: 'MEDIA_NOT_FOUND' })
      }
    })

    it('serves every image URL the demo seed writes, with no outside host', async () => {
      const urls = new Set<string>()
      for (const shop of buildDemoData({ publicUrl })) {
        for (const product of shop.rows.products) {
          for (const image of JSON.parse(product.images) as { url: string; transformedUrl: string }[]) {
            urls.add(image.url)
            urls.add(image.transformedUrl)
          }
          if (product.size_guide) {
            const guide = JSON.parse(product.size_guide) as { previewUrl: string; fileUrl: string }
            urls.add(guide.previewUrl)
            urls.add(guide.fileUrl)
          }
        }
        for (const tier of shop.rows.membership_tiers) urls.add(tier.image_url!)
      }
      expect(urls.size).toBeGreaterThan(150)
      for (const url of urls) {
        expect(url.startsWith(`${publicUrl}/media/`), url).toBe(true)
        const res = await get(url.slice(publicUrl.length))
        expect(res.statusCode, url).toBe(200)
        expect(res.body).not.toMatch(/https?:\/\/(?!www\.w3\.org\/2000\/svg)/)
      }
    })

    it('draws every product of the catalog', async () => {
      for (const shop of shopSpecs) {
        for (const product of shop.products) {
          const res = await get(`/media/products/${product.slug}-1.svg?w=64`)
          expect(res.statusCode, product.slug).toBe(200)
        }
      }
    })
  })

  describe('GET /media/tiers/:file', () => {
    it('answers a tier badge', async () => {
      const res = await get('/media/tiers/pixel-pines-old-growth.svg')
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8')
      expect(res.body).toContain('Old Growth')
    })

    it('answers 404 for an unknown tier', async () => {
      expect((await get('/media/tiers/platinum.svg')).statusCode).toBe(404)
    })
  })

  describe('GET /media/size-guides/:file', () => {
    it('answers a size guide table', async () => {
      const res = await get('/media/size-guides/hoodie.svg?w=600')
      expect(res.statusCode).toBe(200)
      expect(res.body).toContain('Hoodie size guide')
      expect(res.body).toContain('2XL')
    })

    it('answers 404 for kinds without a guide', async () => {
      for (const file of ['mug.svg', 'constructor.svg', 'hoodie.pdf']) {
        expect((await get(`/media/size-guides/${file}`)).statusCode, file).toBe(404)
      }
    })
  })

  it('escapes product names as XML', async () => {
    const res = await get('/media/products/collectors-box-2026-1.svg')
    expect(res.body).toContain('Collector’s Box 2026')
    expect(res.body).not.toMatch(/<text[^>]*>[^<]*&(?!#?\w+;)/)
  })
})
