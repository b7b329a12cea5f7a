import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generateContractModule } from './contract-module.ts'

/**
 * The validators the admin's forms run are the server's rules: the generated module is imported
 * as the browser would (its Ajv runtime helpers as ES imports) and checked on the bodies the admin
 * backend accepts and refuses.
 */

interface Validator {
  (data: unknown): boolean
  errors?: { instancePath: string; keyword: string; schemaPath: string; params: Record<string, unknown> }[] | null
  patternHints: Record<string, string>
}

let contract: Record<string, Validator> & {
  webhookEventTypes: { type: string; summary: string }[]
  adminActions: string[]
  libraryImageTypes: string[]
}
const file = path.join(import.meta.dirname, `.contract-module-${process.pid}.mjs`)

beforeAll(async () => {
  fs.writeFileSync(file, await generateContractModule())
  contract = await import(pathToFileURL(file).href)
}, 60_000)
afterAll(() => fs.rmSync(file, { force: true }))

/**
 * The string literals of a union that packages/contract generates from admin-api.yaml (`AdminAction`,
 * `AdminLibraryImage`'s `mediaType`): src/contract.d.ts types the lists below with those.
 */
function generatedUnion(key: string, after?: string): string[] {
  const generated = fs.readFileSync(
    path.join(import.meta.dirname, '../../../packages/contract/src/generated/admin-api.ts'),
    'utf8',
  )
  const start = after === undefined ? 0 : generated.indexOf(`    ${after}:`)
  const union = new RegExp(`\\s${key}:([^]*?)(?:\\n\\s*/\\*\\*|\\n\\s*\\w+\\??:|\\n\\s*})`).exec(generated.slice(start))?.[1] ?? ''
  return [...union.matchAll(/'([^']+)'/g)].map((match) => match[1] as string)
}

const declarations = () => fs.readFileSync(path.join(import.meta.dirname, '../src/contract.d.ts'), 'utf8')

const money = (value: number) => ({ value, currency: 'USD' })
const variant = {
  name: 'Standard',
  sku: 'PIN-1',
  unitPrice: money(9),
  compareAtPrice: null,
  unitCost: null,
  attributes: { description: 'Standard', color: null, size: null },
  stock: { type: 'LIMITED', inStock: 3 },
  weight: { value: 0.02, unit: 'KG' },
  dimensions: { length: 4, width: 4, height: 1, unit: 'CM' },
}
const product = {
  name: 'Glow Pin',
  slug: 'glow-pin',
  description: 'A pin that glows.',
  access: { type: 'PUBLIC' },
  state: { type: 'AVAILABLE' },
  images: [],
  variants: [variant],
}

describe('virtual:fanshelf-contract', () => {
  it('accepts a valid product body (a property may be called description)', () => {
    expect(contract.product?.(structuredClone(product)), JSON.stringify(contract.product?.errors)).toBe(true)
  })

  it('names every problem of a product body, and describes a failing pattern', () => {
    const validate = contract.product as Validator
    const body = { ...product, slug: 'Not A Slug', variants: [{ ...variant, sku: '', stock: { type: 'LIMITED' } }] }
    expect(validate(body)).toBe(false)
    const problems = (validate.errors ?? []).map((e) => `${e.instancePath}:${e.keyword}`)
    expect(problems).toEqual(
      expect.arrayContaining(['/slug:pattern', '/variants/0/sku:minLength', '/variants/0/stock:required']),
    )
    const slugError = validate.errors?.find((e) => e.instancePath === '/slug')
    expect(validate.patternHints[slugError?.schemaPath ?? '']).toMatch(/^URL handle/)
  })

  it('checks promotions by their type (discriminator) with the contract’s bounds', () => {
    const validate = contract.promotion as Validator
    expect(
      validate({ type: 'SHOP_SINGLE', code: 'SPRING15', discount: { type: 'PERCENTAGE', percentage: 15, shipping: 'Excluded' } }),
    ).toBe(true)
    expect(validate({ type: 'SHOP_SINGLE', code: 'x', discount: { type: 'PERCENTAGE', percentage: 150 } })).toBe(false)
    const problems = (validate.errors ?? []).map((e) => `${e.instancePath}:${e.keyword}`)
    expect(problems).toEqual(expect.arrayContaining(['/code:pattern', '/discount/percentage:maximum']))
    expect(validate({ type: 'MEMBERSHIPS_MULTI', codes: [], discount: { type: 'PERCENTAGE', percentage: 5 } })).toBe(
      false,
    )
  })

  it('checks webhook configurations and fulfilments as the open API does', () => {
    expect(contract.webhookConfiguration?.({ url: 'https://example.com/h', allowedTypes: ['ORDER_PLACED'] })).toBe(true)
    expect(contract.webhookConfiguration?.({ url: 'ftp://example.com', allowedTypes: [] })).toBe(false)
    expect(
      contract.fulfillment?.({
        orderId: '6b779070-1fd4-4967-9552-5200d1ac46f4',
        items: [{ variantId: 'a93480fb-24ad-47c4-941e-5cc12297c71a', quantity: 1 }],
        shippingLabel: { trackingCompany: 'UPS', trackingNumber: '1Z' },
      }),
    ).toBe(true)
  })

  it('lists every webhook event type of the contract with its summary', () => {
    expect(contract.webhookEventTypes).toHaveLength(17)
    expect(contract.webhookEventTypes[0]).toMatchObject({ type: 'ORDER_PLACED', summary: 'Order placed' })
  })

  it('lists the admin role matrix’s actions, and src/contract.d.ts types them with the generated union', () => {
    expect(contract.adminActions).toEqual(
      expect.arrayContaining(['webhookSecret.rotate', 'auditLog.read', 'media.read', 'media.upload']),
    )
    expect(generatedUnion('AdminAction')).toEqual(contract.adminActions)
    expect(declarations()).toContain("export type AdminAction = import('@fanshelf/contract').AdminSchema<'AdminAction'>")
  })

  it('lists the image types the media library takes, and src/contract.d.ts types them with the generated union', () => {
    expect(contract.libraryImageTypes).toEqual(
      expect.arrayContaining(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif', 'image/svg+xml']),
    )
    expect(generatedUnion('mediaType', 'AdminLibraryImage')).toEqual(contract.libraryImageTypes)
    expect(declarations()).toContain("AdminSchema<'AdminLibraryImage'>['mediaType']")
  })
})
