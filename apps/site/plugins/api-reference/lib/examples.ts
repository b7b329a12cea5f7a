import { resolve } from './refs.ts'
import { deref, isNullSchema, mergeAllOf, type SchemaContext } from './schema.ts'
import type { Example, MediaType, Reference, Schema } from './types.ts'

/**
 * Example values: the document's own examples first (media type `example`, then `examples`,
 * then the schema's `examples`/`example`), synthesised from the schema only when there is none.
 */

export interface NamedExample {
  name?: string
  summary?: string
  value: unknown
}

export function mediaTypeExamples(media: MediaType | undefined, ctx: SchemaContext): NamedExample[] {
  if (!media) return []
  if (media.example !== undefined) return [{ value: media.example }]
  if (media.examples) {
    return Object.entries(media.examples).map(([name, example]) => {
      const resolved = resolve<Example>(ctx.doc, example as Example | Reference).value
      return { name, ...(resolved.summary ? { summary: resolved.summary } : {}), value: resolved.value }
    })
  }
  if (media.schema) return [{ value: exampleOf(media.schema, ctx) }]
  return []
}

const formatExamples: Record<string, string> = {
  'date-time': '2026-11-20T14:32:07.412Z',
  date: '2026-11-20',
  time: '14:32:07Z',
  email: 'sam.rivera@example.com',
  uri: 'https://example.com/',
  url: 'https://example.com/',
  uuid: 'c1f5e2a4-8b3d-4f6a-9e7c-2d1b0a9f8e71',
  hostname: 'shop.example.com',
  ipv4: '192.0.2.1',
  ipv6: '2001:db8::1',
  password: '••••••••',
}

/** A plausible value for the schema (bounded depth, recursion-safe). */
export function exampleOf(schema: Schema | undefined, ctx: SchemaContext, depth = 0, stack: string[] = []): unknown {
  if (!schema) return null
  if (schema.$ref) {
    if (stack.includes(schema.$ref) || depth > 8) return undefined
    return exampleOf(deref(schema, ctx), ctx, depth, [...stack, schema.$ref])
  }
  const s = mergeAllOf(schema, ctx)
  if (s.examples?.length) return s.examples[0]
  if (s.example !== undefined) return s.example
  if (s.const !== undefined) return s.const
  if (s.default !== undefined) return s.default
  if (s.enum?.length) return s.enum[0]
  const variants = s.oneOf ?? s.anyOf
  if (variants) {
    const first = variants.find((variant) => !isNullSchema(deref(variant, ctx)))
    return exampleOf(first, ctx, depth + 1, stack)
  }
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type
  switch (type ?? (s.properties ? 'object' : s.items ? 'array' : undefined)) {
    case 'object': {
      const out: Record<string, unknown> = {}
      for (const [name, property] of Object.entries(s.properties ?? {})) {
        const value = exampleOf(property, ctx, depth + 1, stack)
        if (value !== undefined) out[name] = value
      }
      return out
    }
    case 'array': {
      const item = exampleOf(s.items, ctx, depth + 1, stack)
      return item === undefined ? [] : [item]
    }
    case 'string':
      return (
        (s.format && formatExamples[s.format]) ?? (s.pattern?.startsWith('^') ? patternExample(s.pattern) : 'string')
      )
    case 'integer':
      return s.minimum ?? 0
    case 'number':
      return s.minimum ?? 0
    case 'boolean':
      return true
    case 'null':
      return null
    default:
      return null
  }
}

/** `^gft_` → `gft_…`: enough to show the shape of a prefixed id. */
function patternExample(pattern: string): string {
  const prefix = /^\^([A-Za-z0-9_]+)/.exec(pattern)?.[1]
  return prefix ? `${prefix}Xb3kTq9LmN2pR7vW1yZ4cA` : 'string'
}

/** Parameter example as a string for a URL, from `example`, `examples`, the schema. */
export function parameterExample(
  parameter: { example?: unknown; examples?: Record<string, Example | Reference>; schema?: Schema },
  ctx: SchemaContext,
): unknown {
  if (parameter.example !== undefined) return parameter.example
  const first = parameter.examples ? Object.values(parameter.examples)[0] : undefined
  if (first) return resolve<Example>(ctx.doc, first).value
  return exampleOf(parameter.schema, ctx)
}
