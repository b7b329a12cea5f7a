// The contract suite (openapi/README.md): error and page responses have the shared shapes.
import { describe, expect, it } from 'vitest'
import type { Call } from './spec-table.js'
import {
  allOperations,
  isJson,
  isOAuthEndpoint,
  jsonArray,
  jsonAt,
  jsonContent,
  requireOperation,
} from './testing/contracts.js'
import { requiresAnyOf, targetSchema } from './testing/schemas.js'

describe('6. error and page shapes', () => {
  const errorResponses = allOperations().flatMap((op) =>
    Object.entries(jsonAt(op.operation, 'responses') ?? {})
      .filter(([status]) => /^4\d\d$/.test(status))
      .map(([status, response]) => [`${op.document} ${op.call} ${status}`, op, response] as const),
  )
  it.each(errorResponses)('%s answers the Error shape', (_label, op, response) => {
    const schema = jsonAt(jsonContent(isJson(response) ? response : undefined), 'schema')
    expect(schema, 'a JSON body').toBeDefined()
    const hasErrorShape = ['code', 'message'].every((name) => requiresAnyOf(schema ?? {}, [name]))
    const hasOAuthErrorShape = isOAuthEndpoint(op) && requiresAnyOf(schema ?? {}, ['error'])
    expect(hasErrorShape || hasOAuthErrorShape, 'requires code and message (or error, on the OAuth endpoints)').toBe(
      true,
    )
  })

  const pagedOperations = allOperations().filter((op) =>
    jsonArray(op.operation.parameters).some((parameter) => parameter.in === 'query' && parameter.name === 'page'),
  )
  it.each(pagedOperations.map((op) => [`${op.document} ${op.call}`, op] as const))(
    '%s answers a page',
    (_label, op) => {
      const schema =
        targetSchema({ target: { document: op.document, call: op.call, part: 'response' }, pointer: '' }) ?? {}
      const fields =
        op.document === 'storefront-api' ? ['results', 'paging'] : ['results', 'total', 'page', 'size', 'totalPages']
      for (const name of fields) expect(requiresAnyOf(schema, [name]), `${name} required`).toBe(true)
      if (op.document === 'storefront-api') {
        const paging = jsonAt(schema, 'properties', 'paging') ?? {}
        for (const name of ['pageNumber', 'pageSize', 'elementsSize', 'elementsTotal', 'totalPages', 'hasNextPage']) {
          expect(requiresAnyOf(paging, [name]), `paging.${name} required`).toBe(true)
        }
      }
    },
  )

  const responses = allOperations().flatMap((op) =>
    Object.entries(jsonAt(op.operation, 'responses') ?? {}).map(
      ([status, response]) => [`${op.document} ${op.call} ${status}`, op, response] as const,
    ),
  )
  // Rate limits are per principal, so a 401 (no principal identified) carries no rate-limit headers.
  it.each(responses)(
    '%s carries the Request-Id header (and the rate-limit headers on the open API)',
    (label, op, response) => {
      const headers = Object.keys(jsonAt(response, 'headers') ?? {}).map((name) => name.toLowerCase())
      const expected = ['request-id']
      if (op.document !== 'storefront-api' && !label.endsWith(' 401')) {
        expected.push(
          'ratelimit-policy',
          'ratelimit',
          'x-ratelimit-limit',
          'x-ratelimit-remaining',
          'x-ratelimit-reset',
        )
      }
      expect(headers).toEqual(expect.arrayContaining(expected))
    },
  )

  const cachedReads: readonly Call[] = [
    'GET /products/{slug}',
    'GET /collections',
    'GET /collections/{slug}',
    'GET /collections/{slug}/products',
  ]
  it.each(cachedReads)('storefront %s answers an ETag', (call) => {
    const headers = jsonAt(requireOperation('storefront-api', call).operation, 'responses', '200', 'headers') ?? {}
    expect(Object.keys(headers)).toContain('ETag')
  })
})
