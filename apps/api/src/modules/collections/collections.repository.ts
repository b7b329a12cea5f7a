import { sql } from 'kysely'
import type { Executor } from '../../db/database.js'
import { containsPattern } from '../../db/like-pattern.js'
import type { PageRequest } from '../paging/paging.js'

/** The shop's stored collections (the storefront's built-in `all` is not stored), optionally searched. */
function filteredCollections(db: Executor, shopId: string, search: string | undefined) {
  let query = db.selectFrom('collections as c').where('c.shop_id', '=', shopId).where('c.slug', '!=', 'all')
  if (search) {
    // lower() on both sides: case-insensitive on SQLite and PostgreSQL alike; ESCAPE read the same by both.
    const pattern = containsPattern(search)
    query = query.where(
      sql<boolean>`(lower(c.name) like ${pattern} escape '\\' or lower(c.slug) like ${pattern} escape '\\')`,
    )
  }
  return query
}

/** A page of collections by name, each with whether a public, available product is in it. */
export function listCollections(db: Executor, shopId: string, search: string | undefined, page: PageRequest) {
  return filteredCollections(db, shopId, search)
    .select(['c.id', 'c.shop_id', 'c.name', 'c.slug', 'c.description'])
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('collection_products as cp')
            .innerJoin('products as p', 'p.id', 'cp.product_id')
            .select('cp.product_id')
            .whereRef('cp.collection_id', '=', 'c.id')
            .where('p.shop_id', '=', shopId)
            .where('p.access', '=', 'PUBLIC')
            .where('p.state', '=', 'AVAILABLE'),
        )
        .as('available'),
    )
    .orderBy('c.name')
    .orderBy('c.id')
    .limit(page.size)
    .offset(page.offset)
    .execute()
}

export async function countCollections(db: Executor, shopId: string, search: string | undefined): Promise<number> {
  const row = await filteredCollections(db, shopId, search)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

export type CollectionRow = Awaited<ReturnType<typeof listCollections>>[number]
