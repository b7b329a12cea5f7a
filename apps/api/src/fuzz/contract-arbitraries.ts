import fc from 'fast-check'
import type { Contract, Operation } from '../http/contract.js'
import { bodyMutations } from './body-mutations.js'
import { type FuzzCase, type FuzzFixtures, type Mutation, mutation, type Parts, toRequest } from './fuzz-case.js'
import { headerSafe } from './hostile-input.js'
import { baseline } from './request-baseline.js'
import {
  authMutations,
  headerMutations,
  pathMutations,
  queryMutations,
  strayBodyMutations,
} from './request-mutations.js'

/**
 * Requests generated from the contract, one operation at a time: a valid baseline (real ids of the
 * demo shop, a schema-valid body, valid credentials) with exactly one thing broken — a field, a
 * parameter, the body's syntax or media type, or the credentials. The case names what was broken
 * (`kind`) and where (`target`), so a violation reads as "createCart: body-wrong-type at items/0".
 */

/** Every generated case of an operation: a baseline with one mutation (or, rarely, none). */
export function caseArbitrary(
  operation: Operation,
  contract: Contract,
  fixtures: FuzzFixtures,
): fc.Arbitrary<FuzzCase> {
  const simple: fc.WeightedArbitrary<Mutation>[] = []
  const add = (weight: number, arbitraries: fc.Arbitrary<Mutation>[]) => {
    for (const arbitrary of arbitraries) simple.push({ arbitrary, weight })
  }
  add(6, authMutations(operation, fixtures))
  add(8, pathMutations(operation, fixtures))
  add(6, queryMutations(operation))
  add(3, headerMutations(operation))
  add(6, strayBodyMutations(operation))
  add(4, [fc.constant(mutation('valid', '', (parts) => parts))])
  const body = bodyMutations(operation)
  const mutations = fc.oneof(...simple).map((m) => () => fc.constant(m))
  const pickMutation: fc.Arbitrary<(parts: Parts) => fc.Arbitrary<Mutation>> =
    body.length === 0
      ? mutations
      : fc.oneof({ arbitrary: mutations, weight: 2 }, { arbitrary: fc.oneof(...body), weight: 3 })
  return fc
    .tuple(baseline(operation, contract, fixtures), pickMutation)
    .chain(([parts, choose]) => choose(parts).map((m) => ({ parts, m })))
    .map(({ parts, m }) => ({
      operationId: operation.operationId,
      kind: m.kind,
      target: headerSafe(m.target).slice(0, 80),
      request: toRequest(operation, m.apply(parts)),
    }))
}
