import type { Executor } from '../../db/database.js'
import type { PageRequest } from '../paging/paging.js'

/**
 * Catalog reads of the storefront: only what the shop publishes. Public products are listed;
 * hidden ones are reachable by slug only; archived ones never answer.
 */

export function findVisibleProductBySlug(db: Executor, shopId: string, slug: string) {
  return db
    .selectFrom('products')
    .selectAll()
    .where('shop_id', '=', shopId)
    .where('slug', '=', slug)
    .where('access', 'in', ['PUBLIC', 'HIDDEN'])
    .executeTakeFirst()
}

/** The built-in `all` collection: every public product, newest first. */
export function listPublicProducts(db: Executor, shopId: string, page: PageRequest) {
  return db
    .selectFrom('products')
    .selectAll()
    .where('shop_id', '=', shopId)
    .where('access', '=', 'PUBLIC')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.size)
    .offset(page.offset)
    .execute()
}

export async function countPublicProducts(db: Executor, shopId: string): Promise<number> {
  const row = await db
    .selectFrom('products')
    .where('shop_id', '=', shopId)
    .where('access', '=', 'PUBLIC')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

export function findCollectionBySlug(db: Executor, shopId: string, slug: string) {
  return db
    .selectFrom('collections')
    .selectAll()
    .where('shop_id', '=', shopId)
    .where('slug', '=', slug)
    .executeTakeFirst()
}

/** The shop's own collections by name (the built-in `all` is not stored). */
export function listCollections(db: Executor, shopId: string, limit: number, offset: number) {
  return db
    .selectFrom('collections')
    .select(['id', 'name', 'slug', 'description'])
    .where('shop_id', '=', shopId)
    .where('slug', '!=', 'all')
    .orderBy('name')
    .orderBy('id')
    .limit(limit)
    .offset(offset)
    .execute()
}

export async function countCollections(db: Executor, shopId: string): Promise<number> {
  const row = await db
    .selectFrom('collections')
    .where('shop_id', '=', shopId)
    .where('slug', '!=', 'all')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

function publicProductsOf(db: Executor, shopId: string, collectionId: string) {
  return db
    .selectFrom('collection_products as cp')
    .innerJoin('products as p', 'p.id', 'cp.product_id')
    .where('cp.collection_id', '=', collectionId)
    .where('p.shop_id', '=', shopId)
    .where('p.access', '=', 'PUBLIC')
}

/** A collection's public products in the collection's order. */
export function listCollectionProducts(db: Executor, shopId: string, collectionId: string, page: PageRequest) {
  return publicProductsOf(db, shopId, collectionId)
    .selectAll('p')
    .orderBy('cp.position')
    .orderBy('p.id')
    .limit(page.size)
    .offset(page.offset)
    .execute()
}

export async function countCollectionProducts(db: Executor, shopId: string, collectionId: string): Promise<number> {
  const row = await publicProductsOf(db, shopId, collectionId)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow()
  return Number(row.count)
}
