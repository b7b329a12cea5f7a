import fc from 'fast-check'
import type { Contract, JsonSchema, Operation, Parameter } from '../http/contract.js'
import { tampered } from '../testing/tampered.js'
import { headerSafe, hostileHeaderValue, hostileString, malformedJsonTexts } from './hostile-input.js'
import {
  type JsonPointer,
  jsonTypeOf,
  pointerText,
  remove,
  requiredOf,
  type Site,
  sitesOf,
  typesOf,
  type ValuePools,
  validValue,
  withNode,
} from './json-schema-values.js'

/**
 * Requests generated from the contract, one operation at a time: a valid baseline (real ids of the
 * demo shop, a schema-valid body, valid credentials) with exactly one thing broken — a field, a
 * parameter, the body's syntax or media type, or the credentials. The case names what was broken
 * (`kind`) and where (`target`), so a violation reads as "createCart: body-wrong-type at items/0".
 */

export interface FuzzFixtures {
  /** Real ids and slugs of the demo shop, by parameter or property name. */
  pools: ValuePools
  /** The same for the other seeded shop (another tenant's resources must be 404s). */
  otherPools: ValuePools
  demoBasic: { username: string; password: string }
  otherBasic: { username: string; password: string }
  /** An access token granted every scope, and one granted none. */
  bearerAll: string
  bearerNone: string
  storefrontToken: string
  otherStorefrontToken: string
  /** A registered platform app (client authentication of the OAuth endpoints). */
  oauthClient: { clientId: string; clientSecret: string }
}

export interface FuzzRequest {
  method: Operation['method']
  url: string
  headers: Record<string, string>
  payload?: string
}

export interface FuzzCase {
  operationId: string
  /** What was broken, e.g. `body-missing-required`, `auth-wrong-password`, `valid`. */
  kind: string
  /** Where: a body pointer, a parameter name or a header. */
  target: string
  request: FuzzRequest
}

type Body = { kind: 'json'; value: unknown; mediaType: string } | { kind: 'text'; text: string; contentType?: string }

interface Parts {
  params: Record<string, string>
  /** Path segments sent as they are, not percent-encoded (malformed encodings). */
  rawParams: Record<string, string>
  query: [string, string][]
  rawQuery: string[]
  headers: Record<string, string>
  body?: Body
}

interface Mutation {
  kind: string
  target: string
  apply(parts: Parts): Parts
}

const jsonType = 'application/json'
const splice = '\u0000fuzz-splice\u0000'
const spliceKey = '\u0000fuzz-key\u0000'
const wrapInArray = Symbol('the valid body, wrapped in an array')

const basicHeader = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`, 'utf8').toString('base64')}`

/** The operation object of the (dereferenced) document, for what `Operation` does not carry (examples). */
export function operationObject(contract: Contract, operation: Operation): Record<string, unknown> {
  const paths = contract.documents[operation.api].paths as Record<string, Record<string, Record<string, unknown>>>
  return paths[operation.path]?.[operation.method.toLowerCase()] ?? {}
}

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

function withoutQuery(parts: Parts, name: string): [string, string][] {
  return parts.query.filter(([key]) => key !== name)
}

function encodeForm(value: unknown): string {
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    return typeof value === 'string' ? value : (JSON.stringify(value) ?? '')
  }
  const form = new URLSearchParams()
  for (const [key, item] of Object.entries(value)) {
    for (const one of Array.isArray(item) ? item : [item]) {
      form.append(key, typeof one === 'string' ? one : JSON.stringify(one))
    }
  }
  return form.toString()
}

/** Percent-encoding as a browser does it: a lone surrogate becomes U+FFFD (WHATWG URL). */
function encode(text: string): string {
  return encodeURIComponent(
    text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'),
  )
}

