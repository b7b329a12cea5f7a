import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestPlatform, type TestPlatform } from '../../testing/test-platform.js'
import { type AdminClient, signInAdmin } from '../admin/testing/admin-client.js'

/**
 * The media library as a merchant and a shopper meet it (decision 0036): an upload through
 * `POST /admin/api/media` with the raw file as the body, checked by its content; the file served
 * at `/media/files/<id>.<ext>` (immutable, narrower copies with `?w=`); products that show it in the
 * storefront API and the feed; and the demo seed's drawings, stored through the same path.
 */

let platform: TestPlatform
let owner: AdminClient
let staff: AdminClient

beforeAll(async () => {
  platform = await createTestPlatform()
  owner = await signInAdmin(platform, 'SUPER_ADMIN')
  staff = await signInAdmin(platform, 'STAFF')
})
afterAll(() => platform.close())

/** Uploads `content` the way a browser's fetch(file) does: the file as the body, its name in the query. */
function upload(
  content: Buffer,
  options: { as?: AdminClient; type?: string; name?: string; csrf?: boolean; signedIn?: boolean } = {},
) {
  const admin = options.as ?? owner
  const headers: Record<string, string> = { 'content-type': options.type ?? 'image/jpeg' }
  if (options.signedIn !== false) headers.cookie = admin.cookie
  if (options.csrf !== false) headers['x-csrf-token'] = admin.csrfToken
  const query = options.name === undefined ? '' : `?name=${encodeURIComponent(options.name)}`
  return platform.app.inject({ method: 'POST', url: `/admin/api/media${query}`, headers, payload: content })
}

const get = (url: string, headers: Record<string, string> = {}) =>
  platform.app.inject({
    method: 'GET',
    url: new URL(url, platform.config.publicUrl).pathname + new URL(url, platform.config.publicUrl).search,
    headers,
  })

/** A photo as a phone takes it: JPEG, 400×200 pixels stored sideways (EXIF orientation 6), with a GPS block. */
function phonePhoto(): Promise<Buffer> {
  return sharp({ create: { width: 400, height: 200, channels: 3, background: '#c0392b' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExifMerge({ IFD0: { Make: 'Phone', Artist: 'Ada' }, IFD3: { GPSLatitudeRef: 'N' } })
    .toBuffer()
}

function png(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: '#2e86de' } })
    .png()
    .toBuffer()
}

