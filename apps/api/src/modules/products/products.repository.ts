import { sql } from 'kysely'
import type { Dialect, Executor } from '../../db/database.js'
import { containsPattern } from '../../db/like-pattern.js'
import type { ProductsTable, VariantsTable } from '../../db/schema.js'
import { inListOrder, type PageWindow, sortDirection } from '../paging/long-lists.js'
import type { PageRequest } from '../paging/paging.js'

function filteredProducts(db: Executor, shopId: string, search: string | undefined) {
  let query = db.selectFrom('products').where('shop_id', '=', shopId)
  // `search_text` holds the lower-cased name and SKUs; lower-casing the term makes LIKE case-insensitive
  // on PostgreSQL too. The explicit ESCAPE keeps both engines reading `\` the same way.
  if (search) query = query.where(sql<boolean>`search_text like ${containsPattern(search)} escape '\\'`)
  return query
}

/** A page of products, newest first; the window (long-lists.ts) may read it from the list's end. */
export async function listProducts(db: Executor, shopId: string, search: string | undefined, window: PageWindow) {
  if (window.limit === 0) return []
  const direction = sortDirection(window)
  const rows = await filteredProducts(db, shopId, search)
    .selectAll()
    .orderBy('created_at', direction)
    .orderBy('id', direction)
    .limit(window.limit)
    .offset(window.offset)
    .execute()
  return inListOrder(window, rows)
}

export async function countProducts(db: Executor, shopId: string, search: string | undefined): Promise<number> {
  const row = await filteredProducts(db, shopId, search)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

export function findProduct(db: Executor, shopId: string, productId: string) {
  return db
    .selectFrom('products')
    .selectAll()
    .where('shop_id', '=', shopId)
    .where('id', '=', productId)
    .executeTakeFirst()
}

/** The variants of many products in one query, each product's in position order. */
export function listVariants(db: Executor, shopId: string, productIds: string[]) {
  if (productIds.length === 0) return Promise.resolve([])
  return db
    .selectFrom('variants')
    .selectAll()
    .where('shop_id', '=', shopId)
    .where('product_id', 'in', productIds)
    .orderBy('product_id')
    .orderBy('position')
    .execute()
}

/**
 * The shop's first variant a shopper can buy now — of a public, available product, in stock —
 * with its product (oldest product first, then the variant's position).
 */
export function findFirstSellableVariant(db: Executor, shopId: string) {
  return db
    .selectFrom('variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .select(['v.id', 'v.name', 'v.weight', 'v.dimensions', 'p.id as productId', 'p.name as productName', 'p.images'])
    .where('p.shop_id', '=', shopId)
    .where('v.shop_id', '=', shopId)
    .where('p.access', '=', 'PUBLIC')
    .where('p.state', '=', 'AVAILABLE')
    .where((eb) => eb.or([eb('v.stock_type', '=', 'UNLIMITED'), eb('v.in_stock', '>=', 1)]))
    .orderBy('p.created_at')
    .orderBy('p.id')
    .orderBy('v.position')
    .limit(1)
    .executeTakeFirst()
}

function limitedVariants(db: Executor, shopId: string, productId: string) {
  return db
    .selectFrom('variants')
    .where('shop_id', '=', shopId)
    .where('product_id', '=', productId)
    .where('stock_type', '=', 'LIMITED')
}

export function listLimitedVariants(db: Executor, shopId: string, productId: string, page: PageRequest) {
  return limitedVariants(db, shopId, productId)
    .selectAll()
    .orderBy('position')
    .orderBy('id')
    .limit(page.size)
    .offset(page.offset)
    .execute()
}

export async function countLimitedVariants(db: Executor, shopId: string, productId: string): Promise<number> {
  const row = await limitedVariants(db, shopId, productId)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

/** One product, locked until the transaction ends on PostgreSQL (SQLite serializes writers). */
export function findProductForUpdate(trx: Executor, shopId: string, productId: string, lock: Dialect) {
  return trx
    .selectFrom('products')
    .selectAll()
    .where('shop_id', '=', shopId)
    .where('id', '=', productId)
    .$if(lock === 'postgres', (q) => q.forUpdate())
    .executeTakeFirst()
}

/** Sets the product's state; false when it was no longer `from`. */
export async function updateProductState(
  trx: Executor,
  productId: string,
  from: ProductsTable['state'],
  to: ProductsTable['state'],
  updatedAt: string,
): Promise<boolean> {
  const result = await trx
    .updateTable('products')
    .set({ state: to, updated_at: updatedAt })
    .where('id', '=', productId)
    .where('state', '=', from)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

// ------------------------------------------------------------------ the admin's writes

export function findShopCurrency(db: Executor, shopId: string) {
  return db.selectFrom('shops').select('currency').where('id', '=', shopId).executeTakeFirst()
}

export function findProductIdBySlug(db: Executor, shopId: string, slug: string) {
  return db
    .selectFrom('products')
    .select('id')
    .where('shop_id', '=', shopId)
    .where('slug', '=', slug)
    .executeTakeFirst()
}

/** The variants among `variantIds` that an order line or a cart line refers to. */
export async function findReferencedVariantIds(db: Executor, variantIds: string[]): Promise<Set<string>> {
  if (variantIds.length === 0) return new Set()
  const [orderLines, cartLines] = await Promise.all([
    db.selectFrom('order_lines').select('variant_id').where('variant_id', 'in', variantIds).execute(),
    db.selectFrom('cart_lines').select('variant_id').where('variant_id', 'in', variantIds).execute(),
  ])
  return new Set([...orderLines, ...cartLines].map((row) => row.variant_id))
}

export function insertProduct(db: Executor, row: ProductsTable) {
  return db.insertInto('products').values(row).execute()
}

export function updateProductRow(db: Executor, productId: string, changes: Partial<ProductsTable>) {
  return db.updateTable('products').set(changes).where('id', '=', productId).execute()
}

export function insertVariant(db: Executor, row: VariantsTable) {
  return db.insertInto('variants').values(row).execute()
}

export function updateVariantRow(db: Executor, variantId: string, changes: Partial<VariantsTable>) {
  return db.updateTable('variants').set(changes).where('id', '=', variantId).execute()
}

export function deleteVariants(db: Executor, variantIds: string[]) {
  if (variantIds.length === 0) return Promise.resolve()
  return db.deleteFrom('variants').where('id', 'in', variantIds).execute()
}
