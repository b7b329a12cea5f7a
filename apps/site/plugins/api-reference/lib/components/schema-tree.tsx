import type { ReactNode } from 'react'
import { inlineMarkdown, markdown } from '../markdown.ts'
import { isRef, schemaRefName } from '../refs.ts'
import {
  core,
  deref,
  discriminatorValues,
  hasStructure,
  isNullable,
  isNullSchema,
  mergeAllOf,
  type SchemaContext,
  variantsOf,
} from '../schema.ts'
import type { Schema } from '../types.ts'
import { codes, joined } from './primitives.tsx'
import { constraints, EnumValues, Facts, SchemaLink, typeLabel } from './schema-facts.tsx'

/**
 * Schemas as property trees (lib/schema.ts says how named, nested and variant schemas are shown).
 */

interface RowOptions {
  required?: boolean
  /** Expand a named schema's properties at build time (one level) instead of lazily. */
  expandNamed?: boolean
  /** After the row's content (a parameter's example). */
  after?: ReactNode
}

/** Flags after the type: required, nullable, read/write-only, deprecated, beta. */
function flags(schema: Schema, resolved: Schema, ctx: SchemaContext, required: boolean | undefined): ReactNode {
  const list: ReactNode[] = [
    required && <span className="fsr-f fsr-req">required</span>,
    isNullable(schema, ctx) && <span className="fsr-f">nullable</span>,
    resolved.readOnly && <span className="fsr-f">read-only</span>,
    resolved.writeOnly && <span className="fsr-f">write-only</span>,
    resolved.deprecated && <span className="fsr-f fsr-dep">deprecated</span>,
    resolved['x-beta'] === true && <span className="fsr-f fsr-beta">beta</span>,
  ].filter(Boolean)
  return joined(list, ' ')
}

/** One property (or parameter) row: name, type, flags, description, constraints, nested content. */
export function PropertyRow({
  name,
  schema,
  ctx,
  options = {},
}: {
  name: string
  schema: Schema
  ctx: SchemaContext
  options?: RowOptions
}) {
  const resolved = mergeAllOf(deref(schema, ctx), ctx)
  const description = schema.description ?? (isRef(schema) ? undefined : resolved.description)
  const facts = constraints(resolved)
  return (
    <li className="fsr-p">
      <div className="fsr-ph">
        <code className="fsr-pn">{name}</code> <span className="fsr-t">{typeLabel(schema, ctx)}</span>{' '}
        {flags(schema, resolved, ctx, options.required)}
      </div>
      {markdown(description, ctx)}
      {facts.length > 0 && (
        <div className="fsr-c">
          <Facts facts={facts} />
        </div>
      )}
      <EnumValues schema={resolved} />
      <ExamplesLine schema={resolved} />
      <Nested schema={schema} ctx={ctx} expandNamed={options.expandNamed ?? false} />
      {options.after}
    </li>
  )
}

function ExamplesLine({ schema }: { schema: Schema }) {
  const list = schema.examples ?? (schema.example !== undefined ? [schema.example] : [])
  const scalars = list.filter(
    (value) =>
      value === null ||
      typeof value !== 'object' ||
      (Array.isArray(value) && value.every((item) => item === null || typeof item !== 'object')),
  )
  if (scalars.length === 0) return null
  return (
    <div className="fsr-c">
      Example: {codes(scalars.map((value) => (typeof value === 'string' ? value : JSON.stringify(value))))}
    </div>
  )
}

/** Nested content of a property: lazy named schema, inline object, variants. */
function Nested({ schema, ctx, expandNamed }: { schema: Schema; ctx: SchemaContext; expandNamed: boolean }) {
  const inner = core(schema, ctx)
  const name = schemaRefName(inner)
  if (name) {
    const target = mergeAllOf(deref(inner, ctx), ctx)
    // Enums of a named schema are already listed by the row (it reads the resolved schema).
    if (!hasStructure(target)) return inner === schema || !target.enum ? null : <EnumValues schema={target} />
    if (expandNamed) {
      return (
        <details className="fsr-x" open>
          <summary>Properties of {name}</summary>
          <SchemaBody schema={target} ctx={ctx} />
        </details>
      )
    }
    return <Lazy name={name} ctx={ctx} />
  }
  const merged = mergeAllOf(inner, ctx)
  if (!hasStructure(merged)) return null
  const count = Object.keys(merged.properties ?? {}).length
  const summary = variantsOf(merged) ? 'Variants' : `${count} ${count === 1 ? 'property' : 'properties'}`
  return (
    <details className="fsr-x">
      <summary>{summary}</summary>
      <SchemaBody schema={merged} ctx={ctx} />
    </details>
  )
}

