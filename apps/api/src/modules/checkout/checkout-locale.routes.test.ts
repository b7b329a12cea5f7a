import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../db/database.js'
import { createTestPlatform, type TestPlatform } from '../../testing/test-platform.js'
import { createExchangeRates } from '../money/exchange-rates.js'

/**
 * The hosted checkout in the cart's currency and the shopper's locale (shopper-locale.ts), through
 * HTTP as a browser calls it: the address form starts on a country that pays in the cart's currency
 * (the shopper's region when it does, else the shop's country when it does, else the currency's
 * home), the first quote is priced for that country, and every amount on the page — totals,
 * promotion labels, refusal messages, the confirmation — is in the cart's currency, written in the
 * shopper's notation.
 */

let platform: TestPlatform
let db: Db
beforeAll(async () => {
  platform = await createTestPlatform()
  db = platform.app.platform.services.db
})
afterAll(() => platform.close())

const rates = createExchangeRates()
const money = (minor: number, currency: string, locale = 'en-US') =>
  new Intl.NumberFormat(locale, { style: 'currency', currency }).format(minor / 100)

async function teeVariant() {
  return db
    .selectFrom('variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .selectAll('v')
    .where('p.shop_id', '=', platform.demo.id)
    .where('p.slug', '=', 'pixel-pines-logo-tee')
    .where('v.position', '=', 0)
    .executeTakeFirstOrThrow()
}

async function cartWith(variantId: string, quantity: number, currency: string, shop = platform.demo) {
  const result = await platform.call('createCart', {
    auth: { storefrontToken: shop.storefrontToken },
    query: { currency },
    body: { items: [{ variantId, quantity }] },
  })
  expect(result.status).toBe(200)
  return result.body.id as string
}

interface PageState {
  values: Record<string, string>
  quote: {
    currency: string
    subtotal: string
    shipping: string
    tax: string
    total: string
    promotion: { label: string; code: string | null } | null
  }
}

async function openCheckout(cartId: string, currency: string, acceptLanguage?: string) {
  const response = await platform.app.inject({
    method: 'GET',
    url: `/checkout/?cartCurrency=${currency}&cartId=${cartId}`,
    headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {},
  })
  expect(response.statusCode).toBe(200)
  const json = /<script id="page-state" type="application\/json">(.*?)<\/script>/s.exec(response.body)?.[1]
  expect(json).toBeDefined()
  return { html: response.body, state: JSON.parse(json!) as PageState }
}

async function quote(body: Record<string, string>, acceptLanguage?: string) {
  const response = await platform.app.inject({
    method: 'POST',
    url: '/checkout/api/quote',
    payload: body,
    headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {},
  })
  expect(response.statusCode, response.body).toBe(200)
  return response.json() as PageState['quote'] & { promotionError: string | null }
}

describe('GET /checkout/: the country the address form starts on', () => {
  it.each([
    // [cart currency, Accept-Language, expected country] — the demo shop is in the US.
    ['EUR', undefined, 'DE'],
    ['EUR', 'en-US,en;q=0.9', 'DE'],
    ['EUR', 'de-AT,de;q=0.9,en;q=0.5', 'AT'],
    ['EUR', 'fr', 'FR'],
    ['EUR', 'en-GB, nl-BE;q=0.8', 'BE'],
    ['GBP', 'de-DE', 'GB'],
    ['JPY', undefined, 'JP'],
    ['CAD', 'fr-FR', 'CA'],
    ['MXN', 'es', 'MX'],
    ['USD', 'de-DE,de;q=0.9', 'US'],
    ['USD', undefined, 'US'],
  ])('a %s cart with Accept-Language %s starts on %s', async (currency, acceptLanguage, country) => {
    const tee = await teeVariant()
    const { state } = await openCheckout(await cartWith(tee.id, 1, currency), currency, acceptLanguage)
    expect(state.values['shipping.country']).toBe(country)
    expect(state.values['billing.country']).toBe(country)
  })

  it('starts a EUR cart of a shop in a euro country on the shop’s country', async () => {
    const variant = await db
      .selectFrom('variants as v')
      .innerJoin('products as p', 'p.id', 'v.product_id')
      .select('v.id')
      .where('p.shop_id', '=', platform.other.id)
      .where('p.access', '=', 'PUBLIC')
      .where('p.state', '=', 'AVAILABLE')
      .orderBy('v.id')
      .executeTakeFirstOrThrow()
    const cartId = await cartWith(variant.id, 1, 'EUR', platform.other)
    expect((await openCheckout(cartId, 'EUR', 'en-US')).state.values['shipping.country']).toBe('IE')
    // The shopper's own euro country still comes first.
    expect((await openCheckout(cartId, 'EUR', 'it-IT')).state.values['shipping.country']).toBe('IT')
  })

  it('prices the first page for that country: international shipping to DE and German VAT, in euros', async () => {
    const tee = await teeVariant()
    const { state, html } = await openCheckout(await cartWith(tee.id, 2, 'EUR'), 'EUR')
    const unit = rates.convert(tee.unit_price, 'USD', 'EUR')
    const shipping = rates.convert(1699 + 300, 'USD', 'EUR')
    const tax = Math.round(unit * 2 * 0.19)
    expect(state.quote).toMatchObject({
      currency: 'EUR',
      subtotal: money(unit * 2, 'EUR'),
      shipping: money(shipping, 'EUR'),
      tax: money(tax, 'EUR'),
      total: money(unit * 2 + shipping + tax, 'EUR'),
    })
    expect(html).not.toContain('$')
  })
})

describe('money text in the cart’s currency and the shopper’s notation', () => {
  it('writes amounts the shopper’s way: 1.234,56 € for de, €1,234.56 for en', async () => {
    const tee = await teeVariant()
    const cartId = await cartWith(tee.id, 2, 'EUR')
    const unit = rates.convert(tee.unit_price, 'USD', 'EUR')
    const german = await openCheckout(cartId, 'EUR', 'de-DE,de;q=0.9')
    expect(german.state.quote.subtotal).toBe(money(unit * 2, 'EUR', 'de-DE'))
    expect(german.state.quote.subtotal).toMatch(/^\d+,\d{2}\s€$/)
    const english = await quote({ cartId, currency: 'EUR', 'shipping.country': 'DE' }, 'en')
    expect(english.subtotal).toMatch(/^€\d+\.\d{2}$/)
  })

  it('labels the automatic free-shipping promotion with its threshold converted to the cart’s currency', async () => {
    const tee = await teeVariant()
    // The seeded promotion is titled "Free shipping over $75": the checkout shows its terms instead.
    const minimum = rates.convert(7500, 'USD', 'EUR')
    const quantity = Math.ceil(minimum / rates.convert(tee.unit_price, 'USD', 'EUR'))
    const cartId = await cartWith(tee.id, quantity, 'EUR')
    const body = await quote({ cartId, currency: 'EUR', 'shipping.country': 'DE' })
    expect(body.promotion).toEqual({ label: `Free shipping on orders of ${money(minimum, 'EUR')} or more`, code: null })
    expect(JSON.stringify(body)).not.toContain('$')
    const page = await openCheckout(cartId, 'EUR', 'fr-FR')
    expect(page.state.quote.promotion?.label).toBe(
      `Free shipping on orders of ${money(minimum, 'EUR', 'fr-FR')} or more`,
    )
    expect(page.html).not.toContain('$')
  })

  it('states a code’s minimum order in the cart’s currency, as the quote and as the refused order', async () => {
    const tee = await teeVariant()
    const cartId = await cartWith(tee.id, 1, 'JPY')
    // WINTER10 needs a $50.00 order: ¥7,500 at the table's rate.
    const minimum = rates.convert(5000, 'USD', 'JPY')
    const expected = `Code WINTER10 needs an order of at least ${new Intl.NumberFormat('en-US', { style: 'currency', currency: 'JPY' }).format(minimum)}.`
    const body = await quote({ cartId, currency: 'JPY', 'shipping.country': 'JP', promotionCode: 'WINTER10' })
    expect(body.promotionError).toBe(expected)
    expect(body.promotionError).toContain('¥7,500')
    const refused = await platform.app.inject({
      method: 'POST',
      url: '/checkout/api/orders',
      payload: {
        cartId,
        currency: 'JPY',
        email: 'yen@example.com',
        'shipping.name': 'Aiko Tanaka',
        'shipping.address1': '1-1 Chiyoda',
        'shipping.city': 'Tokyo',
        'shipping.zip': '100-0001',
        'shipping.country': 'JP',
        billingSameAsShipping: 'on',
        'card.name': 'Aiko Tanaka',
        'card.number': '4242 4242 4242 4242',
        'card.expiry': '12/30',
        'card.cvc': '123',
        promotionCode: 'WINTER10',
      },
    })
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toMatchObject({ code: 'PROMOTION_MINIMUM_NOT_MET', message: expected })
  })

  it('labels an applied code by its terms in the cart’s currency', async () => {
    const tee = await teeVariant()
    const cartId = await cartWith(tee.id, 4, 'GBP')
    const body = await quote({ cartId, currency: 'GBP', 'shipping.country': 'GB', promotionCode: 'winter10' })
    expect(body.promotion).toEqual({
      label: `WINTER10 — 10% off on orders of ${money(rates.convert(5000, 'USD', 'GBP'), 'GBP')} or more`,
      code: 'WINTER10',
    })
  })

  it('shows the confirmation of a euro order in euros only', async () => {
    const tee = await teeVariant()
    const cartId = await cartWith(tee.id, 1, 'EUR')
    const placed = await platform.app.inject({
      method: 'POST',
      url: '/checkout/api/orders',
      headers: { 'accept-language': 'de-DE' },
      payload: {
        cartId,
        currency: 'EUR',
        email: 'euro@example.com',
        'shipping.name': 'Jonas Weber',
        'shipping.address1': 'Torstraße 1',
        'shipping.city': 'Berlin',
        'shipping.zip': '10119',
        'shipping.country': 'DE',
        billingSameAsShipping: 'on',
        'card.name': 'Jonas Weber',
        'card.number': '4242 4242 4242 4242',
        'card.expiry': '12/30',
        'card.cvc': '123',
      },
    })
    expect(placed.statusCode, placed.body).toBe(201)
    const confirmation = await platform.app.inject({
      method: 'GET',
      url: placed.json().confirmationUrl,
      headers: { 'accept-language': 'de-DE' },
    })
    expect(confirmation.statusCode).toBe(200)
    expect(confirmation.body).toContain(money(rates.convert(tee.unit_price, 'USD', 'EUR'), 'EUR', 'de-DE'))
    expect(confirmation.body).not.toContain('$')
  })
})
