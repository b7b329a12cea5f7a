import type { Db } from '../db/database.js'
import type { Database } from '../db/schema.js'

/**
 * The order `resetDatabase` empties the tables in: children before parents. Tables not listed here
 * (added by later migrations) are emptied first, and any table a foreign key still holds is retried.
 */
const deletionOrder: readonly string[] = [
  'events',
  'order_downloads',
  'digital_files',
  'media_blobs',
  'media_files',
  'gift_draw_gifts',
  'webhook_configurations',
  'platform_app_tokens',
  'platform_app_codes',
  'platform_app_grants',
  'platform_apps',
  'storefront_tokens',
  'thank_yous',
  'gifts',
  'gift_draws',
  'gift_purchases',
  'giveaway_packages',
  'order_status_changes',
  'order_lines',
  'orders',
  'promotion_codes',
  'promotions',
  'donations',
  'collection_products',
  'collections',
  'variants',
  'products',
  'members',
  'membership_tier_variants',
  'membership_tiers',
  'mailing_list_entries',
  'streaming_services',
  'api_users',
  'admin_users',
  'shops',
]

const bookkeepingTables = /^(schema_migrations|kysely_migration)/

/**
 * Deletes every row of every table (for `fanshelf seed --reset`), children before parents. The
 * schema and the migration bookkeeping stay.
 */
export async function resetDatabase(db: Db): Promise<void> {
  const tables = (await db.introspection.getTables()).filter((t) => !t.isView)
  // On PostgreSQL only the schema the application's tables live in (the one holding `shops`).
  const schema = tables.find((t) => t.name === 'shops')?.schema
  const existing = [
    ...new Set(tables.filter((t) => t.schema === schema && !bookkeepingTables.test(t.name)).map((t) => t.name)),
  ]
  const known = deletionOrder.filter((name) => existing.includes(name))
  let pending = [...existing.filter((name) => !deletionOrder.includes(name)).sort(), ...known]
  // Tables this file does not know may reference known ones (or each other): retry until none is left.
  while (pending.length > 0) {
    const failed: string[] = []
    let lastError: unknown
    for (const table of pending) {
      try {
        await db.deleteFrom(table as keyof Database).execute()
      } catch (error) {
        failed.push(table)
        lastError = error
      }
    }
    if (failed.length === pending.length) {
      throw new Error(`Could not empty tables ${failed.join(', ')}: ${String(lastError)}`, { cause: lastError })
    }
    pending = failed
  }
}
