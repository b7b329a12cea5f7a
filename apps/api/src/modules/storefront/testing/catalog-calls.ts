import { afterAll, beforeAll, expect } from 'vitest'
import type { Db } from '../../../db/database.js'
import type { ProductsTable } from '../../../db/schema.js'
import { type Auth, type CallResult, createTestPlatform, type TestPlatform } from '../../../testing/test-platform.js'
import { createExchangeRates } from '../../money/exchange-rates.js'

/**
 * What the storefront catalogue suites (storefront-catalog/collections routes tests) share: a test
 * platform with the demo shop's and another shop's storefront tokens, products and variants by
 * access, and the check of a 400. The `let`s are live bindings: `setUpCatalogCalls()` fills them
 * before the tests run.
 */

export let platform: TestPlatform
export let db: Db
export let asDemo: Auth
export let asOther: Auth

export const rates = createExchangeRates()

export function productsOf(shopId: string, access: ProductsTable['access']) {
  return db
    .selectFrom('products')
    .selectAll()
    .where('shop_id', '=', shopId)
    .where('access', '=', access)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute()
}

export function variantsOf(productId: string) {
  return db.selectFrom('variants').selectAll().where('product_id', '=', productId).orderBy('position').execute()
}

export function expectValidationError(result: CallResult, location: string, field: string, rule?: string) {
  expect(result.status).toBe(400)
  expect(result.body.code).toBe('REQUEST_VALIDATION_FAILED')
  expect(result.body.details.errors).toEqual(
    expect.arrayContaining([expect.objectContaining({ location, field, ...(rule ? { rule } : {}) })]),
  )
}

/** Registers the suite's hooks in the calling test file. */
export function setUpCatalogCalls(): void {
  beforeAll(async () => {
    platform = await createTestPlatform()
    db = platform.app.platform.services.db
    asDemo = { storefrontToken: platform.demo.storefrontToken }
    asOther = { storefrontToken: platform.other.storefrontToken }
  })
  afterAll(() => platform.close())
}
