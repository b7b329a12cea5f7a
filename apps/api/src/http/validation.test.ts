import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestPlatform, type TestPlatform } from '../testing/test-platform.js'
import { compileSchema, withObjectDiscriminators } from './validation.js'

/**
 * Regression (found by contract fuzzing, decision 0015): Ajv's `discriminator` keyword only
 * inspects objects, so any non-object passed a discriminated union — `42` as a promotion reached
 * the service and failed with a 500. Unions compile as `type: object` now.
 */
const union = {
  oneOf: [
    {
      type: 'object',
      properties: { type: { const: 'A' }, a: { type: 'integer' } },
      required: ['type', 'a'],
      additionalProperties: false,
    },
    {
      type: 'object',
      properties: { type: { const: 'B' }, b: { type: 'string' } },
      required: ['type', 'b'],
      additionalProperties: false,
    },
  ],
  discriminator: { propertyName: 'type' },
}

describe('discriminated unions', () => {
  it('refuse every value that is not an object, at the root and nested', () => {
    const root = compileSchema(union)
    for (const value of [42, 'A', true, null, [], [{ type: 'A', a: 1 }]]) {
      expect(root(value), JSON.stringify(value)).toBe(false)
      expect(root.errors?.map((e) => e.keyword)).toContain('type')
    }
    const nested = compileSchema({
      type: 'object',
      properties: { discount: union },
      required: ['discount'],
      additionalProperties: false,
    })
    expect(nested({ discount: [{ type: 'A', a: 1 }] })).toBe(false)
    expect(nested.errors?.[0]?.instancePath).toBe('/discount')
  })

  it('still accept each branch and name the unknown tag', () => {
    const validate = compileSchema(union)
    expect(validate({ type: 'A', a: 1 })).toBe(true)
    expect(validate({ type: 'B', b: 'x' })).toBe(true)
    expect(validate({ type: 'C' })).toBe(false)
    expect(validate.errors?.[0]?.keyword).toBe('discriminator')
  })

  it('leave the contract’s schema objects as they are', () => {
    const copy = withObjectDiscriminators(union)
    expect(copy.type).toBe('object')
    expect('type' in union).toBe(false)
    expect(withObjectDiscriminators({ const: { discriminator: 1 } })).toEqual({ const: { discriminator: 1 } })
  })
})

/**
 * Regression (found by contract fuzzing, decision 0015): Infinity is a `number` to JSON Schema —
 * `page=Infinity` passed validation and failed in the serializer (a 500), and `1e999` in a body
 * parses to it. No JSON number is infinite: both are refused, naming the field.
 */
describe('infinite numbers', () => {
  let platform: TestPlatform
  beforeAll(async () => {
    platform = await createTestPlatform()
  })
  afterAll(() => platform.close())

  it.each(['Infinity', '-Infinity', '1e999'])('refuse page=%s as 400 naming the parameter', async (page) => {
    const { status, body } = await platform.call('listDonations', { query: { page } })
    expect(status).toBe(400)
    expect(body.code).toBe('REQUEST_VALIDATION_FAILED')
    expect(body.details.errors).toContainEqual(
      expect.objectContaining({ location: 'query', field: 'page', rule: 'type', message: 'must be a finite number' }),
    )
  })

  it('refuse 1e999 in a body as 400 naming the field, and store nothing', async () => {
    const products = await platform.call('listProducts', { query: { size: 1 } })
    const before = await platform.call('listPromotions', { query: { size: 1 } })
    const { status, body } = await platform.call('createPromotion', {
      rawBody:
        '{"type":"SHOP_SINGLE","code":"INFINITE1","discount":{"type":"FREE_SHIPPING"},' +
        `"limits":{"maximumUsesNumber":1e999,"oneUsePerCustomer":false},"appliesTo":{"type":"SELECTED_PRODUCTS","products":["${products.body.results[0].id}"]}}`,
    })
    expect(status).toBe(400)
    expect(body.details.errors).toContainEqual(
      expect.objectContaining({
        location: 'body',
        field: 'limits/maximumUsesNumber',
        message: 'must be a finite number',
      }),
    )
    expect((await platform.call('listPromotions', { query: { size: 1 } })).body.total).toBe(before.body.total)
  })
})

/**
 * Regression (found by contract fuzzing on PostgreSQL, decision 0015): a string holding U+0000 —
 * in a path parameter, a query parameter or a body — reached a query PostgreSQL refuses (a 500),
 * while SQLite stored it. It is refused on both, naming the field.
 */
describe('the NUL character', () => {
  let platform: TestPlatform
  beforeAll(async () => {
    platform = await createTestPlatform()
  })
  afterAll(() => platform.close())

  const refusal = (location: string, field: string) =>
    expect.objectContaining({
      location,
      field,
      rule: 'pattern',
      message: 'must not contain the NUL character (U+0000)',
    })

  it('is refused in a path parameter', async () => {
    const { status, body } = await platform.call('getPromotion', { params: { promotionId: 'prm_\u0000x' } })
    expect(status).toBe(400)
    expect(body.details.errors).toContainEqual(refusal('path', 'promotionId'))
  })

  it('is refused in a query parameter', async () => {
    const { status, body } = await platform.call('listProducts', { query: { search: 'mug\u0000' } })
    expect(status).toBe(400)
    expect(body.details.errors).toContainEqual(refusal('query', 'search'))
  })

  it('is refused in a body string, and nothing is stored', async () => {
    const before = await platform.call('listPromotions', { query: { size: 1 } })
    const { status, body } = await platform.call('createPromotion', {
      body: { type: 'SHOP_SINGLE', title: 'Nul\u0000', code: 'NULCODE', discount: { type: 'FREE_SHIPPING' } },
    })
    expect(status).toBe(400)
    expect(body.details.errors).toContainEqual(refusal('body', 'title'))
    expect((await platform.call('listPromotions', { query: { size: 1 } })).body.total).toBe(before.body.total)
  })

  it('is refused in a storefront path parameter', async () => {
    const { status, body } = await platform.call('getStorefrontProduct', {
      auth: { storefrontToken: platform.demo.storefrontToken },
      params: { slug: 'mug\u0000' },
    })
    expect(status).toBe(400)
    expect(body.details.errors).toContainEqual(refusal('path', 'slug'))
  })
})
