import { randomBytes } from 'node:crypto'
import { systemClock } from '../clock.js'
import type { Db, Executor } from '../db/database.js'
import type {
  AdminUsersTable,
  ApiUsersTable,
  Database,
  GiftCardsTable,
  PlatformAppGrantsTable,
  PlatformAppsTable,
  ShopsTable,
  StorefrontTokensTable,
} from '../db/schema.js'
import { newGiftCardRecord } from '../modules/gift-cards/gift-cards.service.js'
import { createMediaService, type MediaService } from '../modules/media/media.service.js'
import { databaseStorage } from '../modules/media/media-storage.js'
import { formatMoney } from '../modules/money/money.js'
import { newPlatformAppRecord } from '../modules/platform-apps/platform-apps.service.js'
import { newGrantRecord } from '../modules/platform-apps/platform-grants.service.js'
import { redirectUriProblem } from '../modules/platform-apps/redirect-uris.js'
import { generateSecret, hashPassword } from '../security/passwords.js'
import { type SecretBox, tokenHash } from '../security/secret-box.js'
import { demoShopSpec } from './demo-catalog.js'
import { buildDemoData, type DataTable, type ShopData } from './demo-data.js'

/**
 * Seeds the demo shop and a second shop (so tenancy is visible) with a deterministic data set,
 * one transaction per shop. Only the credentials are random — they are real credentials:
 * API-user and admin passwords, the storefront token, the webhook signing secret, and the demo
 * platform app's client id, secret and HMAC key (with its connection's id).
 */

export interface DemoShopCredentials {
  id: string
  name: string
  domain: string
  apiUser: { username: string; password: string }
  storefrontToken: string
  admins: { email: string; password: string; role: 'SUPER_ADMIN' | 'STAFF' }[]
  /** Gift cards to try the checkout with (decision 0022): the code and its balance, e.g. `25.00 USD`. */
  giftCards?: { code: string; balance: string }[]
  /**
   * The demo platform app (OAuth), connected to this shop by its super-admin — the demo shop only,
   * and only when the public URL may be a redirect URI (https, or http on a loopback host).
   */
  platformApp?: DemoPlatformAppCredentials
}

export interface DemoPlatformAppCredentials {
  name: string
  clientId: string
  clientSecret: string
  /** Its one redirect URI: this server's docs landing page (which explains the code exchange). */
  redirectUri: string
  scopes: string[]
}

/** The content of DATA_DIR/demo-credentials.json. */
export interface DemoCredentials {
  generatedAt: string
  /** The demo shop first. */
  shops: DemoShopCredentials[]
}

export interface SeedOptions {
  secretBox: SecretBox
  /** Base URL of this deployment: product images and thank-you pages are served under it. */
  publicUrl: string
  /** Only stamps `generatedAt` on the credentials; the data never depends on it. */
  now: number
  /**
   * The media library the drawn images are uploaded to (the app's, so they go where its uploads
   * go: the database or an S3 bucket). Default: one storing them in `db`.
   */
  media?: MediaService
}

/** Gift cards seeded per shop, in minor units of its currency: one that pays a whole demo order, one that pays part. */
const demoGiftCardAmounts: Readonly<Record<string, readonly number[]>> = { [demoShopSpec.key]: [2500, 1001] }

/**
 * The demo shop's connected platform app: what the guides' OAuth samples and the reference's
 * try-it console use on a local install (`GET /admin/api/demo-credentials` hands out fresh codes
 * for it). Its scopes are the guides' (order reads, fulfilments, webhooks, giveaways from a bot).
 */
export const demoPlatformApp = {
  name: 'Fanshelf demo app',
  scopes: ['order_read', 'fulfillment_write', 'webhook_read', 'webhook_write', 'giveaway_write'],
} as const

/** Rows per INSERT statement (well under SQLite's and PostgreSQL's bound-parameter limits). */
const batchSize = 100

