// The contract suite (openapi/README.md): the contracts hold every item of the product spec (spec-table.ts): calls, events, scopes, enums, validation rules.
import { describe, expect, it } from 'vitest'
import {
  type CallRow,
  calls,
  enumGroups,
  oauthScopes,
  storefrontCurrencies,
  validationRules,
  webhookEventTypes,
} from './spec-table.js'
import {
  allOperations,
  canBeInvalid,
  contracts,
  isJson,
  isOAuthEndpoint,
  type Json,
  jsonArray,
  jsonAt,
  jsonContent,
  operationsOf,
  requireOperation,
} from './testing/contracts.js'
import {
  allowedPropertyValues,
  constraintFailures,
  describeLocation,
  enumeratedValues,
  schemasAt,
  targetSchema,
} from './testing/schemas.js'

describe('2. the spec is in the contracts', () => {
  const callLabel = (row: CallRow) => `${row.document}: ${row.call}${row.source ? ` [${row.source}]` : ''}`

  it.each(calls.map((row) => [callLabel(row), row] as const))('call %s exists', (_label, row) => {
    const { operation } = requireOperation(row.document, row.call)
    expect(Object.keys(jsonAt(operation, 'responses') ?? {}), `${row.call} success status`).toContain(
      String(row.success),
    )
    if (row.deprecated) expect(operation.deprecated, `${row.call} is deprecated`).toBe(true)
  })

  it.each(webhookEventTypes)('webhook event %s is in webhooks:', (type) => {
    const webhooks = jsonAt(contracts['open-api'].doc, 'webhooks') ?? {}
    const matches = Object.entries(webhooks).filter(([key, item]) => {
      const normalized = key.toUpperCase().replace(/[.\-\s]/g, '_')
      const body = jsonAt(jsonContent(jsonAt(item, 'post', 'requestBody')), 'schema')
      const bodyTypes = body ? [...new Set(allowedPropertyValues(body, 'type'))] : []
      return normalized === type || (bodyTypes.length === 1 && bodyTypes[0] === type)
    })
    expect(
      matches.map(([key]) => key),
      `no webhooks: entry for ${type}`,
    ).not.toEqual([])
  })

  it.each(oauthScopes)('OAuth scope %s is declared by platformOAuth', (scope) => {
    const flows = jsonAt(contracts['open-api'].doc, 'components', 'securitySchemes', 'platformOAuth', 'flows') ?? {}
    const declared = Object.values(flows).flatMap((flow) => Object.keys(jsonAt(flow, 'scopes') ?? {}))
    expect(declared, `scope ${scope}`).toContain(scope)
  })

  it.each(storefrontCurrencies)('currency %s is in every storefront currency parameter', (code) => {
    const withCurrency = operationsOf('storefront-api').flatMap((op) =>
      jsonArray(op.operation.parameters)
        .filter((parameter) => parameter.in === 'query' && parameter.name === 'currency')
        .map((parameter) => [op.call, enumeratedValues([jsonAt(parameter, 'schema') ?? {}])] as const),
    )
    expect(withCurrency.length, 'storefront operations with a currency parameter').toBeGreaterThanOrEqual(7)
    for (const [call, values] of withCurrency) expect(values, `${call} currency`).toContain(code)
  })

  const enumRows = enumGroups.flatMap((group) =>
    group.values.flatMap(([spec, wire]) =>
      group.at.map(
        (location) => [`${group.thing} ${spec} → ${wire} at ${describeLocation(location)}`, wire, location] as const,
      ),
    ),
  )
  it.each(enumRows)('enum %s', (_label, wire, location) => {
    const root = targetSchema(location)
    expect(root, `schema of ${describeLocation(location)}`).toBeDefined()
    expect(enumeratedValues(schemasAt(root ?? {}, location))).toContain(wire)
  })

  it.each(validationRules.map((row) => [row.rule, row] as const))('rule: %s', (_label, row) => {
    const failures = constraintFailures(row.at, row.expect)
    expect(failures, failures.join('\n')).toEqual([])
  })

  it.each(allOperations().map((op) => [`${op.document} ${op.call}`, op] as const))(
    'bad input to %s answers 400',
    (_label, op) => {
      // Unknown query parameters are refused (400) everywhere but on the OAuth endpoints, which ignore them.
      const takesInput =
        !isOAuthEndpoint(op) || jsonArray(op.operation.parameters).some(canBeInvalid) || 'requestBody' in op.operation
      if (takesInput) expect(Object.keys(jsonAt(op.operation, 'responses') ?? {})).toContain('400')
    },
  )

  // Any body a PUT, POST or DELETE carries is read as JSON, whether the operation takes one or not.
  it.each(
    allOperations()
      .filter((op) => !op.call.startsWith('GET ') && !isOAuthEndpoint(op))
      .map((op) => [`${op.document} ${op.call}`, op] as const),
  )('a body sent to %s answers 413 when too large and 415 when not application/json', (_label, op) => {
    expect(Object.keys(jsonAt(op.operation, 'responses') ?? {})).toEqual(expect.arrayContaining(['413', '415']))
  })

  // Decision 0019: every write can be retried safely with an Idempotency-Key (the OAuth endpoints follow RFC 6749).
  it.each(
    allOperations()
      .filter((op) => !op.call.startsWith('GET ') && !isOAuthEndpoint(op))
      .map((op) => [`${op.document} ${op.call}`, op] as const),
  )('%s takes an optional Idempotency-Key header and documents 409 and 422 for it', (_label, op) => {
    const parameter = jsonArray(op.operation.parameters).find((p) => p.name === 'Idempotency-Key')
    expect(parameter).toMatchObject({ in: 'header', required: false, schema: { minLength: 1, maxLength: 255 } })
    expect(Object.keys(jsonAt(op.operation, 'responses') ?? {})).toEqual(expect.arrayContaining(['409', '422']))
    expect(JSON.stringify(jsonAt(op.operation, 'responses', '422'))).toContain('IDEMPOTENCY_KEY_REUSED')
  })

  it.each(
    allOperations()
      .filter((op) => 'requestBody' in op.operation && !isOAuthEndpoint(op))
      .map((op) => [`${op.document} ${op.call}`, op] as const),
  )('request body of %s refuses unknown fields (additionalProperties: false)', (_label, op) => {
    const open: string[] = []
    // A oneOf/anyOf/allOf branch of an object that is itself closed only adds constraints to it.
    const visit = (schema: Json, where: string, seen: Set<Json>, insideClosed = false) => {
      if (seen.has(schema)) return
      seen.add(schema)
      const closed = schema.additionalProperties === false
      if (isJson(schema.properties) && !closed && !insideClosed) open.push(where || '(root)')
      for (const [name, property] of Object.entries(jsonAt(schema, 'properties') ?? {})) {
        if (isJson(property)) visit(property, `${where}/properties/${name}`, seen)
      }
      const items = jsonAt(schema, 'items')
      if (items) visit(items, `${where}/items`, seen)
      for (const keyword of ['oneOf', 'anyOf', 'allOf'] as const) {
        for (const [index, branch] of jsonArray(schema[keyword]).entries()) {
          visit(branch, `${where}/${keyword}/${index}`, seen, closed || insideClosed)
        }
      }
    }
    visit(jsonAt(jsonContent(jsonAt(op.operation, 'requestBody')), 'schema') ?? {}, '', new Set())
    expect(open, `object schemas without additionalProperties: false: ${open.join(', ')}`).toEqual([])
  })
})
