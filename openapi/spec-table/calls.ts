// Spec §6–§7: every call with its auth and success status.

export type DocumentName = 'open-api' | 'open-api-beta' | 'storefront-api'

/** `METHOD /path`, e.g. `GET /order/{orderId}`. */
export type Call = `${'GET' | 'POST' | 'PUT' | 'DELETE'} /${string}`

/** How an operation authenticates (spec §6, decision 0004 "Security"). */
export type Auth =
  | { kind: 'scope'; scope: string }
  | { kind: 'basic-only' }
  | { kind: 'current-shop' }
  | { kind: 'oauth-client' }
  | { kind: 'storefront-token' }

export interface CallRow {
  document: DocumentName
  call: Call
  auth: Auth
  /** Success status (spec §7: 200, except 201 for fulfilment creation). */
  success: 200 | 201
  deprecated?: true
  /** Where the row comes from when not the spec itself. */
  source?: string
}

const scope = (name: string): Auth => ({ kind: 'scope', scope: name })
const basicOnly: Auth = { kind: 'basic-only' }
const currentShop: Auth = { kind: 'current-shop' }
const storefrontToken: Auth = { kind: 'storefront-token' }

/** Every call of spec §7 (open API, beta, storefront). */
export const calls: readonly CallRow[] = [
  { document: 'open-api', call: 'GET /donations', auth: scope('donation_read'), success: 200 },
  { document: 'open-api', call: 'GET /donations/{donationId}', auth: scope('donation_read'), success: 200 },
  { document: 'open-api', call: 'POST /fulfillments', auth: scope('fulfillment_write'), success: 201 },
  { document: 'open-api', call: 'PUT /gifting/draw/{id}/finish', auth: basicOnly, success: 200 },
  { document: 'open-api', call: 'GET /gifting/draw/{id}', auth: basicOnly, success: 200 },
  { document: 'open-api', call: 'POST /giveaway-links', auth: basicOnly, success: 200 },
  { document: 'open-api', call: 'GET /giveaway-links/packages', auth: basicOnly, success: 200 },
  { document: 'open-api', call: 'GET /giveaway-links/packages/{packageId}', auth: basicOnly, success: 200 },
  { document: 'open-api', call: 'GET /mailing-list-entries', auth: scope('shop_read'), success: 200 },
  { document: 'open-api', call: 'GET /order', auth: scope('order_read'), success: 200 },
  { document: 'open-api', call: 'GET /order/{orderId}', auth: scope('order_read'), success: 200 },
  { document: 'open-api', call: 'GET /order/by-friendly-id/{friendlyId}', auth: scope('order_read'), success: 200 },
  { document: 'open-api', call: 'GET /products', auth: scope('offer_read'), success: 200 },
  { document: 'open-api', call: 'GET /products/{productId}', auth: scope('offer_read'), success: 200 },
  { document: 'open-api', call: 'GET /products/{productId}/inventory', auth: scope('offer_read'), success: 200 },
  { document: 'open-api', call: 'PUT /products/{productId}/availability', auth: scope('offer_write'), success: 200 },
  {
    document: 'open-api',
    call: 'GET /collections',
    auth: scope('offer_read'),
    success: 200,
    source: 'the platform’s published document (drop-in compatibility, decision 0026)',
  },
  { document: 'open-api', call: 'GET /promotions', auth: scope('promotions_read'), success: 200 },
  { document: 'open-api', call: 'GET /promotions/{promotionId}', auth: scope('promotions_read'), success: 200 },
  { document: 'open-api', call: 'POST /promotions', auth: scope('promotions_write'), success: 200 },
  { document: 'open-api', call: 'GET /shops/current', auth: currentShop, success: 200 },
  { document: 'open-api', call: 'GET /shops/current/contact-info', auth: currentShop, success: 200 },
  { document: 'open-api', call: 'PUT /streaming/start', auth: basicOnly, success: 200 },
  { document: 'open-api', call: 'PUT /streaming/end', auth: basicOnly, success: 200 },
  { document: 'open-api', call: 'GET /streaming', auth: basicOnly, success: 200 },
  { document: 'open-api', call: 'GET /thank-yous/{thankYouId}', auth: scope('thankyou_read'), success: 200 },
  { document: 'open-api', call: 'GET /gift-purchase/{giftPurchaseId}', auth: basicOnly, success: 200 },
  { document: 'open-api', call: 'GET /webhooks', auth: scope('webhook_read'), success: 200 },
  { document: 'open-api', call: 'POST /webhooks', auth: scope('webhook_write'), success: 200 },
  { document: 'open-api', call: 'GET /webhooks/{webhookConfigurationId}', auth: scope('webhook_read'), success: 200 },
  { document: 'open-api', call: 'PUT /webhooks/{webhookConfigurationId}', auth: scope('webhook_write'), success: 200 },
  {
    document: 'open-api',
    call: 'DELETE /webhooks/{webhookConfigurationId}',
    auth: scope('webhook_write'),
    success: 200,
  },
  { document: 'open-api', call: 'GET /webhooks-secret', auth: scope('webhook_read'), success: 200, deprecated: true },
  { document: 'open-api', call: 'POST /platform/token', auth: { kind: 'oauth-client' }, success: 200 },

  { document: 'open-api-beta', call: 'GET /memberships/tiers', auth: scope('memberships_read'), success: 200 },
  { document: 'open-api-beta', call: 'GET /memberships/members', auth: scope('memberships_read'), success: 200 },
  { document: 'open-api-beta', call: 'GET /memberships/members/{id}', auth: scope('memberships_read'), success: 200 },
  {
    document: 'open-api-beta',
    call: 'POST /giveaways/giveaways',
    auth: scope('giveaway_write'),
    success: 200,
    source: "the platform's example apps (issue #23, decision 0025)",
  },
  {
    document: 'open-api-beta',
    call: 'PUT /giveaways/giveaways/{id}/finish/twitch',
    auth: scope('giveaway_write'),
    success: 200,
    source: "the platform's example apps (issue #23, decision 0025)",
  },

  { document: 'storefront-api', call: 'GET /products/{slug}', auth: storefrontToken, success: 200 },
  { document: 'storefront-api', call: 'GET /collections', auth: storefrontToken, success: 200 },
  { document: 'storefront-api', call: 'GET /collections/{slug}', auth: storefrontToken, success: 200 },
  { document: 'storefront-api', call: 'GET /collections/{slug}/products', auth: storefrontToken, success: 200 },
  { document: 'storefront-api', call: 'POST /carts', auth: storefrontToken, success: 200 },
  { document: 'storefront-api', call: 'GET /carts/{cartId}', auth: storefrontToken, success: 200 },
  { document: 'storefront-api', call: 'POST /carts/{cartId}/add', auth: storefrontToken, success: 200 },
  { document: 'storefront-api', call: 'POST /carts/{cartId}/change', auth: storefrontToken, success: 200 },
  { document: 'storefront-api', call: 'POST /carts/{cartId}/remove', auth: storefrontToken, success: 200 },
  {
    document: 'storefront-api',
    call: 'GET /shop',
    auth: storefrontToken,
    success: 200,
    source: 'platform-notes §4.2 (compatibility)',
  },
]

/** Spec §6: "Gifting, giveaway links, streaming and gift purchase endpoints accept basic authentication only." */
export const basicOnlyCalls: readonly Call[] = [
  'GET /gifting/draw/{id}',
  'PUT /gifting/draw/{id}/finish',
  'POST /giveaway-links',
  'GET /giveaway-links/packages',
  'GET /giveaway-links/packages/{packageId}',
  'PUT /streaming/start',
  'PUT /streaming/end',
  'GET /streaming',
  'GET /gift-purchase/{giftPurchaseId}',
]

/** Spec §6: "Current-shop endpoints accept OAuth with no scope." */
export const currentShopCalls: readonly Call[] = ['GET /shops/current', 'GET /shops/current/contact-info']
