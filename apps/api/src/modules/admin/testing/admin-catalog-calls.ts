import { afterAll, beforeAll } from 'vitest'
import { createTestPlatform, type TestPlatform } from '../../../testing/test-platform.js'
import { type AdminClient, signInAdmin } from './admin-client.js'

// What the admin catalogue suites (admin-catalog.routes.test.ts, admin-catalog.promotions.test.ts)
// share. The `let`s are live bindings: `setUpAdminCatalogCalls()` fills them before the tests run.

/**
 * Products (create, edit, availability, the media library) and promotions (list, create every
 * type, status actions) through the admin API: contract-shaped validation, shop-dependent rules,
 * tenancy, and the events each change records in its transaction.
 */

export let platform: TestPlatform
export let owner: AdminClient
export let staff: AdminClient

export const db = () => platform.app.platform.services.db

/** Image n (1-based) of the demo shop's media library, as the library lists it (an `Image`). */
export let library: Array<{ id: string; url: string; width: number; height: number; transformedUrl: string }> = []
export function image(n: number) {
  const { id, url, width, height, transformedUrl } = library[n - 1]!
  return { id, url, width, height, transformedUrl }
}

export function variant(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Black / M',
    sku: 'TEST-HOOD-BLK-M',
    unitPrice: { value: 55, currency: 'USD' },
    compareAtPrice: { value: 65, currency: 'USD' },
    unitCost: { value: 21.5, currency: 'USD' },
    attributes: { description: 'Black, size M', color: { name: 'Black', swatch: '#1A1A1A' }, size: { name: 'M' } },
    stock: { type: 'LIMITED', inStock: 12 },
    weight: { value: 0.8, unit: 'KG' },
    dimensions: { length: 30, width: 25, height: 6, unit: 'CM' },
    ...overrides,
  }
}

export function productBody(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Test Hoodie',
    slug: `test-hoodie-${Math.random().toString(36).slice(2, 8)}`,
    description: 'A <strong>warm</strong> hoodie.',
    access: { type: 'PUBLIC' },
    state: { type: 'AVAILABLE' },
    images: [image(1), image(2)],
    variants: [variant(), variant({ name: 'Black / L', sku: 'TEST-HOOD-BLK-L', stock: { type: 'UNLIMITED' } })],
    ...overrides,
  }
}

/** Registers the suite's hooks in the calling test file. */
export function setUpAdminCatalogCalls(): void {
  beforeAll(async () => {
    platform = await createTestPlatform()
    owner = await signInAdmin(platform, 'SUPER_ADMIN')
    staff = await signInAdmin(platform, 'STAFF')
    library = (await owner.get('/admin/api/media', { query: { size: 2 } })).body.results
  })
  afterAll(() => platform.close())
}
