import type { Kysely } from 'kysely'

/**
 * One-time admin links (decision 0035): the set-password link `fanshelf shop create` prints, staff
 * invitations and password resets. Only the SHA-256 digest of the link's token is stored; a link is
 * used once (an atomic conditional update sets `used_at`) and never after `expires_at`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('admin_links')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('shop_id', 'text', (c) => c.notNull().references('shops.id'))
    .addColumn('admin_user_id', 'text', (c) => c.notNull().references('admin_users.id'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute()
  await db.schema.createIndex('admin_links_admin_user').on('admin_links').column('admin_user_id').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('admin_links').execute()
}
