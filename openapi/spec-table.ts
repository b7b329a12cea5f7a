// The product spec (shared/spec §3–§9), copied item by item into data, so that contract.test.ts can
// prove every item is in the contracts. Wire spellings follow docs/decisions/0004-wire-conventions.md.
// Paths are the spec's, without the /open-api/v1.0 or /v1 prefix; path parameter names are matched
// loosely ({id} in the spec may be {drawId} in a contract), everything else exactly.

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

/** Spec §7 "Webhook event types". */
export const webhookEventTypes = [
  'ORDER_PLACED',
  'ORDER_UPDATED',
  'GIFT_PURCHASE',
  'PRODUCT_CREATED',
  'PRODUCT_UPDATED',
  'DONATION',
  'SUBSCRIPTION_PURCHASED',
  'SUBSCRIPTION_EXPIRED',
  'SUBSCRIPTION_CHANGED',
  'NEWSLETTER_SUBSCRIBED',
  'THANK_YOU_SENT',
  'GIFT_DRAW_STARTED',
  'GIFT_DRAW_ENDED',
  'PROMOTION_CREATED',
  'PROMOTION_UPDATED',
  'PROMOTION_STATUS_CHANGED',
  'PLATFORM_APP_DISCONNECTED',
] as const

/** Spec §6 "OAuth scopes", plus order_write (platform-notes §6, decision 0004). */
export const oauthScopes = [
  'donation_read',
  'order_read',
  'fulfillment_write',
  'offer_read',
  'offer_write',
  'promotions_read',
  'promotions_write',
  'shop_read',
  'thankyou_read',
  'webhook_read',
  'webhook_write',
  'memberships_read',
  'giveaway_read',
  'giveaway_write',
  'order_write',
] as const

/** Spec §9 "Storefront currencies". */
export const storefrontCurrencies = [
  'USD',
  'EUR',
  'CAD',
  'GBP',
  'AUD',
  'NZD',
  'SEK',
  'NOK',
  'DKK',
  'PLN',
  'INR',
  'JPY',
  'MYR',
  'SGD',
  'MXN',
] as const

/**
 * A place in a contract: the request body, the success response body, or a query parameter of one
 * call, or a component schema; `pointer` is a JSON pointer into that schema. Composition (allOf,
 * oneOf, anyOf) is looked through, so the pointer names the properties only.
 */
export type Target =
  | { document: DocumentName; call: Call; part: 'request' | 'response' | `query:${string}` }
  | { document: DocumentName; component: string }

export interface SchemaLocation {
  target: Target
  pointer: string
  /** Keeps only the oneOf/anyOf branches whose discriminator allows a value, keyed by the pointer where they branch. */
  select?: Readonly<Record<string, Readonly<Record<string, string>>>>
}

export interface EnumGroup {
  thing: string
  /** [spelling in the spec, spelling on the wire] */
  values: readonly (readonly [string, string])[]
  at: readonly SchemaLocation[]
}

const open = 'open-api'
const response = (document: DocumentName, call: Call, pointer: string): SchemaLocation => ({
  target: { document, call, part: 'response' },
  pointer,
})
const request = (document: DocumentName, call: Call, pointer: string): SchemaLocation => ({
  target: { document, call, part: 'request' },
  pointer,
})

