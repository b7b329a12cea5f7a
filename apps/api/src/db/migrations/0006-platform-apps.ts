import { type Kysely, sql } from 'kysely'

/**
 * Platform apps (OAuth 2) and admin sessions (issue 7).
 *
 * - `platform_apps`: registered apps (the id is the client id). The client secret is stored as a
 *   SHA-256 digest (it is high-entropy and only ever checked); the webhook HMAC key is sealed
 *   (secret-box.ts) because deliveries must be signed with it.
 * - `platform_app_grants`: a shop's consent to an app (the connection; the rate-limit principal).
 *   At most one active grant per app and shop (`platform_app_grants_active`).
 * - `platform_app_codes`: authorization codes, by digest; single use (`used_at`), 120 s. `family_id`
 *   names the tokens issued from the code, so a replay can revoke them.
 * - `platform_app_tokens`: access and refresh tokens, by digest. A refresh token is `rotated_at` once
 *   used; presenting it again revokes the grant.
 * - `admin_sessions`: merchant-admin sessions, by digest of the cookie value; idle and absolute expiry.
 * - `admin_login_failures`: failed sign-ins, counted per email + IP (and per IP) for throttling.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('platform_apps')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('redirect_uris', 'text', (c) => c.notNull())
    .addColumn('scopes', 'text', (c) => c.notNull())
    .addColumn('client_secret_hash', 'text', (c) => c.notNull())
    .addColumn('webhook_hmac_key_sealed', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('platform_app_grants')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('app_id', 'text', (c) => c.notNull().references('platform_apps.id'))
    .addColumn('shop_id', 'text', (c) => c.notNull().references('shops.id'))
    .addColumn('scopes', 'text', (c) => c.notNull())
    .addColumn('granted_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .addColumn('revoked_reason', 'text')
    .execute()
  await db.schema
    .createIndex('platform_app_grants_active')
    .on('platform_app_grants')
    .columns(['app_id', 'shop_id'])
    .unique()
    .where(sql.ref('revoked_at'), 'is', null)
    .execute()
  await db.schema
    .createIndex('platform_app_grants_shop')
    .on('platform_app_grants')
    .columns(['shop_id', 'created_at'])
    .execute()

  await db.schema
    .createTable('platform_app_codes')
    .addColumn('code_hash', 'text', (c) => c.primaryKey())
    .addColumn('grant_id', 'text', (c) => c.notNull().references('platform_app_grants.id'))
    .addColumn('app_id', 'text', (c) => c.notNull())
    .addColumn('shop_id', 'text', (c) => c.notNull())
    .addColumn('redirect_uri', 'text', (c) => c.notNull())
    .addColumn('code_challenge', 'text')
    .addColumn('code_challenge_method', 'text')
    .addColumn('scopes', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('family_id', 'text')
    .execute()
  await db.schema.createIndex('platform_app_codes_expiry').on('platform_app_codes').column('expires_at').execute()

  await db.schema
    .createTable('platform_app_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('grant_id', 'text', (c) => c.notNull().references('platform_app_grants.id'))
    .addColumn('app_id', 'text', (c) => c.notNull())
    .addColumn('shop_id', 'text', (c) => c.notNull())
    .addColumn('family_id', 'text', (c) => c.notNull())
    .addColumn('scopes', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('family_expires_at', 'text')
    .addColumn('rotated_at', 'text')
    .addColumn('revoked_at', 'text')
    .execute()
  await db.schema.createIndex('platform_app_tokens_grant').on('platform_app_tokens').column('grant_id').execute()
  await db.schema.createIndex('platform_app_tokens_family').on('platform_app_tokens').column('family_id').execute()

  await db.schema
    .createTable('admin_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('admin_user_id', 'text', (c) => c.notNull().references('admin_users.id'))
    .addColumn('shop_id', 'text', (c) => c.notNull().references('shops.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addColumn('idle_expires_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .execute()
  await db.schema.createIndex('admin_sessions_user').on('admin_sessions').column('admin_user_id').execute()

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
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('admin_login_failures').execute()
  await db.schema.dropTable('admin_sessions').execute()
  await db.schema.dropTable('platform_app_tokens').execute()
  await db.schema.dropTable('platform_app_codes').execute()
  await db.schema.dropTable('platform_app_grants').execute()
  await db.schema.dropTable('platform_apps').execute()
}
