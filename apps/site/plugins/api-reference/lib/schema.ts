import type { MarkdownContext } from './markdown.ts'
import { isRef, resolve, schemaRefName } from './refs.ts'
import type { OpenApiDocument, Schema } from './types.ts'

/**
 * Schemas: following refs, merging allOf, reading types (the property trees are
 * components/schema-tree.tsx, which renders them so):
 *
 * - A named schema (`#/components/schemas/X`) is rendered once, in its own section (`#schema/X`).
 *   Where it is used, its name links there, and a `<details class=fsr-lazy data-src=schema/X>` offers to
 *   show its properties in place: the browser copies them from the section when opened (no-JS
 *   readers follow the link). The HTML stays proportional to the document; recursion cannot loop.
 * - Anonymous nested objects, variants and enums are rendered inline, in `<details>`.
 * - `allOf` is merged; `oneOf`/`anyOf` list their variants with the discriminator value of each;
 *   3.1 `type: [x, 'null']` and `oneOf: [X, {type: 'null'}]` read as "x | null" with a "nullable" flag.
 */

export interface SchemaContext extends MarkdownContext {
  doc: OpenApiDocument
  /** href of a named schema's section. */
  schemaHref: (name: string) => string
}

export function schemaHref(name: string): string {
  return `#schema/${name}`
}

/** The schema with `$ref` followed (name kept by the caller via schemaRefName). */
export function deref(schema: Schema | undefined, ctx: SchemaContext): Schema {
  if (!schema) return {}
  return isRef(schema) ? resolve<Schema>(ctx.doc, schema).value : schema
}

export function types(schema: Schema): string[] {
  if (Array.isArray(schema.type)) return schema.type
  if (typeof schema.type === 'string') return schema.nullable ? [schema.type, 'null'] : [schema.type]
  return schema.nullable ? ['null'] : []
}

export function isNullSchema(schema: Schema): boolean {
  const list = types(schema)
  return list.length === 1 && list[0] === 'null'
}

/** The non-null variants of a oneOf/anyOf (`oneOf: [X, {type: 'null'}]` is "X, nullable"). */
export function variantsOf(schema: Schema): Schema[] | undefined {
  return schema.oneOf ?? schema.anyOf
}

export function isNullable(schema: Schema, ctx: SchemaContext): boolean {
  const s = deref(schema, ctx)
  if (types(s).includes('null')) return true
  return variantsOf(s)?.some((variant) => isNullSchema(deref(variant, ctx))) ?? false
}

/**
 * Merges `allOf` (recursively, following refs) into one schema: properties and required are
 * unioned, later members win on scalar keywords, property schemas of the same name are merged too
 * (so `allOf: [Error, {properties: {code: {const: X}}}]` gives `code: string, const X`).
 */
export function mergeAllOf(schema: Schema, ctx: SchemaContext, seen: Set<string> = new Set()): Schema {
  if (!schema.allOf) return schema
  const { allOf, ...rest } = schema
  let merged: Schema = {}
  for (const member of [...allOf, rest]) {
    const name = schemaRefName(member)
    if (name) {
      if (seen.has(name)) continue
      seen.add(name)
    }
    const part = mergeAllOf(deref(member, ctx), ctx, seen)
    merged = mergeTwo(merged, part, ctx)
  }
  return merged
}

function mergeTwo(a: Schema, b: Schema, ctx: SchemaContext): Schema {
  const out: Schema = { ...a, ...b }
  if (a.properties || b.properties) {
    const properties: Record<string, Schema> = { ...a.properties }
    for (const [key, value] of Object.entries(b.properties ?? {})) {
      const existing = properties[key]
      properties[key] = existing ? mergeProperty(existing, value, ctx) : value
    }
    out.properties = properties
  }
  if (a.required || b.required) out.required = [...new Set([...(a.required ?? []), ...(b.required ?? [])])]
  if (a.description && b.description && !b.title) out.description = b.description
  return out
}

function mergeProperty(a: Schema, b: Schema, ctx: SchemaContext): Schema {
  // A refinement like {const: X} or {enum: [...]} of a named property keeps the named type's label.
  if (isRef(b)) return b
  const base = isRef(a) ? deref(a, ctx) : a
  return { ...base, ...b }
}

/** Names of the discriminator values of each variant (mapping, else the variant's const/enum). */
export function discriminatorValues(schema: Schema, variant: Schema, ctx: SchemaContext): string[] {
  const discriminator = schema.discriminator
  if (!discriminator) return []
  const name = schemaRefName(variant)
  const mapped = Object.entries(discriminator.mapping ?? {})
    .filter(([, ref]) => ref === variant.$ref || (name !== undefined && ref === name))
    .map(([value]) => value)
  if (mapped.length > 0) return mapped
  const resolved = mergeAllOf(deref(variant, ctx), ctx)
  const property = deref(resolved.properties?.[discriminator.propertyName], ctx)
  if (property.const !== undefined) return [String(property.const)]
  if (property.enum) return property.enum.map(String)
  return name ? [name] : []
}

/** Strips arrays and `| null` to the schema whose structure is worth expanding. */
export function core(schema: Schema, ctx: SchemaContext, depth = 0): Schema {
  if (depth > 8) return schema
  if (schemaRefName(schema)) return schema
  const s = deref(schema, ctx)
  if (types(s).includes('array') && s.items) return core(s.items, ctx, depth + 1)
  const variants = variantsOf(s)
  if (variants) {
    const real = variants.filter((variant) => !isNullSchema(deref(variant, ctx)))
    if (real.length === 1 && real[0]) return core(real[0], ctx, depth + 1)
  }
  if (typeof s.additionalProperties === 'object' && !s.properties) return core(s.additionalProperties, ctx, depth + 1)
  return s
}

export function hasStructure(schema: Schema): boolean {
  return Boolean(
    (schema.properties && Object.keys(schema.properties).length > 0) || schema.oneOf || schema.anyOf || schema.allOf,
  )
}
