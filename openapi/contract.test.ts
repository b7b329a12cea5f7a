// Proves the three contracts hold the product spec (spec-table.ts) and the wire conventions
// (docs/decisions/0004-wire-conventions.md): lint, calls, events, scopes, enums, validation rules,
// security, examples, operationIds, error and page shapes, and that the beta document copies nothing.
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { bundle, type Config, lint, loadConfig, type NormalizedProblem } from '@redocly/openapi-core'
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import {
  basicOnlyCalls,
  type Call,
  type CallRow,
  type Constraint,
  calls,
  currentShopCalls,
  type DocumentName,
  enumGroups,
  oauthScopes,
  type SchemaLocation,
  storefrontCurrencies,
  validationRules,
  webhookEventTypes,
} from './spec-table.js'

type Json = Record<string, unknown>

const isJson = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value)
const jsonArray = (value: unknown): Json[] => (Array.isArray(value) ? value.filter(isJson) : [])
const jsonAt = (value: unknown, ...keys: string[]): Json | undefined => {
  let node: unknown = value
  for (const key of keys) node = isJson(node) ? node[key] : undefined
  return isJson(node) ? node : undefined
}

// ---------------------------------------------------------------------------------------------
// Loading: the raw YAML (to see $refs), the dereferenced bundle and the lint problems of each file.

const documentNames: readonly DocumentName[] = ['open-api', 'open-api-beta', 'storefront-api']
const repositoryRoot = fileURLToPath(new URL('..', import.meta.url))
const fileOf = (name: DocumentName) => `${repositoryRoot}openapi/${name}.yaml`

interface Contract {
  name: DocumentName
  raw: Json
  doc: Json
  bundleProblems: NormalizedProblem[]
  lintProblems: NormalizedProblem[]
  loadError?: string
}

async function loadContract(name: DocumentName, config: Config): Promise<Contract> {
  const ref = fileOf(name)
  try {
    const raw: unknown = parse(readFileSync(ref, 'utf8'))
    const bundled = await bundle({ ref, config, dereference: true })
    const lintProblems = await lint({ ref, config })
    return {
      name,
      raw: isJson(raw) ? raw : {},
      doc: isJson(bundled.bundle.parsed) ? bundled.bundle.parsed : {},
      bundleProblems: bundled.problems.filter((problem) => problem.severity === 'error'),
      lintProblems,
    }
  } catch (error) {
    return { name, raw: {}, doc: {}, bundleProblems: [], lintProblems: [], loadError: String(error) }
  }
}

const redoclyConfig = await loadConfig({ configPath: `${repositoryRoot}redocly.yaml` })
const contracts = Object.fromEntries(
  await Promise.all(documentNames.map(async (name) => [name, await loadContract(name, redoclyConfig)] as const)),
) as Record<DocumentName, Contract>

const describeProblem = (problem: NormalizedProblem) =>
  `${problem.ruleId} at ${problem.location[0]?.pointer ?? '?'}: ${problem.message}`

// ---------------------------------------------------------------------------------------------
// Operations: `METHOD /path` ↔ the operation objects, path parameter names matched loosely.

const httpMethods = ['get', 'put', 'post', 'delete', 'patch'] as const

interface Operation {
  document: DocumentName
  call: Call
  path: string
  operation: Json
}

const pathShape = (path: string) => path.replace(/\{[^}]+\}/g, '{}')

function operationsOf(name: DocumentName): Operation[] {
  const paths = jsonAt(contracts[name].doc, 'paths') ?? {}
  return Object.entries(paths).flatMap(([path, item]) =>
    httpMethods.flatMap((method) => {
      const operation = jsonAt(item, method)
      return operation ? [{ document: name, call: `${method.toUpperCase()} ${path}` as Call, path, operation }] : []
    }),
  )
}

function findOperation(name: DocumentName, call: Call): Operation | undefined {
  const [method, path = ''] = call.split(' ')
  return operationsOf(name).find((op) => op.call.startsWith(`${method} `) && pathShape(op.path) === pathShape(path))
}

