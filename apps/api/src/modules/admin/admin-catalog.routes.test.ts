// The admin's products: the media library, creating and editing products with their variants.
import { describe, expect, it } from 'vitest'
import { eventCount, expectEventConforms, recordedEvents } from '../fulfillments/testing/recorded-events.js'
import {
  db,
  image,
  owner,
  platform,
  productBody,
  setUpAdminCatalogCalls,
  staff,
  variant,
} from './testing/admin-catalog-calls.js'
import { signInAdmin } from './testing/admin-client.js'

setUpAdminCatalogCalls()

describe('products', () => {
  it('lists and searches the shop’s products, paginated with the open API’s bounds', async () => {
    const page = await staff.get('/admin/api/products', { query: { size: 5 } })
    expect(page.status).toBe(200)
    expect(page.body).toMatchObject({ page: 0, size: 5, total: expect.any(Number) })
    expect(page.body.results).toHaveLength(5)
    const search = await staff.get('/admin/api/products', { query: { search: 'owl' } })
    expect(search.body.results.length).toBeGreaterThan(0)
    for (const product of search.body.results) expect(product.name.toLowerCase()).toContain('owl')
    expect((await staff.get('/admin/api/products', { query: { size: 101 } })).status).toBe(400)
  })

  it('creates a product with its variants and records PRODUCT_CREATED with it', async () => {
    const body = productBody()
    const created = await owner.post('/admin/api/products', body)
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({
      id: expect.any(String),
      name: 'Test Hoodie',
      slug: body.slug,
      access: { type: 'PUBLIC' },
      state: { type: 'AVAILABLE' },
      thumbnailImage: image(1),
      images: [image(1), image(2)],
      variants: [
        {
          name: 'Black / M',
          sku: 'TEST-HOOD-BLK-M',
          unitPrice: { value: 55, currency: 'USD' },
          compareAtPrice: { value: 65, currency: 'USD' },
          unitCost: { value: 21.5, currency: 'USD' },
          stock: { type: 'LIMITED', inStock: 12 },
          weight: { value: 0.8, unit: 'KG' },
          dimensions: { length: 30, width: 25, height: 6, unit: 'CM' },
        },
        { name: 'Black / L', stock: { type: 'UNLIMITED' } },
      ],
    })
    const read = await platform.call('getProduct', { params: { productId: created.body.id } })
    expect(read.body).toEqual(created.body)
    const [event] = (await recordedEvents(db(), platform.demo.id, 'PRODUCT_CREATED')).filter(
      (e) => e.data.id === created.body.id,
    )
    expect(event?.data).toEqual(created.body)
    expectEventConforms(platform.contract, event!)
    const found = await owner.get('/admin/api/products', { query: { search: 'TEST-HOOD-BLK-L' } })
    expect(found.body.results.map((p: { id: string }) => p.id)).toContain(created.body.id)
  })

  it('edits a product: fields, variants added, changed and removed, and records PRODUCT_UPDATED', async () => {
    const { body: product } = await owner.post('/admin/api/products', productBody())
    const [first, second] = product.variants
    await platform.clock.advance(1_000)
    const edited = await owner.put(`/admin/api/products/${product.id}`, {
      ...productBody({ slug: product.slug }),
      name: 'Test Hoodie (2026)',
      access: { type: 'HIDDEN' },
      images: [image(2)],
      variants: [
        variant({ id: first.id, unitPrice: { value: 49.99, currency: 'USD' }, stock: { type: 'LIMITED', inStock: 3 } }),
        variant({ name: 'Black / XL', sku: 'TEST-HOOD-BLK-XL', compareAtPrice: null, unitCost: null }),
      ],
    })
    expect(edited.status).toBe(200)
    expect(edited.body).toMatchObject({
      name: 'Test Hoodie (2026)',
      access: { type: 'HIDDEN' },
      thumbnailImage: image(2),
      variants: [
        { id: first.id, unitPrice: { value: 49.99, currency: 'USD' }, stock: { type: 'LIMITED', inStock: 3 } },
        { name: 'Black / XL' },
      ],
    })
    // A variant without a compare-at price or cost answers without them (omitted, never null).
    expect(edited.body.variants[1]).not.toHaveProperty('compareAtPrice')
    expect(edited.body.variants[1]).not.toHaveProperty('unitCost')
    expect(edited.body.variants.map((v: { id: string }) => v.id)).not.toContain(second.id)
    expect(edited.body.updatedAt).not.toBe(product.updatedAt)
    const events = (await recordedEvents(db(), platform.demo.id, 'PRODUCT_UPDATED')).filter(
      (e) => (e.data.product as { id: string }).id === product.id,
    )
    expect(events).toHaveLength(1)
    expect(events[0]?.data).toEqual({ product: edited.body })
    expectEventConforms(platform.contract, events[0]!)
  })

  it('records nothing when a save changes nothing', async () => {
    const { body: product } = await owner.post('/admin/api/products', productBody())
    const before = await eventCount(db())
    const saved = await owner.put(`/admin/api/products/${product.id}`, {
      ...productBody({ slug: product.slug }),
      variants: product.variants.map((v: Record<string, unknown>) => {
        const { images: _i, thumbnailImage: _t, ...rest } = v
        return rest
      }),
    })
    expect(saved.status).toBe(200)
    expect(saved.body).toEqual(product)
    expect(await eventCount(db())).toBe(before)
  })

  it('edits a seeded product without changing anything it did not touch', async () => {
    const { body: page } = await owner.get('/admin/api/products', { query: { search: 'owl tee' } })
    const seeded = page.results[0]
    const body = {
      name: `${seeded.name} v2`,
      slug: seeded.slug,
      description: seeded.description,
      access: seeded.access,
      state: seeded.state,
      images: seeded.images,
      variants: seeded.variants.map((v: Record<string, unknown>) => {
        const { images: _i, thumbnailImage: _t, ...rest } = v
        return rest
      }),
    }
    const saved = await owner.put(`/admin/api/products/${seeded.id}`, body)
    expect(saved.status).toBe(200)
    const { name: _n, updatedAt: _u, ...rest } = saved.body
    const { name: _sn, updatedAt: _su, ...seededRest } = seeded
    expect(rest).toEqual(seededRest)
  })

  it('validates the body against the admin schema, naming each field (400)', async () => {
    const response = await owner.post(
      '/admin/api/products',
      productBody({
        slug: 'Not A Slug',
        variants: [variant({ sku: '', unitPrice: { value: -1, currency: 'USD' }, stock: { type: 'LIMITED' } })],
        colour: 'red',
      }),
    )
    expect(response.status).toBe(400)
    const issues = response.body.details.errors.map((e: { field: string; rule: string }) => `${e.field}:${e.rule}`)
    expect(issues).toEqual(
      expect.arrayContaining([
        'slug:pattern',
        'variants/0/sku:minLength',
        'variants/0/unitPrice/value:minimum',
        'variants/0/stock/inStock:required',
        'colour:additionalProperties',
      ]),
    )
    const noVariants = await owner.post('/admin/api/products', productBody({ variants: [] }))
    expect(noVariants.body.details.errors[0]).toMatchObject({ field: 'variants', rule: 'minItems' })
  })

  it('refuses amounts in another currency or precision, and repeated SKUs (400, every one)', async () => {
    const response = await owner.post(
      '/admin/api/products',
      productBody({
        variants: [
          variant({ unitPrice: { value: 10, currency: 'EUR' }, unitCost: { value: 1.005, currency: 'USD' } }),
          variant({ sku: 'test-hood-blk-m' }),
        ],
      }),
    )
    expect(response.status).toBe(400)
    expect(response.body.details.errors).toEqual([
      expect.objectContaining({ field: 'variants/0/unitPrice/currency', rule: 'enum' }),
      expect.objectContaining({ field: 'variants/0/unitCost/value', rule: 'multipleOf' }),
      expect.objectContaining({ field: 'variants/1/sku', rule: 'uniqueItems' }),
    ])
  })

  it('refuses a slug another product uses (409 naming the field)', async () => {
    const { body: product } = await owner.post('/admin/api/products', productBody())
    const duplicate = await owner.post('/admin/api/products', productBody({ slug: product.slug }))
    expect(duplicate.status).toBe(409)
    expect(duplicate.body).toMatchObject({ code: 'PRODUCT_SLUG_DUPLICATION', details: { field: 'slug' } })
  })

  it('refuses removing a variant an order refers to (409) and a variant of another product (400)', async () => {
    const orders = await owner.get('/admin/api/orders', { query: { size: 1 } })
    const ordered = orders.body.results[0].offers[0]
    const { body: product } = await owner.get(`/admin/api/products/${ordered.id}`)
    const kept = product.variants.filter((v: { id: string }) => v.id !== ordered.variant.id)
    const strip = (v: Record<string, unknown>) => {
      const { images: _i, thumbnailImage: _t, ...rest } = v
      return rest
    }
    const body = { ...productBody({ slug: product.slug }), variants: (kept.length > 0 ? kept : [variant()]).map(strip) }
    if (kept.length === 0) body.variants = [variant()]
    const refused = await owner.put(`/admin/api/products/${product.id}`, body)
    expect(refused.status).toBe(409)
    expect(refused.body.code).toBe('PRODUCT_VARIANT_IN_USE')

    const { body: other } = await owner.post('/admin/api/products', productBody())
    const stranger = await owner.put(`/admin/api/products/${other.id}`, {
      ...productBody({ slug: other.slug }),
      variants: [variant({ id: ordered.variant.id })],
    })
    expect(stranger.status).toBe(400)
    expect(stranger.body.details.errors[0]).toMatchObject({ field: 'variants/0/id' })
  })

  it('answers 404 for another shop’s product', async () => {
    const other = await signInAdmin(platform, 'SUPER_ADMIN', 'other')
    const { body: product } = await owner.post('/admin/api/products', productBody())
    expect((await other.get(`/admin/api/products/${product.id}`)).status).toBe(404)
    const put = await other.put(`/admin/api/products/${product.id}`, productBody({ slug: product.slug }))
    expect(put.status).toBe(404)
    expect(put.body.code).toBe('PRODUCT_NOT_FOUND')
  })

  it('sets availability with the contract’s body, recording PRODUCT_UPDATED only on a change', async () => {
    const { body: product } = await owner.post('/admin/api/products', productBody())
    const before = await eventCount(db())
    const soldOut = await staff.put(`/admin/api/products/${product.id}/availability`, { available: false })
    expect(soldOut.body.state).toEqual({ type: 'SOLD_OUT' })
    expect(await eventCount(db())).toBe(before + 1)
    await staff.put(`/admin/api/products/${product.id}/availability`, { available: false })
    expect(await eventCount(db())).toBe(before + 1)
    expect((await staff.put(`/admin/api/products/${product.id}/availability`, { available: 'no' })).status).toBe(400)
  })

  it('pages through the shop’s media library and searches it', async () => {
    const page = await owner.get('/admin/api/media', { query: { size: 4 } })
    expect(page.body.results).toHaveLength(4)
    expect(page.body.total).toBeGreaterThan(4)
    expect(page.body.results[0]).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      url: expect.stringMatching(/\/media\/files\/[0-9a-f-]{36}\.svg$/),
      width: 1200,
      height: 1200,
      transformedUrl: page.body.results[0].url,
      name: expect.stringMatching(/\.svg$/),
      mediaType: 'image/svg+xml',
      sizeBytes: expect.any(Number),
      createdAt: expect.any(String),
    })
    const image = await platform.app.inject({ method: 'GET', url: new URL(page.body.results[0].url).pathname })
    expect(image.statusCode).toBe(200)
    const owl = await owner.get('/admin/api/media', { query: { search: 'owl' } })
    expect(owl.body.results.length).toBeGreaterThan(0)
    for (const found of owl.body.results) expect(found.name.toLowerCase()).toContain('owl')
    // Each shop has its own library.
    const other = await signInAdmin(platform, 'SUPER_ADMIN', 'other')
    const theirs = await other.get('/admin/api/media', { query: { size: 100 } })
    const ours = new Set(
      (await owner.get('/admin/api/media', { query: { size: 100 } })).body.results.map((i: { id: string }) => i.id),
    )
    expect(theirs.body.results.length).toBeGreaterThan(0)
    for (const found of theirs.body.results) expect(ours.has(found.id)).toBe(false)
  })

  it('takes a product’s images only from the shop’s own library, with the library’s URLs', async () => {
    const other = await signInAdmin(platform, 'SUPER_ADMIN', 'other')
    const [theirs] = (await other.get('/admin/api/media', { query: { size: 1 } })).body.results
    const foreign = await owner.post('/admin/api/products', productBody({ images: [image(1), theirs] }))
    expect(foreign.status).toBe(400)
    expect(foreign.body.details.errors).toEqual([expect.objectContaining({ field: 'images/1/id', rule: 'library' })])
    const twice = await owner.post('/admin/api/products', productBody({ images: [image(1), image(1)] }))
    expect(twice.body.details.errors).toEqual([expect.objectContaining({ field: 'images/1/id', rule: 'uniqueItems' })])
    // Whatever URL the request claims, the product shows the library's.
    const forged = { ...image(1), url: 'https://evil.example/x.png', transformedUrl: 'javascript:alert(1)' }
    const created = await owner.post('/admin/api/products', productBody({ images: [forged] }))
    expect(created.status).toBe(201)
    expect(created.body.images).toEqual([image(1)])
  })
})
