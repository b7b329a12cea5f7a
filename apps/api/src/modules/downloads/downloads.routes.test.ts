import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../db/database.js'
import { tampered } from '../../testing/tampered.js'
import { createTestPlatform, type TestPlatform } from '../../testing/test-platform.js'

/**
 * Digital products (decision 0024): what the open API shows of their files and declared costs, and
 * the files served after purchase to the buyer only — through the hosted checkout, the order's
 * confirmation page and its download links, the way a buyer's browser follows them.
 */

let platform: TestPlatform
let db: Db
beforeAll(async () => {
  platform = await createTestPlatform()
  db = platform.app.platform.services.db
})
afterAll(() => platform.close())

async function productBySlug(slug: string, shopId = platform.demo.id) {
  return db
    .selectFrom('products')
    .selectAll()
    .where('shop_id', '=', shopId)
    .where('slug', '=', slug)
    .executeTakeFirstOrThrow()
}

async function firstVariant(productId: string) {
  return db
    .selectFrom('variants')
    .selectAll()
    .where('product_id', '=', productId)
    .orderBy('position')
    .executeTakeFirstOrThrow()
}

/** Buys the products' first variants through the storefront cart and the hosted checkout. */
async function buy(slugs: string[], metadata: Record<string, string> = {}) {
  const items = []
  for (const slug of slugs)
    items.push({ variantId: (await firstVariant((await productBySlug(slug)).id)).id, quantity: 1 })
  const cart = await platform.call('createCart', {
    auth: { storefrontToken: platform.demo.storefrontToken },
    body: { items, metadata },
  })
  expect(cart.status).toBe(200)
  const placed = await platform.app.inject({
    method: 'POST',
    url: '/checkout/api/orders',
    payload: {
      cartId: cart.body.id,
      email: 'buyer@example.com',
      'shipping.name': 'Sam Rivera',
      'shipping.address1': '1200 Morrison St',
      'shipping.city': 'Portland',
      'shipping.state': 'OR',
      'shipping.zip': '97204',
      'shipping.country': 'US',
      billingSameAsShipping: 'on',
      'card.name': 'Sam Rivera',
      'card.number': '4242 4242 4242 4242',
      'card.expiry': '12/30',
      'card.cvc': '123',
    },
  })
  expect(placed.statusCode, placed.body).toBe(201)
  return placed.json() as { orderId: string; confirmationUrl: string }
}

/** The download links on an order's confirmation page. */
async function downloadLinks(confirmationUrl: string) {
  const page = await platform.app.inject({ method: 'GET', url: confirmationUrl })
  expect(page.statusCode).toBe(200)
  return [...page.body.matchAll(/<a href="(\/downloads\/files\/[^"]+)"[^>]*>([^<]+)<\/a>/g)].map((m) => ({
    href: m[1]!.replaceAll('&amp;', '&'),
    name: m[2]!,
  }))
}

const get = (url: string) => platform.app.inject({ method: 'GET', url })

describe('digital products in the open API', () => {
  it('lists a digital product with its files (uri, name, human-readable size, MIME type) and no declared cost', async () => {
    const wallpapers = await productBySlug('digital-wallpaper-pack-vol-1')
    const result = await platform.call('getProduct', { params: { productId: wallpapers.id } })
    expect(result.status).toBe(200)
    expect(result.body.digitalFiles).toEqual([
      {
        uri: expect.stringMatching(
          new RegExp(`^${platform.config.publicUrl.replaceAll('.', '\\.')}/downloads/files/dfl_`),
        ),
        name: 'digital-wallpaper-pack-vol-1.zip',
        fileSize: expect.stringMatching(/^\d+\.\d KB$/),
        mediaType: 'application/zip',
      },
      {
        uri: expect.stringMatching(/\/downloads\/files\/dfl_/),
        name: 'licence.pdf',
        fileSize: expect.stringMatching(/^\d+ B$/),
        mediaType: 'application/pdf',
      },
    ])
    expect(result.body.variants[0]).not.toHaveProperty('creatorDeclaredCost')
  })

  it('shows the creator-declared cost of a shipped product’s variants and no digitalFiles', async () => {
    const tee = await productBySlug('pixel-pines-logo-tee')
    const variant = await firstVariant(tee.id)
    const result = await platform.call('getProduct', { params: { productId: tee.id } })
    expect(result.body).not.toHaveProperty('digitalFiles')
    expect(result.body.variants[0].creatorDeclaredCost).toEqual({
      value: (variant.creator_declared_cost as number) / 100,
      currency: 'USD',
    })
    expect(result.body.variants[0].creatorDeclaredCost.value).toBeGreaterThan(result.body.variants[0].unitCost.value)
  })

  it('carries both fields in product lists and in PRODUCT_UPDATED payloads', async () => {
    const alerts = await productBySlug('stream-alert-sound-pack')
    const list = await platform.call('listProducts', { query: { search: 'alert sound pack' } })
    const listed = list.body.results.find((p: { id: string }) => p.id === alerts.id)
    expect(listed.digitalFiles.map((f: { mediaType: string }) => f.mediaType)).toEqual([
      'application/zip',
      'application/pdf',
    ])
    const changed = await platform.call('setProductAvailability', {
      params: { productId: alerts.id },
      body: { available: false },
    })
    expect(changed.body.digitalFiles).toEqual(listed.digitalFiles)
    const event = await db
      .selectFrom('events')
      .select('data')
      .where('type', '=', 'PRODUCT_UPDATED')
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow()
    expect(JSON.parse(event.data).product.digitalFiles).toEqual(listed.digitalFiles)
    await platform.call('setProductAvailability', { params: { productId: alerts.id }, body: { available: true } })
  })
})