function requireOperation(name: DocumentName, call: Call): Operation {
  const found = findOperation(name, call)
  if (!found)
    throw new Error(
      `${name}: no operation ${call}${contracts[name].loadError ? ` (${contracts[name].loadError})` : ''}`,
    )
  return found
}

const allOperations = () => documentNames.flatMap(operationsOf)
/** The OAuth token, revocation and metadata endpoints: clients authenticate in the request, errors are RFC 6749's. */
const isOAuthEndpoint = (op: Operation) =>
  op.document === 'open-api' && (op.path.startsWith('/platform/') || op.path.startsWith('/.well-known/'))
const inCalls = (list: readonly Call[], op: Operation) =>
  list.some(
    (call) =>
      call.split(' ')[0] === op.call.split(' ')[0] && pathShape(call.split(' ')[1] ?? '') === pathShape(op.path),
  )

/** Query parameters, and path parameters constrained beyond "non-empty", can be sent invalid (→ 400). */
const canBeInvalid = (parameter: Json) => {
  const schema = jsonAt(parameter, 'schema') ?? {}
  return parameter.in === 'query' || (parameter.in === 'path' && ['format', 'pattern', 'enum'].some((k) => k in schema))
}

const jsonContent = (holder: Json | undefined) => {
  const content = jsonAt(holder, 'content')
  return jsonAt(content, 'application/json') ?? (content ? jsonAt(content, Object.keys(content)[0] ?? '') : undefined)
}

// ---------------------------------------------------------------------------------------------
// Schema lookup: a JSON pointer of property steps, looking through allOf/oneOf/anyOf, with
// discriminator selection of branches.

type Selection = Readonly<Record<string, string>>

/** The values a schema allows for `property` (from const/enum anywhere in its composition); empty if unconstrained. */
function allowedPropertyValues(schema: Json, property: string): unknown[] {
  return compositionOf(schema).flatMap((node) => {
    const propertySchema = jsonAt(node, 'properties', property)
    return propertySchema ? enumeratedValues([propertySchema]) : []
  })
}

function branchMatches(branch: Json, selection: Selection | undefined): boolean {
  if (!selection) return true
  return Object.entries(selection).every(([property, value]) => {
    const allowed = allowedPropertyValues(branch, property)
    return allowed.length === 0 || allowed.includes(value)
  })
}

/** The schema and every composed part of it (allOf always, oneOf/anyOf branches that match the selection). */
function compositionOf(schema: Json, selection?: Selection, seen = new Set<Json>()): Json[] {
  if (seen.has(schema)) return []
  seen.add(schema)
  const parts = [schema]
  for (const keyword of ['allOf', 'oneOf', 'anyOf'] as const) {
    for (const branch of jsonArray(schema[keyword])) {
      if (keyword !== 'allOf' && !branchMatches(branch, selection)) continue
      parts.push(...compositionOf(branch, selection, seen))
    }
  }
  return parts
}

function enumeratedValues(schemas: Json[]): unknown[] {
  return schemas
    .flatMap((schema) => compositionOf(schema))
    .flatMap((node) => [...(Array.isArray(node.enum) ? node.enum : []), ...('const' in node ? [node.const] : [])])
}

/** The schemas found at `pointer` (e.g. `/properties/items/items/properties/quantity`) below `root`. */
function schemasAt(root: Json, location: SchemaLocation): Json[] {
  const tokens = location.pointer === '' ? [] : location.pointer.slice(1).split('/')
  let nodes = compositionOf(root, location.select?.[''])
  let prefix = ''
  for (let index = 0; index < tokens.length; index += 1) {
    const token = tokens[index] ?? ''
    const step = token === 'properties' ? [token, tokens[++index] ?? ''] : [token]
    prefix += `/${step.join('/')}`
    const next = nodes.flatMap((node) => {
      const child = jsonAt(node, ...step)
      return child ? [child] : []
    })
    nodes = next.flatMap((node) => compositionOf(node, location.select?.[prefix]))
  }
  return nodes
}