/** Insertion order: parents before children (foreign keys hold at every statement). */
const dataTables: readonly DataTable[] = [
  'products',
  'variants',
  'collections',
  'collection_products',
  'membership_tiers',
  'membership_tier_variants',
  'members',
  'promotions',
  'promotion_codes',
  'gift_purchases',
  'gift_draws',
  'giveaway_packages',
  'orders',
  'order_lines',
  'order_status_changes',
  'gifts',
  'donations',
  'thank_yous',
  'mailing_list_entries',
  'streaming_services',
  'digital_files',
]

/**
 * The order `resetDatabase` empties the tables in: children before parents. Tables not listed here
 * (added by later migrations) are emptied first, and any table a foreign key still holds is retried.
 */
const deletionOrder: readonly string[] = [
  'events',
  'order_downloads',
  'digital_files',
  'media_blobs',
  'media_files',
  'gift_draw_gifts',
  'webhook_configurations',
  'platform_app_tokens',
  'platform_app_codes',
  'platform_app_grants',
  'platform_apps',
  'storefront_tokens',
  'thank_yous',
  'gifts',
  'gift_draws',
  'gift_purchases',
  'giveaway_packages',
  'order_status_changes',
  'order_lines',
  'orders',
  'promotion_codes',
  'promotions',
  'donations',
  'collection_products',
  'collections',
  'variants',
  'products',
  'members',
  'membership_tier_variants',
  'membership_tiers',
  'mailing_list_entries',
  'streaming_services',
  'api_users',
  'admin_users',
  'shops',
]

async function insertAll<T extends keyof Database>(db: Executor, table: T, rows: readonly Database[T][]) {
  for (let i = 0; i < rows.length; i += batchSize) {
    // Kysely cannot narrow the row type of a generic table name; the rows are typed by the caller.
    await db
      .insertInto(table)
      .values(rows.slice(i, i + batchSize) as never)
      .execute()
  }
}

const usernameAlphabet = 'abcdefghijkmnpqrstuvwxyz23456789'

function randomSuffix(length: number): string {
  return Array.from(randomBytes(length), (b) => usernameAlphabet[b % usernameAlphabet.length]).join('')
}

interface ShopSecrets {
  credentials: DemoShopCredentials
  webhookSecret: string
  adminUsers: AdminUsersTable[]
  apiUser: ApiUsersTable
  storefrontToken: StorefrontTokensTable
  giftCards: GiftCardsTable[]
  platformApp?: { app: PlatformAppsTable; grant: PlatformAppGrantsTable }
}

/** The demo app registered and connected by the shop's super-admin, with its credentials (shown once). */
function makeDemoPlatformApp(data: ShopData, secretBox: SecretBox, publicUrl: string) {
  const redirectUri = `${publicUrl.replace(/\/$/, '')}/`
  // Plain http on a public host cannot be a redirect URI (codes would travel in the clear): no demo app.
  if (data.spec.key !== demoShopSpec.key || redirectUriProblem(redirectUri) !== undefined) return undefined
  const now = Date.parse(data.identity.createdAt)
  const { row, registered } = newPlatformAppRecord(
    { name: demoPlatformApp.name, redirectUris: [redirectUri], scopes: [...demoPlatformApp.scopes] },
    { secretBox, now },
  )
  const grant = newGrantRecord({
    appId: row.id,
    shopId: data.shop.id,
    scopes: registered.scopes,
    grantedBy: data.identity.ownerAdminId,
    now,
  })
  const credentials: DemoPlatformAppCredentials = {
    name: registered.name,
    clientId: registered.clientId,
    clientSecret: registered.clientSecret,
    redirectUri,
    scopes: registered.scopes,
  }
  return { rows: { app: row, grant }, credentials }
}