describe('uploading', () => {
  it('stores a phone photo upright and without its EXIF block, as any admin of the shop', async () => {
    const photo = await phonePhoto()
    expect(await sharp(photo).metadata()).toMatchObject({ orientation: 6, exif: expect.any(Buffer) })

    const response = await upload(photo, { as: staff, name: 'C:\\Users\\ada\\Pictures\\IMG_0042.JPG' })
    expect(response.statusCode).toBe(201)
    const image = response.json()
    expect(image).toMatchObject({
      name: 'IMG_0042.JPG',
      mediaType: 'image/jpeg',
      width: 200,
      height: 400,
      url: expect.stringMatching(new RegExp(`^${platform.config.publicUrl}/media/files/[0-9a-f-]{36}\\.jpg$`)),
    })
    expect(response.headers.location).toBe(image.url)
    // 200 wide: no narrower copy is needed, so the storefront's URL is the original.
    expect(image.transformedUrl).toBe(image.url)

    const served = await get(image.url)
    expect(served.statusCode).toBe(200)
    expect(served.headers['content-type']).toBe('image/jpeg')
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    const metadata = await sharp(served.rawPayload).metadata()
    expect(metadata).toMatchObject({ format: 'jpeg', width: 200, height: 400 })
    expect(metadata.exif).toBeUndefined()
    expect(served.rawPayload.includes(Buffer.from('Ada'))).toBe(false)

    const listed = (await owner.get('/admin/api/media', { query: { search: 'img_0042' } })).body
    expect(listed.results).toEqual([image])
  })

  it('decides the type from the bytes, not from the name or the Content-Type', async () => {
    const response = await upload(await png(64, 32), { type: 'image/jpeg', name: 'banner.jpg' })
    expect(response.statusCode).toBe(201)
    expect(response.json()).toMatchObject({ mediaType: 'image/png', width: 64, height: 32 })
    expect(response.json().url).toMatch(/\.png$/)

    const text = await upload(Buffer.from('#!/bin/sh\necho not a picture\n'), { type: 'image/png', name: 'cat.png' })
    expect(text.statusCode).toBe(415)
    expect(text.json()).toMatchObject({
      code: 'MEDIA_TYPE_UNSUPPORTED',
      details: { errors: [{ field: 'file', rule: 'format' }] },
    })
    const pdf = await upload(Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF'), {
      type: 'application/octet-stream',
    })
    expect(pdf.statusCode).toBe(415)
  })

  it('refuses damaged, empty, oversized and unsafe files, and keeps nothing of them', async () => {
    const before = (await owner.get('/admin/api/media')).body.total
    const whole = await png(300, 300)
    const truncated = await upload(whole.subarray(0, Math.floor(whole.length / 2)), { type: 'image/png' })
    expect(truncated.statusCode).toBe(400)
    expect(truncated.json().code).toBe('MEDIA_UNREADABLE')

    const empty = await upload(Buffer.alloc(0), { type: 'image/png' })
    expect(empty.statusCode).toBe(400)
    expect(empty.json()).toMatchObject({
      code: 'MEDIA_EMPTY',
      details: { errors: [{ field: 'file', rule: 'required' }] },
    })

    const tall = await upload(await png(16, 8001), { type: 'image/png' })
    expect(tall.statusCode).toBe(400)
    expect(tall.json()).toMatchObject({
      code: 'MEDIA_TOO_LARGE',
      details: { errors: [{ field: 'file', rule: 'maximum' }] },
    })

    const huge = await upload(Buffer.alloc(20 * 1024 * 1024 + 1, 1), { type: 'image/png' })
    expect(huge.statusCode).toBe(413)
    expect(huge.json().message).toContain(String(20 * 1024 * 1024))

    for (const svg of [
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="alert(1)"/>',
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="10"><image xlink:href="https://tracker.example/p.png" width="10" height="10"/></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><foreignObject width="10" height="10"><p>hi</p></foreignObject></svg>',
    ]) {
      const unsafe = await upload(Buffer.from(svg), { type: 'image/svg+xml' })
      expect(unsafe.statusCode, svg).toBe(400)
      expect(unsafe.json(), svg).toMatchObject({ code: 'MEDIA_UNSAFE', details: { errors: [{ rule: 'safe-svg' }] } })
    }
    expect((await owner.get('/admin/api/media')).body.total).toBe(before)
  })

  it('serves a plain SVG drawing sandboxed', async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="60"><rect width="120" height="60" fill="url(#g)"/><defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient></defs></svg>'
    const response = await upload(Buffer.from(svg), { type: 'image/svg+xml', name: 'logo.svg' })
    expect(response.statusCode).toBe(201)
    expect(response.json()).toMatchObject({ mediaType: 'image/svg+xml', width: 120, height: 60 })
    const served = await get(response.json().url)
    expect(served.headers['content-type']).toBe('image/svg+xml')
    expect(served.headers['content-security-policy']).toContain('sandbox')
    expect(served.body).toBe(svg)
  })

  it('needs a signed-in admin and the session’s CSRF token', async () => {
    const photo = await png(20, 20)
    expect((await upload(photo, { signedIn: false, csrf: false })).statusCode).toBe(401)
    expect((await upload(photo, { csrf: false })).statusCode).toBe(403)
    // JSON bodies elsewhere are unaffected: an image body on a JSON route is refused.
    const elsewhere = await platform.app.inject({
      method: 'POST',
      url: '/admin/api/products',
      headers: { cookie: owner.cookie, 'x-csrf-token': owner.csrfToken, 'content-type': 'image/png' },
      payload: photo,
    })
    expect(elsewhere.statusCode).toBe(415)
  })
})

