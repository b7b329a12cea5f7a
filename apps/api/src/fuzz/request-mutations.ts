import fc from 'fast-check'
import type { JsonSchema, Operation, Parameter } from '../http/contract.js'
import { tampered } from '../testing/tampered.js'
import { basicHeader, type FuzzFixtures, jsonType, type Mutation, mutation, withoutQuery } from './fuzz-case.js'
import { hostileHeaderValue, hostileString } from './hostile-input.js'
import { typesOf } from './json-schema-values.js'

/** Mutations of the credentials, path parameters, query, headers, and a stray body: one thing broken each. */

export function authMutations(operation: Operation, fixtures: FuzzFixtures): fc.Arbitrary<Mutation>[] {
  const schemes = new Set(operation.security.flatMap((requirement) => Object.keys(requirement)))
  const setHeader = (kind: string, value: string | undefined) =>
    mutation(kind, 'authorization', (parts) => {
      const headers = { ...parts.headers }
      delete headers.authorization
      return { ...parts, headers: value === undefined ? headers : { ...headers, authorization: value } }
    })
  const { username, password } = fixtures.demoBasic
  const headerVariants: fc.Arbitrary<Mutation>[] = [
    fc.constant(setHeader('auth-missing', undefined)),
    fc
      .constantFrom(
        'Basic',
        'Basic ',
        'Basic !!!not-base64!!!',
        `Basic ${Buffer.from('no-colon').toString('base64')}`,
        `Basic ${Buffer.from(`:${password}`).toString('base64')}`,
        `Basic ${Buffer.from(`${username}:`).toString('base64')}`,
        `Basic ${Buffer.from(`${username}\u0000:${password}`).toString('base64')}`,
        `Basic ${'QUFB'.repeat(3000)}`,
        `basic ${Buffer.from(`${username}:${password}x`).toString('base64')}`,
        `Basic  ${Buffer.from(`${username}:${password}`).toString('base64')}  extra`,
      )
      .map((value) => setHeader('auth-malformed-basic', value)),
    // One slot for the three: each costs a password hash (scrypt) on the server, by design.
    fc.oneof(
      hostileString.map((wrong) => setHeader('auth-wrong-password', basicHeader(username, wrong))),
      fc.constant(setHeader('auth-wrong-password', basicHeader(username, tampered(password)))),
      hostileString.map((who) => setHeader('auth-unknown-user', basicHeader(who, password))),
    ),
    fc
      .oneof(hostileHeaderValue, fc.constantFrom('', 'null', 'undefined', 'fsat_', `fsat_${'A'.repeat(5000)}`))
      .map((token) => setHeader('auth-bearer-garbage', `Bearer ${token}`)),
    fc
      .constantFrom('Digest username="x"', 'Token abc', 'Bearer', 'Negotiate', 'x', ' ', 'BasicBearer x')
      .map((value) => setHeader('auth-unknown-scheme', value)),
    hostileHeaderValue.map((value) => setHeader('auth-unknown-scheme', value)),
  ]
  if (schemes.has('basicAuth') || schemes.has('platformOAuth')) {
    headerVariants.push(
      fc.constant(setHeader('auth-bearer-without-scopes', `Bearer ${fixtures.bearerNone}`)),
      fc.constant(
        setHeader('auth-other-shop', basicHeader(fixtures.otherBasic.username, fixtures.otherBasic.password)),
      ),
    )
  }
  if (!schemes.has('storefrontToken')) return headerVariants
  const setToken = (kind: string, values: string[]) =>
    mutation(kind, 'storefront_token', (parts) => ({
      ...parts,
      query: [
        ...withoutQuery(parts, 'storefront_token'),
        ...values.map((v): [string, string] => ['storefront_token', v]),
      ],
    }))
  return [
    fc.constant(setToken('auth-token-missing', [])),
    fc.constant(setToken('auth-token-empty', [''])),
    hostileString.map((token) => setToken('auth-token-wrong', [token])),
    fc.constant(setToken('auth-token-wrong', [tampered(fixtures.storefrontToken)])),
    fc.constant(setToken('auth-token-repeated', [fixtures.storefrontToken, fixtures.storefrontToken])),
    fc.constant(setToken('auth-token-repeated', [fixtures.storefrontToken, 'ptkn_wrong'])),
    fc.constant(setToken('auth-other-shop', [fixtures.otherStorefrontToken])),
    // The storefront API takes no HTTP credentials: a Basic or Bearer header changes nothing.
    fc.constant(setHeader('auth-ignored-header', basicHeader(username, password))),
    hostileHeaderValue.map((value) => setHeader('auth-ignored-header', `Bearer ${value}`)),
  ]
}

