import { describe, expect, it } from 'vitest'
import { credentialValues, pickProduct, pickReaderValues, sellable } from './pick.ts'

const variant = (id: string, stock: unknown) => ({ id, stock })
const product = (id: string, slug: string, extra: Record<string, unknown>) => ({
  id,
  slug,
  state: { type: 'AVAILABLE' },
  access: { type: 'PUBLIC' },
  variants: [variant(`${id}-v1`, { type: 'UNLIMITED' }), variant(`${id}-v2`, { type: 'LIMITED', inStock: 9 })],
  ...extra,
})

describe('reader context choices', () => {
  it('maps the demo credentials to the samples’ variable names', () => {
    expect(
      credentialValues({ shopId: 'sh_1', apiUser: { username: 'u', password: 'p' }, storefrontToken: 'ptkn_x' }),
    ).toEqual({
      SHOP_ID: 'sh_1',
      FANSHELF_API_USER: 'u',
      FANSHELF_API_PASSWORD: 'p',
      FANSHELF_STOREFRONT_TOKEN: 'ptkn_x',
    })
    // The demo platform app with a fresh code (the OAuth samples' names), and ids no API lists.
    const platformApp = {
      clientId: 'app_1',
      clientSecret: 'fscs_1',
      redirectUri: 'http://127.0.0.1:4100/',
      code: 'fsac_1',
      codeVerifier: 'v'.repeat(43),
    }
    expect(credentialValues({ shopId: 'sh_1', platformApp, samples: { thankYouId: 'ty_1' } })).toEqual({
      SHOP_ID: 'sh_1',
      FANSHELF_CLIENT_ID: 'app_1',
      FANSHELF_CLIENT_SECRET: 'fscs_1',
      REDIRECT_URI: 'http://127.0.0.1:4100/',
      CODE: 'fsac_1',
      CODE_VERIFIER: 'v'.repeat(43),
      THANK_YOU_ID: 'ty_1',
    })
    // A code without its verifier is useless: none of the app's values.
    expect(credentialValues({ shopId: 'sh_1', platformApp: { ...platformApp, codeVerifier: '' } })).toEqual({
      SHOP_ID: 'sh_1',
    })
    // An API user that no longer works is not offered: only the token.
    expect(credentialValues({ shopId: 'sh_1', storefrontToken: 'ptkn_x' })).toEqual({
      SHOP_ID: 'sh_1',
      FANSHELF_STOREFRONT_TOKEN: 'ptkn_x',
    })
  })

  it('counts unlimited stock as always sellable and unknown stock as none', () => {
    expect(sellable({ stock: { type: 'UNLIMITED' } })).toBe(Number.POSITIVE_INFINITY)
    expect(sellable({ stock: { type: 'LIMITED', inStock: 3 } })).toBe(3)
    expect(sellable({})).toBe(0)
  })

  it('picks a purchasable product the storefront lists, never a sold-out, hidden or low-stock one', () => {
    const products = [
      product('sold', 'sold-out', { state: { type: 'SOLD_OUT' } }),
      product('hidden', 'hidden', { access: { type: 'HIDDEN' } }),
      product('low', 'low', { variants: [variant('low-v', { type: 'LIMITED', inStock: 1 })] }),
      product('unlisted', 'unlisted', {}),
      product('tee', 'tee', {}),
    ]
    expect(pickProduct(products, new Set(['tee', 'low', 'sold-out']))?.id).toBe('tee')
    expect(pickProduct(products)?.id).toBe('unlisted')
    expect(pickProduct(products.slice(0, 3))).toBeUndefined()
  })

  it('chooses every value from the answers, and leaves out what it cannot find', () => {
    const values = pickReaderValues({
      credentials: { shopId: 'sh_1', apiUser: { username: 'u', password: 'p' }, storefrontToken: 'ptkn_x' },
      shop: { name: 'Pixel Pines' },
      products: { results: [product('tee', 'tee', {})] },
      storefrontProducts: { results: [{ slug: 'tee' }] },
      collections: { results: [{ slug: 'all' }, { slug: 'apparel' }] },
      orders: {
        results: [
          { id: 'o-cancelled', status: 'CANCELLED', friendlyId: 'AAA' },
          { id: 'o-1', status: 'CONFIRMED', friendlyId: 'BBB', source: { type: 'ORDER' } },
          { id: 'o-2', status: 'CONFIRMED', source: { type: 'TWITCH_GIFT_REDEMPTION', giftPurchaseId: 'giv_1' } },
        ],
      },
      promotions: {
        results: [
          { id: 'prm_ended', status: 'Ended' },
          { id: 'prm_live', status: 'Live' },
        ],
      },
      webhooks: { results: [] },
      webhookEvents: undefined,
      donations: { results: [{ id: 'don_1' }] },
      members: { results: [{ id: '42' }] },
      packages: { packages: [{ packageId: 'gpg_1' }] },
    })
    expect(values).toEqual({
      SHOP_ID: 'sh_1',
      SHOP_NAME: 'Pixel Pines',
      FANSHELF_API_USER: 'u',
      FANSHELF_API_PASSWORD: 'p',
      FANSHELF_STOREFRONT_TOKEN: 'ptkn_x',
      PRODUCT_ID: 'tee',
      OFFER_ID: 'tee',
      PRODUCT_SLUG: 'tee',
      VARIANT_ID: 'tee-v1',
      OTHER_VARIANT_ID: 'tee-v2',
      COLLECTION_SLUG: 'apparel',
      ORDER_ID: 'o-1',
      ORDER_FRIENDLY_ID: 'BBB',
      GIFT_PURCHASE_ID: 'giv_1',
      PROMOTION_ID: 'prm_live',
      DONATION_ID: 'don_1',
      MEMBER_ID: '42',
      PACKAGE_ID: 'gpg_1',
    })
    expect(values).not.toHaveProperty('WEBHOOK_CONFIGURATION_ID')
    expect(values).not.toHaveProperty('WEBHOOK_EVENT_ID')
  })

  it('has nothing without the demo credentials', () => {
    expect(pickReaderValues({})).toEqual({})
  })
})