/** Every enumerated value of spec §3/§4 and where the contracts must allow it. */
export const enumGroups: readonly EnumGroup[] = [
  {
    thing: 'order status',
    values: [
      ['CONFIRMED', 'CONFIRMED'],
      ['PARTIALLY_IN_PRODUCTION', 'PARTIALLY_IN_PRODUCTION'],
      ['IN_PRODUCTION', 'IN_PRODUCTION'],
      ['PARTIALLY_SHIPPED', 'PARTIALLY_SHIPPED'],
      ['SHIPPED', 'SHIPPED'],
      ['PARTIALLY_DELIVERED', 'PARTIALLY_DELIVERED'],
      ['DELIVERED', 'DELIVERED'],
      ['CANCELLED', 'CANCELLED'],
      ['COMPLETED', 'COMPLETED'],
    ],
    at: [
      response(open, 'GET /order/{orderId}', '/properties/status'),
      { target: { document: open, call: 'GET /order', part: 'query:status' }, pointer: '/items' },
    ],
  },
  {
    thing: 'order source type',
    values: [
      ['Order', 'ORDER'],
      ['SamplesOrder', 'SAMPLES_ORDER'],
      ['GiveawayLinks', 'GIVEAWAY_LINKS'],
      ['TwitchGiftRedemption', 'TWITCH_GIFT_REDEMPTION'],
    ],
    at: [response(open, 'GET /order/{orderId}', '/properties/source/properties/type')],
  },
  {
    thing: 'donation status',
    values: [
      ['OPEN', 'OPEN'],
      ['COMPLETED', 'COMPLETED'],
      ['ABANDONED', 'ABANDONED'],
      ['CANCELLED', 'CANCELLED'],
      ['FAILED', 'FAILED'],
    ],
    at: [response(open, 'GET /donations/{donationId}', '/properties/status')],
  },
  {
    thing: 'promotion status',
    values: [
      ['Live', 'Live'],
      ['Ended', 'Ended'],
      ['Archived', 'Archived'],
      ['AllUsed', 'AllUsed'],
    ],
    at: [response(open, 'GET /promotions/{promotionId}', '/properties/status')],
  },
  {
    thing: 'promotion type',
    values: [
      ['SHOP_SINGLE', 'SHOP_SINGLE'],
      ['SHOP_MULTI', 'SHOP_MULTI'],
      ['SHOP_AUTO_APPLYING', 'SHOP_AUTO_APPLYING'],
      ['MEMBERSHIPS_SINGLE', 'MEMBERSHIPS_SINGLE'],
      ['MEMBERSHIPS_MULTI', 'MEMBERSHIPS_MULTI'],
    ],
    at: [response(open, 'GET /promotions/{promotionId}', '/properties/type')],
  },
  {
    thing: 'promotion type (create)',
    values: [
      ['SHOP_SINGLE', 'SHOP_SINGLE'],
      ['SHOP_MULTI', 'SHOP_MULTI'],
      ['MEMBERSHIPS_SINGLE', 'MEMBERSHIPS_SINGLE'],
      ['MEMBERSHIPS_MULTI', 'MEMBERSHIPS_MULTI'],
    ],
    at: [request(open, 'POST /promotions', '/properties/type')],
  },
  {
    thing: 'shop discount type',
    values: [
      ['PERCENTAGE', 'PERCENTAGE'],
      ['FLAT_RATE', 'FLAT_RATE'],
      ['FREE_SHIPPING', 'FREE_SHIPPING'],
      ['FREE_PRODUCTS', 'FREE_PRODUCTS'],
    ],
    at: [response(open, 'GET /promotions/{promotionId}', '/properties/discount/properties/type')],
  },
  {
    thing: 'free products type',
    values: [
      ['AUTO_ADDED', 'AUTO_ADDED'],
      ['MANUALLY_ADDED', 'MANUALLY_ADDED'],
    ],
    at: [
      request(open, 'POST /promotions', '/properties/discount/properties/freeProductsType/properties/type'),
      response(
        open,
        'GET /promotions/{promotionId}',
        '/properties/discount/properties/freeProductsType/properties/type',
      ),
    ],
  },
  {
    thing: 'percentage shipping option',
    values: [
      ['Excluded', 'Excluded'],
      ['Included', 'Included'],
      ['FreeLowestOnly', 'FreeLowestOnly'],
      ['Free', 'Free'],
    ],
    at: [
      request(open, 'POST /promotions', '/properties/discount/properties/shippingOption'),
      response(open, 'GET /promotions/{promotionId}', '/properties/discount/properties/shippingOption'),
    ],
  },
  {
    thing: 'membership promotion subscription type',
    values: [
      ['ALL', 'ALL'],
      ['MONTHLY', 'MONTHLY'],
      ['ANNUAL', 'ANNUAL'],
    ],
    at: [
      request(open, 'POST /promotions', '/properties/subscriptionType/properties/type'),
      response(open, 'GET /promotions/{promotionId}', '/properties/subscriptionType/properties/type'),
    ],
  },
  {
    thing: 'membership promotion tiers type',
    values: [
      ['ALL', 'ALL'],
      ['SELECTED', 'SELECTED'],
    ],
    at: [
      request(open, 'POST /promotions', '/properties/tiers/properties/type'),
      response(open, 'GET /promotions/{promotionId}', '/properties/tiers/properties/type'),
    ],
  },
  {
    thing: 'promotion appliesTo (emitted)',
    values: [
      ['ENTIRE_ORDER', 'ENTIRE_ORDER'],
      ['SELECTED_PRODUCTS', 'SELECTED_PRODUCTS'],
      ['ENTIRE_ORDER_WITH_EXCLUDED_PRODUCTS', 'ENTIRE_ORDER_WITH_EXCLUDED_PRODUCTS'],
    ],
    at: [
      request(open, 'POST /promotions', '/properties/appliesTo/properties/type'),
      response(open, 'GET /promotions/{promotionId}', '/properties/appliesTo/properties/type'),
    ],
  },
  {
    thing: 'promotion appliesTo (also accepted on input)',
    values: [
      ['EntireOrder', 'EntireOrder'],
      ['SelectedProducts', 'SelectedProducts'],
    ],
    at: [request(open, 'POST /promotions', '/properties/appliesTo/properties/type')],
  },
  {
    thing: 'product state',
    values: [
      ['Available', 'AVAILABLE'],
      ['SoldOut', 'SOLD_OUT'],
    ],
    at: [
      response(open, 'GET /products/{productId}', '/properties/state/properties/type'),
      response('storefront-api', 'GET /products/{slug}', '/properties/state/properties/type'),
    ],
  },
  {
    thing: 'product access (open API)',
    values: [
      ['Public', 'PUBLIC'],
      ['Hidden', 'HIDDEN'],
      ['Archived', 'ARCHIVED'],
    ],
    at: [response(open, 'GET /products/{productId}', '/properties/access/properties/type')],
  },
  {
    thing: 'product access (storefront: archived products are not served)',
    values: [
      ['Public', 'PUBLIC'],
      ['Hidden', 'HIDDEN'],
    ],
    at: [response('storefront-api', 'GET /products/{slug}', '/properties/access/properties/type')],
  },
  {
    thing: 'variant stock type',
    values: [
      ['Limited', 'LIMITED'],
      ['Unlimited', 'UNLIMITED'],
    ],
    at: [
      response(open, 'GET /products/{productId}', '/properties/variants/items/properties/stock/properties/type'),
      response('storefront-api', 'GET /products/{slug}', '/properties/variants/items/properties/stock/properties/type'),
    ],
  },
  {
    thing: 'gift status',
    values: [
      ['Available', 'AVAILABLE'],
      ['Cancelled', 'CANCELLED'],
      ['ChangedToPromotion', 'CHANGED_TO_PROMOTION'],
      ['Redeemed', 'REDEEMED'],
    ],
    at: [
      response(open, 'GET /gift-purchase/{giftPurchaseId}', '/properties/gifts/items/properties/status'),
      response(open, 'GET /gifting/draw/{id}', '/properties/gifts/items/properties/status'),
    ],
  },
  {
    thing: 'giveaway link status',
    values: [
      ['Available', 'AVAILABLE'],
      ['Cancelled', 'CANCELLED'],
      ['Redeemed', 'REDEEMED'],
    ],
    at: [
      response(open, 'POST /giveaway-links', '/properties/giveawayLinks/items/properties/status'),
      response(open, 'GET /giveaway-links/packages/{packageId}', '/properties/giveawayLinks/items/properties/status'),
    ],
  },
  {
    thing: 'gift draw type',
    values: [
      ['INITIAL', 'INITIAL'],
      ['REDO', 'REDO'],
    ],
    at: [response(open, 'GET /gifting/draw/{id}', '/properties/type')],
  },
  {
    thing: 'member subscription type',
    values: [
      ['Active', 'ACTIVE'],
      ['Cancelled', 'CANCELLED'],
      ['Suspended', 'SUSPENDED'],
      ['None', 'NONE'],
    ],
    at: [response('open-api-beta', 'GET /memberships/members/{id}', '/properties/subscription/properties/type')],
  },
  {
    thing: 'member subscription interval',
    values: [
      ['ANNUAL', 'ANNUAL'],
      ['MONTHLY', 'MONTHLY'],
    ],
    at: [
      response(
        'open-api-beta',
        'GET /memberships/members/{id}',
        '/properties/subscription/properties/variant/properties/interval',
      ),
    ],
  },
  {
    thing: 'streaming status',
    values: [
      ['ONLINE', 'ONLINE'],
      ['OFFLINE', 'OFFLINE'],
    ],
    at: [response(open, 'GET /streaming', '/properties/services/items/properties/status')],
  },
  {
    thing: 'streaming service',
    values: [['TWITCH', 'TWITCH']],
    at: [
      response(open, 'GET /streaming', '/properties/services/items/properties/type'),
      request(open, 'PUT /streaming/start', '/properties/services/items/properties/type'),
      request(open, 'PUT /streaming/end', '/properties/services/items'),
    ],
  },
  {
    thing: 'thank-you contribution type',
    values: [
      ['Donation', 'DONATION'],
      ['GiftPurchase', 'GIFT_PURCHASE'],
      ['Membership', 'MEMBERSHIP'],
      ['Order', 'ORDER'],
    ],
    at: [response(open, 'GET /thank-yous/{thankYouId}', '/properties/contribution/properties/type')],
  },
  {
    thing: 'webhook apiVersion',
    values: [['V1', 'V1']],
    at: [response(open, 'GET /webhooks/{webhookConfigurationId}', '/properties/apiVersion')],
  },
  {
    thing: 'webhook allowedTypes',
    values: webhookEventTypes.map((type) => [type, type] as const),
    at: [
      request(open, 'POST /webhooks', '/properties/allowedTypes/items'),
      request(open, 'PUT /webhooks/{webhookConfigurationId}', '/properties/allowedTypes/items'),
    ],
  },
  {
    thing: 'storefront currency',
    values: storefrontCurrencies.map((code) => [code, code] as const),
    at: [
      { target: { document: 'storefront-api', call: 'GET /products/{slug}', part: 'query:currency' }, pointer: '' },
      { target: { document: 'storefront-api', call: 'POST /carts', part: 'query:currency' }, pointer: '' },
      response('storefront-api', 'POST /carts', '/properties/currency'),
    ],
  },
]