function targetSchema(location: SchemaLocation): Json | undefined {
  const { target } = location
  if ('component' in target) return jsonAt(contracts[target.document].doc, 'components', 'schemas', target.component)
  const { operation } = requireOperation(target.document, target.call)
  if (target.part === 'request') return jsonAt(jsonContent(jsonAt(operation, 'requestBody')), 'schema')
  if (target.part === 'response') {
    const responses = jsonAt(operation, 'responses') ?? {}
    const success = Object.keys(responses).find((status) => /^2\d\d$/.test(status))
    return jsonAt(jsonContent(jsonAt(responses, success ?? '200')), 'schema')
  }
  const name = target.part.slice('query:'.length)
  const parameter = jsonArray(operation.parameters).find((p) => p.in === 'query' && p.name === name)
  return jsonAt(parameter, 'schema')
}

function describeLocation(location: SchemaLocation): string {
  const { target } = location
  const where =
    'component' in target
      ? `${target.document} components.schemas.${target.component}`
      : `${target.document} ${target.call} ${target.part}`
  const selection = location.select ? ` where ${JSON.stringify(location.select)}` : ''
  return `${where} ${location.pointer || '(root)'}${selection}`
}

/** Whether at least one of `names` is required by the schema (through allOf, or by every oneOf/anyOf branch). */
function requiresAnyOf(schema: Json, names: readonly string[], selection?: Selection): boolean {
  const required = Array.isArray(schema.required) ? schema.required : []
  if (names.some((name) => required.includes(name))) return true
  if (jsonArray(schema.allOf).some((part) => requiresAnyOf(part, names, selection))) return true
  const branches = [...jsonArray(schema.oneOf), ...jsonArray(schema.anyOf)].filter((b) => branchMatches(b, selection))
  return branches.length > 0 && branches.every((branch) => requiresAnyOf(branch, names, selection))
}

function constraintFailures(location: SchemaLocation, expected: Constraint): string[] {
  const root = targetSchema(location)
  if (!root) return [`no schema for ${describeLocation(location)}`]
  const nodes = schemasAt(root, location)
  if (nodes.length === 0) return [`nothing at ${describeLocation(location)}`]
  const selection = location.select?.[location.pointer]
  const failures: string[] = []
  for (const name of expected.required ?? []) {
    if (!nodes.some((node) => requiresAnyOf(node, [name], selection))) failures.push(`${name} is not required`)
  }
  if (expected.requiredAnyOf && !nodes.some((node) => requiresAnyOf(node, expected.requiredAnyOf ?? [], selection))) {
    failures.push(`none of ${expected.requiredAnyOf.join(', ')} is required`)
  }
  for (const keyword of ['minItems', 'maxItems', 'minimum', 'maximum', 'minLength', 'format', 'type'] as const) {
    const value = expected[keyword]
    if (value === undefined) continue
    const found = nodes.some(
      (node) =>
        node[keyword] === value ||
        (Array.isArray(node[keyword]) && keyword === 'type' && (node[keyword] as unknown[]).includes(value)),
    )
    if (!found) failures.push(`${keyword} is not ${JSON.stringify(value)}`)
  }
  return failures.map((failure) => `${describeLocation(location)}: ${failure}`)
}

// ---------------------------------------------------------------------------------------------
// Security: the effective requirement list of an operation, compared order-insensitively.

type Requirement = Record<string, string[]>

function securityOf(op: Operation): Requirement[] {
  const declared = op.operation.security ?? contracts[op.document].doc.security ?? []
  return jsonArray(declared).map((requirement) =>
    Object.fromEntries(
      Object.entries(requirement).map(([scheme, scopes]) => [scheme, Array.isArray(scopes) ? scopes.map(String) : []]),
    ),
  )
}

