import type { Kysely } from 'kysely'

/**
 * MCP clients that register themselves (RFC 7591) and tokens bound to a resource (RFC 8707),
 * decision 0051:
 *
 * - `platform_apps.registration`: `OPERATOR` (invite-only, `fanshelf app create`) or `DYNAMIC`
 *   (an MCP client that registered at `/oauth/register`: a public client, PKCE required, no secret).
 * - `platform_apps.registration_expires_at`: a dynamic registration no shop has approved yet is
 *   forgotten at this time; the first approval clears it.
 * - `platform_app_codes.resource`, `platform_app_tokens.resource`: the resource indicator the
 *   consent or the token request named (null: none, as every token issued before).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('platform_apps')
    .addColumn('registration', 'text', (c) => c.notNull().defaultTo('OPERATOR'))
    .execute()
  await db.schema.alterTable('platform_apps').addColumn('registration_expires_at', 'text').execute()
  await db.schema.alterTable('platform_app_codes').addColumn('resource', 'text').execute()
  await db.schema.alterTable('platform_app_tokens').addColumn('resource', 'text').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('platform_app_tokens').dropColumn('resource').execute()
  await db.schema.alterTable('platform_app_codes').dropColumn('resource').execute()
  await db.schema.alterTable('platform_apps').dropColumn('registration_expires_at').execute()
  await db.schema.alterTable('platform_apps').dropColumn('registration').execute()
}
