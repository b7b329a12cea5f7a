// The contract suite (openapi/README.md): every operation declares the security the spec gives it.
import { describe, expect, it } from 'vitest'
import { basicOnlyCalls, calls, currentShopCalls } from './spec-table.js'
import {
  contracts,
  inCalls,
  isJson,
  isOAuthEndpoint,
  jsonAt,
  operationsOf,
  requireOperation,
} from './testing/contracts.js'
import { expectScopedSecurity, expectSecurity, securityOf } from './testing/security.js'

describe('3. security', () => {
  it.each(basicOnlyCalls)('basic-only: %s lists only basicAuth', (call) => {
    expectSecurity(requireOperation('open-api', call), [{ basicAuth: [] }])
  })

  it.each(currentShopCalls)('current shop: %s accepts basicAuth and platformOAuth with no scope', (call) => {
    expectSecurity(requireOperation('open-api', call), [{ basicAuth: [] }, { platformOAuth: [] }])
  })

  const scopedCalls = calls.flatMap((row) =>
    row.auth.kind === 'scope' ? [[`${row.document} ${row.call}`, row, row.auth.scope] as const] : [],
  )
  it.each(scopedCalls)('%s needs its scope from the spec', (_label, row, scope) => {
    expectSecurity(requireOperation(row.document, row.call), [{ basicAuth: [] }, { platformOAuth: [scope] }])
  })

  const otherOpenOperations = [...operationsOf('open-api'), ...operationsOf('open-api-beta')].filter(
    (op) => !inCalls(basicOnlyCalls, op) && !inCalls(currentShopCalls, op) && !isOAuthEndpoint(op),
  )
  it.each(otherOpenOperations.map((op) => [`${op.document} ${op.call}`, op] as const))(
    '%s lists basicAuth and platformOAuth with exactly one scope',
    (_label, op) => expectScopedSecurity(op),
  )

  it.each(
    operationsOf('open-api')
      .filter(isOAuthEndpoint)
      .map((op) => [op.call, op] as const),
  )('OAuth endpoint %s takes no API credential', (_label, op) => {
    expect(
      securityOf(op).some((requirement) => 'platformOAuth' in requirement || 'storefrontToken' in requirement),
    ).toBe(false)
  })

  it.each(operationsOf('storefront-api').map((op) => [op.call, op] as const))(
    'storefront %s requires storefrontToken only',
    (_label, op) => expectSecurity(op, [{ storefrontToken: [] }]),
  )

  it('the storefront document declares storefrontToken (query storefront_token) and no HTTP basic', () => {
    const schemes = jsonAt(contracts['storefront-api'].doc, 'components', 'securitySchemes') ?? {}
    expect(schemes.storefrontToken).toMatchObject({ type: 'apiKey', in: 'query', name: 'storefront_token' })
    expect(Object.values(schemes).filter((scheme) => isJson(scheme) && scheme.type === 'http')).toEqual([])
  })
})
