import { operationRoutes } from './generated/operations.js'
import type {
  OperationData,
  OperationMethod,
  OperationParameters,
  PagedOperationId,
  PageItem,
  PaginateParameters,
  StorefrontOperationId,
} from './operation-types.js'
import { type Page, type PageIterator, type PaginateOptions, paginateOperation } from './pagination.js'
import type { RetryOptions } from './rate-limit.js'
import { type ApiResponse, type CallArgs, createTransport, operationMethods } from './transport.js'

/**
 * Options of {@link createStorefrontClient}.
 *
 * @example
 * ```ts
 * const options: StorefrontClientOptions = { baseUrl: 'https://storefront-api.fanshelf.dev', storefrontToken: 'ptkn_Ye6tR1wQ9pL3kJ7hG5fD2s' }
 * ```
 */
export interface StorefrontClientOptions {
  /** The storefront API host, e.g. `https://storefront-api.fanshelf.dev` or a local server's `http://HOST:PORT` (a trailing `/v1` is fine too). */
  baseUrl: string
  /** The shop's public storefront token (`ptkn_…`), sent as the `storefront_token` query parameter. */
  storefrontToken: string
  /** Waiting out `429` answers (default: up to 3 retries, waits up to 60 s). */
  retry?: RetryOptions | undefined
  /** Headers sent with every request. */
  headers?: Record<string, string> | undefined
  /** A `fetch` implementation (default: the global one). */
  fetch?: typeof fetch | undefined
}

/**
 * A client of the storefront API: one method per operation, named by operationId (`listCollections`,
 * `getCollection`, `listCollectionProducts`, `getStorefrontProduct`, `createCart`, `getCart`,
 * `addCartItems`, `changeCartItems`, `removeCartItems`, `getStorefrontShop`), plus `call()`,
 * `paginate()` and `checkoutUrl()`.
 *
 * @example
 * ```ts
 * const cart = await storefront.createCart({ query: { currency: 'EUR' }, body: { items: [{ variantId, quantity: 1 }] } })
 * const updated = await storefront.changeCartItems({ path: { cartId: cart.id }, body: { items: [{ variantId, quantity: 3 }] } })
 * ```
 */
export type StorefrontClient = { readonly [K in StorefrontOperationId]: OperationMethod<K> } & {
  /**
   * Calls an operation by operationId and resolves to the whole answer (data, status, headers such as
   * `ETag`, request id). A `304 Not Modified` resolves with `status: 304` and `data: undefined`.
   *
   * @example
   * ```ts
   * const first = await storefront.call('getCollection', { path: { slug: 'all' } })
   * const again = await storefront.call('getCollection', { path: { slug: 'all' }, headers: { 'If-None-Match': first.headers.get('etag')! } })
   * if (again.status === 304) console.log('unchanged')
   * ```
   */
  call<K extends StorefrontOperationId>(
    operationId: K,
    ...args: OperationParameters<K>
  ): Promise<ApiResponse<OperationData<K>>>
  /**
   * Iterates every item of a paged list operation (`listCollections`, `listCollectionProducts`).
   *
   * @example
   * ```ts
   * const collections = await storefront.paginate('listCollections').toArray()
   * ```
   */
  paginate<K extends StorefrontOperationId & PagedOperationId>(
    operationId: K,
    ...rest: PaginateParameters<K>
  ): PageIterator<PageItem<K>, OperationData<K> & Page<PageItem<K>>>
  /**
   * The hosted checkout address for a cart: the shop's `checkoutUrl` (from `GET /shop`, read once) with
   * `cartCurrency` and `cartId`. Send the shopper's browser there to pay.
   *
   * @example
   * ```ts
   * window.location.assign(await storefront.checkoutUrl({ cartId: cart.id, cartCurrency: 'EUR' }))
   * ```
   */
  checkoutUrl(cart: { cartId: string; cartCurrency: string }): Promise<string>
}

/**
 * The hosted checkout URL of a cart: `{checkoutUrl}?cartCurrency={currency}&cartId={cartId}`, where
 * `checkoutUrl` is the shop's (`GET /shop`), e.g. `https://shop.example/checkout/`.
 *
 * @example
 * ```ts
 * import { buildCheckoutUrl } from '@fanshelf/sdk'
 * const shop = await storefront.getStorefrontShop()
 * const url = buildCheckoutUrl(shop.checkoutUrl, { cartId: cart.id, cartCurrency: 'USD' })
 * // https://…/checkout/?cartCurrency=USD&cartId=5e0c6f3a-…
 * ```
 */
export function buildCheckoutUrl(checkoutUrl: string, cart: { cartId: string; cartCurrency: string }): string {
  const url = new URL(checkoutUrl)
  url.searchParams.set('cartCurrency', cart.cartCurrency)
  url.searchParams.set('cartId', cart.cartId)
  return url.toString()
}

/**
 * Creates a client of the storefront API (`/v1`) on `fetch`, for browsers and Node 20+. The storefront
 * token is public: it is meant to ship in browser code.
 *
 * @example
 * ```ts
 * import { createStorefrontClient } from '@fanshelf/sdk'
 *
 * const storefront = createStorefrontClient({ baseUrl: 'https://storefront-api.fanshelf.dev', storefrontToken: 'ptkn_…' })
 * const { results: collections } = await storefront.listCollections()
 * const product = await storefront.getStorefrontProduct({ path: { slug: 'sticker-pack' }, query: { currency: 'JPY' } })
 * ```
 */
export function createStorefrontClient(options: StorefrontClientOptions): StorefrontClient {
  const credential = { query: { storefront_token: options.storefrontToken } }
  const transport = createTransport({
    baseUrl: options.baseUrl,
    fetch: options.fetch,
    headers: options.headers,
    retry: options.retry,
    credential: async () => credential,
  })
  const call = async (operationId: StorefrontOperationId, args?: CallArgs) => {
    if (operationRoutes[operationId]?.api !== 'storefront') {
      throw new TypeError(`'${operationId}' is not a storefront API operation`)
    }
    return transport(operationId, args)
  }
  let shopCheckoutUrl: Promise<string> | undefined
  const client = {
    ...operationMethods('storefront', call),
    call,
    paginate: (operationId: StorefrontOperationId, args?: CallArgs, paginateOptions?: PaginateOptions) =>
      paginateOperation(call, operationId, args, paginateOptions),
    async checkoutUrl(cart: { cartId: string; cartCurrency: string }) {
      shopCheckoutUrl ??= call('getStorefrontShop').then(
        (response) => (response.data as OperationData<'getStorefrontShop'>).checkoutUrl,
      )
      shopCheckoutUrl.catch(() => {
        shopCheckoutUrl = undefined
      })
      return buildCheckoutUrl(await shopCheckoutUrl, cart)
    },
  }
  return client as unknown as StorefrontClient
}
