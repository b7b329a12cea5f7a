import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js'
import addFormatsModule from 'ajv-formats'
import type { FastifyRequest } from 'fastify'
import type { ValidationIssue } from '../errors/domain-error.js'
import type { JsonSchema, Operation } from './contract.js'

// ajv-formats is CommonJS; its default export arrives wrapped under NodeNext.
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020

/** Ajv for query/path parameters: strings from the URL are coerced to the declared types. */
const parameterAjv = addFormats(
  new Ajv2020({ allErrors: true, strict: false, coerceTypes: 'array', useDefaults: true, discriminator: true }),
)
/** Ajv for JSON bodies: no coercion; a string is not a number. */
const bodyAjv = addFormats(new Ajv2020({ allErrors: true, strict: false, useDefaults: true, discriminator: true }))

export function compileSchema(schema: JsonSchema, kind: 'parameters' | 'body' = 'body'): ValidateFunction {
  return (kind === 'parameters' ? parameterAjv : bodyAjv).compile(withObjectDiscriminators(schema))
}

/**
 * Ajv's `discriminator` keyword replaces the `oneOf` beside it and only looks at objects: a
 * number, string, boolean or array passed a discriminated union unchecked (found by contract
 * fuzzing, decision 0015 — `42` as a promotion reached the service). Every branch of our unions is
 * an object (decision 0004), so the union itself is `type: object`; the contract's schema objects
 * stay untouched (the copy is what Ajv compiles).
 */
export function withObjectDiscriminators(schema: unknown): JsonSchema {
  if (Array.isArray(schema)) return schema.map(withObjectDiscriminators) as unknown as JsonSchema
  if (!schema || typeof schema !== 'object') return schema as JsonSchema
  const copy: JsonSchema = {}
  for (const [key, value] of Object.entries(schema)) {
    // Values of these keywords are data, not schemas.
    copy[key] = ['const', 'enum', 'default', 'example', 'examples', 'required'].includes(key)
      ? value
      : key === 'properties' && value && typeof value === 'object'
        ? Object.fromEntries(Object.entries(value).map(([name, child]) => [name, withObjectDiscriminators(child)]))
        : withObjectDiscriminators(value)
  }
  if ('discriminator' in copy && copy.type === undefined) copy.type = 'object'
  return copy
}

interface LocatedError {
  location: ValidationIssue['location']
  error: ErrorObject
}

export interface RequestValidators {
  validate(request: FastifyRequest): LocatedError[]
}

function objectSchemaOf(operation: Operation, where: 'query' | 'path'): JsonSchema {
  const params = operation.parameters.filter((p) => p.in === where)
  const properties: Record<string, JsonSchema> = {}
  for (const p of params) properties[p.name] = p.schema ?? {}
  if (where === 'query') for (const name of operation.queryAuthParameters) properties[name] = { type: 'string' }
  return {
    type: 'object',
    properties,
    required: params.filter((p) => p.required || where === 'path').map((p) => p.name),
    additionalProperties: where !== 'query',
  }
}

/**
 * Values JSON Schema accepts but no database can hold, refused where they stand (found by contract
 * fuzzing, decision 0015):
 *
 * - Infinity is a `number` to JSON Schema: Ajv coerces the query value `Infinity` (or `1e999`) to
 *   it and `JSON.parse` reads `1e999` as it (`page=Infinity` reached the serializer, a 500);
 * - U+0000 in a string: PostgreSQL text cannot hold it, so any query carrying one failed (a 500 on
 *   PostgreSQL, while SQLite stored it); refused on both, so both behave the same.
 *
 * The body's depth is already bounded by the JSON parser (64 levels), so the walks here are safe.
 */
function isStorable(value: unknown): boolean {
  if (typeof value === 'string') return !value.includes('\u0000')
  if (typeof value === 'number') return Number.isFinite(value)
  if (value === null || typeof value !== 'object') return true
  if (Array.isArray(value)) return value.every(isStorable)
  for (const key in value) {
    if (key.includes('\u0000') || !isStorable((value as Record<string, unknown>)[key])) return false
  }
  return true
}

