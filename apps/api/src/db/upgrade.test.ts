import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp, sharedContract } from '../app.js'
import { ManualClock } from '../clock.js'
import { parseConfig } from '../config.js'
import type { Contract } from '../http/contract.js'
import { compileSchema } from '../http/validation.js'
import { hashPassword } from '../security/passwords.js'
import { SecretBox, tokenHash } from '../security/secret-box.js'
import { createTestDatabase } from '../testing/test-database.js'
import { type DatabaseHandle, knownMigrationNames, migrateToLatest } from './database.js'

/**
 * An upgrade (decision 0037): a database made by the previous release's migrations (up to 0017,
 * before issue 22's), holding a shop as that release stored it — its admin, API user, storefront
 * token, a product with images, an order, a webhook configuration with a delivery, the shop's
 * sealed signing secret — is migrated to the latest schema, the platform boots on it, and the
 * current HTTP API serves that data. Rows are written as plain SQL values of the 0017 schema (not
 * through today's code, which writes today's schema). SQLite by default, PostgreSQL under
 * TEST_DATABASE=postgres.
 */

const previousRelease = '0017-auth-attempts'

const at = '2026-10-28T09:30:00.000Z'
const shopId = 'sh_1f0c3a52-6a1d-4f8e-9b0c-2d7e5a9c4b11'
const productId = '4b9d2f1e-8c3a-4e5b-9f60-7a1b2c3d4e5f'
const variantId = '6c0e3a2f-9d4b-4f6c-8a71-8b2c3d4e5f60'
const orderId = '7d1f4b3a-0e5c-4a7d-9b82-9c3d4e5f6071'
const configurationId = 'wcon_Up9rAd3T3sTc0nF1g'
const deliveryId = 'weve_Up9rAd3D3l1v3rY01'
const adminEmail = 'owner@upgrade.example'
const adminPassword = 'an upgrade-proof passphrase'
const apiUser = { username: 'upgrade_api_user', password: 'fs_upgrade_api_user_password_0123456789' }
const storefrontToken = 'ptkn_UpgradeStorefrontToken0123456789'
const webhookSecret = 'whsec_VXBncmFkZSBzaWduaW5nIHNlY3JldCE='

const image = {
  id: 'img_up1',
  url: 'https://cdn.example/upgrade/hoodie-front.jpg',
  width: 1200,
  height: 1200,
  transformedUrl: 'https://cdn.example/w_800/upgrade/hoodie-front.jpg',
}
const attributes = { description: 'Forest / M', color: { name: 'Forest', swatch: '#2f6f4e' }, size: { name: 'M' } }
const weight = { value: 0.6, unit: 'KG' }
const dimensions = { length: 30, width: 25, height: 5, unit: 'CM' }
const address = {
  name: 'Sam Rivera',
  address1: '1200 Morrison St',
  city: 'Portland',
  state: 'OR',
  country: 'US',
  zip: '97204',
}

