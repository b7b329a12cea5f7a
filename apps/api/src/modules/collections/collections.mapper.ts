import type { CollectionRow } from './collections.repository.js'

/** A stored collection on the open API wire: every Fanshelf collection is public on the storefront. */
export function toCollectionResource(row: CollectionRow) {
  // SQLite answers EXISTS as 0/1, PostgreSQL as a boolean.
  const available = Boolean(Number(row.available))
  return {
    id: row.id,
    shopId: row.shop_id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    available,
    state: { type: 'PUBLIC' as const, available },
  }
}
