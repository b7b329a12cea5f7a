import { sql } from 'kysely'
import type { Executor } from '../../db/database.js'

/** Reads of the product feed: the shop's public products, in pages (keyset on created_at, id). */

/** The install's first shop (oldest): what a loopback host, which names no shop, is served. */
export function findFirstShop(db: Executor) {
  return db.selectFrom('shops').selectAll().orderBy('created_at').orderBy('id').limit(1).executeTakeFirst()
}

export function findShopByHost(db: Executor, host: string) {
  return db
    .selectFrom('shops')
    .selectAll()
    .where((eb) => eb.or([eb('domain', '=', host), eb('public_domain', '=', host)]))
    .executeTakeFirst()
}

/** Public products after the `after` key, newest first. */
export function listPublicProductsPage(
  db: Executor,
  shopId: string,
  after: { createdAt: string; id: string } | undefined,
  limit: number,
) {
  return db
    .selectFrom('products')
    .selectAll()
    .where('shop_id', '=', shopId)
    .where('access', '=', 'PUBLIC')
    .$if(after !== undefined, (q) =>
      q.where((eb) =>
        eb.or([
          eb('created_at', '<', after!.createdAt),
          eb.and([eb('created_at', '=', after!.createdAt), eb('id', '<', after!.id)]),
        ]),
      ),
    )
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute()
}

/** What the feed's validator is computed from: how many public products and variants, and the latest change. */
export async function feedVersion(db: Executor, shopId: string) {
  const products = await db
    .selectFrom('products')
    .where('shop_id', '=', shopId)
    .where('access', '=', 'PUBLIC')
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.max('updated_at').as('latest')])
    .executeTakeFirstOrThrow()
  const variants = await db
    .selectFrom('variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .where('p.shop_id', '=', shopId)
    .where('p.access', '=', 'PUBLIC')
    .select((eb) => [
      eb.fn.countAll<number>().as('count'),
      eb.fn.max('v.updated_at').as('latest'),
      // Stock changes are part of the feed (availability); the sum moves with every sale.
      sql<number>`coalesce(sum(v.in_stock), 0)`.as('stock'),
    ])
    .executeTakeFirstOrThrow()
  return {
    products: Number(products.count),
    variants: Number(variants.count),
    stock: Number(variants.stock),
    latest:
      [products.latest, variants.latest]
        .filter((t): t is string => typeof t === 'string')
        .sort()
        .pop() ?? '',
  }
}
