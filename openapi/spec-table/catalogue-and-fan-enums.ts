import { type EnumGroup, open, request, response } from './locations.js'
import { storefrontCurrencies, webhookEventTypes } from './vocabularies.js'

// Spec §3/§4: the enumerated values of products, gifting, memberships, streaming, thank-yous,
// webhooks and the storefront.

export const catalogueAndFanEnums: readonly EnumGroup[] = [
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
