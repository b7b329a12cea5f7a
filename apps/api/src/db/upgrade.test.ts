import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp, sharedContract } from '../app.js'
import { ManualClock } from '../clock.js'
import { parseConfig } from '../config.js'
import type { Contract } from '../http/contract.js'
import { compileSchema } from '../http/validation.js'
import { SecretBox } from '../security/secret-box.js'
import { createTestDatabase } from '../testing/test-database.js'
import { type DatabaseHandle, knownMigrationNames, migrateToLatest } from './database.js'
import {
  adminEmail,
  adminPassword,
  apiUser,
  configurationId,
  deliveryId,
  digitalFileBytes,
  digitalFileId,
  image,
  insertPreviousReleaseData,
  orderId,
  previousRelease,
  productId,
  shopId,
  storefrontToken,
  variantId,
  webhookSecret,
} from './testing/previous-release.js'

/**
 * An upgrade (decision 0037): a database made by the previous release's migrations (up to 0017,
 * before issue 22's), holding a shop as that release stored it — its admin, API user, storefront
 * token, a product with images, an order, a webhook configuration with a delivery, the shop's
 * sealed signing secret — is migrated to the latest schema, the platform boots on it, and the
 * current HTTP API serves that data. Rows are written as plain SQL values of the 0017 schema (not
 * through today's code, which writes today's schema). SQLite by default, PostgreSQL under
 * TEST_DATABASE=postgres.
 */

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
