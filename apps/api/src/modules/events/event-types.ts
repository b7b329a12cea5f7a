/** The webhook event types of the contract (spec §7), in the contract's order. */
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

export type WebhookEventType = (typeof webhookEventTypes)[number]

export const webhookApiVersion = 'V1'
