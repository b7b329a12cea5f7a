import { pickReaderValues, type ReaderSources } from './pick.ts'

/**
 * The reader context: on a local demo install (the site served by `npm start` on a loopback
 * host), the demo shop's credentials and real ids, keyed by the sample variable names the guides'
 * shell samples use (FANSHELF_API_USER, PRODUCT_ID, CART_ID, …). Chosen live, in the browser, from
 * this origin's own APIs with the credentials `GET /admin/api/demo-credentials` offers (loopback
 * and seeded demo only; 404 everywhere else, so a hosted copy of the docs has no context).
 * Asked once per page load; every request runs in parallel; a value that cannot be found is absent.
 */

export interface ReaderContext {
  /** Sample variable name → live value. */
  values: Readonly<Record<string, string>>
}

export const loopbackHostnames: ReadonlySet<string> = new Set(['localhost', '127.0.0.1', '[::1]'])

const cartKey = 'fanshelf.reader-context.cart'
const openApi = '/open-api/v1.0'
const storefront = '/v1'

let loaded: Promise<ReaderContext | undefined> | undefined

export function loadReaderContext(): Promise<ReaderContext | undefined> {
  if (typeof window === 'undefined') return Promise.resolve(undefined)
  loaded ??= load().catch(() => undefined)
  return loaded
}

async function getJson(url: string, init: RequestInit = {}): Promise<unknown> {
  try {
    const response = await fetch(url, {
      ...init,
      headers: { Accept: 'application/json', ...init.headers },
      credentials: 'omit',
      cache: 'no-store',
    })
    return response.ok ? await response.json() : undefined
  } catch {
    return undefined
  }
}

function basic(username: string, password: string): string {
  const bytes = new TextEncoder().encode(`${username}:${password}`)
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return `Basic ${btoa(binary)}`
}

async function load(): Promise<ReaderContext | undefined> {
  if (!loopbackHostnames.has(window.location.hostname)) return undefined
  const credentials = await getJson('/admin/api/demo-credentials')
  if (credentials === undefined) return undefined
  const first = pickReaderValues({ credentials })
  const user = first.FANSHELF_API_USER
  const password = first.FANSHELF_API_PASSWORD
  const token = first.FANSHELF_STOREFRONT_TOKEN
  const auth = user && password ? { headers: { Authorization: basic(user, password) } } : undefined
  const api = (path: string) => (auth ? getJson(`${openApi}${path}`, auth) : Promise.resolve(undefined))
  const shop = (path: string) =>
    token
      ? getJson(`${storefront}${path}${path.includes('?') ? '&' : '?'}storefront_token=${encodeURIComponent(token)}`)
      : Promise.resolve(undefined)
  // Every read at once; each answer is the ReaderSources field of the same name.
  const reads = {
    shop: api('/shops/current'),
    products: api('/products?size=100'),
    storefrontProducts: shop('/collections/all/products?size=100'),
    collections: shop('/collections?size=100'),
    orders: api('/order?size=100'),
    promotions: api('/promotions?size=20'),
    webhooks: api('/webhooks?size=1'),
    webhookEvents: api('/webhook-events?size=1'),
    donations: api('/donations?size=1'),
    members: api('/memberships/members?size=1'),
    packages: api('/giveaway-links/packages'),
  } satisfies Record<Exclude<keyof ReaderSources, 'credentials'>, Promise<unknown>>
  const answers = await Promise.all(Object.values(reads))
  const sources = {
    credentials,
    ...Object.fromEntries(Object.keys(reads).map((key, index) => [key, answers[index]])),
  } as ReaderSources
  const values = pickReaderValues(sources)
  if (token && values.VARIANT_ID) {
    const cartId = await ensureCart(token, values.VARIANT_ID)
    if (cartId) values.CART_ID = cartId
  }
  return { values: Object.freeze(values) }
}

interface StoredCart {
  token: string
  variantId: string
  cartId: string
}

function readStoredCart(): StoredCart | undefined {
  try {
    const raw = window.sessionStorage.getItem(cartKey)
    return raw ? (JSON.parse(raw) as StoredCart) : undefined
  } catch {
    return undefined
  }
}

/**
 * The storefront cart of this tab (kept in sessionStorage): created once with VARIANT_ID in it,
 * reused while the server still knows it, recreated when it answers 404 (a reseeded server).
 */
async function ensureCart(token: string, variantId: string): Promise<string | undefined> {
  const query = `storefront_token=${encodeURIComponent(token)}`
  const stored = readStoredCart()
  if (stored && stored.token === token && stored.variantId === variantId) {
    try {
      const response = await fetch(`${storefront}/carts/${encodeURIComponent(stored.cartId)}?${query}`, {
        credentials: 'omit',
        cache: 'no-store',
      })
      if (response.ok) return stored.cartId
      if (response.status !== 404) return undefined
    } catch {
      return undefined
    }
  }
  const created = await getJson(`${storefront}/carts?${query}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ items: [{ variantId, quantity: 1 }], metadata: { source: 'fanshelf-docs' } }),
  })
  const cartId = typeof created === 'object' && created !== null ? (created as { id?: unknown }).id : undefined
  if (typeof cartId !== 'string') return undefined
  try {
    window.sessionStorage.setItem(cartKey, JSON.stringify({ token, variantId, cartId } satisfies StoredCart))
  } catch {
    // No session storage (private mode, iframe): a new cart next page load.
  }
  return cartId
}
