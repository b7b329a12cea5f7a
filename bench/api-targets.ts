/**
 * What `npm run bench:api` measures (bench/api.ts): the constant route (the baseline), the hot single
 * reads, a cart add, and every list operation of the three contracts (openapi/open-api.yaml, the
 * beta open-api-beta.yaml and storefront-api.yaml) asked for a 20-item page. A list's target is
 * ≥ 25% of the baseline (issue 24); the two lists that are not paged (membership tiers, giveaway-link
 * packages) answer everything they hold and get the same target.
 *
 * Every request carries the `accept-encoding` HTTP clients send (`clientHeaders`: Node's `fetch`;
 * browsers, axios and Python's requests send the same or a subset): an answer's cost includes its
 * compression, as it does for the platform's clients (decision 0048, sixth amendment). One row asks
 * for the largest page without it, for comparison; it is reported, not gated: at ~77 KB a page the
 * load generator, which decodes every body into a string, runs out of CPU before the server does.
 */
import type { Db } from '../apps/api/src/db/database.js'

export interface Target {
  name: string
  path: string
  method?: 'GET' | 'POST'
  body?: string
  target?: number
  headers?: Record<string, string>
  /** Sent without `accept-encoding` (asks for an uncompressed answer). */
  uncompressed?: true
  /**
   * The path each connection sends, by connection number (each connection a shopper with a cart of
   * its own). Set once per connection, so the client does not rebuild a request per request.
   */
  pathForConnection?: (connection: number) => string
}

/** Headers every request sends as the platform's HTTP clients do: `fetch`'s `accept-encoding`. */
export const clientHeaders = { 'accept-encoding': 'gzip, deflate, br' }

/** The headers of a target's requests. */
export function requestHeaders(target: Target): Record<string, string> {
  return {
    'content-type': 'application/json',
    ...(target.uncompressed ? {} : clientHeaders),
    ...target.headers,
  }
}

/** The demo shop's rows the targets name. */
export interface BenchIds {
  /** Any product of the shop. */
  productId: string
  /** A product with LIMITED variants (its inventory is a list). */
  inventoryProductId: string
  /** An UNLIMITED variant of a public, available product: what the cart add adds. */
  unlimitedVariantId: string
  /** One cart per connection (each shopper adds to their own). */
  carts: string[]
}

export interface TargetContext {
  /** The server's origin, e.g. `http://127.0.0.1:40123`. */
  url: string
  /** The demo shop's Basic credentials (`authorization` header value). */
  authorization: string
  /** The demo shop's public storefront token. */
  storefrontToken: string
  ids: BenchIds
}

/** Looks up the rows `apiTargets` names and opens one cart per connection, through the API. */
export async function findBenchIds(
  db: Db,
  shopId: string,
  context: { url: string; storefrontToken: string; connections: number },
): Promise<BenchIds> {
  const product = await db
    .selectFrom('products')
    .select('id')
    .where('shop_id', '=', shopId)
    .limit(1)
    .executeTakeFirstOrThrow()
  const inventory = await db
    .selectFrom('variants')
    .select('product_id')
    .where('shop_id', '=', shopId)
    .where('stock_type', '=', 'LIMITED')
    .limit(1)
    .executeTakeFirstOrThrow()
  const unlimitedVariant = await db
    .selectFrom('variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .select('v.id')
    .where('p.shop_id', '=', shopId)
    .where('p.access', '=', 'PUBLIC')
    .where('p.state', '=', 'AVAILABLE')
    .where('v.stock_type', '=', 'UNLIMITED')
    .limit(1)
    .executeTakeFirstOrThrow()
  const storefront = `storefront_token=${encodeURIComponent(context.storefrontToken)}`
  const carts: string[] = []
  for (let i = 0; i < context.connections; i++) {
    const response = await fetch(`${context.url}/v1/carts?${storefront}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ items: [] }),
    })
    carts.push(((await response.json()) as { id: string }).id)
  }
  return {
    productId: product.id,
    inventoryProductId: inventory.product_id,
    unlimitedVariantId: unlimitedVariant.id,
    carts,
  }
}

export function apiTargets({ authorization, storefrontToken, ids }: TargetContext): Target[] {
  const storefront = `storefront_token=${encodeURIComponent(storefrontToken)}`
  const basic = { authorization }
  /** A 20-item page of an open API (or beta) list, with the demo shop's Basic credentials. */
  const openList = (operation: string, path: string): Target => ({
    name: `${operation} (basic auth)`,
    path: `/open-api/v1.0${path}`,
    target: 0.25,
    headers: basic,
  })
  /** A 20-item page of a storefront list, with the demo shop's public token. */
  const storefrontList = (operation: string, path: string): Target => ({
    name: `${operation} (storefront token)`,
    path: `${path}${path.includes('?') ? '&' : '?'}${storefront}`,
    target: 0.25,
  })
  return [
    { name: 'constant route (baseline)', path: '/healthz' },
    {
      name: 'GET /products/{id} (basic auth)',
      path: `/open-api/v1.0/products/${ids.productId}`,
      target: 0.5,
      headers: basic,
    },
    // Lists: open-api.yaml.
    openList('GET /order?size=20', '/order?size=20'),
    openList('GET /products?size=20', '/products?size=20'),
    {
      name: 'GET /products?size=20 (basic auth, no accept-encoding; not gated)',
      path: '/open-api/v1.0/products?size=20',
      headers: basic,
      uncompressed: true,
    },
    openList('GET /products/{id}/inventory?size=20', `/products/${ids.inventoryProductId}/inventory?size=20`),
    openList('GET /collections?size=20', '/collections?size=20'),
    openList('GET /promotions?size=20', '/promotions?size=20'),
    openList('GET /donations?size=20', '/donations?size=20'),
    openList('GET /giveaway-links/packages (not paged)', '/giveaway-links/packages'),
    openList('GET /mailing-list-entries?size=20', '/mailing-list-entries?size=20'),
    openList('GET /webhooks?size=20', '/webhooks?size=20'),
    openList('GET /webhook-events?size=20', '/webhook-events?size=20'),
    // Lists: open-api-beta.yaml.
    openList('GET /memberships/tiers (beta, not paged)', '/memberships/tiers'),
    openList('GET /memberships/members?size=20 (beta)', '/memberships/members?size=20'),
    // Lists: storefront-api.yaml.
    storefrontList('GET /v1/collections?size=20', '/v1/collections?size=20'),
    storefrontList('GET /v1/collections/all/products?size=20', '/v1/collections/all/products?size=20'),
    // Adds 1 unit per request to one line of the connection's cart (a line holds at most 100000
    // units: above what one connection sends in a 10 s run).
    {
      name: 'POST /v1/carts/{id}/add (storefront token)',
      path: `/v1/carts/${ids.carts[0]}/add?${storefront}`,
      method: 'POST',
      body: JSON.stringify({ items: [{ variantId: ids.unlimitedVariantId, quantity: 1 }] }),
      pathForConnection: (connection) => `/v1/carts/${ids.carts[connection % ids.carts.length]}/add?${storefront}`,
      target: 0.2,
    },
  ]
}
