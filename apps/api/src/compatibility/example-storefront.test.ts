// Drop-in compatibility (issue 23, decision 0026): the platform's own example storefront (its
// headless Next.js commerce template) pointed at Fanshelf by changing only its API base URL. The
// client below makes exactly the requests that template makes — the same paths, query spellings
// (`limit`, `currency`, `storefront_token` appended last), headers (`Content-Type: application/json`
// even on GET) and bodies (remove sends `{variantId}` only; add/change send `{variantId, quantity}`)
// — over real HTTP, and reads the fields it reads.
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createTestPlatform, type TestPlatform } from '../testing/test-platform.js'

let platform: TestPlatform
let apiUrl: string

beforeAll(async () => {
  platform = await createTestPlatform()
  await platform.app.listen({ host: '127.0.0.1', port: 0 })
  apiUrl = `http://127.0.0.1:${(platform.app.server.address() as AddressInfo).port}/v1`
})
afterAll(() => platform.close())
beforeEach(() => platform.clock.advance(10_000))

/** GET as the template does: query parameters first, the token appended last, a JSON content type. */
async function templateGet(url: string, query: Record<string, string | number | undefined> = {}) {
  const target = new URL(url)
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) target.searchParams.append(key, String(value))
  }
  target.searchParams.append('storefront_token', platform.demo.storefrontToken)
  const response = await fetch(target, { method: 'GET', headers: { 'Content-Type': 'application/json' } })
  return { status: response.status, body: await response.json() }
}

/** POST as the template does: the token as the only query parameter, a JSON body. */
async function templatePost(url: string, data: unknown) {
  const response = await fetch(`${url}?storefront_token=${platform.demo.storefrontToken}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(data),
  })
  return { status: response.status, body: await response.json() }
}

describe('the platform’s example storefront, with only the base URL changed', () => {
  it('lists collections and reads slug, name and description', async () => {
    const { status, body } = await templateGet(`${apiUrl}/collections`)
    expect(status).toBe(200)
    expect(body.results.length).toBeGreaterThan(1)
    for (const collection of body.results) {
      expect(typeof collection.slug).toBe('string')
      expect(typeof collection.name).toBe('string')
      expect(typeof collection.description).toBe('string')
    }
  })

  it('pages a collection’s products with `limit` (its spelling of `size`) and a currency', async () => {
    const limited = await templateGet(`${apiUrl}/collections/all/products`, { currency: 'EUR', limit: 2 })
    expect(limited.status).toBe(200)
    expect(limited.body.results).toHaveLength(2)
    expect(limited.body.results[0].variants[0].unitPrice.currency).toBe('EUR')
    // Without `limit` (the template omits undefined values) the default page answers.
    const all = await templateGet(`${apiUrl}/collections/all/products`, { currency: 'USD', limit: undefined })
    expect(all.status).toBe(200)
    expect(all.body.results.length).toBeGreaterThan(2)
  })

  it('refuses `limit` and `size` that disagree, naming both', async () => {
    const { status, body } = await templateGet(`${apiUrl}/collections/all/products`, { size: 3, limit: 2 })
    expect(status).toBe(400)
    expect(body.details.errors.map((e: { field: string }) => e.field).sort()).toEqual(['limit', 'size'])
  })

  it('reads a product by handle, then runs a cart through create, add, change, remove and read', async () => {
    const products = await templateGet(`${apiUrl}/collections/all/products`, { currency: 'USD', limit: 5 })
    const [first, second] = products.body.results
    const product = await templateGet(`${apiUrl}/products/${first.slug}`, { currency: 'USD' })
    expect(product.status).toBe(200)
    expect(product.body.id).toBe(first.id)

    const created = await templatePost(`${apiUrl}/carts`, { items: [] })
    expect(created.status).toBe(200)
    const cartId: string = created.body.id
    const a = first.variants[0].id
    const b = second.variants[0].id

    const added = await templatePost(`${apiUrl}/carts/${cartId}/add`, {
      items: [
        { variantId: a, quantity: 2 },
        { variantId: b, quantity: 1 },
      ],
    })
    expect(added.status).toBe(200)
    expect(added.body.items).toHaveLength(2)

    const changed = await templatePost(`${apiUrl}/carts/${cartId}/change`, { items: [{ variantId: a, quantity: 3 }] })
    expect(changed.status).toBe(200)
    const line = changed.body.items.find((item: { variant: { id: string } }) => item.variant.id === a)
    expect(line.quantity).toBe(3)

    // The template's remove sends the variant id alone.
    const removed = await templatePost(`${apiUrl}/carts/${cartId}/remove`, { items: [{ variantId: b }] })
    expect(removed.status).toBe(200)
    expect(removed.body.items.map((item: { variant: { id: string } }) => item.variant.id)).toEqual([a])

    const read = await templateGet(`${apiUrl}/carts/${cartId}`, { currency: 'USD' })
    expect(read.status).toBe(200)
    expect(read.body.items[0].quantity).toBe(3)
    expect(read.body.items[0].variant.product.slug).toBe(first.slug)
  })

  it('reads the shop the checkout link is built from', async () => {
    const { status, body } = await templateGet(`${apiUrl}/shop`)
    expect(status).toBe(200)
    expect(typeof body.domain).toBe('string')
    expect(body.domain.length).toBeGreaterThan(0)
  })
})