export function pathMutations(operation: Operation, fixtures: FuzzFixtures): fc.Arbitrary<Mutation>[] {
  const parameters = operation.parameters.filter((p) => p.in === 'path')
  if (parameters.length === 0) return []
  const pick = fc.constantFrom(...parameters)
  const setParam = (kind: string, name: string, value: string, raw = false) =>
    mutation(kind, name, (parts) =>
      raw
        ? { ...parts, rawParams: { ...parts.rawParams, [name]: value } }
        : { ...parts, params: { ...parts.params, [name]: value } },
    )
  const unknownId = (parameter: Parameter): fc.Arbitrary<string> => {
    const schema = parameter.schema ?? {}
    if (schema.format === 'uuid') return fc.uuid({ version: 4 })
    const sample = fixtures.pools[parameter.name]?.[0]
    const prefix = /^[a-z]+_/.exec(sample ?? '')?.[0]
    if (prefix) return fc.stringMatching(/^[A-Za-z0-9]{22}$/).map((tail) => prefix + tail)
    if (typeof schema.pattern === 'string') return fc.stringMatching(new RegExp(schema.pattern))
    return fc.stringMatching(/^[a-z0-9-]{1,40}$/)
  }
  return [
    fc
      .tuple(pick, hostileString)
      .map(([p, value]) =>
        setParam('path-hostile', p.name, value === '' || value === '.' || value === '..' ? ' ' : value),
      ),
    fc
      .tuple(
        pick,
        fc.constantFrom(
          '%',
          '%zz',
          '%E0%A4%A',
          '%00',
          '%C0%AE%C0%AE',
          '%ED%A0%80',
          '%FF',
          '%2F',
          '%252F',
          '%u0041',
          '..%2F..%2F',
        ),
      )
      .map(([p, value]) => setParam('path-malformed-encoding', p.name, value, true)),
    fc
      .tuple(pick, fc.constantFrom('abc', '123', 'not-a-uuid', '00000000-0000-0000-0000-00000000000Z', '{uuid}', 'a b'))
      .map(([p, value]) => setParam('path-wrong-format', p.name, value)),
    pick.chain((p) => unknownId(p).map((value) => setParam('path-unknown-id', p.name, value))),
    fc
      .tuple(pick, fc.constantFrom(201, 1_000, 8_000))
      .map(([p, length]) => setParam('path-oversized', p.name, 'a'.repeat(length))),
    ...parameters
      .filter((p) => (fixtures.otherPools[p.name] ?? []).length > 0)
      .map((p) =>
        fc
          .constantFrom(...(fixtures.otherPools[p.name] as string[]))
          .map((value) => setParam('path-other-shop', p.name, value)),
      ),
  ]
}

function wrongScalarsFor(schema: JsonSchema): string[] {
  const types = typesOf(schema)
  const values = ['', ' ', 'abc', '[object Object]', 'null', 'true', '１２']
  if (types.includes('integer') || types.includes('number')) values.push('1.5', '1e3', '0x10', ' 1', '1 ', '+1', 'NaN')
  if (Array.isArray(schema.enum)) values.push(...(schema.enum as unknown[]).map((v) => `${String(v).toLowerCase()} `))
  return values
}

function outOfRangeFor(schema: JsonSchema): string[] {
  const values = ['-1', '-0', '99999999999999999999999', '9007199254740993', '1e308', '-1e308']
  if (typeof schema.minimum === 'number') values.push(String(schema.minimum - 1))
  if (typeof schema.maximum === 'number') values.push(String(schema.maximum + 1), String(schema.maximum * 1000))
  return values
}