describe('GET /downloads/files/{fileId}', () => {
  it('serves the bought files to the buyer through the confirmation page’s links, byte for byte', async () => {
    const { confirmationUrl } = await buy(['digital-wallpaper-pack-vol-1'])
    const links = await downloadLinks(confirmationUrl)
    expect(links.map((l) => l.name)).toEqual(['digital-wallpaper-pack-vol-1.zip', 'licence.pdf'])
    const zip = await get(links[0]!.href)
    expect(zip.statusCode).toBe(200)
    expect(zip.headers['content-type']).toBe('application/zip')
    expect(zip.headers['content-disposition']).toBe('attachment; filename="digital-wallpaper-pack-vol-1.zip"')
    expect(zip.headers['cache-control']).toBe('private, no-store')
    expect(zip.rawPayload.subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004')
    const stored = await db
      .selectFrom('digital_files')
      .select(['sha256', 'size_bytes'])
      .where('name', '=', 'digital-wallpaper-pack-vol-1.zip')
      .executeTakeFirstOrThrow()
    expect(zip.rawPayload.length).toBe(stored.size_bytes)
    expect(createHash('sha256').update(zip.rawPayload).digest('hex')).toBe(stored.sha256)
    const pdf = await get(links[1]!.href)
    expect(pdf.headers['content-type']).toBe('application/pdf')
    expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-')
    const download = await db.selectFrom('order_downloads').selectAll().where('id', 'is not', null).execute()
    expect(download.some((d) => d.download_count === 2 && d.downloaded_at !== null)).toBe(true)
  })

  it('answers 404 without the order’s token: the uri alone, a wrong token, a file the order did not buy', async () => {
    const { confirmationUrl } = await buy(['digital-wallpaper-pack-vol-2'])
    const [link] = await downloadLinks(confirmationUrl)
    const fileId = link!.href.split('/')[3]!.split('?')[0]!
    const token = new URL(link!.href, 'http://x').searchParams.get('token')!
    const product = await platform.call('getProduct', {
      params: { productId: (await productBySlug('digital-wallpaper-pack-vol-2')).id },
    })
    const uri = new URL(product.body.digitalFiles[0].uri)
    expect(uri.pathname).toBe(`/downloads/files/${fileId}`)
    for (const url of [
      uri.pathname,
      `${uri.pathname}?token=`,
      `${uri.pathname}?token=${'A'.repeat(43)}`,
      `${uri.pathname}?token=${tampered(token)}`,
    ]) {
      const answer = await get(url)
      expect(answer.statusCode, url).toBe(404)
      expect(answer.json()).toMatchObject({ code: 'DOWNLOAD_NOT_FOUND' })
    }
    // Volume 1's file is not in this order: this order's token does not open it.
    const volume1 = await platform.call('getProduct', {
      params: { productId: (await productBySlug('digital-wallpaper-pack-vol-1')).id },
    })
    const other = new URL(volume1.body.digitalFiles[0].uri).pathname
    expect((await get(`${other}?token=${encodeURIComponent(token)}`)).statusCode).toBe(404)
  })

  it('does not open another shop’s files with a token of this shop', async () => {
    const { confirmationUrl } = await buy(['digital-wallpaper-pack-vol-1'])
    const [link] = await downloadLinks(confirmationUrl)
    const token = new URL(link!.href, 'http://x').searchParams.get('token')!
    const foreign = await db
      .selectFrom('digital_files')
      .select('id')
      .where('shop_id', '=', platform.other.id)
      .executeTakeFirstOrThrow()
    expect((await get(`/downloads/files/${foreign.id}?token=${encodeURIComponent(token)}`)).statusCode).toBe(404)
  })

  it('gives an order of shipped goods no downloads, and revokes them when the order is cancelled', async () => {
    const shipped = await buy(['pixel-pines-logo-tee'])
    expect(await downloadLinks(shipped.confirmationUrl)).toEqual([])
    expect(
      await db.selectFrom('order_downloads').select('id').where('order_id', '=', shipped.orderId).execute(),
    ).toEqual([])
    const bought = await buy(['digital-wallpaper-pack-vol-1'])
    const [link] = await downloadLinks(bought.confirmationUrl)
    expect((await get(link!.href)).statusCode).toBe(200)
    await db.updateTable('orders').set({ status: 'CANCELLED' }).where('id', '=', bought.orderId).execute()
    const revoked = await get(link!.href)
    expect(revoked.statusCode).toBe(403)
    expect(revoked.json()).toMatchObject({ code: 'DOWNLOAD_REVOKED' })
  })

  it('charges no shipping for an order of digital goods only', async () => {
    const { orderId } = await buy(['digital-wallpaper-pack-vol-1', 'stream-alert-sound-pack'])
    const order = await platform.call('getOrder', { params: { orderId } })
    expect(order.body.amounts.shipping.value).toBe(0)
    expect(order.body.shipping ?? null).toBeNull()
  })
})

describe('order metadata', () => {
  it('copies the cart’s metadata to the order (GET /order/{id}, by friendly id, in lists and ORDER_PLACED)', async () => {
    const { orderId } = await buy(['pixel-pines-logo-tee'], { source: 'pixel_site', asset_id: 'abc123' })
    const order = await platform.call('getOrder', { params: { orderId } })
    expect(order.body.metadata).toEqual({ source: 'pixel_site', asset_id: 'abc123' })
    const byFriendly = await platform.call('getOrderByFriendlyId', { params: { friendlyId: order.body.friendlyId } })
    expect(byFriendly.body.metadata).toEqual({ source: 'pixel_site', asset_id: 'abc123' })
    const list = await platform.call('listOrders', {})
    expect(list.status, JSON.stringify(list.body)).toBe(200)
    const listed = list.body.results.find((o: { id: string }) => o.id === orderId)
    expect(listed.metadata).toEqual(order.body.metadata)
    // Every order of this file is placed at the same (manual) time: find this order's event by its id.
    const events = await db.selectFrom('events').select('data').where('type', '=', 'ORDER_PLACED').execute()
    const event = events.find((e) => JSON.parse(e.data).id === orderId)
    if (!event) throw new Error(`no ORDER_PLACED event for order ${orderId}`)
    expect(JSON.parse(event.data).metadata).toEqual({ source: 'pixel_site', asset_id: 'abc123' })
  })

  it('omits metadata on an order whose cart had none', async () => {
    const { orderId } = await buy(['pixel-pines-logo-tee'])
    const order = await platform.call('getOrder', { params: { orderId } })
    expect(order.body).not.toHaveProperty('metadata')
  })

  it('keeps the order’s metadata within 2 KB, first entries first', async () => {
    const metadata = Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`k${i}`, String(i).repeat(500)]))
    const { orderId } = await buy(['pixel-pines-logo-tee'], metadata)
    const order = await platform.call('getOrder', { params: { orderId } })
    expect(Object.keys(order.body.metadata)).toEqual(['k0', 'k1', 'k2', 'k3'])
  })
})

