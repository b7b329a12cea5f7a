import { sql } from 'kysely'
import type { Dialect, Executor } from '../../db/database.js'
import type { ShopsTable } from '../../db/schema.js'

export function findShop(db: Executor, shopId: string) {
  return db.selectFrom('shops').selectAll().where('id', '=', shopId).executeTakeFirst()
}

export function findShopByDomain(db: Executor, domain: string) {
  return db
    .selectFrom('shops')
    .selectAll()
    .where((eb) => eb.or([eb('domain', '=', domain), eb('public_domain', '=', domain)]))
    .executeTakeFirst()
}

export function listShops(db: Executor) {
  return db.selectFrom('shops').selectAll().orderBy('created_at').orderBy('id').execute()
}

/** Whether `host` is any shop's domain or public domain (other than `exceptShopId`'s). */
export async function isHostTaken(db: Executor, host: string, exceptShopId?: string): Promise<boolean> {
  const row = await db
    .selectFrom('shops')
    .select('id')
    .where((eb) => eb.or([eb('domain', '=', host), eb('public_domain', '=', host)]))
    .$if(exceptShopId !== undefined, (q) => q.where('id', '!=', exceptShopId as string))
    .executeTakeFirst()
  return row !== undefined
}

/** The shop's row, locked for the rest of the transaction on PostgreSQL (SQLite has one writer). */
export function findShopForUpdate(db: Executor, shopId: string, dialect: Dialect) {
  return db
    .selectFrom('shops')
    .selectAll()
    .where('id', '=', shopId)
    .$if(dialect === 'postgres', (q) => q.forUpdate())
    .executeTakeFirst()
}

/**
 * Serialises changes of shops' host names across the cluster for the rest of the transaction
 * (PostgreSQL: a transaction-scoped advisory lock; SQLite has one writer), so two shops cannot
 * take the same public domain at once (`domain` alone has a unique index).
 */
export async function lockShopHosts(db: Executor, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(hashtext('fanshelf:shop-hosts'))`.execute(db)
}

export type ShopSettingsRow = Pick<
  ShopsTable,
  'name' | 'domain' | 'public_domain' | 'currency' | 'contact_info' | 'accent_color' | 'updated_at'
>

export function updateShopSettings(db: Executor, shopId: string, row: ShopSettingsRow) {
  return db.updateTable('shops').set(row).where('id', '=', shopId).execute()
}

/**
 * The tables holding amounts in the shop's currency (or priced from it), by what the settings call
 * them: while any has a row of the shop, its currency stays (decision 0037).
 */
const pricedTables = {
  products: 'variants',
  orders: 'orders',
  promotions: 'promotions',
  'gift cards': 'gift_cards',
  donations: 'donations',
  gifts: 'gift_purchases',
  'membership prices': 'membership_tier_variants',
} as const

/** What holds the shop's currency: the kinds of priced records it has, in a fixed order. */
export async function pricedRecordKinds(db: Executor, shopId: string): Promise<string[]> {
  const found = await Promise.all(
    Object.entries(pricedTables).map(async ([kind, table]) => {
      const row = await db.selectFrom(table).select('shop_id').where('shop_id', '=', shopId).limit(1).executeTakeFirst()
      return row === undefined ? undefined : kind
    }),
  )
  return found.filter((kind): kind is string => kind !== undefined)
}
