import fc from 'fast-check'
import type { JsonSchema, Operation } from '../http/contract.js'
import { jsonType, type Mutation, mutation, type Parts } from './fuzz-case.js'
import { hostileString, malformedJsonTexts } from './hostile-input.js'
import {
  type JsonPointer,
  jsonTypeOf,
  pointerText,
  remove,
  requiredOf,
  type Site,
  sitesOf,
  typesOf,
  withNode,
} from './json-schema-values.js'

/** Mutations of the request body: one field or the whole body broken, chosen from the valid body. */

const splice = '\u0000fuzz-splice\u0000'
const spliceKey = '\u0000fuzz-key\u0000'
const wrapInArray = Symbol('the valid body, wrapped in an array')

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

export function bodyMutations(operation: Operation): fc.Arbitrary<(parts: Parts) => fc.Arbitrary<Mutation>>[] {
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
