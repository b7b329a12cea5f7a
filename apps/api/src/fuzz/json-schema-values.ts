import type { ValidateFunction } from 'ajv/dist/2020.js'
import fc from 'fast-check'
import type { JsonSchema } from '../http/contract.js'
import { compileSchema } from '../http/validation.js'

/**
 * JSON Schema → fast-check, for the subset the contracts use (decision 0004: type, const, enum,
 * properties/required/additionalProperties, items/minItems/maxItems/uniqueItems, min/max,
 * minLength/maxLength, pattern, format, oneOf/anyOf/allOf). `validValue` builds values that pass
 * the schema, so the fuzzer can break exactly one thing at a time; `sitesOf` lists every node of
 * such a value with the schema that governs it, so a mutation can target any field.
 */

/** Real ids of the demo shop by property/parameter name, so valid-looking values reach handlers. */
export type ValuePools = Readonly<Record<string, readonly string[]>>

export type JsonPointer = readonly (string | number)[]

export interface Site {
  pointer: JsonPointer
  /** The schema of this node, with the oneOf/anyOf branch the value matched merged in. */
  schema: JsonSchema
  value: unknown
}

const validators = new WeakMap<object, ValidateFunction>()

/** A cached Ajv validator for a (dereferenced) schema object of the contract. */
export function validatorOf(schema: JsonSchema): ValidateFunction {
  let validate = validators.get(schema)
  if (!validate) {
    validate = compileSchema(stripDiscriminator(schema))
    validators.set(schema, validate)
  }
  return validate
}

/** Ajv's discriminator keyword refuses branches we build by merging; plain oneOf decides the same. */
function stripDiscriminator(schema: unknown): JsonSchema {
  if (Array.isArray(schema)) return schema.map(stripDiscriminator) as unknown as JsonSchema
  if (!schema || typeof schema !== 'object') return schema as JsonSchema
  const out: JsonSchema = {}
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'discriminator' || key === 'examples' || key === 'description') continue
    if (key === 'properties' && value && typeof value === 'object') {
      out[key] = Object.fromEntries(Object.entries(value).map(([name, child]) => [name, stripDiscriminator(child)]))
    } else if (key === 'default' || key === 'const' || key === 'enum' || key === 'example') out[key] = value
    else out[key] = stripDiscriminator(value)
  }
  return out
}

const asSchemas = (value: unknown): JsonSchema[] => (Array.isArray(value) ? (value as JsonSchema[]) : [])
const asStrings = (value: unknown): string[] => (Array.isArray(value) ? (value as string[]) : [])
const asNumber = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined)

export function propertiesOf(schema: JsonSchema): Record<string, JsonSchema> {
  return (schema.properties ?? {}) as Record<string, JsonSchema>
}

export function requiredOf(schema: JsonSchema): string[] {
  return asStrings(schema.required)
}

/** The schema's JSON types (the first non-null one decides how to build a value). */
export function typesOf(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type as string[]
  if (typeof schema.type === 'string') return [schema.type]
  if ('const' in schema) return [jsonTypeOf(schema.const)]
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return [jsonTypeOf(schema.enum[0])]
  if (schema.properties) return ['object']
  if (schema.items) return ['array']
  return []
}

export function jsonTypeOf(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  if (Number.isInteger(value)) return 'integer'
  return typeof value
}

/**
 * Merges a branch of `combinator` (allOf, or the chosen oneOf/anyOf alternative) into its parent:
 * properties of the parent win (a branch often only restates `{type: array}` to say "required"),
 * `required` lists are joined.
 */
export function mergeBranch(
  parent: JsonSchema,
  branch: JsonSchema,
  combinator: 'oneOf' | 'anyOf' | 'allOf' = 'oneOf',
): JsonSchema {
  const rest: JsonSchema = { ...parent }
  delete rest[combinator]
  if (combinator !== 'allOf') delete rest.discriminator
  const merged: JsonSchema = { ...branch, ...rest }
  const properties = { ...propertiesOf(branch), ...propertiesOf(parent) }
  if (Object.keys(properties).length > 0) merged.properties = properties
  const required = [...new Set([...requiredOf(parent), ...requiredOf(branch)])]
  if (required.length > 0) merged.required = required
  return merged
}