/** The previous release's rows: the columns its schema had, nothing newer. */
// biome-ignore lint/suspicious/noExplicitAny: the 0017 schema, not today's Database type
async function insertPreviousReleaseData(db: Kysely<any>, secretBox: SecretBox): Promise<void> {
  const json = JSON.stringify
  await db
    .insertInto('shops')
    .values({
      id: shopId,
      name: 'Upgrade Outfitters',
      domain: 'upgrade-outfitters.fanshelf.shop',
      public_domain: 'shop.upgrade.example',
      currency: 'USD',
      contact_info: json({
        shopEmail: 'hello@upgrade.example',
        contactEmail: 'hello@upgrade.example',
        transactionalEmail: 'orders@upgrade.example',
        customerSupportEmail: null,
        phone: null,
        shopName: 'Upgrade Outfitters',
        domain: 'upgrade-outfitters.fanshelf.shop',
        location: null,
      }),
      webhook_secret: secretBox.seal(webhookSecret),
      webhook_secret_previous: null,
      webhook_secret_previous_until: null,
      created_at: at,
      updated_at: at,
    })
    .execute()
  await db
    .insertInto('admin_users')
    .values({
      id: 'adm_UpgradeOwner01',
      shop_id: shopId,
      email: adminEmail,
      name: 'Upgrade Owner',
      password_hash: await hashPassword(adminPassword),
      role: 'SUPER_ADMIN',
      created_at: at,
    })
    .execute()
  await db
    .insertInto('api_users')
    .values({
      id: 'apiu_UpgradeUser01',
      shop_id: shopId,
      username: apiUser.username,
      password_hash: secretBox.digestCredential(apiUser.password),
      created_by: null,
      created_at: at,
      last_used_at: null,
    })
    .execute()
  await db
    .insertInto('storefront_tokens')
    .values({
      id: 'sft_Upgrade01',
      shop_id: shopId,
      token_hash: tokenHash(storefrontToken),
      token_sealed: secretBox.seal(storefrontToken),
      created_at: at,
      revoked_at: null,
    })
    .execute()
  await db
    .insertInto('products')
    .values({
      id: productId,
      shop_id: shopId,
      name: 'Upgrade Hoodie',
      slug: 'upgrade-hoodie',
      description: '<p>Warm across versions.</p>',
      type: 'STANDARD',
      state: 'AVAILABLE',
      access: 'PUBLIC',
      search_text: 'upgrade hoodie up-hood-m',
      images: json([image]),
      thumbnail_image: json(image),
      additional_information: null,
      size_guide: null,
      digital_files: null,
      created_at: at,
      updated_at: at,
    })
    .execute()
  // A digital product file, its bytes in the row as that release kept them (base64).
  await db
    .insertInto('digital_files')
    .values({
      id: digitalFileId,
      shop_id: shopId,
      product_id: productId,
      position: 0,
      name: 'wallpaper.png',
      media_type: 'image/png',
      size_bytes: digitalFileBytes.length,
      sha256: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      content_base64: digitalFileBytes.toString('base64'),
      created_at: at,
    } as never)
    .execute()
  await db
    .insertInto('variants')
    .values({
      id: variantId,
      product_id: productId,
      shop_id: shopId,
      position: 0,
      name: 'Forest / M',
      sku: 'UP-HOOD-M',
      currency: 'USD',
      unit_price: 4500,
      compare_at_price: 5500,
      unit_cost: 1800,
      creator_declared_cost: null,
      attributes: json(attributes),
      stock_type: 'LIMITED',
      in_stock: 7,
      weight: json(weight),
      dimensions: json(dimensions),
      images: json([image]),
      thumbnail_image: json(image),
      created_at: at,
      updated_at: at,
    })
    .execute()
  await db
    .insertInto('orders')
    .values({
      id: orderId,
      shop_id: shopId,
      friendly_id: 'UPGR4D3X',
      checkout_id: 'ch_Upgrade0000000001',
      promotion_id: null,
      status: 'CONFIRMED',
      email: 'sam.rivera@example.com',
      email_marketing_opt_in: 1,
      username: null,
      message: 'Thanks!',
      currency: 'USD',
      subtotal: 4500,
      shipping: 500,
      tax: 0,
      donation: 0,
      discount: 0,
      total: 5000,
      billing_address: json(address),
      shipping_address: json(address),
      source_type: 'ORDER',
      source_gift_id: null,
      source_gift_purchase_id: null,
      tracking_params: json({ utm_source: 'newsletter' }),
      metadata: json({ campaign: 'autumn' }),
      gift_cards: null,
      created_at: at,
      updated_at: at,
    })
    .execute()
  await db
    .insertInto('order_lines')
    .values({
      id: 'ol_Upgrade01',
      order_id: orderId,
      shop_id: shopId,
      position: 0,
      product_id: productId,
      variant_id: variantId,
      quantity: 1,
      unit_price: 4500,
      unit_cost: 1800,
      compare_at_price: 5500,
      product: json({
        id: productId,
        name: 'Upgrade Hoodie',
        slug: 'upgrade-hoodie',
        description: '<p>Warm across versions.</p>',
        primaryImage: image,
      }),
      variant: json({ name: 'Forest / M', sku: 'UP-HOOD-M', attributes, weight, dimensions }),
    })
    .execute()
  await db
    .insertInto('webhook_configurations')
    .values({
      id: configurationId,
      shop_id: shopId,
      app_id: null,
      url: 'https://hooks.upgrade.example/fanshelf',
      allowed_types: json(['ORDER_PLACED']),
      api_version: 'V1',
      enabled: 1,
      disabled_reason: null,
      failing_since: null,
      created_at: at,
      updated_at: at,
    })
    .execute()
  const envelope = {
    testMode: false,
    id: deliveryId,
    webhookId: configurationId,
    shopId,
    type: 'ORDER_PLACED',
    apiVersion: 'V1',
    createdAt: at,
    data: { id: orderId },
  }
  await db
    .insertInto('events')
    .values({
      id: 'evt_Upgrade01',
      shop_id: shopId,
      type: 'ORDER_PLACED',
      data: json({ id: orderId }),
      test_mode: 0,
      created_at: at,
      dispatched_at: at,
    })
    .execute()
  await db
    .insertInto('webhook_events')
    .values({
      id: deliveryId,
      shop_id: shopId,
      configuration_id: configurationId,
      event_id: 'evt_Upgrade01',
      type: 'ORDER_PLACED',
      test_mode: 0,
      body: json(envelope),
      state: 'DELIVERED',
      attempt_count: 1,
      schedule_base_attempt: 0,
      next_attempt_at: null,
      lease_owner: null,
      lease_until: null,
      last_error: null,
      created_at: at,
      updated_at: at,
    })
    .execute()
  await db
    .insertInto('webhook_attempts')
    .values({
      id: 'watt_Upgrade01',
      webhook_event_id: deliveryId,
      shop_id: shopId,
      attempted_at: at,
      status_code: 200,
      latency_ms: 42,
      error_class: null,
      response_excerpt: 'ok',
    })
    .execute()
}

