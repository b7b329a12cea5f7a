import type { Body, OperationId, Params, Query, Res } from '@fanshelf/contract'
import type { OperationContext } from './operation-router.js'
import type { Principal } from './principal.js'
import type { SerializedJson } from './serialized-json.js'

/** A handler's context typed from the contract: params, query and body of operation `K`. */
export type Ctx<K extends OperationId, A extends Principal = Principal> = OperationContext<
  Params<K>,
  Query<K>,
  Body<K>,
  A
>

/** What a handler of `K` answers: the success JSON, or nothing (`void`) where the contract has no body. */
type Answer<K extends OperationId> = [Res<K>] extends [undefined] ? undefined | void : Res<K>

/**
 * A handler of operation `K`: it answers the contract's success JSON (`Res<K>`), so a field renamed in
 * the contract is a type error here. An answer already serialized by the contract's own serializer
 * (serialized-json.ts) is checked at run time only.
 */
export type Handler<K extends OperationId, A extends Principal = Principal> = (
  ctx: Ctx<K, A>,
) => Promise<Answer<K> | SerializedJson> | Answer<K> | SerializedJson

/** The handlers of operations `K`, every one present and typed from the contract. */
export type Handlers<K extends OperationId, A extends Principal = Principal> = { [P in K]: Handler<P, A> }