/** Builds the HTTP request of the parts for an operation. */
export function toRequest(operation: Operation, parts: Parts): FuzzRequest {
  const path = operation.url.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) =>
    name in parts.rawParams ? (parts.rawParams[name] as string) : encode(parts.params[name] ?? ''),
  )
  const query = [...parts.query.map(([key, value]) => `${encode(key)}=${encode(value)}`), ...parts.rawQuery]
  const headers = { ...parts.headers }
  let payload: string | undefined
  const body = parts.body
  if (body?.kind === 'json') {
    payload = body.mediaType === jsonType ? (JSON.stringify(body.value) ?? '') : encodeForm(body.value)
    headers['content-type'] ??= body.mediaType
  } else if (body?.kind === 'text') {
    payload = body.text
    if (body.contentType !== undefined) headers['content-type'] ??= body.contentType
  }
  return {
    method: operation.method,
    url: query.length > 0 ? `${path}?${query.join('&')}` : path,
    headers,
    ...(payload === undefined || payload === '' ? {} : { payload }),
  }
}

// ------------------------------------------------------------------------------------------ baseline

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

function baseline(operation: Operation, contract: Contract, fixtures: FuzzFixtures): fc.Arbitrary<Parts> {
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

// ------------------------------------------------------------------------------------------ mutations

const mutation = (kind: string, target: string, apply: (parts: Parts) => Parts): Mutation => ({ kind, target, apply })

function authMutations(operation: Operation, fixtures: FuzzFixtures): fc.Arbitrary<Mutation>[] {
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

function pathMutations(operation: Operation, fixtures: FuzzFixtures): fc.Arbitrary<Mutation>[] {
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

function queryMutations(operation: Operation): fc.Arbitrary<Mutation>[] {
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

function headerMutations(operation: Operation): fc.Arbitrary<Mutation>[] {
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

// ---------------------------------------------------------------------------------- body mutations

function withJson(parts: Parts, value: unknown): Parts {
  const body = parts.body
  return { ...parts, body: { kind: 'json', value, mediaType: body?.kind === 'json' ? body.mediaType : jsonType } }
}

/** The body as JSON text with the node at `pointer` replaced by a raw JSON fragment. */
function splicedText(value: unknown, pointer: JsonPointer, fragment: string): string {
  const text = JSON.stringify(withNode(value, pointer, splice))
  return text.replace(JSON.stringify(splice), fragment)
}

function deepJson(depth: number, shape: 'array' | 'object' | 'mixed'): string {
  if (shape === 'array') return '['.repeat(depth) + ']'.repeat(depth)
  if (shape === 'object') return `${'{"a":'.repeat(depth)}0${'}'.repeat(depth)}`
  return `${'[{"a":'.repeat(depth)}0${'}]'.repeat(depth)}`
}

function wrongTypeValues(schema: JsonSchema, current: unknown): unknown[] {
  const type = jsonTypeOf(current)
  const candidates: unknown[] = ['1', 1, 1.5, true, null, [], {}, [current], { value: current }, '']
  const declared = typesOf(schema)
  return candidates.filter((candidate) => {
    const t = jsonTypeOf(candidate)
    if (t === type) return false
    if (declared.includes('number') && t === 'integer') return false
    return !declared.includes(t)
  })
}

function nearMisses(allowed: unknown[]): unknown[] {
  const out: unknown[] = ['', 'UNKNOWN', 'null']
  for (const value of allowed.slice(0, 5)) {
    if (typeof value !== 'string') continue
    out.push(value.toLowerCase(), ` ${value}`, `${value}\u0000`, value.replace(/A/g, '\u0410'), `${value}s`)
  }
  return out.filter((v) => !allowed.includes(v))
}

function bodyMutations(operation: Operation): fc.Arbitrary<(parts: Parts) => fc.Arbitrary<Mutation>>[] {
  if (!operation.requestBody) return []
  const rootSchema = (parts: Parts): JsonSchema => {
    const mediaType = parts.body?.kind === 'json' ? parts.body.mediaType : jsonType
    return (operation.requestBody?.content[mediaType] ?? operation.requestBody?.content[jsonType] ?? {}) as JsonSchema
  }
  const currentValue = (parts: Parts): unknown => (parts.body?.kind === 'json' ? parts.body.value : {})
  const sites = (parts: Parts, accept: (site: Site) => boolean): Site[] =>
    sitesOf(rootSchema(parts), currentValue(parts)).filter(accept)
  const atSite =
    (accept: (site: Site) => boolean, build: (site: Site, parts: Parts) => fc.Arbitrary<Mutation>) =>
    (parts: Parts): fc.Arbitrary<Mutation> => {
      const found = sites(parts, accept)
      if (found.length === 0) return fc.constant(mutation('valid', '', (p) => p))
      return fc.constantFrom(...found).chain((site) => build(site, parts))
    }
  const isString = (site: Site) => typeof site.value === 'string'
  const setAt = (kind: string, site: Site, replacement: unknown) =>
    mutation(kind, pointerText(site.pointer), (p) => withJson(p, withNode(currentValue(p), site.pointer, replacement)))
  const rawAt = (kind: string, site: Site, fragment: string, contentType = jsonType) =>
    mutation(kind, pointerText(site.pointer), (p) => ({
      ...p,
      body: { kind: 'text', text: splicedText(currentValue(p), site.pointer, fragment), contentType },
    }))

  const missingRequired = atSite(
    (site) => requiredOf(site.schema).length > 0 && !!site.value && typeof site.value === 'object',
    (site) =>
      fc
        .constantFrom(...requiredOf(site.schema))
        .map((key) => setAt('body-missing-required', { ...site, pointer: [...site.pointer, key] }, remove)),
  )
  const wrongType = atSite(
    () => true,
    (site) =>
      fc.constantFrom(...wrongTypeValues(site.schema, site.value)).map((v) => setAt('body-wrong-type', site, v)),
  )
  const outOfRange = atSite(
    (site) => typeof site.value === 'number',
    (site) => {
      const values: unknown[] = [-1, -1e308, 1e308, 2 ** 53 + 2, 0.000001, -0.5, 1.005]
      if (typeof site.schema.minimum === 'number') values.push(site.schema.minimum - 1, site.schema.minimum - 0.01)
      if (typeof site.schema.maximum === 'number') values.push(site.schema.maximum + 1, site.schema.maximum + 0.01)
      if (typesOf(site.schema).includes('integer')) values.push(1.5)
      return fc.oneof(
        fc.constantFrom(...values).map((v) => setAt('body-out-of-range', site, v)),
        fc
          .constantFrom('1e999', '-1e999', '1E400', '123456789012345678901234567890')
          .map((text) => rawAt('body-out-of-range', site, text)),
      )
    },
  )
  const oversizedString = atSite(isString, (site) =>
    fc
      .constantFrom(1, 10, 100)
      .map((factor) =>
        setAt(
          'body-oversized-string',
          site,
          's'.repeat(((site.schema.maxLength as number | undefined) ?? 200) * factor + 1),
        ),
      ),
  )
  const oversizedArray = atSite(
    (site) => Array.isArray(site.value),
    (site) =>
      fc.constantFrom('max+1', '10000').map((size) => {
        const items = site.value as unknown[]
        const length = size === 'max+1' ? ((site.schema.maxItems as number | undefined) ?? 100) + 1 : 10_000
        const filler = items[0] ?? 'x'
        return setAt(
          'body-oversized-array',
          site,
          Array.from({ length }, () => filler),
        )
      }),
  )
  const deepNesting = atSite(
    () => true,
    (site) =>
      fc
        .tuple(
          fc.constantFrom(64, 1_000, 5_000, 10_000),
          fc.constantFrom('array', 'object', 'mixed') as fc.Arbitrary<'array' | 'object' | 'mixed'>,
        )
        .map(([depth, shape]) => rawAt('body-deep-nesting', site, deepJson(depth, shape))),
  )
  const badEnum = atSite(
    (site) => 'const' in site.schema || Array.isArray(site.schema.enum),
    (site) => {
      const allowed = 'const' in site.schema ? [site.schema.const] : (site.schema.enum as unknown[])
      return fc.constantFrom(...nearMisses(allowed)).map((v) => setAt('body-bad-enum', site, v))
    },
  )
  const hostile = atSite(isString, (site) => hostileString.map((v) => setAt('body-hostile-string', site, v)))
  const unknownField = atSite(
    (site) => !!site.value && typeof site.value === 'object' && !Array.isArray(site.value),
    (site) =>
      fc.oneof(
        fc
          .tuple(fc.constantFrom('extra', 'isAdmin', 'shopId', 'id'), hostileString)
          .map(([key, v]) => setAt('body-unknown-field', { ...site, pointer: [...site.pointer, key] }, v)),
        fc.constantFrom('__proto__', 'constructor', 'prototype', '', 'a\u0000b').map((key) =>
          mutation('body-unknown-field', pointerText([...site.pointer, key]), (p) => {
            const value = withNode(currentValue(p), [...site.pointer, spliceKey], { isAdmin: true })
            const text = JSON.stringify(value).replace(JSON.stringify(spliceKey), JSON.stringify(key))
            return { ...p, body: { kind: 'text', text, contentType: jsonType } }
          }),
        ),
      ),
  )
  const nullValue = atSite(
    (site) => site.pointer.length > 0 && site.value !== null,
    (site) => fc.constant(setAt('body-null', site, null)),
  )
  const hugeBody = atSite(isString, (site) => fc.constant(setAt('body-huge', site, 'h'.repeat(1_100_000))))

  const whole: fc.Arbitrary<(parts: Parts) => fc.Arbitrary<Mutation>>[] = [
    fc.constant(() =>
      fc
        .constantFrom<unknown>([], [{}], 'text', 42, true, null, wrapInArray)
        .map((v) => mutation('body-root-type', '', (p) => withJson(p, v === wrapInArray ? [currentValue(p)] : v))),
    ),
    fc.constant((parts: Parts) =>
      fc
        .constantFrom(...malformedJsonTexts(JSON.stringify(currentValue(parts)) ?? '{}'))
        .map((text) =>
          mutation('body-malformed-json', '', (p) => ({ ...p, body: { kind: 'text', text, contentType: jsonType } })),
        ),
    ),
    fc.constant((parts: Parts) =>
      fc
        .constantFrom<string | undefined>(
          'text/plain',
          'application/xml',
          'multipart/form-data; boundary=x',
          'application/x-www-form-urlencoded',
          'application/json; charset=utf-16',
          'application/jsonx',
          'application/vnd.api+json',
          'json',
          '',
          '*/*',
          undefined,
        )
        .map((contentType) =>
          mutation('body-content-type', contentType ?? '(none)', (p) => ({
            ...p,
            headers: Object.fromEntries(Object.entries(p.headers).filter(([name]) => name !== 'content-type')),
            body: {
              kind: 'text',
              text: JSON.stringify(currentValue(parts)) ?? '{}',
              ...(contentType === undefined ? {} : { contentType }),
            },
          })),
        ),
    ),
    fc.constant(() =>
      fc
        .constantFrom<[string, string | undefined]>(
          ['', jsonType],
          ['', undefined],
          ['null', jsonType],
          ['{}', jsonType],
        )
        .map(([text, contentType]) =>
          mutation('body-missing', text || '(empty)', (p) => ({
            ...p,
            body: { kind: 'text', text, ...(contentType === undefined ? {} : { contentType }) },
          })),
        ),
    ),
  ]
  const atSites = [
    missingRequired,
    wrongType,
    outOfRange,
    oversizedString,
    oversizedArray,
    deepNesting,
    badEnum,
    hostile,
    hostile,
    unknownField,
    nullValue,
  ].map((build) => fc.constant(build))
  return [...atSites, ...whole, fc.constant(hugeBody)]
}

/** A stray body on an operation that takes none (PUT/POST/DELETE without a request body). */
function strayBodyMutations(operation: Operation): fc.Arbitrary<Mutation>[] {
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

// ---------------------------------------------------------------------------------------- the case

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
