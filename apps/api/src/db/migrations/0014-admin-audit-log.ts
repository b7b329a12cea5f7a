import type { Kysely } from 'kysely'

/**
 * The merchant admin's audit log (decision 0027): one row per credential, webhook or app change a
 * signed-in admin made — who (admin user id and email, kept even if the admin is removed later),
 * when, which action of the role matrix and on what. Never a secret: the target is an id.
 * Ids are time-ordered (`aud_<time><sequence><random>`), so `id` orders entries of one instant too.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('admin_audit_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('shop_id', 'text', (c) => c.notNull().references('shops.id'))
    .addColumn('admin_user_id', 'text', (c) => c.notNull())
    .addColumn('admin_email', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('admin_audit_log_shop_newest')
    .on('admin_audit_log')
    .columns(['shop_id', 'created_at', 'id'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('admin_audit_log').execute()
}
