import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Db } from '../../db/database.js'
import type { ProductsTable, VariantsTable } from '../../db/schema.js'
import { type CallResult, createTestPlatform, type TestPlatform } from '../../testing/test-platform.js'

let platform: TestPlatform
let db: Db
/** A demo product whose variants have both kinds of stock (see `mixStock`). */
let mixed: { product: ProductsTable; limited: VariantsTable[] }
beforeAll(async () => {
  platform = await createTestPlatform()
  db = platform.app.platform.services.db
  mixed = await mixStock()
})
afterAll(() => platform.close())
// Each test starts with a fresh rate-limit window: the limiter runs on the manual clock.
beforeEach(() => platform.clock.advance(10_000))

const unknownProductId = '00000000-0000-4000-8000-000000000000'

function productsOf(shopId: string) {
  return db
    .selectFrom('products')
    .selectAll()
    .where('shop_id', '=', shopId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute()
}

function variantsOf(productId: string) {
  return db.selectFrom('variants').selectAll().where('product_id', '=', productId).orderBy('position').execute()
}

/** A money column as the contract shows it: major units (the seeded currencies have 2 decimals). */
function money(minor: number | null, currency: string) {
  return minor === null ? undefined : { value: minor / 100, currency }
}

/** Stored JSON without its null-valued keys: optional fields are omitted, not null (decision 0021). */
function withoutNulls(json: string) {
  return Object.fromEntries(Object.entries(JSON.parse(json) as object).filter(([, value]) => value !== null))
}

function expectedVariant(v: VariantsTable) {
  return {
    id: v.id,
    name: v.name,
    sku: v.sku,
    unitPrice: money(v.unit_price, v.currency),
    compareAtPrice: money(v.compare_at_price, v.currency),
    unitCost: money(v.unit_cost, v.currency),
    // Omitted when the creator declared none (digital products).
    ...(v.creator_declared_cost == null ? {} : { creatorDeclaredCost: money(v.creator_declared_cost, v.currency) }),
    attributes: withoutNulls(v.attributes),
    stock: v.stock_type === 'LIMITED' ? { type: 'LIMITED', inStock: v.in_stock } : { type: 'UNLIMITED' },
    weight: JSON.parse(v.weight),
    dimensions: JSON.parse(v.dimensions),
    images: JSON.parse(v.images),
    thumbnailImage: v.thumbnail_image === null ? undefined : JSON.parse(v.thumbnail_image),
  }
}

async function expectedProduct(p: ProductsTable) {
  const json = (text: string | null) => (text === null ? undefined : JSON.parse(text))
  return {
    id: p.id,
    name: p.name,
    slug: p.slug,
    description: p.description,
    type: p.type,
    state: { type: p.state },
    access: { type: p.access },
    thumbnailImage: json(p.thumbnail_image),
    images: JSON.parse(p.images),
    variants: (await variantsOf(p.id)).map(expectedVariant),
    additionalInformation: json(p.additional_information),
    sizeGuide: json(p.size_guide),
    // Only digital products have files (downloads.routes.test.ts reads them in detail).
    ...(p.digital_files == null ? {} : { digitalFiles: expect.any(Array) }),
    createdAt: p.created_at,
    updatedAt: p.updated_at,
  }
}

/**
 * The demo seed gives each product one kind of stock; to show that inventory skips UNLIMITED variants,
 * this file's own database turns the second variant of a product with at least three LIMITED variants
 * into UNLIMITED.
 */
async function mixStock() {
  for (const product of await productsOf(platform.demo.id)) {
    const variants = await variantsOf(product.id)
    if (variants.length < 3 || variants.some((v) => v.stock_type !== 'LIMITED')) continue
    const unlimited = variants[1] as VariantsTable
    await db
      .updateTable('variants')
      .set({ stock_type: 'UNLIMITED', in_stock: null })
      .where('id', '=', unlimited.id)
      .execute()
    return { product, limited: variants.filter((v) => v.id !== unlimited.id) }
  }
  throw new Error('The demo seed has no product with three LIMITED variants')
}

function expectValidationError(result: CallResult, location: string, field: string) {
  expect(result.status).toBe(400)
  expect(result.body.code).toBe('REQUEST_VALIDATION_FAILED')
  expect(result.body.details.errors).toEqual(expect.arrayContaining([expect.objectContaining({ location, field })]))
}

describe('GET /products', () => {
  it('answers the first page of the shop’s products, newest first, with their variants in position order', async () => {
    const all = await productsOf(platform.demo.id)
    const { status, body } = await platform.call('listProducts')
    expect(status).toBe(200)
    expect(body).toEqual({
      results: await Promise.all(all.slice(0, 20).map(expectedProduct)),
      total: all.length,
      page: 0,
      size: 20,
      totalPages: Math.ceil(all.length / 20),
    })
  })

  it('shows products in every access state (it is the shop’s own API)', async () => {
    const all = await productsOf(platform.demo.id)
    expect(new Set(all.map((p) => p.access))).toEqual(new Set(['PUBLIC', 'HIDDEN', 'ARCHIVED']))
    const { body } = await platform.call('listProducts', { query: { size: 100 } })
    expect(body.total).toBe(all.length)
    expect(new Set(body.results.map((p: { access: { type: string } }) => p.access.type))).toEqual(
      new Set(['PUBLIC', 'HIDDEN', 'ARCHIVED']),
    )
  })

  it('never lists another shop’s products', async () => {
    const others = new Set((await productsOf(platform.other.id)).map((p) => p.id))
    expect(others.size).toBeGreaterThan(0)
    const { body } = await platform.call('listProducts', { query: { size: 100 } })
    expect(body.results.some((p: { id: string }) => others.has(p.id))).toBe(false)
    const asOther = await platform.call('listProducts', { auth: platform.asOther, query: { size: 100 } })
    expect(asOther.body.total).toBe(others.size)
    expect(asOther.body.results.every((p: { id: string }) => others.has(p.id))).toBe(true)
  })

  it('answers the partial last page and an empty page past the end with the exact total', async () => {
    const all = await productsOf(platform.demo.id)
    const size = 7
    const lastPage = Math.ceil(all.length / size) - 1
    const last = await platform.call('listProducts', { query: { page: lastPage, size } })
    expect(last.status).toBe(200)
    expect(last.body.results.map((p: { id: string }) => p.id)).toEqual(all.slice(lastPage * size).map((p) => p.id))
    expect(last.body).toMatchObject({ total: all.length, page: lastPage, size, totalPages: lastPage + 1 })

    const past = await platform.call('listProducts', { query: { page: lastPage + 1, size } })
    expect(past.status).toBe(200)
    expect(past.body).toEqual({
      results: [],
      total: all.length,
      page: lastPage + 1,
      size,
      totalPages: lastPage + 1,
    })
  })

  it('accepts the size bounds 1 and 100', async () => {
    const all = await productsOf(platform.demo.id)
    const one = await platform.call('listProducts', { query: { size: 1, page: 1 } })
    expect(one.body.results.map((p: { id: string }) => p.id)).toEqual([all[1]?.id])
    expect(one.body).toMatchObject({ total: all.length, size: 1, totalPages: all.length })
    const hundred = await platform.call('listProducts', { query: { size: 100 } })
    expect(hundred.body.results).toHaveLength(Math.min(100, all.length))
    expect(hundred.body.totalPages).toBe(Math.ceil(all.length / 100))
  })

  it('searches names case-insensitively', async () => {
    const all = await productsOf(platform.demo.id)
    const word = all.flatMap((p) => p.name.split(/\s+/)).find((w) => /^[A-Za-z]{5,}$/.test(w)) as string
    const term = word.slice(1).toUpperCase()
    const { status, body } = await platform.call('listProducts', { query: { search: term, size: 100 } })
    expect(status).toBe(200)
    const nameMatches = all.filter((p) => p.name.toLowerCase().includes(term.toLowerCase())).map((p) => p.id)
    expect(nameMatches.length).toBeGreaterThan(0)
    // Every name match is found, newest first; slug and SKU matches may add more.
    const ids = body.results.map((p: { id: string }) => p.id)
    expect(ids.filter((id: string) => nameMatches.includes(id))).toEqual(nameMatches)
    for (const product of body.results as { name: string; slug: string; variants: { sku: string }[] }[]) {
      const haystack = [product.name, product.slug, ...product.variants.map((v) => v.sku)].join(' ').toLowerCase()
      expect(haystack).toContain(term.toLowerCase())
    }
    expect(body.total).toBe(body.results.length)
  })

  it('searches SKUs case-insensitively', async () => {
    const product = (await productsOf(platform.demo.id))[3] as ProductsTable
    const sku = (await variantsOf(product.id))[0]?.sku as string
    const { body } = await platform.call('listProducts', { query: { search: sku.toLowerCase() } })
    expect(body.results.map((p: { id: string }) => p.id)).toContain(product.id)
    for (const found of body.results as { variants: { sku: string }[] }[]) {
      expect(found.variants.some((v) => v.sku.toLowerCase().includes(sku.toLowerCase()))).toBe(true)
    }
  })

  it('takes LIKE wildcards in the search literally', async () => {
    for (const search of ['%', '_', '\\']) {
      const { status, body } = await platform.call('listProducts', { query: { search } })
      expect(status).toBe(200)
      expect(body).toEqual({ results: [], total: 0, page: 0, size: 20, totalPages: 0 })
    }
  })

  it('answers an empty page when nothing matches', async () => {
    const { body } = await platform.call('listProducts', { query: { search: 'no-such-product-anywhere' } })
    expect(body).toEqual({ results: [], total: 0, page: 0, size: 20, totalPages: 0 })
  })

  it('answers 401 without credentials', async () => {
    const { status, body } = await platform.call('listProducts', { auth: 'none' })
    expect(status).toBe(401)
    expect(body.code).toBe('UNAUTHENTICATED')
  })

  it('answers 400 naming the parameter for a bad page, size or search', async () => {
    expectValidationError(await platform.call('listProducts', { query: { size: 0 } }), 'query', 'size')
    expectValidationError(await platform.call('listProducts', { query: { size: 101 } }), 'query', 'size')
    expectValidationError(await platform.call('listProducts', { query: { page: -1 } }), 'query', 'page')
    expectValidationError(await platform.call('listProducts', { query: { page: 'abc' } }), 'query', 'page')
    expectValidationError(await platform.call('listProducts', { query: { search: '' } }), 'query', 'search')
    expectValidationError(
      await platform.call('listProducts', { query: { search: 'x'.repeat(201) } }),
      'query',
      'search',
    )
  })
})

describe('GET /products/{productId}', () => {
  it('answers the product with every variant, image and stock', async () => {
    const { product } = mixed
    const { status, body } = await platform.call('getProduct', { params: { productId: product.id } })
    expect(status).toBe(200)
    expect(body).toEqual(await expectedProduct(product))
    expect(body.variants.map((v: { stock: { type: string } }) => v.stock.type)).toEqual(
      expect.arrayContaining(['LIMITED', 'UNLIMITED']),
    )
  })

  it('answers hidden and archived products too', async () => {
    for (const access of ['HIDDEN', 'ARCHIVED'] as const) {
      const product = (await productsOf(platform.demo.id)).find((p) => p.access === access) as ProductsTable
      const { status, body } = await platform.call('getProduct', { params: { productId: product.id } })
      expect(status).toBe(200)
      expect(body.access).toEqual({ type: access })
    }
  })

  it('answers 404 PRODUCT_NOT_FOUND for another shop’s product and for an unknown id alike', async () => {
    const foreign = (await productsOf(platform.other.id))[0] as ProductsTable
    for (const productId of [foreign.id, unknownProductId]) {
      const { status, body } = await platform.call('getProduct', { params: { productId } })
      expect(status).toBe(404)
      expect(body).toEqual({
        code: 'PRODUCT_NOT_FOUND',
        message: `Product ${productId} does not exist.`,
        details: { productId },
      })
    }
  })

  it('answers 401 without credentials', async () => {
    const { status } = await platform.call('getProduct', { params: { productId: unknownProductId }, auth: 'none' })
    expect(status).toBe(401)
  })

  it('answers 400 naming productId when it is not a UUID', async () => {
    expectValidationError(
      await platform.call('getProduct', { params: { productId: 'not-a-uuid' } }),
      'path',
      'productId',
    )
  })
})

describe('GET /products/{productId}/inventory', () => {
  it('answers one stock record per LIMITED variant, in variant position order', async () => {
    const { product, limited } = mixed
    const { status, body } = await platform.call('listProductInventory', { params: { productId: product.id } })
    expect(status).toBe(200)
    expect(body).toEqual({
      results: limited.map((v) => ({
        variantId: v.id,
        quantity: v.in_stock,
        createdAt: v.created_at,
        updatedAt: v.updated_at,
      })),
      total: limited.length,
      page: 0,
      size: 20,
      totalPages: 1,
    })
  })

  it('answers an empty page for a product whose variants all have UNLIMITED stock', async () => {
    let unlimitedOnly: ProductsTable | undefined
    for (const product of await productsOf(platform.demo.id)) {
      const variants = await variantsOf(product.id)
      if (variants.every((v) => v.stock_type === 'UNLIMITED')) {
        unlimitedOnly = product
        break
      }
    }
    expect(unlimitedOnly).toBeDefined()
    const { status, body } = await platform.call('listProductInventory', {
      params: { productId: (unlimitedOnly as ProductsTable).id },
    })
    expect(status).toBe(200)
    expect(body).toEqual({ results: [], total: 0, page: 0, size: 20, totalPages: 0 })
  })

  it('pages the stock records: the last page, and an empty page past the end', async () => {
    const { product, limited } = mixed
    const productId = product.id
    const lastPage = limited.length - 1
    const last = await platform.call('listProductInventory', {
      params: { productId },
      query: { page: lastPage, size: 1 },
    })
    expect(last.body.results.map((r: { variantId: string }) => r.variantId)).toEqual([limited[lastPage]?.id])
    expect(last.body).toMatchObject({ total: limited.length, page: lastPage, size: 1, totalPages: limited.length })
    const past = await platform.call('listProductInventory', {
      params: { productId },
      query: { page: limited.length, size: 1 },
    })
    expect(past.body).toEqual({
      results: [],
      total: limited.length,
      page: limited.length,
      size: 1,
      totalPages: limited.length,
    })
  })

  it('answers 404 PRODUCT_NOT_FOUND for another shop’s product and for an unknown id alike', async () => {
    const foreign = (await productsOf(platform.other.id))[0] as ProductsTable
    for (const productId of [foreign.id, unknownProductId]) {
      const { status, body } = await platform.call('listProductInventory', { params: { productId } })
      expect(status).toBe(404)
      expect(body.code).toBe('PRODUCT_NOT_FOUND')
    }
  })

  it('answers 401 without credentials', async () => {
    const { status } = await platform.call('listProductInventory', {
      params: { productId: unknownProductId },
      auth: 'none',
    })
    expect(status).toBe(401)
  })

  it('answers 400 naming the parameter for a bad productId, page or size', async () => {
    const { product } = mixed
    const productId = product.id
    expectValidationError(
      await platform.call('listProductInventory', { params: { productId: 'nope' } }),
      'path',
      'productId',
    )
    expectValidationError(
      await platform.call('listProductInventory', { params: { productId }, query: { size: 0 } }),
      'query',
      'size',
    )
    expectValidationError(
      await platform.call('listProductInventory', { params: { productId }, query: { size: 101 } }),
      'query',
      'size',
    )
    expectValidationError(
      await platform.call('listProductInventory', { params: { productId }, query: { page: -1 } }),
      'query',
      'page',
    )
  })
})
