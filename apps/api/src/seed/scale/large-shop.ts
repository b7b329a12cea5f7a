import { randomBytes } from 'node:crypto'
import type { DatabaseHandle } from '../../db/database.js'
import { type WebhookEventType, webhookApiVersion, webhookEventTypes } from '../../modules/events/event-types.js'
import { generateSecret, hashPassword } from '../../security/passwords.js'
import { type SecretBox, tokenHash } from '../../security/secret-box.js'
import { seedAnchorMs } from '../demo-data.js'
import { buildPeople, type Person } from '../demo-people.js'
import type { DemoShopCredentials } from '../demo-seed.js'
import { Prng } from '../prng.js'
import { BulkLoader } from './bulk-insert.js'
import { writeCatalogue, writeCollections } from './catalogue-writer.js'
import { addFillerEvents, type Configuration, Timeline, writeEvents } from './event-writer.js'
import { settleTables, withDeferredIndexes, withLoadSettings } from './load-settings.js'
import { writeOrders } from './order-writer.js'
import { declareTables } from './scale-columns.js'
import { catalogueMs, DAY, eventWindowMs, indexBits, iso, json } from './scale-units.js'

/**
 * The scale data set (decision 0016): one large shop — by default 100,000 orders, 10,000 products
 * and 1,000,000 events with their webhook deliveries — written next to whatever the database holds
 * (normally the demo shops), so the same process can compare a read on the demo shop with the same
 * read on the large one.
 *
 * Every row is what the application itself would have written: orders with lines, amounts that add
 * up and a status history (over the year before the anchor); products with variants, images and
 * stock; an outbox of events over the delivery log's 30 days (older ones would have been pruned,
 * decision 0017), each fanned out to the shop's webhook configurations as deliveries with their
 * attempts. The data is a pure function of the seed, the counts and the anchor instant (the
 * newest timestamp); only the credentials (API user, storefront token, admin password, webhook
 * secret) are random, as in the demo seed. Rows go in with multi-row INSERTs, many per transaction
 * (bulk-insert.ts), with the big tables' secondary indexes built once at the end.
 *
 * Event payloads are abbreviated resources (the fields a receiver keys on: ids, status, totals),
 * so a million deliveries stay near a gigabyte instead of several.
 */

export interface LargeShopOptions {
  orders?: number
  products?: number
  events?: number
  /** The PRNG seed; change it and every id and value changes. */
  seed?: string
  /** The newest instant of the data set: orders and events lead up to it (default: the demo seed's anchor). */
  anchorMs?: number
  /** The shop's domain (its product feed answers there); unique per database. */
  domain?: string
  secretBox: SecretBox
  /** Base URL of the deployment (product image URLs point under it). */
  publicUrl: string
  /** Analyse the tables afterwards (PostgreSQL: VACUUM ANALYZE, as autovacuum would). Default true. */
  settle?: boolean
  onProgress?: (message: string) => void
}

export interface PhaseTiming {
  phase: string
  ms: number
}

export interface LargeShopResult {
  credentials: DemoShopCredentials
  /** Rows written, per table. */
  counts: Record<string, number>
  timings: PhaseTiming[]
  totalMs: number
}

export const largeShopDefaults = { orders: 100_000, products: 10_000, events: 1_000_000 } as const
export const scaleSeed = 'fanshelf-scale-v1'

const usernameAlphabet = 'abcdefghijkmnpqrstuvwxyz23456789'
const randomSuffix = (length: number) =>
  Array.from(randomBytes(length), (b) => usernameAlphabet[b % usernameAlphabet.length]).join('')

async function timed<T>(
  timings: PhaseTiming[],
  phase: string,
  work: () => Promise<T>,
  onProgress?: (m: string) => void,
) {
  const started = performance.now()
  const result = await work()
  const ms = performance.now() - started
  timings.push({ phase, ms })
  onProgress?.(`${phase}: ${(ms / 1000).toFixed(1)} s`)
  return result
}

