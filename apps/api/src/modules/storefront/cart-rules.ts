/**
 * The bounds of storefront carts (decision 0008, contract `storefront-api.yaml`). The per-request
 * quantity bounds (create and change 0–1000, add 1–10000, at most 100 items per request) are in
 * the contract and enforced by request validation; these are the cart's own.
 */

/** Most lines (distinct variants) a cart holds: more is 409 CART_TOO_MANY_LINES. */
export const maxCartLines = 100

/**
 * Most units one line holds. Adds of up to 10000 may repeat, so without a bound a line of an
 * unlimited variant could grow past what an order line can store; more is 400
 * REQUEST_VALIDATION_FAILED naming the item.
 */
export const maxLineQuantity = 100_000

/** A cart not changed for this long expires: it answers 404 CART_NOT_FOUND and is deleted later. */
export const cartIdleExpiryMs = 30 * 24 * 60 * 60 * 1000

/** How often (at most) creating a cart also deletes expired carts. */
export const cartPurgeIntervalMs = 60 * 60 * 1000

export function isCartExpired(cart: { updated_at: string }, now: number): boolean {
  return Date.parse(cart.updated_at) + cartIdleExpiryMs <= now
}
