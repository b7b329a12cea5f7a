import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseConfig, testDatabaseUrl } from '../config.js'
import { type DatabaseHandle, migrateToLatest, openDatabase } from '../db/database.js'
import { loadContract } from '../http/contract.js'
import { isWellFormedSecret } from '../modules/platform-apps/opaque-tokens.js'
import { platformScopes } from '../modules/platform-apps/platform-scopes.js'
import { verifyPassword } from '../security/passwords.js'
import { tokenHash } from '../security/secret-box.js'
import { createTestDatabase } from '../testing/test-database.js'
import { resetDatabase } from './database-reset.js'
import { isSeeded, seedDemo } from './demo-seed.js'
import {
  type Dump,
  dump,
  publicUrl,
  type Seeded,
  secretBox,
  seededTables,
  seedFresh,
  seedOptions,
  sqliteDump,
  withoutCredentials,
} from './demo-seed-fixture.js'

// The demo seed across runs: the same data every time (and on both databases), working credentials
// never stored in plain text, the demo platform app, and reset.

function defineSeedSuite(engine: string, open: () => Promise<DatabaseHandle>, reference?: () => Promise<Dump>) {
  describe(`seedDemo on ${engine}`, () => {
    let seeded: Seeded
    let data: Dump
    let demoShopId: string
    const rowsOf = (table: string, shopId?: string) =>
      (data[table] ?? []).filter((r) => shopId === undefined || r.shop_id === shopId)

    beforeAll(async () => {
      seeded = await seedFresh(open, 2)
      data = seeded.first
      demoShopId = seeded.credentials[0]!.shops[0]!.id
    })

    afterAll(async () => {
      for (const handle of seeded?.handles ?? []) await handle.close()
    })

    it('writes the same data on every run; only the credentials differ', () => {
      expect(withoutCredentials(seeded.second!)).toEqual(withoutCredentials(seeded.first))
      const [a, b] = seeded.credentials.map((c) => c.shops[0]!)
      expect(a!.id).toBe(b!.id)
      expect(a!.apiUser.password).not.toBe(b!.apiUser.password)
      expect(a!.apiUser.username).not.toBe(b!.apiUser.username)
      expect(a!.storefrontToken).not.toBe(b!.storefrontToken)
      expect(a!.admins[0]!.password).not.toBe(b!.admins[0]!.password)
    })

    if (reference) {
      it('writes the same data as on SQLite', async () => {
        expect(withoutCredentials(data)).toEqual(withoutCredentials(await reference()))
      })
    }

    it('stores working credentials, never in plain text', async () => {
      const credentials = seeded.credentials[0]!
      expect(credentials.generatedAt).toBe('2027-01-01T00:00:00.000Z')
      expect(credentials.shops.map((s) => s.name)).toEqual(['Pixel Pines Merch', 'Northwind Knits'])
      const everything = JSON.stringify(data)
      for (const shop of credentials.shops) {
        const apiUser = data.api_users!.find((u) => u.shop_id === shop.id)!
        expect(apiUser.username).toBe(shop.apiUser.username)
        expect(shop.apiUser.username).toMatch(/^(pixel-pines|northwind-knits)-api-[a-z0-9]{6}$/)
        // A generated credential: stored as the keyed digest (decision 0030), checked with the server key.
        expect(apiUser.password_hash).toMatch(/^hmac-sha256\$/)
        expect(secretBox.matchesCredential(shop.apiUser.password, apiUser.password_hash as string)).toBe(true)
        expect(secretBox.matchesCredential(`${shop.apiUser.password}x`, apiUser.password_hash as string)).toBe(false)
        expect(shop.admins.map((a) => a.role)).toEqual(['SUPER_ADMIN', 'STAFF'])
        for (const admin of shop.admins) {
          const row = data.admin_users!.find((a) => a.email === admin.email)!
          expect(row).toMatchObject({ shop_id: shop.id, role: admin.role })
          expect(await verifyPassword(admin.password, row.password_hash as string)).toBe(true)
        }
        const token = data.storefront_tokens!.find((t) => t.shop_id === shop.id)!
        expect(shop.storefrontToken).toMatch(/^ptkn_[A-Za-z0-9_-]{32}$/)
        expect(token.token_hash).toBe(tokenHash(shop.storefrontToken))
        expect(secretBox.open(token.token_sealed as string)).toBe(shop.storefrontToken)
        const shopRow = data.shops!.find((s) => s.id === shop.id)!
        expect(secretBox.open(shopRow.webhook_secret as string)).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/)
        const secrets = [shop.apiUser.password, shop.storefrontToken, ...shop.admins.map((a) => a.password)]
        if (shop.platformApp) secrets.push(shop.platformApp.clientSecret)
        for (const secret of secrets) {
          expect(everything.includes(secret)).toBe(false)
        }
      }
      expect(credentials.shops[0]!.admins.map((a) => a.email)).toEqual([
        'owner@pixel-pines.test',
        'staff@pixel-pines.test',
      ])
    })

    it('registers the demo platform app, connected to the demo shop by its super-admin', async () => {
      const [demo, second] = seeded.credentials[0]!.shops
      const app = demo!.platformApp!
      expect(app).toMatchObject({ name: 'Fanshelf demo app', redirectUri: `${publicUrl}/` })
      // Scopes the contract declares (registration's own rule), the guides' OAuth scopes among them.
      const catalogue = platformScopes(await loadContract(parseConfig({}).openapiDir))
      for (const scope of app.scopes) expect(catalogue.has(scope), scope).toBe(true)
      expect(app.scopes).toEqual(expect.arrayContaining(['order_read', 'fulfillment_write', 'webhook_read']))
      expect(isWellFormedSecret('clientSecret', app.clientSecret)).toBe(true)
      expect(data.platform_apps).toEqual([
        expect.objectContaining({
          id: app.clientId,
          name: 'Fanshelf demo app',
          redirect_uris: JSON.stringify([app.redirectUri]),
          scopes: JSON.stringify(app.scopes),
          client_secret_hash: tokenHash(app.clientSecret),
          status: 'ACTIVE',
          pkce_required: 1,
        }),
      ])
      const owner = rowsOf('admin_users', demoShopId).find((a) => a.role === 'SUPER_ADMIN')!
      expect(data.platform_app_grants).toEqual([
        expect.objectContaining({
          app_id: app.clientId,
          shop_id: demoShopId,
          scopes: JSON.stringify(app.scopes),
          granted_by: owner.id,
          revoked_at: null,
        }),
      ])
      expect(second!.platformApp).toBeUndefined()
      // New credentials on every seed.
      expect(seeded.credentials[1]!.shops[0]!.platformApp!.clientId).not.toBe(app.clientId)
    })

    it('thanks supporters of demo orders (getThankYou has ids to read)', () => {
      const orderIds = new Set(rowsOf('orders', demoShopId).map((o) => o.id))
      const thanked = rowsOf('thank_yous', demoShopId).filter((t) => t.contribution_type === 'ORDER')
      expect(thanked.length).toBeGreaterThan(0)
      for (const thankYou of thanked) expect(orderIds.has(thankYou.contribution_id)).toBe(true)
    })

    it('empties every table on reset, after which the same data seeds again', async () => {
      const handle = seeded.handles[1]!
      expect(await isSeeded(handle.db)).toBe(true)
      await resetDatabase(handle.db)
      expect(await isSeeded(handle.db)).toBe(false)
      for (const table of seededTables) {
        expect(await handle.db.selectFrom(table).selectAll().execute(), table).toEqual([])
      }
      await seedDemo(handle.db, seedOptions)
      expect(withoutCredentials(await dump(handle.db))).toEqual(withoutCredentials(seeded.first))
    })
  })
}

defineSeedSuite('SQLite', async () => openDatabase('sqlite::memory:'))

describe('the demo platform app behind a public URL', () => {
  it('is not registered when the public URL cannot be a redirect URI (plain http on a public host)', async () => {
    const handle = openDatabase('sqlite::memory:')
    try {
      await migrateToLatest(handle.db)
      const credentials = await seedDemo(handle.db, { ...seedOptions, publicUrl: 'http://shop.example.com' })
      expect(credentials.shops[0]!.platformApp).toBeUndefined()
      expect(await handle.db.selectFrom('platform_apps').selectAll().execute()).toEqual([])
      expect(await isSeeded(handle.db)).toBe(true)
    } finally {
      await handle.close()
    }
  })
})

describe.runIf(testDatabaseUrl() !== undefined)('on PostgreSQL (TEST_DATABASE=postgres)', () => {
  defineSeedSuite('PostgreSQL', createTestDatabase, sqliteDump)
})