/** The alternatives a schema allows, each fully merged (allOf folded in, one oneOf/anyOf branch chosen). */
export function alternativesOf(schema: JsonSchema): JsonSchema[] {
  let base = schema
  const parts = asSchemas(schema.allOf)
  if (parts.length > 0) {
    base = { ...schema }
    delete base.allOf
    for (const part of parts) base = mergeBranch(base, part, 'allOf')
  }
  const combinator = asSchemas(base.oneOf).length > 0 ? 'oneOf' : asSchemas(base.anyOf).length > 0 ? 'anyOf' : undefined
  if (!combinator) return [base]
  return asSchemas(base[combinator]).flatMap((branch) => alternativesOf(mergeBranch(base, branch, combinator)))
}

/** The alternative of `schema` that `value` satisfies (the first one when none does). */
export function resolveFor(schema: JsonSchema, value: unknown): JsonSchema {
  const alternatives = alternativesOf(schema)
  if (alternatives.length === 1) return alternatives[0] as JsonSchema
  return alternatives.find((alternative) => validatorOf(alternative)(value)) ?? (alternatives[0] as JsonSchema)
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

function stringValue(schema: JsonSchema, pool: readonly string[] | undefined): fc.Arbitrary<string> {
  const minLength = asNumber(schema.minLength) ?? 0
  const maxLength = Math.min(asNumber(schema.maxLength) ?? 40, Math.max(minLength, 40))
  const fits = (s: string) => s.length >= minLength && s.length <= (asNumber(schema.maxLength) ?? Number.MAX_VALUE)
  let generic: fc.Arbitrary<string>
  switch (schema.format) {
    case 'uuid':
      generic = fc.uuid({ version: 4 })
      break
    case 'uri':
      generic = fc.webUrl({ validSchemes: ['https'] })
      break
    case 'email':
      generic = fc.emailAddress()
      break
    case 'date-time':
      generic = fc
        .date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2030-01-01T00:00:00Z'), noInvalidDate: true })
        .map((d) => d.toISOString())
      break
    default:
      generic =
        typeof schema.pattern === 'string'
          ? fc.stringMatching(new RegExp(schema.pattern)).filter(fits)
          : fc.string({ minLength, maxLength })
  }
  const pooled = (pool ?? []).filter((id) => (schema.format === 'uuid' ? uuidPattern.test(id) : fits(id)))
  return pooled.length > 0 ? fc.oneof({ arbitrary: fc.constantFrom(...pooled), weight: 3 }, generic) : generic
}

function numberValue(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = asNumber(schema.minimum) ?? (asNumber(schema.exclusiveMinimum) ?? -1) + 1
  const max = Math.min(asNumber(schema.maximum) ?? min + 100, min + 100)
  const whole = fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
  // Money has at most two decimals (decision 0004); other numbers are whole in practice too.
  return integer
    ? whole
    : fc.oneof(
        whole,
        whole.map((n) => Math.min(max, n + 0.25)),
      )
}

/** Values that pass `schema` (checked with Ajv; a value that does not falls back to `fallback`). */
export function validValue(schema: JsonSchema, pools: ValuePools, fallback?: unknown): fc.Arbitrary<unknown> {
  const validate = validatorOf(schema)
  return buildValue(schema, pools, undefined, 0).map((value) =>
    validate(value) || fallback === undefined ? value : structuredClone(fallback),
  )
}

function buildValue(
  schema: JsonSchema,
  pools: ValuePools,
  name: string | undefined,
  depth: number,
): fc.Arbitrary<unknown> {
  const alternatives = alternativesOf(schema)
  if (alternatives.length > 1) {
    return fc.oneof(...alternatives.map((alternative) => buildValue(alternative, pools, name, depth)))
  }
  const s = alternatives[0] as JsonSchema
  if ('const' in s) return fc.constant(s.const)
  if (Array.isArray(s.enum) && s.enum.length > 0) return fc.constantFrom(...(s.enum as unknown[]))
  const type = typesOf(s).find((t) => t !== 'null') ?? (depth > 3 ? 'string' : 'object')
  switch (type) {
    case 'string':
      return stringValue(s, name === undefined ? undefined : pools[name])
    case 'integer':
      return numberValue(s, true)
    case 'number':
      return numberValue(s, false)
    case 'boolean':
      return fc.boolean()
    case 'array': {
      const itemSchema = (s.items ?? {}) as JsonSchema
      const item = buildValue(itemSchema, pools, name, depth + 1)
      const minLength = asNumber(s.minItems) ?? 0
      const maxLength = Math.min(asNumber(s.maxItems) ?? minLength + 3, minLength + 3)
      return s.uniqueItems
        ? fc.uniqueArray(item, { minLength, maxLength, selector: (v) => JSON.stringify(v) })
        : fc.array(item, { minLength, maxLength })
    }
    case 'object': {
      const properties = propertiesOf(s)
      const required = requiredOf(s)
      const model: Record<string, fc.Arbitrary<unknown>> = {}
      for (const [key, child] of Object.entries(properties)) model[key] = buildValue(child, pools, key, depth + 1)
      const record = fc.record(model, { requiredKeys: required.filter((key) => key in properties) })
      const extra = s.additionalProperties
      if (!extra || typeof extra !== 'object' || Object.keys(properties).length > 0) return record
      const names = (s.propertyNames ?? {}) as JsonSchema
      const key = typeof names.pattern === 'string' ? fc.stringMatching(new RegExp(names.pattern)) : fc.string()
      return fc.dictionary(key, buildValue(extra as JsonSchema, pools, undefined, depth + 1), {
        maxKeys: Math.min(asNumber(s.maxProperties) ?? 3, 3),
      })
    }
    default:
      return fc.constant(null)
  }
}

/** Every node of `value` with its governing schema, root first (arrays: the first three items). */
export function sitesOf(schema: JsonSchema, value: unknown, pointer: JsonPointer = []): Site[] {
  const resolved = resolveFor(schema, value)
  const sites: Site[] = [{ pointer, schema: resolved, value }]
  if (Array.isArray(value)) {
    const items = (resolved.items ?? {}) as JsonSchema
    value.slice(0, 3).forEach((item, index) => {
      sites.push(...sitesOf(items, item, [...pointer, index]))
    })
  } else if (value && typeof value === 'object') {
    const properties = propertiesOf(resolved)
    const extra = typeof resolved.additionalProperties === 'object' ? (resolved.additionalProperties as JsonSchema) : {}
    for (const [key, child] of Object.entries(value)) {
      sites.push(...sitesOf(properties[key] ?? extra, child, [...pointer, key]))
    }
  }
  return sites
}

/** A copy of `root` with the node at `pointer` replaced (or removed when `replacement` is `remove`). */
export function withNode(root: unknown, pointer: JsonPointer, replacement: unknown | typeof remove): unknown {
  if (pointer.length === 0) return replacement === remove ? undefined : replacement
  const copy = structuredClone(root) as Record<string | number, unknown>
  let node: Record<string | number, unknown> = copy
  for (const step of pointer.slice(0, -1)) node = node[step] as Record<string | number, unknown>
  const last = pointer[pointer.length - 1] as string | number
  if (replacement === remove) {
    if (Array.isArray(node)) node.splice(Number(last), 1)
    else delete node[last]
  } else node[last] = replacement
  return copy
}

export const remove: unique symbol = Symbol('remove')

export function pointerText(pointer: JsonPointer): string {
  return pointer.join('/')
}
