import type { operations as OpenApiOperations } from './generated/open-api.js'
import type { operations as BetaOperations } from './generated/open-api-beta.js'
import type { operationRoutes } from './generated/operations.js'
import type { operations as StorefrontOperations } from './generated/storefront-api.js'
import type { PaginateOptions } from './pagination.js'

/**
 * Types derived from the generated contract types: for each operationId, the arguments a client method
 * takes and the data it resolves to. Nothing here restates a schema.
 */

type Routes = typeof operationRoutes

/** Every operation of the three contracts (webhook "operations" are not in the route table). */
type AllOperations = OpenApiOperations & BetaOperations & StorefrontOperations

/**
 * The operationIds of the open API and its beta, e.g. `'listOrders'`, `'getCurrentShop'`, `'listMembers'`.
 *
 * @example
 * ```ts
 * import type { OpenApiOperationId } from '@fanshelf/sdk'
 * const id: OpenApiOperationId = 'listOrders'
 * ```
 */
export type OpenApiOperationId = { [K in keyof Routes]: Routes[K]['api'] extends 'open' ? K : never }[keyof Routes]

/**
 * The operationIds of the storefront API, e.g. `'listCollections'`, `'createCart'`.
 *
 * @example
 * ```ts
 * import type { StorefrontOperationId } from '@fanshelf/sdk'
 * const id: StorefrontOperationId = 'getCart'
 * ```
 */
export type StorefrontOperationId = {
  [K in keyof Routes]: Routes[K]['api'] extends 'storefront' ? K : never
}[keyof Routes]

/**
 * Any operationId of the three contracts.
 *
 * @example
 * ```ts
 * import type { OperationId } from '@fanshelf/sdk'
 * const ids: OperationId[] = ['getCurrentShop', 'listMembers', 'createCart']
 * ```
 */
export type OperationId = OpenApiOperationId | StorefrontOperationId

type Operation<K extends OperationId> = AllOperations[K]

type Parameters<O> = O extends { parameters: infer P } ? P : never
type Present<T> = [T] extends [never] ? false : [T] extends [undefined] ? false : true
type PathOf<O> = Parameters<O> extends { path?: infer P } ? Exclude<P, undefined> : never
type QueryOf<O> = Parameters<O> extends { query?: infer Q } ? Exclude<Q, undefined> : never
type JsonOrFirst<C> = C extends { 'application/json': infer J } ? J : C[keyof C]
type BodyOf<O> = O extends { requestBody: { content: infer C } }
  ? JsonOrFirst<C>
  : O extends { requestBody?: { content: infer C } }
    ? JsonOrFirst<C> | undefined
    : never
type BodyRequired<O> = O extends { requestBody: { content: unknown } } ? true : false
/** True when an object of no properties is a T, i.e. every property of T is optional. */
type AllOptional<T> = Record<never, never> extends T ? true : false
type Simplify<T> = { [K in keyof T]: T[K] } & {}

/**
 * Per-call options every method accepts beside the operation's own arguments.
 *
 * @example
 * ```ts
 * const controller = new AbortController()
 * const shop = await client.getCurrentShop({ signal: controller.signal, headers: { 'x-trace': 'abc' } })
 * ```
 */
export interface RequestOptions {
  /** Extra request headers (e.g. `If-None-Match` on storefront reads). */
  headers?: Record<string, string>
  /**
   * Makes a write (`POST`, `PUT`, `DELETE`) safe to retry: sent as `Idempotency-Key`. Pass the same
   * key when you retry the same write; the server replays the first answer for 24 h.
   *
   * @example
   * ```ts
   * const key = crypto.randomUUID()
   * await client.createWebhookConfiguration({ body, idempotencyKey: key })
   * ```
   */
  idempotencyKey?: string
  /** Aborts the request, including any wait for a rate-limit retry. */
  signal?: AbortSignal
}

/**
 * The argument object of an operation: `path` (path parameters), `query` (query parameters) and `body`
 * (the request body), each present only when the operation has them and required when the contract
 * requires them, plus {@link RequestOptions}.
 *
 * @example
 * ```ts
 * import type { OperationArgs } from '@fanshelf/sdk'
 * const args: OperationArgs<'getOrder'> = { path: { orderId: 'c1f5e2a4-8b3d-4f6a-9e7c-2d1b0a9f8e71' } }
 * ```
 */