export function queryMutations(operation: Operation): fc.Arbitrary<Mutation>[] {
  const parameters = operation.parameters.filter((p) => p.in === 'query')
  const setQuery = (kind: string, name: string, values: string[]) =>
    mutation(kind, name, (parts) => ({
      ...parts,
      query: [...withoutQuery(parts, name), ...values.map((v): [string, string] => [name, v])],
    }))
  const addRaw = (kind: string, raw: string) =>
    mutation(kind, raw.slice(0, 40), (parts) => ({ ...parts, rawQuery: [...parts.rawQuery, raw] }))
  const generic: fc.Arbitrary<Mutation>[] = [
    fc
      .tuple(
        fc.oneof(
          fc.constantFrom('__proto__', 'constructor', '__proto__[isAdmin]', 'a[b][c]', 'page[]', 'size[0]', ''),
          hostileString,
        ),
        hostileString,
      )
      .map(([name, value]) => setQuery('query-unknown', name, [value])),
    fc
      .constantFrom(
        '%',
        '%zz=1',
        'a=%E0%A4%A',
        'a=%ED%A0%80',
        'page=%FF',
        '&&&',
        '=',
        '==',
        'page=%00',
        'size=%',
        '%26=%3D',
        'a=1;b=2',
      )
      .map((raw) => addRaw('query-malformed-encoding', raw)),
  ]
  if (parameters.length === 0) return generic
  const pick = fc.constantFrom(...parameters)
  const scalarOf = (p: Parameter) =>
    p.schema?.type === 'array' ? ((p.schema.items ?? {}) as JsonSchema) : (p.schema ?? {})
  return [
    ...generic,
    pick.chain((p) =>
      fc.constantFrom(...wrongScalarsFor(scalarOf(p))).map((value) => setQuery('query-wrong-type', p.name, [value])),
    ),
    pick.chain((p) =>
      fc.constantFrom(...outOfRangeFor(scalarOf(p))).map((value) => setQuery('query-out-of-range', p.name, [value])),
    ),
    fc.tuple(pick, hostileString).map(([p, value]) => setQuery('query-hostile', p.name, [value])),
    fc
      .tuple(pick, fc.constantFrom(1, 10, 100))
      .map(([p, factor]) =>
        setQuery('query-oversized', p.name, [
          'q'.repeat(((p.schema?.maxLength as number | undefined) ?? 200) * factor + 1),
        ]),
      ),
    fc.tuple(pick, fc.integer({ min: 2, max: 30 })).map(([p, times]) =>
      setQuery(
        'query-repeated',
        p.name,
        Array.from({ length: times }, (_, i) => String(i)),
      ),
    ),
  ]
}

export function headerMutations(operation: Operation): fc.Arbitrary<Mutation>[] {
  const setHeader = (kind: string, name: string, value: string) =>
    mutation(kind, name, (parts) => ({ ...parts, headers: { ...parts.headers, [name]: value } }))
  const declared = operation.parameters.filter((p) => p.in === 'header')
  return [
    ...declared.map((p) => hostileHeaderValue.map((value) => setHeader('header-hostile', p.name.toLowerCase(), value))),
    fc
      .tuple(
        fc.constantFrom('accept', 'accept-encoding', 'x-forwarded-for', 'host', 'origin', 'x-request-id', 'request-id'),
        hostileHeaderValue,
      )
      .map(([name, value]) => setHeader('header-hostile', name, value)),
  ]
}

/** A stray body on an operation that takes none (PUT/POST/DELETE without a request body). */
export function strayBodyMutations(operation: Operation): fc.Arbitrary<Mutation>[] {
  if (operation.requestBody || operation.method === 'GET') return []
  return [
    fc
      .constantFrom<[string, string | undefined]>(
        ['{}', jsonType],
        ['', jsonType],
        ['{"a":', jsonType],
        ['hello', 'text/plain'],
        ['a=1', 'application/x-www-form-urlencoded'],
        ['{}', undefined],
      )
      .map(([text, contentType]) =>
        mutation('stray-body', contentType ?? '(none)', (parts) => ({
          ...parts,
          body: { kind: 'text', text, ...(contentType === undefined ? {} : { contentType }) },
        })),
      ),
  ]
}