describe('PUT /order/{orderId}/downloaded', () => {
  /** The published client's call: `PUT` with basic auth and no body. */
  const mark = (orderId: string) =>
    platform.app.inject({
      method: 'PUT',
      url: `/open-api/v1.0/order/${orderId}/downloaded`,
      headers: {
        authorization: `Basic ${Buffer.from(`${platform.demo.apiUser.username}:${platform.demo.apiUser.password}`).toString('base64')}`,
      },
    })

  it('marks a digital order’s download done (no body, as the platform’s clients call it); repeating changes nothing', async () => {
    const { orderId } = await buy(['digital-wallpaper-pack-vol-1'])
    const first = await mark(orderId)
    expect(first.statusCode, first.body).toBe(200)
    expect(first.json()).toEqual({
      orderId,
      downloads: [
        { id: expect.stringMatching(/^odl_/), url: null, downloadCount: 0, downloadedAt: expect.any(String) },
      ],
    })
    await platform.clock.advance(60_000)
    const again = await mark(orderId)
    expect(again.json()).toEqual(first.json())
  })

  it('creates a download for defaultFileUrl on an order without digital goods; the buyer’s page links to it', async () => {
    const { orderId, confirmationUrl } = await buy(['pixel-pines-logo-tee'])
    const refused = await platform.call('markOrderDownloaded', { params: { orderId }, body: {} })
    expect(refused.status).toBe(400)
    expect(refused.body).toMatchObject({ code: 'ORDER_HAS_NO_DOWNLOADS_ERROR', details: { orderId } })
    const url = 'https://files.example.com/pixel/bonus.zip'
    const marked = await platform.call('markOrderDownloaded', { params: { orderId }, body: { defaultFileUrl: url } })
    expect(marked.status).toBe(200)
    expect(marked.body.downloads).toEqual([expect.objectContaining({ url, downloadedAt: expect.any(String) })])
    const page = await get(confirmationUrl)
    expect(page.body).toContain(`href="${url}"`)
  })

  it('answers 404 ORDER_NOT_FOUND for another shop’s order', async () => {
    const { orderId } = await buy(['digital-wallpaper-pack-vol-1'])
    const foreign = await platform.call('markOrderDownloaded', { params: { orderId }, auth: platform.asOther })
    expect(foreign.status).toBe(404)
    expect(foreign.body.code).toBe('ORDER_NOT_FOUND')
  })
})
