import type { Call, DocumentName } from './calls.js'

// Where in the contracts a spec item must be found (the enum groups and the validation rules).

/**
 * A place in a contract: the request body, the success response body, or a query parameter of one
 * call, or a component schema; `pointer` is a JSON pointer into that schema. Composition (allOf,
 * oneOf, anyOf) is looked through, so the pointer names the properties only.
 */
export type Target =
  | { document: DocumentName; call: Call; part: 'request' | 'response' | `query:${string}` }
  | { document: DocumentName; component: string }

export interface SchemaLocation {
  target: Target
  pointer: string
  /** Keeps only the oneOf/anyOf branches whose discriminator allows a value, keyed by the pointer where they branch. */
  select?: Readonly<Record<string, Readonly<Record<string, string>>>>
}

export interface EnumGroup {
  thing: string
  /** [spelling in the spec, spelling on the wire] */
  values: readonly (readonly [string, string])[]
  at: readonly SchemaLocation[]
}

export const open = 'open-api'
export const response = (document: DocumentName, call: Call, pointer: string): SchemaLocation => ({
  target: { document, call, part: 'response' },
  pointer,
})
export const request = (document: DocumentName, call: Call, pointer: string): SchemaLocation => ({
  target: { document, call, part: 'request' },
  pointer,
})
