/**
 * The query of a direct checkout link (`GET /cart/checkout`, decision 0024), parsed without I/O.
 * The rules follow the platform (platform-notes §4.4): `products=variantId[:qty],…` with the
 * quantity defaulting to 1 and a bad one read as 1; an entry with more than one `:` or an empty id
 * is skipped; any id that is not a UUID voids the whole list, as on the platform (a link with a
 * broken id goes to the shop's home instead of to a half cart).
 */

/** At most this many `products` entries are read (a cart holds 100 lines); the rest are ignored. */
export const maxLinkProducts = 100
/** Quantities are 1–1000 (the storefront's per-request bound); anything else is read as 1. */
export const maxLinkQuantity = 1000

/**
 * The query parameters kept in the cart's (and so the order's) metadata, in this priority order
 * when the limits (10 keys, 2 KB) cut some off.
 */
export const linkMetadataKeys = [
  'cart_origin',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_content',
  'utm_term',
  'gclid',
  'fbclid',
  '_ga',
  '_fbp',
  '_fbc',
  'FPID',
] as const

/** Parameters handed on to the hosted checkout, which records them as the order's `trackingParams`. */
export const checkoutTrackingKeys = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_content',
  'utm_term',
  '_fbc',
  '_fbp',
] as const

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const currencyCode = /^[A-Za-z]{3}$/

export interface LinkItem {
  variantId: string
  quantity: number
}

export interface CheckoutLink {
  cartId: string | null
  items: LinkItem[]
  coupon: string | null
  currency: string | null
  /** The marketing parameters present, in `linkMetadataKeys` order. */
  metadata: [string, string][]
  /** What the hosted checkout is given on (tracking parameters). */
  tracking: [string, string][]
}

function single(value: unknown): string | undefined {
  const last = Array.isArray(value) ? value[value.length - 1] : value
  return typeof last === 'string' ? last : undefined
}

function quantityOf(text: string | undefined): number {
  if (text === undefined || !/^\d{1,4}$/.test(text)) return 1
  const n = Number(text)
  return n >= 1 && n <= maxLinkQuantity ? n : 1
}

/** `products` → items; repeats of a variant add up (as cart adds do). */
export function parseLinkProducts(value: string | undefined): LinkItem[] {
  if (!value) return []
  const entries = value.split(',', maxLinkProducts + 1).slice(0, maxLinkProducts)
  const quantities = new Map<string, number>()
  for (const raw of entries) {
    const entry = raw.trim()
    if (entry === '') continue
    const parts = entry.split(':')
    if (parts.length > 2 || parts[0] === '') continue
    const id = parts[0]!.toLowerCase()
    if (!uuid.test(id)) return []
    quantities.set(id, Math.min((quantities.get(id) ?? 0) + quantityOf(parts[1]), maxLinkQuantity))
  }
  return [...quantities].map(([variantId, quantity]) => ({ variantId, quantity }))
}

export function parseCheckoutLink(query: Record<string, unknown>): CheckoutLink {
  const cartId = single(query.cartId)?.trim().toLowerCase()
  const coupon = single(query.coupon)?.trim()
  const currency = single(query.currency)?.trim()
  const present = (key: string) => {
    const value = single(query[key])?.trim()
    return value ? ([[key, value]] as [string, string][]) : []
  }
  return {
    cartId: cartId && uuid.test(cartId) ? cartId : null,
    items: parseLinkProducts(single(query.products)),
    coupon: coupon ? coupon.slice(0, 100) : null,
    currency: currency && currencyCode.test(currency) ? currency.toUpperCase() : null,
    metadata: linkMetadataKeys.flatMap(present),
    tracking: checkoutTrackingKeys.flatMap(present),
  }
}