function unstorableValues(value: unknown, location: LocatedError['location']): LocatedError[] {
  // The common case, a clean request, costs no allocations; the details are found only when needed.
  if (isStorable(value)) return []
  const found: LocatedError[] = []
  const issue = (instancePath: string, keyword: string, message: string) =>
    found.push({ location, error: { keyword, instancePath, schemaPath: '#', params: {}, message } })
  const pending: { node: unknown; path: string }[] = [{ node: value, path: '' }]
  while (pending.length > 0) {
    const { node, path } = pending.pop() as { node: unknown; path: string }
    if (typeof node === 'number' && !Number.isFinite(node)) issue(path, 'type', 'must be a finite number')
    else if (typeof node === 'string' && node.includes('\u0000')) {
      issue(path, 'pattern', 'must not contain the NUL character (U+0000)')
    } else if (node && typeof node === 'object') {
      for (const [key, child] of Object.entries(node)) {
        if (key.includes('\u0000')) issue(`${path}/${key}`, 'pattern', 'must not contain the NUL character (U+0000)')
        else pending.push({ node: child, path: `${path}/${key}` })
      }
    }
  }
  return found
}

export function createRequestValidators(operation: Operation): RequestValidators {
  const query = compileSchema(objectSchemaOf(operation, 'query'), 'parameters')
  const path = compileSchema(objectSchemaOf(operation, 'path'), 'parameters')
  // Bound: one per media type of the operation's request body (fixed by the contract).
  const bodies = new Map<string, ValidateFunction>()
  for (const [type, schema] of Object.entries(operation.requestBody?.content ?? {})) {
    bodies.set(type, compileSchema(schema, 'body'))
  }
  return {
    validate(request) {
      const errors: LocatedError[] = []
      if (!path(request.params ?? {}))
        errors.push(...(path.errors ?? []).map((error) => ({ location: 'path' as const, error })))
      if (!query(request.query ?? {})) {
        errors.push(...(query.errors ?? []).map((error) => ({ location: 'query' as const, error })))
      }
      if (operation.requestBody) {
        const type = (request.headers['content-type'] ?? 'application/json').split(';')[0]?.trim().toLowerCase() ?? ''
        const validate = bodies.get(type) ?? bodies.get('application/json')
        if (request.body === undefined || request.body === null) {
          if (operation.requestBody.required) {
            errors.push({
              location: 'body',
              error: {
                keyword: 'required',
                instancePath: '',
                schemaPath: '#',
                params: { missingProperty: '' },
                message: 'a JSON request body is required',
              },
            })
          }
        } else if (validate && !validate(request.body)) {
          errors.push(...(validate.errors ?? []).map((error) => ({ location: 'body' as const, error })))
        }
      }
      errors.push(
        ...unstorableValues(request.params, 'path'),
        ...unstorableValues(request.query, 'query'),
        ...unstorableValues(request.body, 'body'),
      )
      return errors
    },
  }
}

function fieldOf(error: ErrorObject): string {
  const base = error.instancePath.replace(/^\//, '')
  const join = (name: string) => (base ? `${base}/${name}` : name)
  if (error.keyword === 'required') return join(String(error.params.missingProperty ?? ''))
  if (error.keyword === 'additionalProperties') return join(String(error.params.additionalProperty ?? ''))
  if (error.keyword === 'discriminator') return join(String(error.params.tag ?? ''))
  return base
}

function messageOf(error: ErrorObject): string {
  switch (error.keyword) {
    case 'required':
      return error.message === 'a JSON request body is required' ? error.message : 'is required'
    case 'additionalProperties':
      return 'is not a known field'
    case 'enum':
      return `must be one of: ${(error.params.allowedValues as unknown[]).join(', ')}`
    case 'const':
      return `must be ${JSON.stringify(error.params.allowedValue)}`
    case 'discriminator':
      return error.params.error === 'mapping'
        ? `has an unknown ${String(error.params.tag)} value ${JSON.stringify(error.params.tagValue)}`
        : `must have a string property "${String(error.params.tag)}"`
    default:
      return error.message ?? `violates ${error.keyword}`
  }
}

/** Maps Ajv errors to the contract's `details.errors[]`, one entry per field and rule. */
export function toValidationIssues(errors: LocatedError[]): ValidationIssue[] {
  const seen = new Set<string>()
  const issues: ValidationIssue[] = []
  // When a specific error exists beneath an anyOf/oneOf, the generic "must match a schema" adds nothing.
  const specific = new Set(
    errors.filter((e) => !['anyOf', 'oneOf', 'if'].includes(e.error.keyword)).map((e) => e.error.instancePath),
  )
  for (const { location, error } of errors) {
    if (['anyOf', 'oneOf', 'if'].includes(error.keyword) && specific.has(error.instancePath)) continue
    const issue: ValidationIssue = { location, field: fieldOf(error), rule: error.keyword, message: messageOf(error) }
    const key = `${issue.location}|${issue.field}|${issue.rule}|${issue.message}`
    if (seen.has(key)) continue
    seen.add(key)
    issues.push(issue)
  }
  return issues
}
