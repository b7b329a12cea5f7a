import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestPlatform, type TestPlatform } from '../../testing/test-platform.js'

/**
 * Regression (found by contract fuzzing, decision 0015): `page` has no upper bound, and
 * `page=1e308` (an integer to JSON Schema) made the list queries fail with a 500. Every paged
 * list of the contracts answers such a page as it answers any page past the end: empty results.
 */

let platform: TestPlatform
let productId: string

beforeAll(async () => {
  platform = await createTestPlatform()
  const products = await platform.call('listProducts', { query: { size: 1 } })
  productId = products.body.results[0].id
})
afterAll(() => platform.close())

describe('a page far past the end', () => {
  it('answers empty results on every paged list of the contracts', async () => {
    const paged = platform.contract.operations.filter((op) => op.parameters.some((p) => p.name === 'page'))
    expect(paged.length).toBeGreaterThan(10)
    for (const operation of paged) {
      for (const page of ['1e308', String(2 ** 60)]) {
        const params = { productId, slug: 'all' }
        const used = Object.fromEntries(
          operation.parameters
            .filter((p) => p.in === 'path')
            .map((p) => [p.name, params[p.name as keyof typeof params]]),
        )
        const auth =
          operation.api === 'storefront' ? { storefrontToken: platform.demo.storefrontToken } : platform.asDemo
        const { status, body } = await platform.call(operation.operationId, { auth, params: used, query: { page } })
        expect(status, `${operation.operationId} page=${page}`).toBe(200)
        expect(body.results, operation.operationId).toEqual([])
      }
    }
  })
})
