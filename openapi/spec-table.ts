// The product spec (shared/spec §3–§9), copied item by item into data, so that the contract suite
// (contract.spec.test.ts) can prove every item is in the contracts. Wire spellings follow
// docs/decisions/0004-wire-conventions.md. Paths are the spec's, without the /open-api/v1.0 or /v1
// prefix; path parameter names are matched loosely ({id} in the spec may be {drawId} in a contract),
// everything else exactly.
//
// The tables live in spec-table/, one file per part of the spec; this file is their index.

export {
  type Auth,
  basicOnlyCalls,
  type Call,
  type CallRow,
  calls,
  currentShopCalls,
  type DocumentName,
} from './spec-table/calls.js'
export { enumGroups } from './spec-table/enum-groups.js'
export type { EnumGroup, SchemaLocation, Target } from './spec-table/locations.js'
export { type Constraint, type ValidationRule, validationRules } from './spec-table/validation-rules.js'
export { oauthScopes, storefrontCurrencies, webhookEventTypes } from './spec-table/vocabularies.js'
