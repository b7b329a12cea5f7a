import { type EnumGroup, open, request, response } from './locations.js'

// Spec §3/§4: the enumerated values of orders, donations and promotions.

export const orderAndPromotionEnums: readonly EnumGroup[] = [
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
]
