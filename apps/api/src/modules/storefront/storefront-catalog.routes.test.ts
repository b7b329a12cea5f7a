// The storefront API: its token, the shop, a product by slug, and CORS.
import { describe, expect, it } from 'vitest'
import { storefrontCurrencies } from '../money/exchange-rates.js'
import {
  asDemo,
  asOther,
  db,
  platform,
  productsOf,
  rates,
  setUpCatalogCalls,
  variantsOf,
} from './testing/catalog-calls.js'

setUpCatalogCalls()

describe('storefront token', () => {
  it('answers 401 STOREFRONT_TOKEN_MISSING without storefront_token, with CORS headers', async () => {
    const result = await platform.call('listCollections', { auth: 'none' })
    expect(result.status).toBe(401)
    expect(result.body.code).toBe('STOREFRONT_TOKEN_MISSING')
    expect(result.headers['access-control-allow-origin']).toBe('*')
  })

  it('answers 401 STOREFRONT_TOKEN_INVALID for an unknown token, a malformed one and an empty one', async () => {
    for (const token of ['ptkn_doesNotExistAtAllxxxxxxxxxxxxxxxx', 'hello', `${platform.demo.storefrontToken}x`]) {
      const result = await platform.call('getStorefrontShop', { auth: { storefrontToken: token } })
      expect(result.status, token).toBe(401)
      expect(result.body.code).toBe('STOREFRONT_TOKEN_INVALID')
    }
    const empty = await platform.call('getStorefrontShop', { auth: { storefrontToken: '' } })
    expect(empty.body.code).toBe('STOREFRONT_TOKEN_MISSING')
  })

  it('does not accept open API credentials instead of the token', async () => {
    const result = await platform.call('getStorefrontShop', { auth: platform.asDemo })
    expect(result.status).toBe(401)
    expect(result.body.code).toBe('STOREFRONT_TOKEN_MISSING')
  })

  it('checks the token before validating the request', async () => {
    const result = await platform.call('listCollections', { auth: 'none', query: { size: 0 } })
    expect(result.status).toBe(401)
  })
})

describe('GET /v1/shop', () => {
  it('answers the shop behind the token with the hosted checkout address', async () => {
    const shop = await db.selectFrom('shops').selectAll().where('id', '=', platform.demo.id).executeTakeFirstOrThrow()
    const { status, body } = await platform.call('getStorefrontShop', { auth: asDemo })
    expect(status).toBe(200)
    expect(body).toEqual({
      id: shop.id,
      name: shop.name,
      domain: shop.domain,
      publicDomain: shop.public_domain,
      currency: 'USD',
      checkoutUrl: `${platform.config.publicUrl}/checkout/`,
    })
    const other = await platform.call('getStorefrontShop', { auth: asOther })
    expect(other.body).toMatchObject({ id: platform.other.id, currency: 'EUR' })
  })
})

