import type { ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { isRef, schemaRefName } from '../refs.ts'
import { deref, isNullSchema, mergeAllOf, type SchemaContext, types, variantsOf } from '../schema.ts'
import type { Schema } from '../types.ts'
import { codes, joined } from './primitives.tsx'

/** What a schema is, in a line: its type label, constraints and enum values. */

export function SchemaLink({ name, ctx }: { name: string; ctx: SchemaContext }) {
  return <a href={ctx.schemaHref(name)}>{name}</a>
}

/** The type: named schemas link to their section. */
export function typeLabel(schema: Schema | undefined, ctx: SchemaContext): ReactNode {
  if (!schema) return 'any'
  const name = schemaRefName(schema)
  if (name) return <SchemaLink name={name} ctx={ctx} />
  if (isRef(schema)) return typeLabel(deref(schema, ctx), ctx)
  const variants = variantsOf(schema)
  if (variants) {
    // Labels repeat when variants differ only in structure (`object | object`): shown once.
    const labels = new Map<string, ReactNode>()
    for (const variant of variants) {
      const label = isNullSchema(deref(variant, ctx)) ? 'null' : typeLabel(variant, ctx)
      const key = typeof label === 'string' ? label : renderToStaticMarkup(label)
      if (!labels.has(key)) labels.set(key, label)
    }
    return joined([...labels.values()], ' | ')
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
  return joined(
    list.map((type): ReactNode => {
      if (type === 'array') return <>array of {typeLabel(schema.items, ctx)}</>
      if (type === 'object' && !schema.properties && typeof schema.additionalProperties === 'object') {
        return <>map of {typeLabel(schema.additionalProperties, ctx)}</>
      }
      if (schema.format && type !== 'null') return `${type}<${schema.format}>`
      return type
    }),
    ' | ',
  )
}

/** Short plain text of a type, for samples and the try-it console. */
export function plainType(schema: Schema | undefined, ctx: SchemaContext): string {
  return renderToStaticMarkup(typeLabel(schema, ctx))
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
}

export function literal(value: unknown): ReactNode {
  return <code>{typeof value === 'string' ? value : JSON.stringify(value)}</code>
}

/** Constraints worth a reader's attention. */
export function constraints(schema: Schema): ReactNode[] {
  const out: ReactNode[] = []
  const range = (min: number | undefined, max: number | undefined, unit: string) => {
    if (min !== undefined && max !== undefined)
      out.push(min === max ? `exactly ${min} ${unit}` : `${min}–${max} ${unit}`)
    else if (min !== undefined) out.push(`at least ${min} ${unit}`)
    else if (max !== undefined) out.push(`at most ${max} ${unit}`)
  }
  if (typeof schema.exclusiveMinimum === 'number') out.push(`> ${schema.exclusiveMinimum}`)
  if (schema.minimum !== undefined) out.push(`${schema.exclusiveMinimum === true ? '>' : '≥'} ${schema.minimum}`)
  if (typeof schema.exclusiveMaximum === 'number') out.push(`< ${schema.exclusiveMaximum}`)
  if (schema.maximum !== undefined) out.push(`${schema.exclusiveMaximum === true ? '<' : '≤'} ${schema.maximum}`)
  if (schema.multipleOf !== undefined) out.push(`multiple of ${schema.multipleOf}`)
  range(schema.minLength, schema.maxLength, 'characters')
  range(schema.minItems, schema.maxItems, 'items')
  range(schema.minProperties, schema.maxProperties, 'properties')
  if (schema.uniqueItems) out.push('unique items')
  if (schema.pattern) out.push(<>pattern {literal(schema.pattern)}</>)
  if (schema.const !== undefined) out.push(<>always {literal(schema.const)}</>)
  if (schema.default !== undefined) out.push(<>default {literal(schema.default)}</>)
  if (schema.additionalProperties === false && schema.properties) out.push('no other properties')
  return out
}

/** Constraints joined with ` · `. */
export function Facts({ facts }: { facts: ReactNode[] }) {
  return <>{joined(facts, ' · ')}</>
}

export function EnumValues({ schema }: { schema: Schema }) {
  if (!schema.enum) return null
  return (
    <div className="fsr-enum">
      <span>One of:</span>{' '}
      {codes(schema.enum.map((value) => (typeof value === 'string' ? value : JSON.stringify(value))))}
    </div>
  )
}
