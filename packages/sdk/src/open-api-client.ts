import { operationRoutes } from './generated/operations.js'
import { type OAuthCredentials, OAuthSession } from './oauth.js'
import type {
  OpenApiOperationId,
  OperationData,
  OperationMethod,
  OperationParameters,
  PagedOperationId,
  PageItem,
  PaginateParameters,
} from './operation-types.js'
import { type Page, type PageIterator, type PaginateOptions, paginateOperation } from './pagination.js'
import type { RetryOptions } from './rate-limit.js'
import {
  type ApiResponse,
  type CallArgs,
  type Credential,
  createTransport,
  normalizeBaseUrl,
  operationMethods,
} from './transport.js'

/**
 * How an open API client authenticates:
 *
 * - `{username, password}` — an API user (HTTP basic): full access to its shop;
 * - `{accessToken}` — a bearer token you manage yourself;
 * - `{oauth: {...}}` — a platform app's grant, refreshed automatically (see {@link OAuthCredentials}).
 *
 * @example
 * ```ts
 * const auth: OpenApiAuth = { username: process.env.FANSHELF_API_USER!, password: process.env.FANSHELF_API_PASSWORD! }
 * ```
 */
export type OpenApiAuth = { username: string; password: string } | { accessToken: string } | { oauth: OAuthCredentials }

/**
 * Options of {@link createOpenApiClient}.
 *
 * @example
 * ```ts
 * const options: OpenApiClientOptions = {
 *   baseUrl: 'https://api.fanshelf.dev',
 *   auth: { username: 'apiu_demo', password: 'secret' },
 *   retry: { maxRetries: 3 },
 * }
 * ```
 */
export interface OpenApiClientOptions {
  /** The API host, e.g. `https://api.fanshelf.dev` or a local server's `http://HOST:PORT` (a trailing `/open-api/v1.0` is fine too). */
  baseUrl: string
  /** Credentials; without them only the public OAuth operations work. */
  auth?: OpenApiAuth | undefined
  /** Waiting out `429 RATE_LIMITED` answers (default: up to 3 retries, waits up to 60 s). */
  retry?: RetryOptions | undefined
  /** Headers sent with every request. */
  headers?: Record<string, string> | undefined
  /** A `fetch` implementation (default: the global one). */
  fetch?: typeof fetch | undefined
  /** The clock, in milliseconds since the epoch (default `Date.now`); token expiry is judged by it. */
  now?: (() => number) | undefined
}

/**
 * A client of the open API and its beta: one method per operation, named by the contract's operationId
 * (`listOrders`, `getOrder`, `createFulfillment`, `listMembers`, …), taking `{path, query, body}` as the
 * operation defines them and resolving to the success body; plus `call()` for the whole answer and
 * `paginate()` for paged lists. Errors are thrown as `FanshelfApiError`.
 *
 * @example
 * ```ts
 * const shop = await client.getCurrentShop()
 * const order = await client.getOrder({ path: { orderId: 'c1f5e2a4-8b3d-4f6a-9e7c-2d1b0a9f8e71' } })
 * const page = await client.listOrders({ query: { status: 'CONFIRMED', page: 0, size: 50 } })
 * ```
 */
export type OpenApiClient = { readonly [K in OpenApiOperationId]: OperationMethod<K> } & {
  /**
   * Calls an operation by operationId and resolves to the whole answer (data, status, headers,
   * request id, rate-limit state).
   *
   * @example
   * ```ts
   * const { data, requestId, rateLimit } = await client.call('listOrders', { query: { size: 10 } })
   * ```
   */
  call<K extends OpenApiOperationId>(
    operationId: K,
    ...args: OperationParameters<K>
  ): Promise<ApiResponse<OperationData<K>>>
  /**
   * Iterates every item of a paged list operation, fetching pages as needed.
   *
   * @example
   * ```ts
   * for await (const donation of client.paginate('listDonations', { query: { size: 100 } })) console.log(donation.id)
   * ```
   */
  paginate<K extends OpenApiOperationId & PagedOperationId>(
    operationId: K,
    ...rest: PaginateParameters<K>
  ): PageIterator<PageItem<K>, OperationData<K> & Page<PageItem<K>>>
}

function basicAuthorization(username: string, password: string): string {
  const bytes = new TextEncoder().encode(`${username}:${password}`)
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return `Basic ${btoa(binary)}`
}

function credentialSource(options: OpenApiClientOptions, now: () => number): (() => Promise<Credential>) | undefined {
  const auth = options.auth
  if (!auth) return undefined
  if ('username' in auth) {
    const credential = { authorization: basicAuthorization(auth.username, auth.password) }
    return async () => credential
  }
  if ('accessToken' in auth) {
    const credential = { authorization: `Bearer ${auth.accessToken}` }
    return async () => credential
  }
  const session = new OAuthSession(auth.oauth, {
    baseUrl: normalizeBaseUrl(options.baseUrl),
    fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    headers: options.headers,
    retry: options.retry,
    now,
  })
  return () => session.credential()
}

/**
 * Creates a client of the open API (`/open-api/v1.0`, stable and beta operations) on `fetch`, for Node
 * 20+ and browsers. Methods are named by operationId and are plain functions (safe to pass around
 * unbound, e.g. to `paginate`).
 *
 * @example
 * ```ts
 * import { createOpenApiClient } from '@fanshelf/sdk'
 *
 * const client = createOpenApiClient({
 *   baseUrl: 'https://api.fanshelf.dev',
 *   auth: { username: process.env.FANSHELF_API_USER!, password: process.env.FANSHELF_API_PASSWORD! },
 * })
 * const shop = await client.getCurrentShop()
 * for await (const order of client.paginate('listOrders', { query: { size: 100 } })) console.log(order.friendlyId)
 * ```
 */
export function createOpenApiClient(options: OpenApiClientOptions): OpenApiClient {
  const now = options.now ?? Date.now
  const transport = createTransport({
    baseUrl: options.baseUrl,
    fetch: options.fetch,
    headers: options.headers,
    retry: options.retry,
    credential: credentialSource(options, now),
    now,
  })
  const call = async (operationId: OpenApiOperationId, args?: CallArgs) => {
    if (operationRoutes[operationId]?.api !== 'open')
      throw new TypeError(`'${operationId}' is not an open API operation`)
    return transport(operationId, args)
  }
  const client = {
    ...operationMethods('open', call),
    call,
    paginate: (operationId: OpenApiOperationId, args?: CallArgs, paginateOptions?: PaginateOptions) =>
      paginateOperation(call, operationId, args, paginateOptions),
  }
  return client as unknown as OpenApiClient
}
