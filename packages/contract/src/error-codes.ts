/**
 * Every error code the server answers, with its HTTP status: the one place a code gets its status
 * (decision 0044). It lives with the contract's types so that every part that speaks the contracts
 * (the server, the merchant admin, tests) shares one list. The server's `DomainError`
 * (apps/api/src/errors/) carries a code; its error handler answers with the status listed here.
 * `ErrorCode` is this table's keys, so a misspelt code is a type error, and a code needs an entry
 * here before anything can throw it or branch on it.
 *
 * The contracts (openapi/*.yaml and the admin backend's admin-api.yaml) document codes per response;
 * apps/api/src/errors/error-codes.test.ts checks every documented code is here with the status it is
 * documented under. Codes that depend on what was asked differ, not the status: where one condition
 * needs 400 and another 409, they are two codes.
 */
export const errorStatus = {
  // The request as HTTP: read, authenticated, throttled, validated (http/).
  BAD_CONTENT_LENGTH: 400,
  DUPLICATE_AUTHORIZATION_HEADER: 400,
  JSON_TOO_DEEP: 400,
  MALFORMED_JSON: 400,
  MALFORMED_REQUEST: 400,
  REQUEST_VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  INVALID_TOKEN: 401,
  STOREFRONT_TOKEN_INVALID: 401,
  STOREFRONT_TOKEN_MISSING: 401,
  BASIC_AUTH_REQUIRED: 403,
  FORBIDDEN: 403,
  INSUFFICIENT_SCOPE: 403,
  NOT_FOUND: 404,
  ROUTE_NOT_FOUND: 404,
  REQUEST_TIMEOUT: 408,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  TOO_MANY_FAILED_CREDENTIALS: 429,
  HEADERS_TOO_LARGE: 431,
  /** nginx's convention: the client hung up while queued; nothing is sent. */
  CLIENT_CLOSED_REQUEST: 499,
  INTERNAL_ERROR: 500,

  // Idempotency-Key.
  IDEMPOTENCY_KEY_IN_USE: 409,
  IDEMPOTENCY_KEY_REUSED: 422,

  // Shops and their settings.
  SHOP_NOT_FOUND: 404,
  SHOP_CURRENCY_LOCKED: 409,

  // Orders, downloads, fulfilments.
  ORDER_HAS_NO_DOWNLOADS_ERROR: 400,
  DOWNLOAD_REVOKED: 403,
  DOWNLOAD_NOT_FOUND: 404,
  ORDER_NOT_FOUND: 404,
  ORDER_ALREADY_CANCELLED: 409,
  ORDER_NOT_CANCELLABLE: 409,
  ORDER_STATUS_TRANSITION_NOT_ALLOWED: 409,
  FULFILLMENT_ORDER_INVALID_VARIANT: 400,
  FULFILLMENT_VARIANT_QUANTITY_TOO_HIGH: 400,
  FULFILLMENT_NOT_FOUND: 404,
  FULFILLMENT_ORDER_NOT_FOUND: 404,
  FULFILLMENT_ALREADY_EXISTS: 409,
  FULFILLMENT_ORDER_CANCELLED: 409,
  FULFILLMENT_TRACKER_TRANSITION_NOT_ALLOWED: 409,

  // Products and the storefront's catalogue and carts.
  UNSUPPORTED_CURRENCY: 400,
  /** A cart line naming a variant the shop does not sell: the request is wrong, the cart exists. */
  CART_VARIANT_NOT_FOUND: 400,
  CART_NOT_FOUND: 404,
  COLLECTION_NOT_FOUND: 404,
  PRODUCT_NOT_FOUND: 404,
  CART_CLOSED: 409,
  CART_INSUFFICIENT_STOCK: 409,
  CART_TOO_MANY_LINES: 409,
  PRODUCT_SLUG_DUPLICATION: 409,
  PRODUCT_VARIANT_IN_USE: 409,

  // Hosted checkout.
  CHECKOUT_CART_EMPTY: 400,
  PAYMENT_DECLINED: 402,
  CHECKOUT_CART_NOT_FOUND: 404,
  CHECKOUT_INSUFFICIENT_STOCK: 409,
  /** A code typed at checkout that no promotion has: a wrong entry, answered like invalid input. */
  PROMOTION_CODE_NOT_FOUND: 400,
  PROMOTION_ALREADY_USED: 409,
  PROMOTION_MINIMUM_NOT_MET: 409,
  PROMOTION_NOT_APPLICABLE: 409,
  PROMOTION_NOT_LIVE: 409,

  // Promotions.
  PROMOTION_CURRENCY_MISMATCH: 400,
  PROMOTION_ONCE_PER_ORDER_CONFIGURATION_NOT_SUPPORTED_FOR_DISCOUNT_TYPE: 400,
  /** A product named in a promotion's body that the shop does not have: invalid input (a 400). */
  PROMOTION_PRODUCT_NOT_FOUND: 400,
  /** A membership tier named in a promotion's body that the shop does not have: invalid input. */
  PROMOTION_TIER_NOT_FOUND: 400,
  PROMOTION_NOT_FOUND: 404,
  PROMOTION_CODE_DUPLICATION: 409,
  PROMOTION_CODES_DUPLICATION: 409,
  PROMOTION_NOT_USABLE: 409,
  PROMOTION_STATUS_TRANSITION_NOT_ALLOWED: 409,

  // Gift cards.
  /** A gift card code typed at checkout that matches none: a wrong entry (400). */
  GIFT_CARD_NOT_FOUND: 400,
  GIFT_CARD_BALANCE_CHANGED: 409,
  GIFT_CARD_CURRENCY_MISMATCH: 409,
  GIFT_CARD_SPENT: 409,

  // Gifting, giveaways and giveaway links.
  GIFT_INVALID_OFFER: 400,
  GIVEAWAY_DRAW_ALREADY_FINISHED: 400,
  GIFT_NOT_FOUND: 404,
  GIFT_PURCHASE_NOT_FOUND: 404,
  GIVEAWAY_DRAW_NOT_FOUND: 404,
  GIVEAWAY_LINK_NOT_FOUND: 404,
  GIVEAWAY_NOT_FOUND: 404,
  GIVEAWAY_PACKAGE_NOT_FOUND: 404,
  OFFER_NOT_FOUND_ERROR: 404,
  GIFT_ALREADY_CANCELLED: 409,
  GIFT_ALREADY_REDEEMED: 409,
  GIFT_CANCELLED: 409,
  GIFT_CARD_NOT_OFFERED: 409,
  GIFT_CHANGED_TO_GIFT_CARD: 409,
  GIFT_CHANGED_TO_PROMOTION: 409,
  GIFT_NOT_WON: 409,
  GIVEAWAY_DRAW_IN_PROGRESS: 409,
  GIVEAWAY_NO_GIFTS_TO_DRAW: 409,

  // Donations, thank-yous, memberships.
  DONATION_NOT_FOUND: 404,
  THANK_YOU_CONTRIBUTION_NOT_FOUND: 404,
  THANK_YOU_NOT_FOUND: 404,
  THANK_YOU_CONTRIBUTION_NOT_COMPLETED: 409,
  MEMBERSHIP_SUPPORTER_NOT_FOUND_BY_ID_ERROR: 404,
  MEMBERSHIP_TIER_VARIANT_NOT_FOUND: 404,
  MEMBERSHIP_SUBSCRIPTION_TRANSITION_NOT_ALLOWED: 409,

  // Webhooks.
  WEBHOOK_URI_IP_NOT_ALLOWED: 400,
  WEBHOOK_SECRET_NOT_AVAILABLE: 403,
  WEBHOOK_CONFIGURATION_NOT_FOUND: 404,
  WEBHOOK_EVENT_NOT_FOUND: 404,
  WEBHOOK_CONFIGURATION_DISABLED: 409,

  // Platform apps (OAuth clients) and API users.
  PLATFORM_APP_INVALID: 400,
  API_USER_NOT_FOUND: 404,
  PLATFORM_APP_CONNECTION_NOT_FOUND: 404,
  PLATFORM_APP_NOT_FOUND: 404,
  /** `fanshelf app remove`: an operator app, or a dynamic registration a shop approved (suspend it). */
  PLATFORM_APP_NOT_REMOVABLE: 409,

  // Media (image uploads and the files served).
  MEDIA_EMPTY: 400,
  /** An image with a side over the pixel bound; a file over the byte bound is `PAYLOAD_TOO_LARGE`. */
  MEDIA_TOO_LARGE: 400,
  MEDIA_UNREADABLE: 400,
  MEDIA_UNSAFE: 400,
  MEDIA_NOT_FOUND: 404,
  MEDIA_TYPE_UNSUPPORTED: 415,
  MEDIA_STORAGE_UNAVAILABLE: 503,

  // The merchant admin: sessions, people, invitation and reset links.
  ADMIN_SESSION_REQUIRED: 401,
  SIGN_IN_FAILED: 401,
  CSRF_TOKEN_INVALID: 403,
  PERSON_NOT_FOUND: 404,
  CANNOT_REMOVE_SELF: 409,
  LAST_SUPER_ADMIN: 409,
  LINK_UNUSABLE: 410,
  LINK_THROTTLED: 429,
  SIGN_IN_THROTTLED: 429,
  MAIL_NOT_SENT: 502,
} as const satisfies Record<string, number>

/** A code the server answers; a string outside the table does not compile. */
export type ErrorCode = keyof typeof errorStatus

/** The codes answered with 404 (what `notFound` takes). */
export type NotFoundCode = { [C in ErrorCode]: (typeof errorStatus)[C] extends 404 ? C : never }[ErrorCode]

/** The HTTP status of a code. */
export function statusOf(code: ErrorCode): number {
  return errorStatus[code]
}
