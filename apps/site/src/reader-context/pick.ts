/**
 * Pure choices of the reader context (unit-tested): which of the demo shop's objects the samples
 * and the try-it console use, from the answers of the shop's own APIs. Nothing here fetches.
 */

/** The sample variable names the guides' shell samples use, and the values chosen for them. */
export type ReaderValues = Record<string, string>

type Json = Record<string, unknown>

const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value)
const str = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined)
/** The `results` of a page (or the array itself). */
export function results(page: unknown): Json[] {
  const list = isRecord(page) ? page.results : page
  return Array.isArray(list) ? list.filter(isRecord) : []
}

/** Units a variant can still sell: Infinity for unlimited stock, 0 when unknown. */
export function sellable(variant: Json): number {
  const stock = variant.stock
  if (!isRecord(stock)) return 0
  if (stock.type === 'UNLIMITED') return Number.POSITIVE_INFINITY
  return typeof stock.inStock === 'number' ? stock.inStock : 0
}

/** Variants with at least `min` units left (a sample adds 1, the console changes a line to 3). */
function purchasableVariants(product: Json, min = 5): Json[] {
  const variants = Array.isArray(product.variants) ? product.variants.filter(isRecord) : []
  return variants.filter((variant) => str(variant.id) && sellable(variant) >= min)
}

function purchasable(product: Json): boolean {
  const state = isRecord(product.state) ? product.state.type : undefined
  const access = isRecord(product.access) ? product.access.type : 'PUBLIC'
  return state === 'AVAILABLE' && access === 'PUBLIC' && purchasableVariants(product).length > 0
}

/**
 * The product the samples use: public, available, with plenty of stock — preferring one with two
 * such variants (so VARIANT_ID and OTHER_VARIANT_ID are both in it) and one the storefront lists.
 */
export function pickProduct(products: Json[], storefrontSlugs?: ReadonlySet<string>): Json | undefined {
  const candidates = products.filter(purchasable)
  const listed = storefrontSlugs
    ? candidates.filter((product) => storefrontSlugs.has(String(product.slug)))
    : candidates
  const pool = listed.length > 0 ? listed : candidates
  return pool.find((product) => purchasableVariants(product).length >= 2) ?? pool[0]
}

/** The order the samples read: the newest one that was not cancelled. */
export function pickOrder(orders: Json[]): Json | undefined {
  return orders.find((order) => order.status !== 'CANCELLED' && str(order.id)) ?? orders[0]
}

/** A collection that is not the catch-all `all` (when the shop has one), else any. */
export function pickCollectionSlug(collections: Json[]): string | undefined {
  const slugs = collections.map((collection) => str(collection.slug)).filter((slug): slug is string => !!slug)
  return slugs.find((slug) => slug !== 'all') ?? slugs[0]
}

/** A gift purchase the shop has: the one behind a redeemed Twitch gift's order. */
export function pickGiftPurchaseId(orders: Json[]): string | undefined {
  for (const order of orders) {
    const source = order.source
    if (isRecord(source) && str(source.giftPurchaseId)) return str(source.giftPurchaseId)
  }
  return undefined
}

export interface ReaderSources {
  credentials?: unknown
  shop?: unknown
  products?: unknown
  storefrontProducts?: unknown
  collections?: unknown
  orders?: unknown
  promotions?: unknown
  webhooks?: unknown
  webhookEvents?: unknown
  donations?: unknown
  members?: unknown
  packages?: unknown
}

/**
 * The demo credentials endpoint's answer: `{shopId, apiUser?: {username, password},
 * storefrontToken?, platformApp?: {clientId, clientSecret, redirectUri, code, codeVerifier},
 * samples?: {thankYouId?}}` — the code is a fresh single-use one (the OAuth samples' CODE).
 */
export function credentialValues(value: unknown): ReaderValues {
  if (!isRecord(value)) return {}
  const out: ReaderValues = {}
  const apiUser = isRecord(value.apiUser) ? value.apiUser : {}
  const username = str(apiUser.username)
  const password = str(apiUser.password)
  if (username && password) {
    out.FANSHELF_API_USER = username
    out.FANSHELF_API_PASSWORD = password
  }
  const token = str(value.storefrontToken)
  if (token) out.FANSHELF_STOREFRONT_TOKEN = token
  const shopId = str(value.shopId)
  if (shopId) out.SHOP_ID = shopId
  const app = isRecord(value.platformApp) ? value.platformApp : {}
  const oauth = {
    FANSHELF_CLIENT_ID: str(app.clientId),
    FANSHELF_CLIENT_SECRET: str(app.clientSecret),
    REDIRECT_URI: str(app.redirectUri),
    CODE: str(app.code),
    CODE_VERIFIER: str(app.codeVerifier),
  }
  // All or nothing: a code is no use without its verifier, client and redirect URI.
  if (Object.values(oauth).every((item) => item !== undefined)) Object.assign(out, oauth)
  const samples = isRecord(value.samples) ? value.samples : {}
  const thankYouId = str(samples.thankYouId)
  if (thankYouId) out.THANK_YOU_ID = thankYouId
  return out
}

/** Every value the answers allow; a value that cannot be found is absent. */
export function pickReaderValues(sources: ReaderSources): ReaderValues {
  const out: ReaderValues = credentialValues(sources.credentials)
  const set = (name: string, value: unknown) => {
    const text = str(value)
    if (text) out[name] = text
  }
  if (isRecord(sources.shop)) set('SHOP_NAME', sources.shop.name)
  const storefrontSlugs = sources.storefrontProducts
    ? new Set(results(sources.storefrontProducts).map((product) => String(product.slug)))
    : undefined
  const product = pickProduct(results(sources.products), storefrontSlugs)
  if (product) {
    set('PRODUCT_ID', product.id)
    set('OFFER_ID', product.id)
    set('PRODUCT_SLUG', product.slug)
    const [variant, second] = purchasableVariants(product)
    set('VARIANT_ID', variant?.id)
    const other =
      second ??
      results(sources.products)
        .filter((candidate) => candidate !== product && purchasable(candidate))
        .flatMap((candidate) => purchasableVariants(candidate))[0]
    set('OTHER_VARIANT_ID', other?.id)
  }
  set('COLLECTION_SLUG', pickCollectionSlug(results(sources.collections)))
  const orders = results(sources.orders)
  const order = pickOrder(orders)
  set('ORDER_ID', order?.id)
  set('ORDER_FRIENDLY_ID', order?.friendlyId)
  set('GIFT_PURCHASE_ID', pickGiftPurchaseId(orders))
  const promotions = results(sources.promotions)
  set('PROMOTION_ID', (promotions.find((promotion) => promotion.status === 'Live') ?? promotions[0])?.id)
  set('WEBHOOK_CONFIGURATION_ID', results(sources.webhooks)[0]?.id)
  set('WEBHOOK_EVENT_ID', results(sources.webhookEvents)[0]?.id)
  set('DONATION_ID', results(sources.donations)[0]?.id)
  set('MEMBER_ID', results(sources.members)[0]?.id)
  const packages =
    isRecord(sources.packages) && Array.isArray(sources.packages.packages) ? sources.packages.packages : []
  set('PACKAGE_ID', packages.filter(isRecord)[0]?.packageId)
  return out
}
