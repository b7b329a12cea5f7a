/**
 * The wire types of the three contracts (openapi/*.yaml), per operation. Everything here is derived
 * from src/generated/, which scripts/generate.mjs writes with openapi-typescript: a renamed field in
 * the contract changes these types, and every handler typed with them stops compiling.
 *
 *   Params<'getOrder'>  → { orderId: string }
 *   Query<'listOrders'> → { page?: number; size?: number; email?: string; … }
 *   Body<'createWebhook'>, Res<'getOrder'> (the success answer's JSON)
 *
 * The merchant admin's backend (`/admin/api/…`, apps/api/src/modules/admin/admin-api.yaml) has its
 * own operations: `AdminParams<K>`, `AdminQuery<K>`, `AdminBody<K>`, `AdminRes<K>`, `AdminSchema<N>`.
 */
import type { components as AdminComponents, operations as AdminOperations } from './generated/admin-api.js'
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

export { type ErrorCode, errorStatus, type NotFoundCode, statusOf } from './error-codes.js'
export type { AdminComponents, AdminOperations, OpenApiBetaComponents, OpenApiComponents, StorefrontComponents }

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

type ParametersOfOp<O> = O extends { parameters: infer P } ? P : never
type PathOf<O> = OrEmpty<ParametersOfOp<O> extends { path?: infer P } ? P : never>
type QueryOf<O> = OrEmpty<ParametersOfOp<O> extends { query?: infer Q } ? Q : never>

/** The path parameters of an operation (`{}` without any). */
export type Params<K extends OperationId> = PathOf<Operations[K]>

/** The query parameters of an operation after validation (`{}` without any). */
export type Query<K extends OperationId> = QueryOf<Operations[K]>

type RequestContent<O> = O extends { requestBody?: infer R }
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

type RequestBodyOf<O> = [RequestContent<O>] extends [never]
  ? undefined
  : O extends { requestBody: unknown }
    ? BodyOf<RequestContent<O>>
    : BodyOf<RequestContent<O>> | undefined

/** The request body of an operation (JSON, or the form of form-encoded operations); `undefined` without one. */
export type Body<K extends OperationId> = RequestBodyOf<Operations[K]>

type ResponsesOf<O> = O extends { responses: infer R } ? R : never

type JsonOf<R> = R extends { content: { 'application/json': infer J } } ? J : undefined

type SuccessOf<O> =
  ResponsesOf<O> extends { 200: infer R }
    ? JsonOf<R>
    : ResponsesOf<O> extends { 201: infer R }
      ? JsonOf<R>
      : ResponsesOf<O> extends { 202: infer R }
        ? JsonOf<R>
        : undefined

/** The JSON answer of an operation's success status (200, else 201, else 202; `undefined` for 204). */
export type Res<K extends OperationId> = SuccessOf<Operations[K]>

/** A named schema of the open API (`Schema<'Order'>`). */
export type Schema<N extends keyof OpenApiComponents['schemas']> = OpenApiComponents['schemas'][N]

// ------------------------------------------------------------ the merchant admin's backend

/** The operationIds of admin-api.yaml (`getAdminSession`, `listAdminProducts`, …). */
export type AdminOperationId = keyof AdminOperations

/** The path parameters of an admin operation (`{}` without any). */
export type AdminParams<K extends AdminOperationId> = PathOf<AdminOperations[K]>

/** The query parameters of an admin operation (`{}` without any). */
export type AdminQuery<K extends AdminOperationId> = QueryOf<AdminOperations[K]>

/** The request body of an admin operation; `undefined` without one. */
export type AdminBody<K extends AdminOperationId> = RequestBodyOf<AdminOperations[K]>

/** The JSON answer of an admin operation's success status (`undefined` for 204). */
export type AdminRes<K extends AdminOperationId> = SuccessOf<AdminOperations[K]>

/** A named schema of admin-api.yaml (`AdminSchema<'AdminSession'>`). */
export type AdminSchema<N extends keyof AdminComponents['schemas']> = AdminComponents['schemas'][N]
