import type { Kysely } from 'kysely'

/**
 * PKCE for every platform app (decision 0028, RFC 9700 §2.1.1): `pkce_required` is 1 unless the
 * operator registered the app as legacy (`fanshelf app create --pkce optional`, or
 * `fanshelf app pkce <clientId> optional` for an app that cannot send a challenge yet). Apps
 * registered before this migration require PKCE too; their operator opts them out explicitly.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('platform_apps')
    .addColumn('pkce_required', 'integer', (c) => c.notNull().defaultTo(1))
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('platform_apps').dropColumn('pkce_required').execute()
}