const sortRequirements = (requirements: Requirement[]) =>
  requirements.map((requirement) => JSON.stringify(Object.entries(requirement).sort())).sort()

function expectSecurity(op: Operation, expected: Requirement[]) {
  const actual = securityOf(op)
  expect(
    sortRequirements(actual),
    `${op.document} ${op.call}: security is ${JSON.stringify(actual)}, should be ${JSON.stringify(expected)}`,
  ).toEqual(sortRequirements(expected))
}

function expectScopedSecurity(op: Operation) {
  const security = securityOf(op)
  const scopes = security.find((requirement) => 'platformOAuth' in requirement)?.platformOAuth ?? []
  expect(
    scopes,
    `${op.document} ${op.call}: platformOAuth needs exactly one scope, security is ${JSON.stringify(security)}`,
  ).toHaveLength(1)
  expectSecurity(op, [{ basicAuth: [] }, { platformOAuth: scopes }])
}

// ---------------------------------------------------------------------------------------------
// Examples: every media-type/parameter/header example and every schema `examples` entry.

interface Example {
  where: string
  schema: Json
  value: unknown
}

const dataKeywords = new Set(['example', 'examples', 'default', 'const', 'enum'])

function examplesOf(name: DocumentName): Example[] {
  const found: Example[] = []
  const seen = new Set<Json>()
  const visit = (node: unknown, where: string) => {
    if (!isJson(node) || seen.has(node)) return
    seen.add(node)
    const schema = jsonAt(node, 'schema')
    if (schema && 'example' in node) found.push({ where: `${where}/example`, schema, value: node.example })
    if (schema && isJson(node.examples)) {
      for (const [key, example] of Object.entries(node.examples)) {
        if (isJson(example) && 'value' in example)
          found.push({ where: `${where}/examples/${key}`, schema, value: example.value })
      }
    }
    if (Array.isArray(node.examples) && !schema) {
      node.examples.forEach((value, index) => {
        found.push({ where: `${where}/examples/${index}`, schema: node, value })
      })
    }
    for (const [key, child] of Object.entries(node)) {
      if (dataKeywords.has(key)) continue
      if (!Array.isArray(child)) visit(child, `${where}/${key}`)
      else for (const [index, item] of child.entries()) visit(item, `${where}/${key}/${index}`)
    }
  }
  visit(contracts[name].doc, name)
  return found
}

const ajv = new Ajv2020({ strict: false, discriminator: true, allErrors: true })
// ajv-formats is CommonJS; under NodeNext its plugin is the `default` property of the module.
addFormats.default(ajv)
const validators = new WeakMap<Json, ValidateFunction>()

/** OpenAPI's discriminator `mapping` is documentation only; Ajv refuses it, so validation drops it. */
function withoutDiscriminatorMappings(schema: Json, copies = new Map<Json, Json>()): Json {
  const existing = copies.get(schema)
  if (existing) return existing
  const copy: Json = {}
  copies.set(schema, copy)
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'discriminator' && isJson(value)) copy[key] = { propertyName: value.propertyName }
    else if (Array.isArray(value))
      copy[key] = value.map((item) => (isJson(item) ? withoutDiscriminatorMappings(item, copies) : item))
    else copy[key] = isJson(value) ? withoutDiscriminatorMappings(value, copies) : value
  }
  return copy
}

function validatorFor(schema: Json): ValidateFunction {
  const known = validators.get(schema)
  if (known) return known
  const validate = ajv.compile(withoutDiscriminatorMappings(schema))
  validators.set(schema, validate)
  return validate
}

// ---------------------------------------------------------------------------------------------

