// Spec §6, §7 and §9: the webhook event types, the OAuth scopes and the storefront currencies.

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
