import { code, el, esc, join } from './html.ts'
import { inlineMarkdown, type MarkdownContext, markdown } from './markdown.ts'
import { isRef, resolve, schemaRefName } from './refs.ts'
import type { OpenApiDocument, Schema } from './types.ts'

/**
 * Schemas as HTML property trees.
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

function types(schema: Schema): string[] {
  if (Array.isArray(schema.type)) return schema.type
  if (typeof schema.type === 'string') return schema.nullable ? [schema.type, 'null'] : [schema.type]
  return schema.nullable ? ['null'] : []
}

export function isNullSchema(schema: Schema): boolean {
  const list = types(schema)
  return list.length === 1 && list[0] === 'null'
}

/** The non-null variants of a oneOf/anyOf (`oneOf: [X, {type: 'null'}]` is "X, nullable"). */
function variantsOf(schema: Schema): Schema[] | undefined {
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

/** The type as HTML: named schemas link to their section. */
export function typeLabel(schema: Schema | undefined, ctx: SchemaContext): string {
  if (!schema) return 'any'
  const name = schemaRefName(schema)
  if (name) return `<a href="${esc(ctx.schemaHref(name))}">${esc(name)}</a>`
  if (isRef(schema)) return typeLabel(deref(schema, ctx), ctx)
  const variants = variantsOf(schema)
  if (variants) {
    const labels = variants.map((variant) => (isNullSchema(deref(variant, ctx)) ? 'null' : typeLabel(variant, ctx)))
    return [...new Set(labels)].join(' | ')
  }
  if (schema.allOf) {
    if (schema.allOf.length === 1 && !schema.properties) return typeLabel(schema.allOf[0], ctx)
    return typeLabel({ ...mergeAllOf(schema, ctx), allOf: undefined }, ctx)
  }
  let list = types(schema)
  if (list.length === 0) {
    if (schema.properties || schema.additionalProperties) list = ['object']
    else if (schema.items) list = ['array']
    else if (schema.const !== undefined) list = [typeof schema.const === 'number' ? 'number' : typeof schema.const]
    else if (schema.enum) list = [...new Set(schema.enum.map((value) => (value === null ? 'null' : typeof value)))]
    else return 'any'
  }
  return list
    .map((type) => {
      if (type === 'array') return `array of ${typeLabel(schema.items, ctx)}`
      if (type === 'object' && !schema.properties && typeof schema.additionalProperties === 'object') {
        return `map of ${typeLabel(schema.additionalProperties, ctx)}`
      }
      if (schema.format && type !== 'null') return `${type}&lt;${esc(schema.format)}&gt;`
      return esc(type)
    })
    .join(' | ')
}

function literal(value: unknown): string {
  return code(typeof value === 'string' ? value : JSON.stringify(value))
}

/** Constraints worth a reader's attention, as short HTML fragments. */
export function constraints(schema: Schema): string[] {
  const out: string[] = []
  const range = (min: number | undefined, max: number | undefined, unit: string) => {
    if (min !== undefined && max !== undefined)
      out.push(min === max ? `exactly ${min} ${unit}` : `${min}–${max} ${unit}`)
    else if (min !== undefined) out.push(`at least ${min} ${unit}`)
    else if (max !== undefined) out.push(`at most ${max} ${unit}`)
  }
  if (typeof schema.exclusiveMinimum === 'number') out.push(`&gt; ${schema.exclusiveMinimum}`)
  if (schema.minimum !== undefined) out.push(`${schema.exclusiveMinimum === true ? '&gt;' : '≥'} ${schema.minimum}`)
  if (typeof schema.exclusiveMaximum === 'number') out.push(`&lt; ${schema.exclusiveMaximum}`)
  if (schema.maximum !== undefined) out.push(`${schema.exclusiveMaximum === true ? '&lt;' : '≤'} ${schema.maximum}`)
  if (schema.multipleOf !== undefined) out.push(`multiple of ${schema.multipleOf}`)
  range(schema.minLength, schema.maxLength, 'characters')
  range(schema.minItems, schema.maxItems, 'items')
  range(schema.minProperties, schema.maxProperties, 'properties')
  if (schema.uniqueItems) out.push('unique items')
  if (schema.pattern) out.push(`pattern ${code(schema.pattern)}`)
  if (schema.const !== undefined) out.push(`always ${literal(schema.const)}`)
  if (schema.default !== undefined) out.push(`default ${literal(schema.default)}`)
  if (schema.additionalProperties === false && schema.properties) out.push('no other properties')
  return out
}

function enumValues(schema: Schema): string {
  if (!schema.enum) return ''
  return el(
    'div',
    { class: 'fsr-enum' },
    `<span>One of:</span> ${schema.enum.map((value) => literal(value)).join(' ')}`,
  )
}

interface RowOptions {
  required?: boolean
  /** Shown before the type, e.g. the parameter location. */
  prefix?: string
  /** Expand a named schema's properties at build time (one level) instead of lazily. */
  expandNamed?: boolean
}

/** Flags after the type: required, nullable, read/write-only, deprecated, beta. */
function flags(schema: Schema, resolved: Schema, ctx: SchemaContext, required: boolean | undefined): string {
  return join(
    [
      required && '<span class="fsr-f fsr-req">required</span>',
      isNullable(schema, ctx) && '<span class=fsr-f>nullable</span>',
      resolved.readOnly && '<span class=fsr-f>read-only</span>',
      resolved.writeOnly && '<span class=fsr-f>write-only</span>',
      resolved.deprecated && '<span class="fsr-f fsr-dep">deprecated</span>',
      resolved['x-beta'] === true && '<span class="fsr-f fsr-beta">beta</span>',
    ],
    ' ',
  )
}

/** One property (or parameter) row: name, type, flags, description, constraints, nested content. */
export function propertyRow(name: string, schema: Schema, ctx: SchemaContext, options: RowOptions = {}): string {
  const resolved = mergeAllOf(deref(schema, ctx), ctx)
  const description = schema.description ?? (isRef(schema) ? undefined : resolved.description)
  const facts = constraints(resolved)
  const head = el(
    'div',
    { class: 'fsr-ph' },
    `<code class=fsr-pn>${esc(name)}</code> `,
    options.prefix,
    `<span class=fsr-t>${typeLabel(schema, ctx)}</span> `,
    flags(schema, resolved, ctx, options.required),
  )
  const body = join([
    markdown(description, ctx),
    facts.length > 0 && el('div', { class: 'fsr-c' }, facts.join(' · ')),
    enumValues(resolved),
    examplesLine(resolved),
    nested(schema, ctx, options.expandNamed ?? false),
  ])
  return el('li', { class: 'fsr-p' }, head, body)
}

function examplesLine(schema: Schema): string {
  const list = schema.examples ?? (schema.example !== undefined ? [schema.example] : [])
  const scalars = list.filter(
    (value) =>
      value === null ||
      typeof value !== 'object' ||
      (Array.isArray(value) && value.every((item) => item === null || typeof item !== 'object')),
  )
  if (scalars.length === 0) return ''
  return el('div', { class: 'fsr-c' }, `Example: ${scalars.map((value) => literal(value)).join(' ')}`)
}

/** Strips arrays and `| null` to the schema whose structure is worth expanding. */
function core(schema: Schema, ctx: SchemaContext, depth = 0): Schema {
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

function hasStructure(schema: Schema): boolean {
  return Boolean(
    (schema.properties && Object.keys(schema.properties).length > 0) || schema.oneOf || schema.anyOf || schema.allOf,
  )
}

/** Nested content of a property: lazy named schema, inline object, variants. */
function nested(schema: Schema, ctx: SchemaContext, expandNamed: boolean): string {
  const inner = core(schema, ctx)
  const name = schemaRefName(inner)
  if (name) {
    const target = mergeAllOf(deref(inner, ctx), ctx)
    // Enums of a named schema are already listed by the row (it reads the resolved schema).
    if (!hasStructure(target)) return inner === schema || !target.enum ? '' : enumValues(target)
    if (expandNamed) {
      return el(
        'details',
        { class: 'fsr-x', open: true },
        el('summary', null, `Properties of ${esc(name)}`),
        schemaBody(target, ctx),
      )
    }
    return lazy(name, ctx)
  }
  const merged = mergeAllOf(inner, ctx)
  if (!hasStructure(merged)) return ''
  const count = Object.keys(merged.properties ?? {}).length
  const summary = variantsOf(merged) ? 'Variants' : `${count} ${count === 1 ? 'property' : 'properties'}`
  return el('details', { class: 'fsr-x' }, el('summary', null, summary), schemaBody(merged, ctx))
}

/** A placeholder the browser fills with the named schema's properties; a link without JS. */
export function lazy(name: string, ctx: SchemaContext): string {
  const href = ctx.schemaHref(name)
  ctx.links.add(href)
  return el(
    'details',
    { class: 'fsr-x fsr-lazy', 'data-src': `schema/${name}` },
    el('summary', null, `Properties of ${esc(name)}`),
    `<p class=fsr-c>See <a href="${esc(href)}">${esc(name)}</a>.</p>`,
  )
}

/** Variants of a oneOf/anyOf with their discriminator values. */
function variantsBlock(schema: Schema, ctx: SchemaContext): string {
  const variants = variantsOf(schema)
  if (!variants) return ''
  const real = variants.filter((variant) => !isNullSchema(deref(variant, ctx)))
  const discriminator = schema.discriminator?.propertyName
  const intro = schema.oneOf ? 'Exactly one of' : 'Any of'
  const items = real.map((variant, index) => {
    const name = schemaRefName(variant)
    const values = discriminatorValues(schema, variant, ctx)
    const resolved = mergeAllOf(deref(variant, ctx), ctx)
    const title = name
      ? `<a href="${esc(ctx.schemaHref(name))}">${esc(name)}</a>`
      : esc(resolved.title ?? `Option ${index + 1}`)
    const when =
      discriminator && values.length > 0
        ? ` <span class=fsr-c>when ${code(discriminator)} is ${values.map((value) => code(value)).join(' or ')}</span>`
        : ` <span class=fsr-t>${name ? '' : typeLabel(variant, ctx)}</span>`
    const body = name
      ? hasStructure(resolved)
        ? lazy(name, ctx)
        : ''
      : join([
          markdown(resolved.description, ctx),
          hasStructure(resolved) ? schemaBody(resolved, ctx) : enumValues(resolved),
        ])
    return el('li', { class: 'fsr-v' }, el('div', { class: 'fsr-ph' }, title, when), body)
  })
  const lead = discriminator ? `${intro} (discriminator ${code(discriminator)}):` : `${intro}:`
  return el('div', { class: 'fsr-variants' }, `<p class=fsr-c>${lead}</p>`, el('ul', { class: 'fsr-vl' }, ...items))
}

/** A schema's structure: variants, then properties (required first, in document order). */
export function schemaBody(schema: Schema, ctx: SchemaContext): string {
  const merged = mergeAllOf(deref(schema, ctx), ctx)
  const required = new Set(merged.required ?? [])
  const entries = Object.entries(merged.properties ?? {})
  const rows = entries.map(([name, property]) => propertyRow(name, property, ctx, { required: required.has(name) }))
  const extra =
    typeof merged.additionalProperties === 'object' && entries.length > 0
      ? propertyRow('[any other key]', merged.additionalProperties, ctx)
      : ''
  return el(
    'div',
    { class: 'fsr-sbody' },
    variantsBlock(merged, ctx),
    rows.length > 0 || extra ? el('ul', { class: 'fsr-props' }, ...rows, extra) : '',
  )
}

/**
 * A schema where an operation or event uses it (request body, response, envelope): its type, and
 * its top-level structure expanded even when it is a named schema.
 */
export function schemaUsage(
  schema: Schema | undefined,
  ctx: SchemaContext,
  options: { expandData?: boolean } = {},
): string {
  if (!schema) return ''
  const inner = core(schema, ctx)
  const target = mergeAllOf(deref(inner, ctx), ctx)
  const label = el('div', { class: 'fsr-ph' }, `<span class=fsr-t>${typeLabel(schema, ctx)}</span>`)
  const description = schemaRefName(inner) ? inlineMarkdown(target.description?.split('\n\n')[0], ctx) : ''
  if (!hasStructure(target)) {
    return join([label, description && el('div', { class: 'fsr-c' }, description), enumValues(target)])
  }
  let body = schemaBody(target, ctx)
  if (options.expandData && target.properties?.data) {
    // Webhook envelopes: the payload (`data`) is expanded at build time, one level.
    const required = new Set(target.required ?? [])
    const rows = Object.entries(target.properties).map(([name, property]) =>
      propertyRow(name, property, ctx, { required: required.has(name), expandNamed: name === 'data' }),
    )
    body = el('div', { class: 'fsr-sbody' }, variantsBlock(target, ctx), el('ul', { class: 'fsr-props' }, ...rows))
  }
  return join([label, description && el('div', { class: 'fsr-c' }, description), body])
}

/** Short plain text of a type, for samples and the try-it console. */
export function plainType(schema: Schema | undefined, ctx: SchemaContext): string {
  return typeLabel(schema, ctx)
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
}