async function makeSecrets(data: ShopData, secretBox: SecretBox, publicUrl: string): Promise<ShopSecrets> {
  const { spec, identity, shop } = data
  const apiPassword = generateSecret()
  const ownerPassword = generateSecret()
  const staffPassword = generateSecret()
  const username = `${spec.apiUserStem}-${randomSuffix(6)}`
  const token = generateSecret('ptkn_')
  const giftCards = (demoGiftCardAmounts[spec.key] ?? []).map((amount) =>
    newGiftCardRecord({
      shopId: shop.id,
      currency: spec.currency,
      amount,
      source: { type: 'ISSUED', issuedBy: null },
      now: Date.parse(identity.createdAt),
    }),
  )
  const platformApp = makeDemoPlatformApp(data, secretBox, publicUrl)
  const apiHash = secretBox.digestCredential(apiPassword)
  const [ownerHash, staffHash] = await Promise.all([hashPassword(ownerPassword), hashPassword(staffPassword)])
  return {
    credentials: {
      id: shop.id,
      name: shop.name,
      domain: shop.domain,
      apiUser: { username, password: apiPassword },
      storefrontToken: token,
      admins: [
        { email: spec.admins.owner.email, password: ownerPassword, role: 'SUPER_ADMIN' },
        { email: spec.admins.staff.email, password: staffPassword, role: 'STAFF' },
      ],
      ...(giftCards.length > 0
        ? { giftCards: giftCards.map((c) => ({ code: c.code, balance: formatMoney(c.row.balance, c.row.currency) })) }
        : {}),
      ...(platformApp ? { platformApp: platformApp.credentials } : {}),
    },
    ...(platformApp ? { platformApp: platformApp.rows } : {}),
    giftCards: giftCards.map((c) => c.row),
    webhookSecret: secretBox.seal(`whsec_${randomBytes(24).toString('base64')}`),
    adminUsers: [
      {
        id: identity.ownerAdminId,
        shop_id: shop.id,
        email: spec.admins.owner.email,
        name: spec.admins.owner.name,
        password_hash: ownerHash,
        role: 'SUPER_ADMIN',
        created_at: identity.createdAt,
      },
      {
        id: identity.staffAdminId,
        shop_id: shop.id,
        email: spec.admins.staff.email,
        name: spec.admins.staff.name,
        password_hash: staffHash,
        role: 'STAFF',
        created_at: identity.createdAt,
      },
    ],
    apiUser: {
      id: identity.apiUserId,
      shop_id: shop.id,
      username,
      password_hash: apiHash,
      created_by: identity.ownerAdminId,
      created_at: identity.createdAt,
      last_used_at: null,
    },
    storefrontToken: {
      id: identity.storefrontTokenId,
      shop_id: shop.id,
      token_hash: tokenHash(token),
      token_sealed: secretBox.seal(token),
      created_at: identity.createdAt,
      revoked_at: null,
    },
  }
}

/** Inserts one shop and everything it owns, in one transaction. */
async function insertShop(db: Db, data: ShopData, secrets: ShopSecrets, media: MediaService): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const shop: ShopsTable = { ...data.shop, webhook_secret: secrets.webhookSecret }
    await insertAll(trx, 'shops', [shop])
    // The drawn images go through the same checks and storage as an admin's upload.
    for (const file of data.media) {
      const upload = { id: file.id, name: file.name, content: Buffer.from(file.svg), createdAt: shop.created_at }
      await media.upload(shop.id, upload, trx)
    }
    await insertAll(trx, 'admin_users', secrets.adminUsers)
    await insertAll(trx, 'api_users', [secrets.apiUser])
    await insertAll(trx, 'storefront_tokens', [secrets.storefrontToken])
    await insertAll(trx, 'gift_cards', secrets.giftCards)
    if (secrets.platformApp) {
      await insertAll(trx, 'platform_apps', [secrets.platformApp.app])
      await insertAll(trx, 'platform_app_grants', [secrets.platformApp.grant])
    }
    for (const table of dataTables) await insertAll(trx, table, data.rows[table])
    // Digital product files' bytes go where uploads go; each row says where.
    for (const file of data.fileContents) {
      const storage = await media.storeFile(file.id, file.content, file.mediaType, trx)
      if (storage !== 'DATABASE') {
        await trx.updateTable('digital_files').set({ storage }).where('id', '=', file.id).execute()
      }
    }
    await insertAll(trx, 'gift_draw_gifts', drawMemberships(data))
  })
}

