import type { VariantsTable } from '../../db/schema.js'
import { type ProductResource, toVariantResource } from './products.mapper.js'

/** What a product write is judged by, to tell an identical save (which changes nothing) from a change. */

/** JSON with object keys sorted, so that equal values compare equal whatever their key order. */
export function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => a.localeCompare(b)))
      : item,
  )
}

/** The product resource without its timestamps: what a change is judged by. */
export function contentOf(resource: ProductResource): string {
  const { updatedAt: _updated, createdAt: _created, ...content } = resource
  return canonical(content)
}

export function sameVariant(a: VariantsTable, b: VariantsTable): boolean {
  return a.position === b.position && canonical(toVariantResource(a)) === canonical(toVariantResource(b))
}
