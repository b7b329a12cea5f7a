import { sql } from 'kysely'
import type { Db } from '../db/database.js'
import { platformScopes } from '../modules/platform-apps/platform-scopes.js'
import {
  type AdminBrowser,
  connect,
  registerClient,
  signInAdmin,
} from '../modules/platform-apps/testing/oauth-harness.js'
import { createTestPlatform, type TestPlatform } from '../testing/test-platform.js'
import { createDatabaseProbe, type DatabaseProbe } from './database-probe.js'
import type { FuzzFixtures } from './fuzz-case.js'

/**
 * The app the fuzzer talks to: the test platform (in process, fresh database seeded with the two
 * demo shops), a rate limit high enough that 20,000 requests never wait (and a zero wait bound,
 * so a request could never sleep on the test clock), and the fixtures the generators draw from —
 * real ids of both shops, every kind of credential, a webhook configuration, a delivery and a cart
 * per shop, and two OAuth grants (every scope; none).
 */
export interface FuzzEnvironment {
  platform: TestPlatform
  fixtures: FuzzFixtures
  probe: DatabaseProbe
  close(): Promise<void>
}

/** Where the generators find real values, by parameter or body property name. */
const sources: Record<string, { table: string; column: string }[]> = {
  orderId: [{ table: 'orders', column: 'id' }],
  friendlyId: [{ table: 'orders', column: 'friendly_id' }],
  productId: [{ table: 'products', column: 'id' }],
  offerId: [{ table: 'products', column: 'id' }],
  products: [{ table: 'products', column: 'id' }],
  variantId: [{ table: 'variants', column: 'id' }],
  availableVariantIds: [{ table: 'variants', column: 'id' }],
  promotionId: [{ table: 'promotions', column: 'id' }],
  donationId: [{ table: 'donations', column: 'id' }],
  giftPurchaseId: [{ table: 'gift_purchases', column: 'id' }],
  // The beta giveaways' `{id}` (giv_…): seeded gift purchases, which finish/twitch answers with 404.
  id: [{ table: 'gift_purchases', column: 'id' }],
  drawId: [{ table: 'gift_draws', column: 'id' }],
  packageId: [{ table: 'giveaway_packages', column: 'id' }],
  thankYouId: [{ table: 'thank_yous', column: 'id' }],
  webhookConfigurationId: [{ table: 'webhook_configurations', column: 'id' }],
  webhookEventId: [{ table: 'webhook_events', column: 'id' }],
  memberId: [{ table: 'members', column: 'id' }],
  tiersIds: [{ table: 'membership_tiers', column: 'id' }],
  ids: [{ table: 'membership_tiers', column: 'id' }],
  slug: [
    { table: 'products', column: 'slug' },
    { table: 'collections', column: 'slug' },
  ],
  cartId: [{ table: 'carts', column: 'id' }],
}

const fixtureConfigurations = 12

async function poolsOf(db: Db, shopId: string): Promise<Record<string, string[]>> {
  const pools: Record<string, string[]> = {}
  for (const [name, places] of Object.entries(sources)) {
    const values: string[] = []
    for (const { table, column } of places) {
      const result = await sql<{ value: string }>`
        select ${sql.ref(column)} as value from ${sql.table(table)}
        where shop_id = ${shopId} order by ${sql.ref(column)} limit 12`.execute(db)
      values.push(...result.rows.map((row) => String(row.value)))
    }
    pools[name] = values
  }
  return pools
}

async function expectOk(what: string, call: Promise<{ status: number; body: unknown }>): Promise<void> {
  const { status, body } = await call
  if (status >= 300) throw new Error(`Fuzz setup: ${what} answered ${status} ${JSON.stringify(body)}`)
}

async function accessToken(platform: TestPlatform, admin: AdminBrowser, scopes: string[], name: string) {
  const client = await registerClient(platform, { scopes, name })
  return { client, token: (await connect(platform, client, admin)).access_token }
}

export async function createFuzzEnvironment(): Promise<FuzzEnvironment> {
  // Generated requests send wrong credentials by the hundred from one address: lift the
  // failed-credential limits (tested on their own), so every answer is the operation's own.
  const platform = await createTestPlatform({
    env: {
      RATE_LIMIT: '1000000',
      RATE_LIMIT_MAX_WAIT_MS: '0',
      AUTH_FAILURES_PER_USER: '1000000',
      AUTH_FAILURES_PER_ADDRESS: '1000000',
    },
  })
  try {
    for (const shop of [platform.demo, platform.other]) {
      const auth = { basic: shop.apiUser }
      // Several, so that the valid deletes among the generated requests leave some to reach.
      for (let i = 0; i < fixtureConfigurations; i++) {
        const created = await platform.call('createWebhookConfiguration', {
          auth,
          body: { url: `http://127.0.0.1:9/fuzz-receiver/${i}`, allowedTypes: ['ORDER_PLACED', 'PRODUCT_UPDATED'] },
        })
        if (created.status !== 200) throw new Error(`Fuzz setup: webhook configuration ${created.status}`)
        await expectOk(
          'test event',
          platform.call('sendWebhookTestEvent', {
            auth,
            params: { webhookConfigurationId: created.body.id },
            body: { type: 'ORDER_PLACED' },
          }),
        )
      }
      await expectOk(
        'cart',
        platform.call('createCart', { auth: { storefrontToken: shop.storefrontToken }, body: { items: [] } }),
      )
    }
    const admin = await signInAdmin(platform)
    const scopes = [...platformScopes(platform.contract).keys()]
    const everything = await accessToken(platform, admin, scopes, 'Fuzz: every scope')
    const nothing = await accessToken(platform, admin, [], 'Fuzz: no scope')
    const { db } = platform.app.platform.database
    const pools = await poolsOf(db, platform.demo.id)
    // A value both shops use (a collection slug like `new-drops`) is not another tenant's resource.
    const otherPools = Object.fromEntries(
      Object.entries(await poolsOf(db, platform.other.id)).map(([name, values]) => [
        name,
        values.filter((value) => !pools[name]?.includes(value)),
      ]),
    )
    const fixtures: FuzzFixtures = {
      pools,
      otherPools,
      demoBasic: platform.demo.apiUser,
      otherBasic: platform.other.apiUser,
      bearerAll: everything.token,
      bearerNone: nothing.token,
      storefrontToken: platform.demo.storefrontToken,
      otherStorefrontToken: platform.other.storefrontToken,
      oauthClient: { clientId: everything.client.app.clientId, clientSecret: everything.client.app.clientSecret },
    }
    return {
      platform,
      fixtures,
      probe: createDatabaseProbe(platform.app.platform.database),
      close: () => platform.close(),
    }
  } catch (error) {
    await platform.close()
    throw error
  }
}