/**
 * Which gifts each seeded draw was held for: every draw of a purchase up to the one that picked
 * winners holds all its gifts; later draws (REDO) hold only the gifts still without a winner.
 */
function drawMemberships(data: ShopData): Database['gift_draw_gifts'][] {
  const rows: Database['gift_draw_gifts'][] = []
  for (const purchase of data.rows.gift_purchases) {
    const draws = data.rows.gift_draws
      .filter((d) => d.gift_purchase_id === purchase.id)
      .sort((a, b) => a.created_at.localeCompare(b.created_at))
    const gifts = data.rows.gifts.filter((g) => g.gift_purchase_id === purchase.id)
    const winnerDraw = draws.find((d) => gifts.some((g) => g.winner_selected_at !== null && g.draw_id === d.id))
    for (const draw of draws) {
      const afterWinners = winnerDraw !== undefined && draw.created_at > winnerDraw.created_at
      for (const gift of gifts) {
        if (afterWinners && gift.winner_selected_at !== null) continue
        rows.push({ draw_id: draw.id, gift_id: gift.id, shop_id: purchase.shop_id, position: gift.position })
      }
    }
  }
  return rows
}

/**
 * Seeds the demo shops into an empty database and answers their credentials (the demo shop
 * first). The data is identical on every run; the credentials are new each time.
 */
export async function seedDemo(db: Db, options: SeedOptions): Promise<DemoCredentials> {
  const shops = buildDemoData({ publicUrl: options.publicUrl })
  // Hash every password up front and in parallel (scrypt runs on the libuv pool).
  const secrets = await Promise.all(shops.map((shop) => makeSecrets(shop, options.secretBox, options.publicUrl)))
  const media =
    options.media ??
    createMediaService(db, {
      clock: { ...systemClock, now: () => options.now },
      publicUrl: options.publicUrl,
      storage: databaseStorage,
    })
  for (const [i, shop] of shops.entries()) await insertShop(db, shop, secrets[i]!, media)
  return { generatedAt: new Date(options.now).toISOString(), shops: secrets.map((s) => s.credentials) }
}

/** Whether the database already holds data (any shop): then start-up and `fanshelf seed` leave it alone. */
export async function isSeeded(db: Db): Promise<boolean> {
  const row = await db.selectFrom('shops').select('id').limit(1).executeTakeFirst()
  return row !== undefined
}

const bookkeepingTables = /^(schema_migrations|kysely_migration)/

/**
 * Deletes every row of every table (for `fanshelf seed --reset`), children before parents. The
 * schema and the migration bookkeeping stay.
 */
export async function resetDatabase(db: Db): Promise<void> {
  const tables = (await db.introspection.getTables()).filter((t) => !t.isView)
  // On PostgreSQL only the schema the application's tables live in (the one holding `shops`).
  const schema = tables.find((t) => t.name === 'shops')?.schema
  const existing = [
    ...new Set(tables.filter((t) => t.schema === schema && !bookkeepingTables.test(t.name)).map((t) => t.name)),
  ]
  const known = deletionOrder.filter((name) => existing.includes(name))
  let pending = [...existing.filter((name) => !deletionOrder.includes(name)).sort(), ...known]
  // Tables this file does not know may reference known ones (or each other): retry until none is left.
  while (pending.length > 0) {
    const failed: string[] = []
    let lastError: unknown
    for (const table of pending) {
      try {
        await db.deleteFrom(table as keyof Database).execute()
      } catch (error) {
        failed.push(table)
        lastError = error
      }
    }
    if (failed.length === pending.length) {
      throw new Error(`Could not empty tables ${failed.join(', ')}: ${String(lastError)}`, { cause: lastError })
    }
    pending = failed
  }
}