/**
 * Writes the large shop into a migrated database (next to any other shops) and answers its
 * credentials, the rows written per table and how long each phase took.
 */
export async function generateLargeShop(handle: DatabaseHandle, options: LargeShopOptions): Promise<LargeShopResult> {
  const counts = {
    orders: options.orders ?? largeShopDefaults.orders,
    products: options.products ?? largeShopDefaults.products,
    events: options.events ?? largeShopDefaults.events,
  }
  if (counts.products < 1 && counts.orders > 0) throw new Error('Orders need at least one product')
  if (counts.events > indexBits) throw new Error(`At most ${indexBits} events`)
  const anchorMs = options.anchorMs ?? seedAnchorMs
  const publicUrl = options.publicUrl.replace(/\/$/, '')
  const domain = options.domain ?? 'megamerch.fanshelf.shop'
  const root = new Prng(options.seed ?? scaleSeed)
  const timings: PhaseTiming[] = []
  const started = performance.now()
  const progress = options.onProgress

  const shopPrng = root.fork('shop')
  const shopId = `sh_${shopPrng.uuid()}`
  const shopCreatedMs = anchorMs - catalogueMs - 2 * DAY
  const currency = 'USD'
  const location: Person['address'] = {
    name: 'Mega Merch Co.',
    address1: '1200 NW Naito Pkwy',
    address2: 'Suite 500',
    city: 'Portland',
    state: 'OR',
    country: 'US',
    zip: '97209',
    phone: '+15035550199',
  }
  const contactEmail = `team@${domain}`
  const apiPassword = generateSecret()
  const ownerPassword = generateSecret()
  const username = `megamerch-${randomSuffix(6)}`
  const storefrontToken = generateSecret('ptkn_')
  const ownerEmail = `owner+${randomSuffix(4)}@${domain}`
  const apiHash = options.secretBox.digestCredential(apiPassword)
  const ownerHash = await hashPassword(ownerPassword)
  const ownerId = shopPrng.id('adminUser')
  const configurations: Configuration[] = [
    { id: shopPrng.id('webhookConfiguration'), types: null, sinceMs: shopCreatedMs },
    // A fulfilment integration connected two weeks ago: it has only the recent orders.
    {
      id: shopPrng.id('webhookConfiguration'),
      types: new Set<WebhookEventType>(['ORDER_PLACED']),
      sinceMs: anchorMs - 14 * DAY,
    },
  ]

  await timed(
    timings,
    'shop',
    () =>
      handle.db.transaction().execute(async (trx) => {
        const createdAt = iso(shopCreatedMs)
        await trx
          .insertInto('shops')
          .values({
            id: shopId,
            name: 'Mega Merch Co.',
            domain,
            public_domain: `shop.${domain.replace(/\.fanshelf\.shop$/, '')}.example`,
            currency,
            contact_info: json({
              shopEmail: contactEmail,
              contactEmail,
              transactionalEmail: `orders@${domain}`,
              customerSupportEmail: `support@${domain}`,
              phone: location.phone,
              shopName: 'Mega Merch Co.',
              domain,
              location,
            }),
            webhook_secret: options.secretBox.seal(`whsec_${randomBytes(24).toString('base64')}`),
            webhook_secret_previous: null,
            webhook_secret_previous_until: null,
            created_at: createdAt,
            updated_at: iso(anchorMs - 30 * DAY),
          })
          .execute()
        await trx
          .insertInto('admin_users')
          .values({
            id: ownerId,
            shop_id: shopId,
            email: ownerEmail,
            name: 'Mega Merch Owner',
            password_hash: ownerHash,
            role: 'SUPER_ADMIN',
            created_at: createdAt,
          })
          .execute()
        await trx
          .insertInto('api_users')
          .values({
            id: shopPrng.id('apiUser'),
            shop_id: shopId,
            username,
            password_hash: apiHash,
            created_by: ownerId,
            created_at: createdAt,
            last_used_at: null,
          })
          .execute()
        await trx
          .insertInto('storefront_tokens')
          .values({
            id: shopPrng.uuid(),
            shop_id: shopId,
            token_hash: tokenHash(storefrontToken),
            token_sealed: options.secretBox.seal(storefrontToken),
            created_at: createdAt,
            revoked_at: null,
          })
          .execute()
        for (const [n, configuration] of configurations.entries()) {
          await trx
            .insertInto('webhook_configurations')
            .values({
              id: configuration.id,
              shop_id: shopId,
              app_id: null,
              // Reserved example domains: nothing is ever delivered there (every delivery is finished).
              url: n === 0 ? 'https://hooks.megamerch.example/fanshelf' : 'https://fulfilment.megamerch.example/orders',
              allowed_types: json(configuration.types ? [...configuration.types] : webhookEventTypes),
              api_version: webhookApiVersion,
              enabled: 1,
              disabled_reason: null,
              failing_since: null,
              created_at: iso(configuration.sinceMs),
              updated_at: iso(configuration.sinceMs),
            })
            .execute()
        }
      }),
    progress,
  )

  const loader = new BulkLoader(handle)
  declareTables(loader)
  const timeline = new Timeline()
  await withLoadSettings(handle, () =>
    withDeferredIndexes(
      handle,
      async () => {
        const catalogue = await timed(
          timings,
          `products (${counts.products}) and variants`,
          async () => {
            const entries = await writeCatalogue(loader, root.fork('products'), {
              shopId,
              currency,
              products: counts.products,
              anchorMs,
              publicUrl,
            })
            await loader.drain()
            await writeCollections(loader, root.fork('collections'), { shopId, createdMs: shopCreatedMs }, entries)
            await loader.drain()
            return entries
          },
          progress,
        )
        const people = buildPeople(
          root.fork('people'),
          Math.min(50_000, Math.max(50, Math.round(counts.orders / 5))),
          'na',
        )
        const orders = await timed(
          timings,
          `orders (${counts.orders}) with lines and status history`,
          async () => {
            const facts = await writeOrders(
              loader,
              root.fork('orders'),
              { shopId, currency, orders: counts.orders, anchorMs, contactEmail, location },
              catalogue,
              people,
              timeline,
            )
            await loader.drain()
            return facts
          },
          progress,
        )
        await timed(
          timings,
          `events (${counts.events}) with deliveries and attempts`,
          async () => {
            const windowStart = anchorMs - eventWindowMs
            for (const [ref, product] of catalogue.entries()) {
              if (product.createdMs >= windowStart) timeline.push(product.createdMs, 'PRODUCT_CREATED', ref)
              if (product.updatedMs > product.createdMs && product.updatedMs >= windowStart) {
                timeline.push(product.updatedMs, 'PRODUCT_UPDATED', ref)
              }
            }
            timeline.thin(counts.events)
            const eventsPrng = root.fork('events')
            addFillerEvents(timeline, eventsPrng, counts.events - timeline.length, anchorMs, catalogue.length)
            await writeEvents(loader, eventsPrng, timeline, {
              shopId,
              currency,
              anchorMs,
              configurations,
              orders,
              products: catalogue,
              emails: people.map((p) => p.email),
            })
            await loader.drain()
          },
          progress,
        )
      },
      (phase, ms) => {
        timings.push({ phase, ms })
        progress?.(`${phase}: ${(ms / 1000).toFixed(1)} s`)
      },
    ),
  )
  if (options.settle ?? true) await timed(timings, 'analyse', () => settleTables(handle), progress)

  return {
    credentials: {
      id: shopId,
      name: 'Mega Merch Co.',
      domain,
      apiUser: { username, password: apiPassword },
      storefrontToken,
      admins: [{ email: ownerEmail, password: ownerPassword, role: 'SUPER_ADMIN' }],
    },
    counts: loader.counts(),
    timings,
    totalMs: performance.now() - started,
  }
}
