import type { OpenApiDocument, Reference, Schema } from './types.ts'

/**
 * Resolves the internal `$ref`s of a bundled document (every external ref has been moved into
 * `components` by the bundler) while remembering the component's name — the renderer links a
 * named schema to its own section instead of copying it, which keeps the HTML proportional to the
 * document and makes recursive schemas a non-issue.
 */
export interface Resolved<T> {
  value: T
  /** Component name when the value came from `#/components/<kind>/<name>`. */
  name?: string
  kind?: string
}

export function isRef(value: unknown): value is Reference {
  return typeof value === 'object' && value !== null && typeof (value as { $ref?: unknown }).$ref === 'string'
}

function unescapePointer(segment: string): string {
  return decodeURIComponent(segment).replace(/~1/g, '/').replace(/~0/g, '~')
}

export function refName(ref: string): { kind?: string; name?: string } {
  const match = /^#\/components\/([^/]+)\/([^/]+)$/.exec(ref)
  if (!match) return {}
  return { kind: match[1], name: unescapePointer(match[2] ?? '') }
}

export function resolvePointer(doc: OpenApiDocument, ref: string): unknown {
  if (!ref.startsWith('#')) throw new Error(`External $ref left after bundling: ${ref}`)
  const segments = ref.slice(1).split('/').filter(Boolean).map(unescapePointer)
  let node: unknown = doc
  for (const segment of segments) {
    if (typeof node !== 'object' || node === null || !(segment in node)) {
      throw new Error(`Unresolvable $ref ${ref}`)
    }
    node = (node as Record<string, unknown>)[segment]
  }
  return node
}

/** Follows a chain of `$ref`s (at most 32 hops); the name is the first component named on the way. */
export function resolve<T>(doc: OpenApiDocument, value: T | Reference): Resolved<T> {
  let current: unknown = value
  let name: string | undefined
  let kind: string | undefined
  for (let hops = 0; isRef(current); hops++) {
    if (hops > 32) throw new Error(`$ref cycle at ${current.$ref}`)
    const named = refName(current.$ref)
    if (name === undefined && named.name !== undefined) {
      name = named.name
      kind = named.kind
    }
    current = resolvePointer(doc, current.$ref)
  }
  return { value: current as T, ...(name !== undefined ? { name } : {}), ...(kind !== undefined ? { kind } : {}) }
}

/** A schema's component name if it is a `$ref` to `#/components/schemas/<name>`. */
export function schemaRefName(schema: Schema | undefined): string | undefined {
  if (!schema?.$ref) return undefined
  const { kind, name } = refName(schema.$ref)
  return kind === 'schemas' ? name : undefined
}