export type OperationArgs<K extends OperationId> = Simplify<
  (Present<PathOf<Operation<K>>> extends true ? { path: PathOf<Operation<K>> } : unknown) &
    (Present<QueryOf<Operation<K>>> extends true
      ? AllOptional<QueryOf<Operation<K>>> extends true
        ? { query?: QueryOf<Operation<K>> }
        : { query: QueryOf<Operation<K>> }
      : unknown) &
    (Present<BodyOf<Operation<K>>> extends true
      ? BodyRequired<Operation<K>> extends true
        ? { body: BodyOf<Operation<K>> }
        : { body?: BodyOf<Operation<K>> }
      : unknown) &
    RequestOptions
>

type SuccessStatus = 200 | 201 | 202 | 203 | 204 | 206
type ContentOf<R> = R extends { content: { 'application/json': infer J } } ? J : undefined
type ResponsesOf<O> = O extends { responses: infer R } ? R : never

/**
 * What an operation's method resolves to: the JSON body of its success response (`undefined` for
 * operations that answer no body, e.g. `204`).
 *
 * @example
 * ```ts
 * import type { OperationData } from '@fanshelf/sdk'
 * type Shop = OperationData<'getCurrentShop'>
 * ```
 */
export type OperationData<K extends OperationId> = {
  [S in keyof ResponsesOf<Operation<K>>]: S extends SuccessStatus ? ContentOf<ResponsesOf<Operation<K>>[S]> : never
}[keyof ResponsesOf<Operation<K>>]

type ArgsAreOptional<K extends OperationId> = AllOptional<Omit<OperationArgs<K>, keyof RequestOptions>>

/**
 * The parameter list of an operation's method: `[args?]` when the operation has no required path
 * parameter, query parameter or body, `[args]` otherwise.
 *
 * @example
 * ```ts
 * import type { OperationParameters } from '@fanshelf/sdk'
 * const args: OperationParameters<'getOrder'> = [{ path: { orderId: 'c1f5e2a4-8b3d-4f6a-9e7c-2d1b0a9f8e71' } }]
 * ```
 */
export type OperationParameters<K extends OperationId> =
  ArgsAreOptional<K> extends true ? [args?: OperationArgs<K>] : [args: OperationArgs<K>]

/**
 * The parameter list of a client's `paginate(operationId, …)`: the operation's arguments (required when
 * the operation requires any) and the iteration options.
 *
 * @example
 * ```ts
 * import type { PaginateParameters } from '@fanshelf/sdk'
 * const rest: PaginateParameters<'listCollectionProducts'> = [{ path: { slug: 'all' } }, { limit: 10 }]
 * ```
 */
export type PaginateParameters<K extends OperationId> =
  ArgsAreOptional<K> extends true
    ? [args?: OperationArgs<K>, options?: PaginateOptions]
    : [args: OperationArgs<K>, options?: PaginateOptions]

/**
 * The method a client has for an operation: `(args) => Promise<data>`, with `args` optional when the
 * operation has no required path parameter, query parameter or body.
 *
 * @example
 * ```ts
 * import type { OperationMethod } from '@fanshelf/sdk'
 * const getOrder: OperationMethod<'getOrder'> = client.getOrder
 * ```
 */
export type OperationMethod<K extends OperationId> = (...args: OperationParameters<K>) => Promise<OperationData<K>>

/**
 * Operations whose success body is a page: the open API's `{results, total, page, size, totalPages}` or
 * the storefront API's `{results, paging}`.
 *
 * @example
 * ```ts
 * import type { PagedOperationId } from '@fanshelf/sdk'
 * const paged: PagedOperationId = 'listOrders'
 * ```
 */
export type PagedOperationId = {
  [K in OperationId]: OperationData<K> extends { results: unknown[] } ? K : never
}[OperationId]

/**
 * The item type of a paged operation's `results`.
 *
 * @example
 * ```ts
 * import type { PageItem } from '@fanshelf/sdk'
 * type Order = PageItem<'listOrders'>
 * ```
 */
export type PageItem<K extends PagedOperationId> = OperationData<K> extends { results: (infer T)[] } ? T : never
