import { sql } from 'kysely'
import * as oauth from 'oauth4webapi'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestPlatform, type TestPlatform } from '../../testing/test-platform.js'
import { consent, consentUrl, registerClient, signInAdmin } from './testing/oauth-harness.js'

/**
 * O7: a full dump of the database — every row of every table — contains none of the secrets the
 * flow handed out: client secret, webhook HMAC key, authorization codes, access and refresh tokens
 * (before and after rotation), the admin session token, and the seeded passwords.
 */

let platform: TestPlatform
beforeAll(async () => {
  platform = await createTestPlatform()
})
afterAll(() => platform.close())

async function dumpDatabase(): Promise<string> {
  const { db, dialect } = platform.app.platform.database
  const tables =
    dialect === 'sqlite'
      ? await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table'`.execute(db)
      : await sql<{
          name: string
        }>`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema()`.execute(db)
  const parts: string[] = []
  for (const { name } of tables.rows) {
    const rows = await sql`SELECT * FROM ${sql.table(name)}`.execute(db)
    parts.push(`-- ${name}\n${JSON.stringify(rows.rows)}`)
  }
  return parts.join('\n')
}

describe('secrets at rest (O7)', () => {
  it('stores no issued secret in plain text anywhere in the database', async () => {
    const client = await registerClient(platform, { scopes: ['order_read', 'webhook_write'] })
    const admin = await signInAdmin(platform)
    const secrets: string[] = [client.app.clientSecret, client.app.webhookHmacKey, admin.cookie.split('=')[1] as string]

    const verifier = oauth.generateRandomCodeVerifier()
    const callback = await consent(
      platform,
      admin,
      consentUrl(client, { state: 's', codeChallenge: await oauth.calculatePKCECodeChallenge(verifier) }),
    )
    const params = oauth.validateAuthResponse(client.as, client.client, callback, 's')
    secrets.push(params.get('code') as string)
    const first = await oauth.processAuthorizationCodeResponse(
      client.as,
      client.client,
      await oauth.authorizationCodeGrantRequest(
        client.as,
        client.client,
        client.auth,
        params,
        client.app.redirectUris[0] as string,
        verifier,
        client.options,
      ),
    )
    const second = await oauth.processRefreshTokenResponse(
      client.as,
      client.client,
      await oauth.refreshTokenGrantRequest(
        client.as,
        client.client,
        client.auth,
        first.refresh_token as string,
        client.options,
      ),
    )
    secrets.push(first.access_token, first.refresh_token as string, second.access_token, second.refresh_token as string)
    for (const shop of platform.credentials.shops) {
      secrets.push(shop.apiUser.password, ...shop.admins.map((a) => a.password))
    }

    const dump = await dumpDatabase()
    expect(dump).toContain('platform_app_tokens')
    expect(dump).toContain(client.app.clientId) // the dump is real: public ids are in it
    for (const secret of secrets)
      expect(dump.includes(secret), `${secret.slice(0, 5)}… is stored in plain text`).toBe(false)
    // The HMAC key is sealed, not hashed: deliveries must be signed with it.
    expect(await platform.app.platform.services.platformApps.appKeys.keyFor(client.app.clientId)).toBe(
      client.app.webhookHmacKey,
    )
  })
})