describe('serving', () => {
  let wide: { url: string; transformedUrl: string; id: string }
  beforeAll(async () => {
    wide = (await upload(await png(1600, 900), { type: 'image/png', name: 'wide.png' })).json()
  })

  it('answers narrower copies with ?w= for the storefront, never wider than the original', async () => {
    expect(wide.transformedUrl).toBe(`${wide.url}?w=600`)
    const narrow = await get(wide.transformedUrl)
    expect(narrow.statusCode).toBe(200)
    expect(await sharp(narrow.rawPayload).metadata()).toMatchObject({ format: 'png', width: 600, height: 338 })
    const wider = await get(`${wide.url}?w=2400`)
    expect((await sharp(wider.rawPayload).metadata()).width).toBe(1600)
    expect(narrow.headers.etag).not.toBe((await get(wide.url)).headers.etag)
  })

  it('revalidates with the ETag and names the rule a bad width breaks', async () => {
    const first = await get(wide.url)
    expect((await get(wide.url, { 'if-none-match': String(first.headers.etag) })).statusCode).toBe(304)
    for (const [w, rule] of [
      ['10', 'minimum'],
      ['5000', 'maximum'],
      ['wide', 'type'],
    ]) {
      const response = await get(`${wide.url}?w=${w}`)
      expect(response.statusCode).toBe(400)
      expect(response.json().details.errors).toEqual([expect.objectContaining({ field: 'w', rule })])
    }
  })

  it('answers 404 for an unknown id, another extension or a malformed name', async () => {
    const path = new URL(wide.url).pathname
    for (const url of [
      path.replace(/[0-9a-f]{4}\.png$/, '0000.png'),
      path.replace(/\.png$/, '.jpg'),
      '/media/files/../../etc/passwd',
      '/media/files/not-an-id.png',
    ]) {
      const response = await get(url)
      expect(response.statusCode, url).toBe(404)
    }
  })
})

describe('products show uploaded images everywhere', () => {
  it('from the admin’s product form to the storefront API and the feed', async () => {
    const image = (await upload(await png(900, 900), { type: 'image/png', name: 'sticker.png' })).json()
    const created = await owner.post('/admin/api/products', {
      name: 'Uploaded Sticker',
      slug: 'uploaded-sticker',
      description: 'A sticker with an uploaded photo.',
      access: { type: 'PUBLIC' },
      state: { type: 'AVAILABLE' },
      images: [image],
      variants: [
        {
          name: 'One size',
          sku: 'UP-STICKER',
          unitPrice: { value: 4, currency: 'USD' },
          attributes: { description: 'One size' },
          stock: { type: 'UNLIMITED' },
          weight: { value: 0.01, unit: 'KG' },
          dimensions: { length: 8, width: 8, height: 0.1, unit: 'CM' },
        },
      ],
    })
    expect(created.status).toBe(201)
    const { id, url, width, height, transformedUrl } = image
    const shown = { id, url, width, height, transformedUrl }

    const storefront = await platform.app.inject({
      method: 'GET',
      url: `/v1/products/uploaded-sticker?storefront_token=${platform.demo.storefrontToken}`,
    })
    expect(storefront.statusCode).toBe(200)
    expect(storefront.json().images).toEqual([shown])
    expect((await get(storefront.json().images[0].transformedUrl)).statusCode).toBe(200)

    const feed = await platform.app.inject({
      method: 'GET',
      url: '/.well-known/merchant-center/rss.xml',
      headers: { host: 'localhost' },
    })
    expect(feed.body).toContain(`<g:image_link>${url}</g:image_link>`)
  })

  it('serves every image the demo seed drew, from the open API’s own URLs', async () => {
    const page = await platform.call('listProducts', { query: { size: '50' } })
    const seeded = page.body.results.filter((p: { slug: string }) => p.slug !== 'uploaded-sticker')
    const urls = seeded.flatMap((p: { images: { url: string }[] }) => p.images.map((i) => i.url))
    expect(urls.length).toBeGreaterThan(20)
    for (const url of urls.slice(0, 25)) {
      expect(url).toMatch(new RegExp(`^${platform.config.publicUrl}/media/files/[0-9a-f-]{36}\\.svg$`))
      const served = await get(url)
      expect(served.statusCode, url).toBe(200)
      expect(served.body).toMatch(/^<svg /)
    }
  })
})