describe('GET /v1/products/{slug}', () => {
  it('answers a public product with its variants, prices in the shop currency by default', async () => {
    const [product] = await productsOf(platform.demo.id, 'PUBLIC')
    const variants = await variantsOf(product!.id)
    const { status, body } = await platform.call('getStorefrontProduct', {
      auth: asDemo,
      params: { slug: product!.slug },
    })
    expect(status).toBe(200)
    expect(body).toMatchObject({
      id: product!.id,
      name: product!.name,
      slug: product!.slug,
      description: product!.description,
      state: { type: product!.state },
      access: { type: 'PUBLIC' },
      images: JSON.parse(product!.images),
      createdAt: product!.created_at,
      updatedAt: product!.updated_at,
    })
    expect(body.variants.map((v: { id: string }) => v.id)).toEqual(variants.map((v) => v.id))
    const [first] = variants
    expect(body.variants[0]).toEqual({
      id: first!.id,
      name: first!.name,
      sku: first!.sku,
      unitPrice: { value: first!.unit_price / 100, currency: 'USD' },
      ...(first!.compare_at_price === null
        ? {}
        : { compareAtPrice: { value: first!.compare_at_price / 100, currency: 'USD' } }),
      attributes: JSON.parse(first!.attributes),
      stock: first!.stock_type === 'LIMITED' ? { type: 'LIMITED', inStock: first!.in_stock } : { type: 'UNLIMITED' },
      weight: JSON.parse(first!.weight),
      dimensions: JSON.parse(first!.dimensions),
      images: JSON.parse(first!.images),
    })
    expect(JSON.stringify(body)).not.toContain('unitCost')
  })

  it('answers a hidden product by slug', async () => {
    const [hidden] = await productsOf(platform.demo.id, 'HIDDEN')
    const { status, body } = await platform.call('getStorefrontProduct', {
      auth: asDemo,
      params: { slug: hidden!.slug },
    })
    expect(status).toBe(200)
    expect(body.access).toEqual({ type: 'HIDDEN' })
  })

  it('answers 404 PRODUCT_NOT_FOUND for archived, unknown and other-shop products alike', async () => {
    const [archived] = await productsOf(platform.demo.id, 'ARCHIVED')
    const [foreign] = await productsOf(platform.other.id, 'PUBLIC')
    for (const slug of [archived!.slug, 'no-such-product', foreign!.slug]) {
      const { status, body } = await platform.call('getStorefrontProduct', { auth: asDemo, params: { slug } })
      expect(status, slug).toBe(404)
      expect(body).toEqual({
        code: 'PRODUCT_NOT_FOUND',
        message: `No product with slug '${slug}' in this shop.`,
        details: { slug },
      })
    }
  })

  it('converts every price with the exchange-rate table, rounding half up; JPY has no minor unit', async () => {
    const variant = await db
      .selectFrom('variants as v')
      .innerJoin('products as p', 'p.id', 'v.product_id')
      .select(['p.slug', 'v.id', 'v.unit_price', 'v.compare_at_price'])
      .where('p.shop_id', '=', platform.demo.id)
      .where('p.access', '=', 'PUBLIC')
      .where('v.compare_at_price', 'is not', null)
      .executeTakeFirstOrThrow()
    for (const currency of ['EUR', 'JPY', 'GBP', 'SEK', 'USD'] as const) {
      const { status, body } = await platform.call('getStorefrontProduct', {
        auth: asDemo,
        params: { slug: variant.slug },
        query: { currency },
      })
      expect(status).toBe(200)
      const found = body.variants.find((v: { id: string }) => v.id === variant.id)
      const minor = rates.convert(variant.unit_price, 'USD', currency)
      expect(found.unitPrice).toEqual({ value: currency === 'JPY' ? minor : minor / 100, currency })
      // At most the currency's decimals: none for JPY, two otherwise.
      const decimals = currency === 'JPY' ? 0 : 2
      expect(Math.round(found.unitPrice.value * 10 ** decimals) / 10 ** decimals).toBe(found.unitPrice.value)
      if (currency === 'JPY') expect(Number.isInteger(found.unitPrice.value)).toBe(true)
      const compare = rates.convert(variant.compare_at_price!, 'USD', currency)
      expect(found.compareAtPrice).toEqual({ value: currency === 'JPY' ? compare : compare / 100, currency })
    }
  })

  it('answers 400 UNSUPPORTED_CURRENCY listing the supported codes', async () => {
    const [product] = await productsOf(platform.demo.id, 'PUBLIC')
    for (const currency of ['BRL', 'usd', 'XXX']) {
      const { status, body } = await platform.call('getStorefrontProduct', {
        auth: asDemo,
        params: { slug: product!.slug },
        query: { currency },
      })
      expect(status).toBe(400)
      expect(body.code).toBe('UNSUPPORTED_CURRENCY')
      expect(body.details).toEqual({ currency, supported: [...storefrontCurrencies] })
    }
  })

  it('answers an ETag and 304 to a matching If-None-Match, a new ETag once the product changes', async () => {
    const [product] = await productsOf(platform.demo.id, 'PUBLIC')
    const params = { slug: product!.slug }
    const first = await platform.call('getStorefrontProduct', { auth: asDemo, params })
    const etag = first.headers.etag as string
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/)
    expect(first.headers['cache-control']).toBe('public, no-cache')
    const again = await platform.call('getStorefrontProduct', {
      auth: asDemo,
      params,
      headers: { 'if-none-match': etag },
    })
    expect(again.status).toBe(304)
    expect(again.response.body).toBe('')
    expect(again.headers.etag).toBe(etag)
    const listed = await platform.call('getStorefrontProduct', {
      auth: asDemo,
      params,
      headers: { 'if-none-match': `"nope", W/${etag}` },
    })
    expect(listed.status).toBe(304)
    const euro = await platform.call('getStorefrontProduct', {
      auth: asDemo,
      params,
      query: { currency: 'EUR' },
      headers: { 'if-none-match': etag },
    })
    expect(euro.status).toBe(200)
    await db
      .updateTable('products')
      .set({ name: `${product!.name} v2` })
      .where('id', '=', product!.id)
      .execute()
    // Answers are cached for up to a second (writes through the API clear the cache; this one bypassed it).
    await platform.clock.advance(1000)
    const changed = await platform.call('getStorefrontProduct', {
      auth: asDemo,
      params,
      headers: { 'if-none-match': etag },
    })
    expect(changed.status).toBe(200)
    expect(changed.headers.etag).not.toBe(etag)
    await db.updateTable('products').set({ name: product!.name }).where('id', '=', product!.id).execute()
  })
})

describe('CORS', () => {
  it('answers a preflight from any origin', async () => {
    const response = await platform.app.inject({
      method: 'OPTIONS',
      url: '/v1/carts',
      headers: {
        origin: 'https://shop.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    })
    expect(response.statusCode).toBe(204)
    expect(response.headers['access-control-allow-origin']).toBe('*')
    expect(response.headers['access-control-allow-methods']).toContain('POST')
    expect(response.headers['access-control-allow-headers']).toBe('content-type')
  })

  it('allows any origin on answers and errors, and exposes ETag', async () => {
    const ok = await platform.call('listCollections', { auth: asDemo, headers: { origin: 'https://a.example' } })
    expect(ok.headers['access-control-allow-origin']).toBe('*')
    expect(ok.headers['access-control-expose-headers']).toBe('ETag, Request-Id, Idempotent-Replayed')
    const missing = await platform.app.inject({ method: 'GET', url: '/v1/nothing-here' })
    expect(missing.headers['access-control-allow-origin']).toBe('*')
  })
})