/**
 * What a rule demands of the schema at a location: keywords with their exact value, `required`
 * (every name required), `requiredAnyOf` (at least one of the names required) and `enumIncludes`.
 */
export interface Constraint {
  required?: readonly string[]
  requiredAnyOf?: readonly string[]
  minItems?: number
  maxItems?: number
  minimum?: number
  maximum?: number
  minLength?: number
  format?: string
  type?: string
}

export interface ValidationRule {
  rule: string
  at: SchemaLocation
  expect: Constraint
}

const rule = (text: string, at: SchemaLocation, expect: Constraint): ValidationRule => ({ rule: text, at, expect })
const promotionOfType = (type: string, pointer: string, discount?: string): SchemaLocation => ({
  target: { document: open, call: 'POST /promotions', part: 'request' },
  pointer,
  select: discount ? { '': { type }, '/properties/discount': { type: discount } } : { '': { type } },
})

/** Spec §5 (and the limits of §9), one row per constraint. */
export const validationRules: readonly ValidationRule[] = [
  rule('fulfilment: orderId, items and shippingLabel required', request(open, 'POST /fulfillments', ''), {
    required: ['orderId', 'items', 'shippingLabel'],
  }),
  rule('fulfilment: orderId is a uuid', request(open, 'POST /fulfillments', '/properties/orderId'), {
    format: 'uuid',
  }),
  rule('fulfilment: items at least 1 entry', request(open, 'POST /fulfillments', '/properties/items'), {
    minItems: 1,
  }),
  rule(
    'fulfilment: each item has variantId and quantity',
    request(open, 'POST /fulfillments', '/properties/items/items'),
    { required: ['variantId', 'quantity'] },
  ),
  rule(
    'fulfilment: item quantity at least 1',
    request(open, 'POST /fulfillments', '/properties/items/items/properties/quantity'),
    { minimum: 1 },
  ),
  rule(
    'fulfilment: shippingLabel needs trackingNumber and trackingCompany',
    request(open, 'POST /fulfillments', '/properties/shippingLabel'),
    { required: ['trackingNumber', 'trackingCompany'] },
  ),
  rule(
    'fulfilment: trackingNumber at least 1 character',
    request(open, 'POST /fulfillments', '/properties/shippingLabel/properties/trackingNumber'),
    { minLength: 1 },
  ),
  rule(
    'fulfilment: trackingCompany at least 1 character',
    request(open, 'POST /fulfillments', '/properties/shippingLabel/properties/trackingCompany'),
    { minLength: 1 },
  ),
  rule('webhook create: url and allowedTypes required', request(open, 'POST /webhooks', ''), {
    required: ['url', 'allowedTypes'],
  }),
  rule('webhook update: url and allowedTypes required', request(open, 'PUT /webhooks/{webhookConfigurationId}', ''), {
    required: ['url', 'allowedTypes'],
  }),
  rule('promotion SHOP_SINGLE needs code and discount', promotionOfType('SHOP_SINGLE', ''), {
    required: ['code', 'discount'],
  }),
  rule('promotion MEMBERSHIPS_SINGLE needs code and discount', promotionOfType('MEMBERSHIPS_SINGLE', ''), {
    required: ['code', 'discount'],
  }),
  rule('promotion SHOP_MULTI needs codes and discount', promotionOfType('SHOP_MULTI', ''), {
    required: ['codes', 'discount'],
  }),
  rule('promotion MEMBERSHIPS_MULTI needs codes and discount', promotionOfType('MEMBERSHIPS_MULTI', ''), {
    required: ['codes', 'discount'],
  }),
  rule(
    'fixed-amount shop discount needs money and freeShipping (SHOP_SINGLE)',
    promotionOfType('SHOP_SINGLE', '/properties/discount', 'FLAT_RATE'),
    { required: ['money', 'freeShipping'] },
  ),
  rule(
    'fixed-amount shop discount needs money and freeShipping (SHOP_MULTI)',
    promotionOfType('SHOP_MULTI', '/properties/discount', 'FLAT_RATE'),
    { required: ['money', 'freeShipping'] },
  ),
  rule(
    'percentage shop discount needs percentage (SHOP_SINGLE)',
    promotionOfType('SHOP_SINGLE', '/properties/discount', 'PERCENTAGE'),
    { required: ['percentage'] },
  ),
  rule(
    'percentage shop discount needs a shipping option (SHOP_SINGLE; shippingOption, or the platform spelling shipping)',
    promotionOfType('SHOP_SINGLE', '/properties/discount', 'PERCENTAGE'),
    { requiredAnyOf: ['shippingOption', 'shipping'] },
  ),
  rule(
    'percentage shop discount needs percentage (SHOP_MULTI)',
    promotionOfType('SHOP_MULTI', '/properties/discount', 'PERCENTAGE'),
    { required: ['percentage'] },
  ),
  rule(
    'percentage shop discount needs a shipping option (SHOP_MULTI; shippingOption, or the platform spelling shipping)',
    promotionOfType('SHOP_MULTI', '/properties/discount', 'PERCENTAGE'),
    { requiredAnyOf: ['shippingOption', 'shipping'] },
  ),
  rule('limits requires oneUsePerCustomer (SHOP_SINGLE)', promotionOfType('SHOP_SINGLE', '/properties/limits'), {
    required: ['oneUsePerCustomer'],
  }),
  rule('limits requires oneUsePerCustomer (SHOP_MULTI)', promotionOfType('SHOP_MULTI', '/properties/limits'), {
    required: ['oneUsePerCustomer'],
  }),
  rule(
    'membership percentage discount needs percentage (MEMBERSHIPS_SINGLE)',
    promotionOfType('MEMBERSHIPS_SINGLE', '/properties/discount'),
    { required: ['percentage'] },
  ),
  rule(
    'membership percentage discount needs percentage (MEMBERSHIPS_MULTI)',
    promotionOfType('MEMBERSHIPS_MULTI', '/properties/discount'),
    { required: ['percentage'] },
  ),
  rule(
    'membership requirements need newMembersOnly (MEMBERSHIPS_SINGLE)',
    promotionOfType('MEMBERSHIPS_SINGLE', '/properties/requirements'),
    { required: ['newMembersOnly'] },
  ),
  rule(
    'membership requirements need newMembersOnly (MEMBERSHIPS_MULTI)',
    promotionOfType('MEMBERSHIPS_MULTI', '/properties/requirements'),
    { required: ['newMembersOnly'] },
  ),
  rule('product availability: available required', request(open, 'PUT /products/{productId}/availability', ''), {
    required: ['available'],
  }),
  rule(
    'product availability: available is a boolean',
    request(open, 'PUT /products/{productId}/availability', '/properties/available'),
    { type: 'boolean' },
  ),
  rule('giveaway links create: productId and number required', request(open, 'POST /giveaway-links', ''), {
    required: ['productId', 'number'],
  }),
  rule('giveaway links create: productId is a uuid', request(open, 'POST /giveaway-links', '/properties/productId'), {
    format: 'uuid',
  }),
  rule('draw finish: participants list required', request(open, 'PUT /gifting/draw/{id}/finish', ''), {
    required: ['participants'],
  }),
  rule(
    'draw finish: each participant has service, userId, userName',
    request(open, 'PUT /gifting/draw/{id}/finish', '/properties/participants/items'),
    { required: ['service', 'userId', 'userName'] },
  ),
  rule('streaming start: services list required', request(open, 'PUT /streaming/start', ''), {
    required: ['services'],
  }),
  rule(
    'streaming start: each service has broadcasterId and broadcasterLogin',
    request(open, 'PUT /streaming/start', '/properties/services/items'),
    { required: ['broadcasterId', 'broadcasterLogin'] },
  ),
  rule('streaming end: services list required', request(open, 'PUT /streaming/end', ''), { required: ['services'] }),
  rule(
    'money: value and currency required',
    { target: { document: open, component: 'Money' }, pointer: '' },
    {
      required: ['value', 'currency'],
    },
  ),
  rule(
    'money: value not negative',
    { target: { document: open, component: 'Money' }, pointer: '/properties/value' },
    { minimum: 0 },
  ),
  rule(
    'money in a request: value not negative (fixed-amount discount)',
    promotionOfType('SHOP_SINGLE', '/properties/discount/properties/money/properties/value', 'FLAT_RATE'),
    { minimum: 0 },
  ),
  rule('cart create: items required', request('storefront-api', 'POST /carts', ''), { required: ['items'] }),
  rule(
    'cart create: quantity 0 to 1000',
    request('storefront-api', 'POST /carts', '/properties/items/items/properties/quantity'),
    { minimum: 0, maximum: 1000 },
  ),
  rule('cart add: items required', request('storefront-api', 'POST /carts/{cartId}/add', ''), {
    required: ['items'],
  }),
  rule('cart add: at least 1 item', request('storefront-api', 'POST /carts/{cartId}/add', '/properties/items'), {
    minItems: 1,
  }),
  rule(
    'cart add: quantity 1 to 10000',
    request('storefront-api', 'POST /carts/{cartId}/add', '/properties/items/items/properties/quantity'),
    { minimum: 1, maximum: 10000 },
  ),
  rule('cart change: items required', request('storefront-api', 'POST /carts/{cartId}/change', ''), {
    required: ['items'],
  }),
  rule('cart change: at least 1 item', request('storefront-api', 'POST /carts/{cartId}/change', '/properties/items'), {
    minItems: 1,
  }),
  rule(
    'cart change: quantity 0 to 1000',
    request('storefront-api', 'POST /carts/{cartId}/change', '/properties/items/items/properties/quantity'),
    { minimum: 0, maximum: 1000 },
  ),
  rule('cart remove: at least 1 item', request('storefront-api', 'POST /carts/{cartId}/remove', '/properties/items'), {
    minItems: 1,
  }),
  rule(
    'cart remove: each item names a variantId',
    request('storefront-api', 'POST /carts/{cartId}/remove', '/properties/items/items'),
    { required: ['variantId'] },
  ),
  rule('cart: at most 100 lines', request('storefront-api', 'POST /carts', '/properties/items'), { maxItems: 100 }),
]
