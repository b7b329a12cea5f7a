/**
 * The wire types of the three contracts (openapi/*.yaml), per operation. Everything here is derived
 * from src/generated/, which scripts/generate.mjs writes with openapi-typescript: a renamed field in
 * the contract changes these types, and every handler typed with them stops compiling.
 *
 *   Params<'getOrder'>  → { orderId: string }
 *   Query<'listOrders'> → { page?: number; size?: number; email?: string; … }
 *   Body<'createWebhook'>, Res<'getOrder'> (the success answer's JSON)
 */
import type {
  components as OpenApiComponents,
  operations as OpenApiOperations,
  webhooks as OpenApiWebhooks,
} from './generated/open-api.js'
import type {
  components as OpenApiBetaComponents,
  operations as OpenApiBetaOperations,
} from './generated/open-api-beta.js'
import type {
  components as StorefrontComponents,
  operations as StorefrontOperations,
} from './generated/storefront-api.js'

export type { OpenApiBetaComponents, OpenApiComponents, StorefrontComponents }

/** Every operation of the three documents by operationId (their operationIds are distinct). */
export type Operations = OpenApiOperations & OpenApiBetaOperations & StorefrontOperations

export type OperationId = keyof Operations

/** The operations of the open API's `webhooks:` (events the API sends; it never answers them). */
type WebhookOperation = { [N in keyof OpenApiWebhooks]: NonNullable<OpenApiWebhooks[N]['post']> }[keyof OpenApiWebhooks]

/** The operationIds of the webhooks (`orderPlacedEvent`, …): operations the API sends, not serves. */
export type WebhookOperationId = {
  [K in keyof OpenApiOperations]: OpenApiOperations[K] extends WebhookOperation ? K : never
}[keyof OpenApiOperations]

/** The operationIds of the three documents' paths: every operation the API answers. */
export type PathOperationId = Exclude<OperationId, WebhookOperationId>

/** `T`, or `Record<string, never>` where the contract has none (`never`/`undefined`). */
type OrEmpty<T> = [NonNullable<T>] extends [never] ? Record<string, never> : NonNullable<T>

type ParametersOf<K extends OperationId> = Operations[K] extends { parameters: infer P } ? P : never

/** The path parameters of an operation (`{}` without any). */
export type Params<K extends OperationId> = OrEmpty<ParametersOf<K> extends { path?: infer P } ? P : never>

/** The query parameters of an operation after validation (`{}` without any). */
export type Query<K extends OperationId> = OrEmpty<ParametersOf<K> extends { query?: infer Q } ? Q : never>

type RequestContent<K extends OperationId> = Operations[K] extends { requestBody?: infer R }
  ? NonNullable<R> extends { content: infer C }
    ? C
    : never
  : never

type BodyOf<C> = C extends { 'application/json': infer J }
  ? J
  : C extends { 'application/x-www-form-urlencoded': infer F }
    ? F
    : C extends { 'application/merge-patch+json': infer M }
      ? M
      : C extends Record<string, infer Other>
        ? Other
        : never

/** The request body of an operation (JSON, or the form of form-encoded operations); `undefined` without one. */
export type Body<K extends OperationId> = [RequestContent<K>] extends [never]
  ? undefined
  : Operations[K] extends { requestBody: unknown }
    ? BodyOf<RequestContent<K>>
    : BodyOf<RequestContent<K>> | undefined

type ResponsesOf<K extends OperationId> = Operations[K] extends { responses: infer R } ? R : never

type JsonOf<R> = R extends { content: { 'application/json': infer J } } ? J : undefined

/** The JSON answer of an operation's success status (200, else 201, else 202; `undefined` for 204). */
export type Res<K extends OperationId> =
  ResponsesOf<K> extends { 200: infer R }
    ? JsonOf<R>
    : ResponsesOf<K> extends { 201: infer R }
      ? JsonOf<R>
      : ResponsesOf<K> extends { 202: infer R }
        ? JsonOf<R>
        : undefined

/** A named schema of the open API (`Schema<'Order'>`). */
export type Schema<N extends keyof OpenApiComponents['schemas']> = OpenApiComponents['schemas'][N]
