import type { Body, OperationId, Params, PathOperationId, Query, Res } from '@fanshelf/contract'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Operation } from './contract.js'
import type { Principal, ShopPrincipal } from './principal.js'
import type { SerializedJson } from './serialized-json.js'

/**
 * The types that tie the handlers to the contract (decision 0038): a handler table is keyed by
 * operationId, each handler's context and answer come from @fanshelf/contract, and the table the
 * router takes must hold exactly one handler for every operation it serves.
 */

/** What a handler receives: the request validated against its operation, and who is calling. */
export interface OperationContext<P, Q, B, A extends Principal = Principal> {
  params: P
  query: Q
  body: B
  auth: A
  operation: Operation
  request: FastifyRequest
  reply: FastifyReply
}

/** A handler's context typed from the contract: params, query and body of operation `K`. */
export type Ctx<K extends OperationId, A extends Principal = Principal> = OperationContext<
  Params<K>,
  Query<K>,
  Body<K>,
  A
>

/** What a handler of `K` answers: the success JSON, or nothing (`void`) where the contract has no body. */
// biome-ignore lint/suspicious/noConfusingVoidType: a service's `Promise<void>` is the answer of a 204 operation.
type Answer<K extends OperationId> = [Res<K>] extends [undefined] ? void : Res<K>

/**
 * A handler of operation `K`: it answers the contract's success JSON (`Res<K>`), so a field renamed in
 * the contract is a type error here. An answer already serialized by the contract's own serializer
 * (serialized-json.ts) is checked at run time only.
 */
export type Handler<K extends OperationId, A extends Principal = Principal> = (
  ctx: Ctx<K, A>,
) => Promise<Answer<K> | SerializedJson> | Answer<K> | SerializedJson

/**
 * The operations of the contracts that have their own routes instead of the contract router: the
 * OAuth token, revocation, introspection and metadata endpoints (form-encoded or outside the API's security;
 * modules/platform-apps/). `satisfies` keeps the list to real operationIds.
 */
export const selfRoutedOperations = [
  'exchangePlatformToken',
  'revokePlatformToken',
  'introspectPlatformToken',
  'getAuthorizationServerMetadata',
] as const satisfies readonly PathOperationId[]

/** Every operation the contract router serves: the contracts' paths but the self-routed ones. */
export type RoutedOperationId = Exclude<PathOperationId, (typeof selfRoutedOperations)[number]>

/** The handlers of operations `K` (a feature's table), every one present and typed from the contract. */
export type Handlers<K extends RoutedOperationId, A extends Principal = Principal> = { [P in K]: Handler<P, A> }

/**
 * The router's table: one handler for every routed operation, no more. Every routed operation requires
 * credentials (`security` is never empty on them), so each handler sees a shop's principal.
 */
export type OperationHandlers = { [K in RoutedOperationId]: Handler<K, ShopPrincipal> }

type Intersection<T extends readonly object[]> = T extends readonly [
  infer Head,
  ...infer Rest extends readonly object[],
]
  ? Head & Intersection<Rest>
  : unknown

/** The operationIds that more than one of the tables handles. */
export type RepeatedOperations<T extends readonly object[], Seen = never> = T extends readonly [
  infer Head,
  ...infer Rest extends readonly object[],
]
  ? (keyof Head & Seen) | RepeatedOperations<Rest, Seen | keyof Head>
  : never

/** `unknown` when the tables are fit to combine, else an impossible demand naming the problem. */
type CombinableTables<T extends readonly object[]> = [RepeatedOperations<T>] extends [never]
  ? [Exclude<keyof Intersection<T>, RoutedOperationId>] extends [never]
    ? unknown
    : { unknownOperations: Exclude<keyof Intersection<T>, RoutedOperationId> }
  : { operationsWithTwoHandlers: RepeatedOperations<T> }

/**
 * The features' tables as one. Two tables with a handler for the same operation are a type error
 * naming it (`operationsWithTwoHandlers`), and so is a key that is no routed operation
 * (`unknownOperations`). Assigning the result to `OperationHandlers` proves that none is missing.
 */
export function combineHandlers<const T extends readonly object[]>(
  ...tables: T & CombinableTables<T>
): Intersection<T> {
  return Object.assign({}, ...tables) as Intersection<T>
}