describe('1. lint and version', () => {
  it.each(documentNames)('%s lints with zero errors under redocly.yaml', (name) => {
    const contract = contracts[name]
    expect(contract.loadError, `${name} could not be loaded`).toBeUndefined()
    const ownErrors = contract.lintProblems.filter(
      (problem) => problem.severity === 'error' && problem.location[0]?.source.absoluteRef === fileOf(name),
    )
    const errors = [...contract.bundleProblems, ...ownErrors].map(describeProblem)
    expect(errors, errors.join('\n')).toEqual([])
  })

  it.each(documentNames)('%s is OpenAPI 3.1', (name) => {
    expect(String(contracts[name].raw.openapi)).toMatch(/^3\.1\.\d+$/)
  })
})

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

describe('4. examples validate against their schemas', () => {
  const examples = documentNames.flatMap((name) => examplesOf(name))
  it.each(examples.map((example) => [example.where, example] as const))('%s', (_label, example) => {
    const validate = validatorFor(example.schema)
    validate(example.value)
    const errors = (validate.errors ?? []).map((error) => `${error.instancePath || '(root)'} ${error.message}`)
    expect(errors, errors.join('\n')).toEqual([])
  })

  it.each(operationsOf('storefront-api').map((op) => [op.call, op] as const))(
    'storefront %s has an example on every response with a body',
    (_label, op) => {
      for (const [status, response] of Object.entries(jsonAt(op.operation, 'responses') ?? {})) {
        const media = jsonContent(isJson(response) ? response : undefined)
        if (media) expect('example' in media || 'examples' in media, `${op.call} ${status} example`).toBe(true)
      }
    },
  )
})

describe('5. operationIds', () => {
  const verbs =
    'get|list|create|update|delete|finish|start|end|send|replay|exchange|revoke|add|change|remove|mark|set|rotate|issue|search|cancel|refresh|redeem|ensure|introspect'
  const descriptive = new RegExp(`^(${verbs})[A-Z][A-Za-z0-9]*$`)

  it.each(allOperations().map((op) => [`${op.document} ${op.call}`, op] as const))(
    '%s has a descriptive camelCase operationId starting with a verb',
    (_label, op) => {
      expect(String(op.operation.operationId)).toMatch(descriptive)
    },
  )

  it('operationIds are unique across the three documents', () => {
    const ids = allOperations().map((op) => String(op.operation.operationId))
    const duplicates = ids.filter((id, index) => ids.indexOf(id) !== index)
    expect(duplicates, `duplicated: ${duplicates.join(', ')}`).toEqual([])
  })
})

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

describe('7. the beta document copies nothing from open-api.yaml', () => {
  const stableRef = (kind: string) => new RegExp(`^\\./open-api\\.yaml#/components/${kind}/[A-Za-z0-9]+$`)
  const raw = contracts['open-api-beta'].raw

  it('declares no components except its security schemes', () => {
    expect(Object.keys(jsonAt(raw, 'components') ?? {})).toEqual(['securitySchemes'])
  })

  const rawResponses = Object.entries(jsonAt(raw, 'paths') ?? {}).flatMap(([path, item]) =>
    httpMethods.flatMap((method) =>
      Object.entries(jsonAt(item, method, 'responses') ?? {}).map(
        ([status, response]) => [`${method.toUpperCase()} ${path} ${status}`, response] as const,
      ),
    ),
  )
  it.each(rawResponses)('%s is a $ref or holds only $refs into open-api.yaml', (_label, response) => {
    if (!isJson(response)) throw new Error('not an object')
    if ('$ref' in response) {
      expect(String(response.$ref)).toMatch(stableRef('responses'))
      return
    }
    for (const media of Object.values(jsonAt(response, 'content') ?? {})) {
      const schema = jsonAt(media, 'schema') ?? {}
      const referenced = schema.type === 'array' && Object.keys(schema).length === 2 ? jsonAt(schema, 'items') : schema
      expect(Object.keys(referenced ?? {}), 'an inline schema').toEqual(['$ref'])
      expect(String(referenced?.$ref)).toMatch(stableRef('schemas'))
    }
    for (const header of Object.values(jsonAt(response, 'headers') ?? {})) {
      expect(String(jsonAt(header)?.$ref)).toMatch(stableRef('headers'))
    }
  })
})
