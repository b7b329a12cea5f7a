import type { Constraint, SchemaLocation } from '../spec-table.js'
import { contracts, type Json, jsonArray, jsonAt, jsonContent, requireOperation } from './contracts.js'

// Schema lookup for the contract suite: a JSON pointer of property steps, looking through
// allOf/oneOf/anyOf, with discriminator selection of branches.

export type Selection = Readonly<Record<string, string>>

/** The values a schema allows for `property` (from const/enum anywhere in its composition); empty if unconstrained. */
export function allowedPropertyValues(schema: Json, property: string): unknown[] {
  return compositionOf(schema).flatMap((node) => {
    const propertySchema = jsonAt(node, 'properties', property)
    return propertySchema ? enumeratedValues([propertySchema]) : []
  })
}

export function branchMatches(branch: Json, selection: Selection | undefined): boolean {
  if (!selection) return true
  return Object.entries(selection).every(([property, value]) => {
    const allowed = allowedPropertyValues(branch, property)
    return allowed.length === 0 || allowed.includes(value)
  })
}

/** The schema and every composed part of it (allOf always, oneOf/anyOf branches that match the selection). */
export function compositionOf(schema: Json, selection?: Selection, seen = new Set<Json>()): Json[] {
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

export function enumeratedValues(schemas: Json[]): unknown[] {
  return schemas
    .flatMap((schema) => compositionOf(schema))
    .flatMap((node) => [...(Array.isArray(node.enum) ? node.enum : []), ...('const' in node ? [node.const] : [])])
}

/** The schemas found at `pointer` (e.g. `/properties/items/items/properties/quantity`) below `root`. */
export function schemasAt(root: Json, location: SchemaLocation): Json[] {
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

export function targetSchema(location: SchemaLocation): Json | undefined {
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

export function describeLocation(location: SchemaLocation): string {
  const { target } = location
  const where =
    'component' in target
      ? `${target.document} components.schemas.${target.component}`
      : `${target.document} ${target.call} ${target.part}`
  const selection = location.select ? ` where ${JSON.stringify(location.select)}` : ''
  return `${where} ${location.pointer || '(root)'}${selection}`
}

/** Whether at least one of `names` is required by the schema (through allOf, or by every oneOf/anyOf branch). */
export function requiresAnyOf(schema: Json, names: readonly string[], selection?: Selection): boolean {
  const required = Array.isArray(schema.required) ? schema.required : []
  if (names.some((name) => required.includes(name))) return true
  if (jsonArray(schema.allOf).some((part) => requiresAnyOf(part, names, selection))) return true
  const branches = [...jsonArray(schema.oneOf), ...jsonArray(schema.anyOf)].filter((b) => branchMatches(b, selection))
  return branches.length > 0 && branches.every((branch) => requiresAnyOf(branch, names, selection))
}

export function constraintFailures(location: SchemaLocation, expected: Constraint): string[] {
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
