import { open, request, type SchemaLocation } from './locations.js'

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
