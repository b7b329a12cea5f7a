// A minimal storefront API client for the browser (or Node 18+): plain fetch, no dependencies.
// The storefront token is public by design, so it can ship in this file.
const env = globalThis.process?.env ?? {}
const ORIGIN = env.FANSHELF_ORIGIN ?? 'http://127.0.0.1:4000'
const TOKEN = env.FANSHELF_STOREFRONT_TOKEN ?? 'ptkn_your_storefront_token'

async function call(path, { method = 'GET', query = {}, body } = {}) {
  const url = new URL(`${ORIGIN}/v1${path}`)
  url.searchParams.set('storefront_token', TOKEN)
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) url.searchParams.set(key, String(value))
  }
  const response = await fetch(url, {
    method,
    headers: body ? { 'Content-Type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  })
  const payload = await response.json()
  if (!response.ok) {
    // Every error has {code, message, details?}: branch on code.
    const error = new Error(`${payload.code}: ${payload.message}`)
    error.code = payload.code
    error.details = payload.details
    error.requestId = response.headers.get('Request-Id')
    throw error
  }
  return payload
}

export const storefront = {
  shop: () => call('/shop'),
  collections: (page = 0) => call('/collections', { query: { page, size: 20 } }),
  collectionProducts: (slug, { page = 0, size = 20, currency } = {}) =>
    call(`/collections/${encodeURIComponent(slug)}/products`, { query: { page, size, currency } }),
  product: (slug, currency) => call(`/products/${encodeURIComponent(slug)}`, { query: { currency } }),
  createCart: (items = [], currency) => call('/carts', { method: 'POST', query: { currency }, body: { items } }),
  cart: (cartId, currency) => call(`/carts/${cartId}`, { query: { currency } }),
  add: (cartId, items, currency) =>
    call(`/carts/${cartId}/add`, { method: 'POST', query: { currency }, body: { items } }),
  change: (cartId, items, currency) =>
    call(`/carts/${cartId}/change`, { method: 'POST', query: { currency }, body: { items } }),
  remove: (cartId, variantIds, currency) =>
    call(`/carts/${cartId}/remove`, {
      method: 'POST',
      query: { currency },
      body: { items: variantIds.map((variantId) => ({ variantId })) },
    }),
}

/** Every page of a collection, following `paging.hasNextPage`. */
export async function* allProducts(slug, currency) {
  for (let page = 0; ; page += 1) {
    const { results, paging } = await storefront.collectionProducts(slug, { page, size: 100, currency })
    yield* results
    if (!paging.hasNextPage) return
  }
}

/** The hosted checkout address for a cart, from `GET /shop`'s `checkoutUrl`. */
export async function checkoutUrl(cart) {
  const shop = await storefront.shop()
  const url = new URL(shop.checkoutUrl)
  url.searchParams.set('cartCurrency', cart.currency)
  url.searchParams.set('cartId', cart.id)
  return url.toString()
}