/**
 * A placeholder the browser fills with the named schema's properties (`<details class=fsr-lazy
 * data-src=schema/X>`, copied from the schema's section when opened); a link without JS.
 */
export function Lazy({ name, ctx }: { name: string; ctx: SchemaContext }) {
  const href = ctx.schemaHref(name)
  ctx.links.add(href)
  return (
    <details className="fsr-x fsr-lazy" data-src={`schema/${name}`}>
      <summary>Properties of {name}</summary>
      <p className="fsr-c">
        See <a href={href}>{name}</a>.
      </p>
    </details>
  )
}

/** Variants of a oneOf/anyOf with their discriminator values. */
function Variants({ schema, ctx }: { schema: Schema; ctx: SchemaContext }) {
  const variants = variantsOf(schema)
  if (!variants) return null
  const real = variants.filter((variant) => !isNullSchema(deref(variant, ctx)))
  const discriminator = schema.discriminator?.propertyName
  const intro = schema.oneOf ? 'Exactly one of' : 'Any of'
  return (
    <div className="fsr-variants">
      <p className="fsr-c">
        {discriminator ? (
          <>
            {intro} (discriminator <code>{discriminator}</code>):
          </>
        ) : (
          `${intro}:`
        )}
      </p>
      <ul className="fsr-vl">
        {real.map((variant, index) => {
          const name = schemaRefName(variant)
          const values = discriminatorValues(schema, variant, ctx)
          const resolved = mergeAllOf(deref(variant, ctx), ctx)
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: variants have no other identity
            <li className="fsr-v" key={index}>
              <div className="fsr-ph">
                {name ? <SchemaLink name={name} ctx={ctx} /> : (resolved.title ?? `Option ${index + 1}`)}{' '}
                {discriminator && values.length > 0 ? (
                  <span className="fsr-c">
                    when <code>{discriminator}</code> is {codes(values, ' or ')}
                  </span>
                ) : (
                  <span className="fsr-t">{name ? '' : typeLabel(variant, ctx)}</span>
                )}
              </div>
              {name ? (
                hasStructure(resolved) && <Lazy name={name} ctx={ctx} />
              ) : (
                <>
                  {markdown(resolved.description, ctx)}
                  {hasStructure(resolved) ? (
                    <SchemaBody schema={resolved} ctx={ctx} />
                  ) : (
                    <EnumValues schema={resolved} />
                  )}
                </>
              )}
            </li>
          )
        })}
      </ul>
    </div>
  )
}

/** A schema's structure: variants, then properties (required first, in document order). */
export function SchemaBody({
  schema,
  ctx,
  expandData = false,
}: {
  schema: Schema
  ctx: SchemaContext
  expandData?: boolean
}) {
  const merged = mergeAllOf(deref(schema, ctx), ctx)
  const required = new Set(merged.required ?? [])
  const entries = Object.entries(merged.properties ?? {})
  const extra = !expandData && typeof merged.additionalProperties === 'object' && entries.length > 0
  return (
    <div className="fsr-sbody">
      <Variants schema={merged} ctx={ctx} />
      {(entries.length > 0 || extra) && (
        <ul className="fsr-props">
          {entries.map(([name, property]) => (
            <PropertyRow
              key={name}
              name={name}
              schema={property}
              ctx={ctx}
              options={{ required: required.has(name), expandNamed: expandData && name === 'data' }}
            />
          ))}
          {extra && <PropertyRow name="[any other key]" schema={merged.additionalProperties as Schema} ctx={ctx} />}
        </ul>
      )}
    </div>
  )
}

/**
 * A schema where an operation or event uses it (request body, response, envelope): its type, and
 * its top-level structure expanded even when it is a named schema. Webhook envelopes
 * (`expandData`) also expand the payload (`data`) at build time, one level.
 */
export function SchemaUsage({
  schema,
  ctx,
  expandData = false,
}: {
  schema: Schema | undefined
  ctx: SchemaContext
  expandData?: boolean
}) {
  if (!schema) return null
  const inner = core(schema, ctx)
  const target = mergeAllOf(deref(inner, ctx), ctx)
  const description = schemaRefName(inner) ? inlineMarkdown(target.description?.split('\n\n')[0], ctx) : null
  return (
    <>
      <div className="fsr-ph">
        <span className="fsr-t">{typeLabel(schema, ctx)}</span>
      </div>
      {description && <div className="fsr-c">{description}</div>}
      {hasStructure(target) ? (
        <SchemaBody schema={target} ctx={ctx} expandData={expandData && Boolean(target.properties?.data)} />
      ) : (
        <EnumValues schema={target} />
      )}
    </>
  )
}