let database: DatabaseHandle
let app: FastifyInstance
let contract: Contract
let dataDir: string

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanshelf-upgrade-'))
  const config = parseConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', AUTH_THROTTLED_DELAY_MS: '0' })
  database = await createTestDatabase()
  await migrateToLatest(database.db, { target: previousRelease })
  await insertPreviousReleaseData(database.db, SecretBox.fromConfig(config))
  // The new release starts: it migrates, then serves.
  contract = await sharedContract(config)
  app = await buildApp(config, {
    clock: new ManualClock(Date.UTC(2026, 10, 2, 12, 0, 0)),
    database,
    contract,
    logger: false,
  })
  await app.ready()
})
afterAll(async () => {
  await app?.close()
  fs.rmSync(dataDir, { recursive: true, force: true })
})

const basic = `Basic ${Buffer.from(`${apiUser.username}:${apiUser.password}`).toString('base64')}`

/** An open API or storefront call, its 200 answer checked against the operation's documented schema. */
async function call(operationId: string, url: string, headers: Record<string, string> = { authorization: basic }) {
  const operation = contract.operations.find((op) => op.operationId === operationId)
  if (!operation) throw new Error(`No operation ${operationId}`)
  const response = await app.inject({ method: 'GET', url, headers })
  expect(response.statusCode, response.body).toBe(200)
  const body = response.json()
  const validate = compileSchema(operation.responses['200'] as Record<string, unknown>)
  expect(validate(body), JSON.stringify(validate.errors)).toBe(true)
  return body
}

const digitalFileId = 'dfl_upgrade00000000000000'
const digitalFileBytes = Buffer.from('not really a PNG, but the same bytes after the upgrade')

