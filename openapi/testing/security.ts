import { expect } from 'vitest'
import { contracts, jsonArray, type Operation } from './contracts.js'

// Security for the contract suite: the effective requirement list of an operation, compared order-insensitively.

export type Requirement = Record<string, string[]>

export function securityOf(op: Operation): Requirement[] {
  const declared = op.operation.security ?? contracts[op.document].doc.security ?? []
  return jsonArray(declared).map((requirement) =>
    Object.fromEntries(
      Object.entries(requirement).map(([scheme, scopes]) => [scheme, Array.isArray(scopes) ? scopes.map(String) : []]),
    ),
  )
}

export const sortRequirements = (requirements: Requirement[]) =>
  requirements.map((requirement) => JSON.stringify(Object.entries(requirement).sort())).sort()

export function expectSecurity(op: Operation, expected: Requirement[]) {
  const actual = securityOf(op)
  expect(
    sortRequirements(actual),
    `${op.document} ${op.call}: security is ${JSON.stringify(actual)}, should be ${JSON.stringify(expected)}`,
  ).toEqual(sortRequirements(expected))
}

export function expectScopedSecurity(op: Operation) {
  const security = securityOf(op)
  const scopes = security.find((requirement) => 'platformOAuth' in requirement)?.platformOAuth ?? []
  expect(
    scopes,
    `${op.document} ${op.call}: platformOAuth needs exactly one scope, security is ${JSON.stringify(security)}`,
  ).toHaveLength(1)
  expectSecurity(op, [{ basicAuth: [] }, { platformOAuth: scopes }])
}
