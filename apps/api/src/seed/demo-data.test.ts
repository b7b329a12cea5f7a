import fs from 'node:fs'
import path from 'node:path'
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'
import addFormatsModule from 'ajv-formats'
import { beforeAll, describe, expect, it } from 'vitest'
import { parse as parseYaml } from 'yaml'
import { parseConfig } from '../config.js'
import { toAddressResource, withoutNulls } from '../http/optional-fields.js'
import { buildDemoData, type ShopData } from './demo-data.js'
import { Prng } from './prng.js'

// ajv-formats is CommonJS; its default export arrives wrapped under NodeNext.
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020

const publicUrl = parseConfig({}).publicUrl

describe('Prng', () => {
  it('repeats its sequence for a seed and forks independent streams', () => {
    const a = new Prng('seed')
    const b = new Prng('seed')
    expect(Array.from({ length: 5 }, () => a.next())).toEqual(Array.from({ length: 5 }, () => b.next()))
    expect(new Prng('seed').fork('x').uuid()).toBe(new Prng('seed').fork('x').uuid())
    expect(new Prng('seed').fork('x').uuid()).not.toBe(new Prng('seed').fork('y').uuid())
    // Forking does not consume the parent stream.
    const parent = new Prng('seed')
    parent.fork('x')
    expect(parent.next()).toBe(new Prng('seed').next())
  })

  it('draws within bounds and shapes ids like ids.ts', () => {
    const p = new Prng('bounds')
    for (let i = 0; i < 1000; i++) {
      const n = p.int(3, 7)
      expect(n >= 3 && n <= 7 && Number.isInteger(n)).toBe(true)
      expect(p.next()).toBeLessThan(1)
    }
    expect(p.uuid()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(p.id('donation')).toMatch(/^don_[A-Za-z0-9_-]{22}$/)
    expect(p.friendlyId()).toMatch(/^[A-Z2-9]{8}$/)
    expect(p.shuffle([1, 2, 3, 4, 5]).sort()).toEqual([1, 2, 3, 4, 5])
    expect(p.weighted([['only', 1]])).toBe('only')
  })
})

/**
 * The JSON text columns hold exactly the wire shapes of the contract (decision 0002/0004), so the
 * mappers can pass them through: validate them against the contract's component schemas.
 */
describe('demo data JSON columns', () => {
  let data: ShopData[]
  let schema: (name: string) => ValidateFunction

  beforeAll(() => {
    data = buildDemoData({ publicUrl })
    const file = path.join(parseConfig({}).openapiDir, 'open-api.yaml')
    const document = parseYaml(fs.readFileSync(file, 'utf8'), { maxAliasCount: -1 }) as object
    const ajv = addFormats(new Ajv2020({ strict: false, allErrors: true, discriminator: true }))
    ajv.addSchema(document, 'open-api.yaml')
    schema = (name) => {
      const validate = ajv.getSchema(`open-api.yaml#/components/schemas/${name}`)
      if (!validate) throw new Error(`The contract has no schema ${name}`)
      return validate
    }
  })

  function expectValid(name: string, value: unknown, where: string) {
    const validate = schema(name)
    const ok = validate(value)
    expect(ok, `${where} is not a ${name}: ${JSON.stringify(validate.errors)}`).toBe(true)
  }

  const json = (text: string | null) => (text === null ? null : JSON.parse(text))

  it('products and variants', () => {
    for (const { rows } of data) {
      for (const p of rows.products) {
        for (const image of json(p.images)) expectValid('Image', image, `${p.slug} image`)
        expectValid('Image', json(p.thumbnail_image), `${p.slug} thumbnail`)
        if (p.additional_information) {
          const info = json(p.additional_information)
          expect(Object.keys(info)).toEqual(['sizeAndFit', 'guaranteeAndReturns', 'moreDetails'])
        }
        if (p.size_guide) {
          const guide = json(p.size_guide)
          expect(Object.keys(guide)).toEqual([
            'previewUrl',
            'fileUrl',
            'description',
            'fitGuideDescription',
            'fitGuideUrls',
          ])
        }
      }
      for (const v of rows.variants) {
        expectValid('VariantAttributes', withoutNulls(json(v.attributes)), `${v.sku} attributes`)
        expectValid('Weight', json(v.weight), `${v.sku} weight`)
        expectValid('Dimensions', json(v.dimensions), `${v.sku} dimensions`)
        for (const image of json(v.images)) expectValid('Image', image, `${v.sku} image`)
      }
    }
  })

  it('orders, order lines and gift purchases', () => {
    for (const { rows } of data) {
      for (const o of rows.orders) {
        if (o.billing_address)
          expectValid('Address', toAddressResource(json(o.billing_address)), `${o.friendly_id} billing`)
        if (o.shipping_address)
          expectValid('Address', toAddressResource(json(o.shipping_address)), `${o.friendly_id} shipping`)
        if (o.tracking_params)
          expectValid('TrackingParams', withoutNulls(json(o.tracking_params)), `${o.friendly_id} tracking`)
      }
      for (const line of rows.order_lines) {
        // The product snapshot is an order offer without its variant part.
        expectValid('GiftOffer', json(line.product), `${line.id} product`)
        const variant = json(line.variant)
        expectValid('VariantAttributes', withoutNulls(variant.attributes), `${line.id} attributes`)
        expectValid('Weight', variant.weight, `${line.id} weight`)
        expectValid('Dimensions', variant.dimensions, `${line.id} dimensions`)
      }
      for (const g of rows.gift_purchases) expectValid('GiftOffer', json(g.offer), `${g.id} offer`)
    }
  })

  it('promotions', () => {
    for (const { rows } of data) {
      for (const p of rows.promotions) {
        const where = `${p.title} (${p.type})`
        if (p.type.startsWith('SHOP_')) {
          expectValid('ShopDiscount', json(p.discount), `${where} discount`)
          expectValid('ShopRequirements', json(p.requirements), `${where} requirements`)
          expectValid('PromotionLimits', json(p.limits), `${where} limits`)
          expectValid('PromotionAppliesTo', json(p.applies_to), `${where} appliesTo`)
          expect([p.subscription_type, p.tiers]).toEqual([null, null])
        } else {
          expectValid('MembershipDiscount', json(p.discount), `${where} discount`)
          expectValid('MembershipRequirements', json(p.requirements), `${where} requirements`)
          expectValid('SubscriptionTypeFilter', json(p.subscription_type), `${where} subscriptionType`)
          expectValid('MembershipTiersFilter', json(p.tiers), `${where} tiers`)
          expect([p.limits, p.applies_to]).toEqual([null, null])
        }
      }
      for (const c of rows.promotion_codes) expectValid('PromotionCodeString', c.code, `code ${c.code}`)
    }
  })

  it('shops', () => {
    for (const { shop } of data) {
      // As the mapper answers it: the address's absent lines omitted (decision 0021).
      const info = json(shop.contact_info)
      expectValid(
        'ContactInfo',
        { ...info, location: info.location ? toAddressResource(info.location) : null },
        `${shop.name} contact info`,
      )
    }
  })
})
