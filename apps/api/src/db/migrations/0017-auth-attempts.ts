import type { Kysely } from 'kysely'

/**
 * Credential attempts (decision 0030): one counter per throttle key — an API user, a client address,
 * an admin email, an OAuth client — over a fixed window. A sign-in reserves its attempt with one
 * atomic upsert before the password is checked, so concurrent guesses cannot all slip under the
 * limit. Replaces `admin_login_failures` (one row per failure, counted after the check).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('auth_attempts')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    // Milliseconds since the epoch: compared, never displayed.
    .addColumn('window_ends_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('auth_attempts_window_ends').on('auth_attempts').columns(['window_ends_at']).execute()
  await db.schema.dropTable('admin_login_failures').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('admin_login_failures')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('failed_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('admin_login_failures_email_ip')
    .on('admin_login_failures')
    .columns(['email', 'ip', 'failed_at'])
    .execute()
  await db.schema
    .createIndex('admin_login_failures_ip')
    .on('admin_login_failures')
    .columns(['ip', 'failed_at'])
    .execute()
  await db.schema.dropTable('auth_attempts').execute()
}
