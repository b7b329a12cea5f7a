import type { Kysely } from 'kysely'

/**
 * Shop settings in the admin (decision 0037): the hosted checkout's accent colour per shop (`null`:
 * the checkout's own), and the audit log's record of which settings a `shopSettings.update`
 * changed (a JSON array of names; `null` for every other action). Both nullable: rows written
 * before keep their meaning.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('shops').addColumn('accent_color', 'text').execute()
  await db.schema.alterTable('admin_audit_log').addColumn('changed_fields', 'text').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('admin_audit_log').dropColumn('changed_fields').execute()
  await db.schema.alterTable('shops').dropColumn('accent_color').execute()
}