describe('upgrading a database of the previous release', () => {
  it('ran the previous release’s migrations first, then every migration of this one, each once', async () => {
    const { rows } = await (await import('kysely')).sql<{ name: string }>`select name from schema_migrations`.execute(
      database.db,
    )
    const names = rows.map((r) => r.name).sort()
    expect(names).toEqual([...knownMigrationNames()].sort())
    expect(names).toContain(previousRelease)
  })

  it('serves the product with its images and stock through the open and storefront APIs', async () => {
    const product = await call('getProduct', `/open-api/v1.0/products/${productId}`)
    expect(product).toMatchObject({
      id: productId,
      name: 'Upgrade Hoodie',
      slug: 'upgrade-hoodie',
      images: [expect.objectContaining({ url: image.url, width: 1200, height: 1200 })],
      variants: [
        expect.objectContaining({
          id: variantId,
          sku: 'UP-HOOD-M',
          unitPrice: { value: 45, currency: 'USD' },
          stock: { type: 'LIMITED', inStock: 7 },
        }),
      ],
    })
    const storefront = await call(
      'getStorefrontProduct',
      `/v1/products/upgrade-hoodie?storefront_token=${storefrontToken}`,
      {},
    )
    expect(storefront).toMatchObject({ id: productId, name: 'Upgrade Hoodie' })
  })

  it('moves a digital product file’s bytes into the media storage, unchanged', async () => {
    const row = await database.db
      .selectFrom('digital_files')
      .selectAll()
      .where('id', '=', digitalFileId)
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({ storage: 'DATABASE', content_base64: '' })
    const bytes = await app.platform.services.media.readFile(digitalFileId, 'DATABASE')
    expect(bytes?.equals(digitalFileBytes)).toBe(true)
  })

  it('serves the order with its lines, money and addresses', async () => {
    const order = await call('getOrder', `/open-api/v1.0/order/${orderId}`)
    expect(order).toMatchObject({
      id: orderId,
      shopId,
      friendlyId: 'UPGR4D3X',
      status: 'CONFIRMED',
      amounts: expect.objectContaining({ total: { value: 50, currency: 'USD' } }),
      offers: [expect.objectContaining({ id: productId, variant: expect.objectContaining({ sku: 'UP-HOOD-M' }) })],
    })
  })

  it('serves the webhook configuration, its delivery log, and the sealed signing secret opened', async () => {
    const configuration = await call('getWebhookConfiguration', `/open-api/v1.0/webhooks/${configurationId}`)
    expect(configuration).toMatchObject({ id: configurationId, url: 'https://hooks.upgrade.example/fanshelf' })
    const events = await call(
      'listWebhookEvents',
      `/open-api/v1.0/webhook-events?webhookConfigurationId=${configurationId}`,
    )
    expect(JSON.stringify(events)).toContain(deliveryId)
    const secret = await call('getWebhookSecret', '/open-api/v1.0/webhooks-secret')
    expect(JSON.stringify(secret)).toContain(webhookSecret)
  })

  it('signs the admin in with the password set before the upgrade; the new settings start empty', async () => {
    const signIn = await app.inject({
      method: 'POST',
      url: '/admin/api/session',
      payload: { email: adminEmail, password: adminPassword },
    })
    expect(signIn.statusCode, signIn.body).toBe(200)
    expect(signIn.json()).toMatchObject({ user: { email: adminEmail, role: 'SUPER_ADMIN' }, shop: { id: shopId } })
    const cookie = String([signIn.headers['set-cookie']].flat()[0]).split(';')[0] as string
    const settings = await app.inject({ method: 'GET', url: '/admin/api/shop-settings', headers: { cookie } })
    expect(settings.statusCode).toBe(200)
    expect(settings.json()).toMatchObject({
      name: 'Upgrade Outfitters',
      publicDomain: 'shop.upgrade.example',
      currencyChangeable: false,
      branding: { accentColor: null },
    })
  })
})
