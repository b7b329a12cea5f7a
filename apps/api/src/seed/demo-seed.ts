import { systemClock } from '../clock.js'
import type { Db, Executor } from '../db/database.js'
import type { Database, ShopsTable } from '../db/schema.js'
import { createMediaService, type MediaService } from '../modules/media/media.service.js'
import { databaseStorage } from '../modules/media/media-storage.js'
import type { SecretBox } from '../security/secret-box.js'
import type { DemoCredentials } from './demo-credentials.js'
import { buildDemoData, type DataTable, type ShopData } from './demo-data.js'
import { makeSecrets, type ShopSecrets } from './demo-secrets.js'

export type { DemoCredentials, DemoPlatformAppCredentials, DemoShopCredentials } from './demo-credentials.js'

/**
 * Seeds the demo shop and a second shop (so tenancy is visible) with a deterministic data set,
 * one transaction per shop. Only the credentials are random — they are real credentials:
 * API-user and admin passwords, the storefront token, the webhook signing secret, and the demo
 * platform app's client id, secret and HMAC key (with its connection's id).
 */

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

async function insertAll<T extends keyof Database>(db: Executor, table: T, rows: readonly Database[T][]) {
  for (let i = 0; i < rows.length; i += batchSize) {
    // Kysely cannot narrow the row type of a generic table name; the rows are typed by the caller.
    await db
      .insertInto(table)
      .values(rows.slice(i, i + batchSize) as never)
      .execute()
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
