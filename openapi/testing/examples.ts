import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import type { DocumentName } from '../spec-table.js'
import { contracts, isJson, type Json, jsonAt } from './contracts.js'

// Examples for the contract suite: every media-type/parameter/header example and every schema
// `examples` entry, and a validator for the schema each must satisfy.

export interface Example {
  where: string
  schema: Json
  value: unknown
}

export const dataKeywords = new Set(['example', 'examples', 'default', 'const', 'enum'])

export function examplesOf(name: DocumentName): Example[] {
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

export const ajv = new Ajv2020({ strict: false, discriminator: true, allErrors: true })
// ajv-formats is CommonJS; under NodeNext its plugin is the `default` property of the module.
addFormats.default(ajv)
export const validators = new WeakMap<Json, ValidateFunction>()

/** OpenAPI's discriminator `mapping` is documentation only; Ajv refuses it, so validation drops it. */
export function withoutDiscriminatorMappings(schema: Json, copies = new Map<Json, Json>()): Json {
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

export function validatorFor(schema: Json): ValidateFunction {
  const known = validators.get(schema)
  if (known) return known
  const validate = ajv.compile(withoutDiscriminatorMappings(schema))
  validators.set(schema, validate)
  return validate
}
