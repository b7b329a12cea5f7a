import fc from 'fast-check'
import type { Contract, JsonSchema, Operation, Parameter } from '../http/contract.js'
import { type Body, basicHeader, type FuzzFixtures, operationObject, type Parts } from './fuzz-case.js'
import { validValue } from './json-schema-values.js'

/** The valid baseline of a case: real ids of the demo shop, a schema-valid body, valid credentials. */

function bodyExample(contract: Contract, operation: Operation, mediaType: string): unknown {
  const body = operationObject(contract, operation).requestBody as
    | { content?: Record<string, { example?: unknown; examples?: Record<string, { value?: unknown }> }> }
    | undefined
  const media = body?.content?.[mediaType]
  if (media?.example !== undefined) return media.example
  return Object.values(media?.examples ?? {})[0]?.value
}

function serializeQueryValue(value: unknown): string[] {
  if (Array.isArray(value)) return value.map((item) => String(item))
  return [typeof value === 'string' ? value : JSON.stringify(value)]
}

function pooledParameter(parameter: Parameter, fixtures: FuzzFixtures): fc.Arbitrary<string> {
  const pool = fixtures.pools[parameter.name] ?? []
  const schema = parameter.schema ?? { type: 'string', minLength: 1 }
  const generic = validValue(schema, {}).map((v) => (typeof v === 'string' && v !== '' ? v : 'x'))
  return pool.length > 0 ? fc.oneof({ arbitrary: fc.constantFrom(...pool), weight: 4 }, generic) : generic
}

function validAuth(operation: Operation, fixtures: FuzzFixtures): fc.Arbitrary<Pick<Parts, 'headers' | 'query'>> {
  const schemes = new Set(operation.security.flatMap((requirement) => Object.keys(requirement)))
  const options: fc.Arbitrary<Pick<Parts, 'headers' | 'query'>>[] = []
  if (schemes.has('storefrontToken')) {
    options.push(fc.constant({ headers: {}, query: [['storefront_token', fixtures.storefrontToken]] }))
  }
  if (schemes.has('basicAuth')) {
    const { username, password } = fixtures.demoBasic
    options.push(fc.constant({ headers: { authorization: basicHeader(username, password) }, query: [] }))
  }
  if (schemes.has('platformOAuth')) {
    options.push(fc.constant({ headers: { authorization: `Bearer ${fixtures.bearerAll}` }, query: [] }))
  }
  if (options.length > 0) return fc.oneof(...options)
  // No API credentials (`security: []`): the OAuth endpoints authenticate the client instead.
  const { clientId, clientSecret } = fixtures.oauthClient
  return operation.requestBody
    ? fc.constant({ headers: { authorization: basicHeader(clientId, clientSecret) }, query: [] })
    : fc.constant({ headers: {}, query: [] })
}

export function baseline(operation: Operation, contract: Contract, fixtures: FuzzFixtures): fc.Arbitrary<Parts> {
  const pathParameters = operation.parameters.filter((p) => p.in === 'path')
  const queryParameters = operation.parameters.filter((p) => p.in === 'query')
  const params = fc.record(
    Object.fromEntries(pathParameters.map((p) => [p.name, pooledParameter(p, fixtures)])) as Record<
      string,
      fc.Arbitrary<string>
    >,
  )
  const query = fc
    .tuple(
      ...queryParameters.map((p) =>
        p.required
          ? validValue(p.schema ?? {}, fixtures.pools).map((v) => [p.name, v] as const)
          : fc.option(
              validValue(p.schema ?? {}, fixtures.pools).map((v) => [p.name, v] as const),
              { freq: 3 },
            ),
      ),
    )
    .map((entries) =>
      entries
        .filter((entry): entry is readonly [string, unknown] => entry !== null)
        .flatMap(([name, value]) => serializeQueryValue(value).map((v): [string, string] => [name, v])),
    )
  const mediaTypes = Object.keys(operation.requestBody?.content ?? {})
  const body: fc.Arbitrary<Body | undefined> =
    mediaTypes.length === 0
      ? fc.constant(undefined)
      : fc.constantFrom(...mediaTypes).chain((mediaType) => {
          const schema = operation.requestBody?.content[mediaType] as JsonSchema
          return validValue(schema, fixtures.pools, bodyExample(contract, operation, mediaType)).map(
            (value): Body => ({ kind: 'json', value, mediaType }),
          )
        })
  return fc.tuple(params, query, body, validAuth(operation, fixtures)).map(([p, q, b, auth]) => ({
    params: p,
    rawParams: {},
    query: [...q, ...auth.query],
    rawQuery: [],
    headers: { ...auth.headers },
    ...(b ? { body: b } : {}),
  }))
}
