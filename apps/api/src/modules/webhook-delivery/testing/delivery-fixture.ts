import { randomBytes, randomUUID } from 'node:crypto'
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest'
import { ManualClock } from '../../../clock.js'
import type { Config } from '../../../config.js'
import { type DatabaseHandle, migrateToLatest } from '../../../db/database.js'
import { newId } from '../../../ids.js'
import { SecretBox } from '../../../security/secret-box.js'
import { createTestDatabase } from '../../../testing/test-database.js'
import { type RecordedEvent, recordEvent } from '../../events/event-outbox.js'
import type { WebhookEventType } from '../../events/event-types.js'
import { createDeliveryWorker, type DeliveryWorker, type DeliveryWorkerOptions } from '../delivery-worker.js'
import { createSigningKeys, type SigningKeys } from '../webhook-signatures.js'

/**
 * A database with one or more shops and webhook configurations written directly (configuration
 * writes come in a later issue), events recorded through the real outbox, and workers on a
 * ManualClock — the world of the delivery tests.
 */
export interface DeliveryFixture {
  database: DatabaseHandle
  clock: ManualClock
  secretBox: SecretBox
  signingKeys: SigningKeys
  shopId: string
  /** The shop's webhook secret (`whsec_…`). */
  secret: string
  rules: Config['webhooks']
  addShop(): Promise<{ shopId: string; secret: string }>
  addConfiguration(options: {
    url: string
    allowedTypes?: WebhookEventType[]
    shopId?: string
    appId?: string | null
  }): Promise<string>
  record(
    event: Partial<RecordedEvent> & { type?: WebhookEventType },
  ): Promise<{ eventId: string; deliveryIds: string[] }>
  worker(options?: Partial<DeliveryWorkerOptions>): DeliveryWorker
  delivery(id: string): Promise<DeliveryRow>
  attempts(id: string): Promise<AttemptRow[]>
  configuration(id: string): Promise<ConfigurationRow>
  close(): Promise<void>
}

export interface DeliveryRow {
  id: string
  state: string
  attempt_count: number
  next_attempt_at: string | null
  lease_owner: string | null
  last_error: string | null
  body: string
  configuration_id: string
}

export interface AttemptRow {
  attempted_at: string
  status_code: number | null
  latency_ms: number
  error_class: string | null
  response_excerpt: string | null
}

export interface ConfigurationRow {
  enabled: number
  disabled_reason: string | null
  failing_since: string | null
}

export const loopbackRules: Config['webhooks'] = { allowLoopback: true, allowPrivate: false, requireHttps: false }

export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`
}

/**
 * Registers hooks that give each test of the file a fresh fixture on one database per file
 * (emptied between tests): creating and dropping a PostgreSQL database per test is slow.
 */
export function useDeliveryFixture(
  options: { now?: () => number; rules?: Config['webhooks'] } = {},
): () => DeliveryFixture {
  let database: DatabaseHandle | undefined
  let fixture: DeliveryFixture | undefined
  beforeAll(async () => {
    database = await createTestDatabase()
    await migrateToLatest(database.db)
  })
  afterAll(async () => {
    await database?.close()
  })
  beforeEach(async () => {
    fixture = await createDeliveryFixture({ now: options.now?.(), rules: options.rules, database })
  })
  afterEach(async () => {
    await fixture?.close()
  })
  return () => {
    if (!fixture) throw new Error('useDeliveryFixture: no test is running')
    return fixture
  }
}

export async function createDeliveryFixture(
  options: { now?: number; rules?: Config['webhooks']; database?: DatabaseHandle; secretBox?: SecretBox } = {},
): Promise<DeliveryFixture> {
  const database = options.database ?? (await createTestDatabase())
  await migrateToLatest(database.db)
  const db = database.db
  const clock = new ManualClock(options.now ?? Date.UTC(2026, 10, 2, 12, 0, 0))
  const secretBox = options.secretBox ?? SecretBox.fromKey('delivery-tests')
  const signingKeys = createSigningKeys({ db, secretBox, clock, cacheMs: 0 })
  const rules = options.rules ?? loopbackRules
  const workers: DeliveryWorker[] = []

  async function addShop() {
    const shopId = `sh_${randomUUID()}`
    const secret = newWebhookSecret()
    const now = new Date(clock.now()).toISOString()
    await db
      .insertInto('shops')
      .values({
        id: shopId,
        name: 'Delivery test shop',
        domain: `${shopId}.test`,
        public_domain: `${shopId}.example`,
        currency: 'USD',
        contact_info: '{}',
        webhook_secret: secretBox.seal(secret),
        webhook_secret_previous: null,
        webhook_secret_previous_until: null,
        created_at: now,
        updated_at: now,
      })
      .execute()
    return { shopId, secret }
  }

  const shop = await addShop()

  const fixture: DeliveryFixture = {
    database,
    clock,
    secretBox,
    signingKeys,
    shopId: shop.shopId,
    secret: shop.secret,
    rules,
    addShop,
    async addConfiguration({ url, allowedTypes = ['ORDER_PLACED', 'DONATION'], shopId = shop.shopId, appId = null }) {
      const id = newId('webhookConfiguration')
      const now = new Date(clock.now()).toISOString()
      await db
        .insertInto('webhook_configurations')
        .values({
          id,
          shop_id: shopId,
          app_id: appId,
          url,
          allowed_types: JSON.stringify(allowedTypes),
          api_version: 'V1',
          enabled: 1,
          disabled_reason: null,
          failing_since: null,
          created_at: now,
          updated_at: now,
        })
        .execute()
      return id
    },
    record(event) {
      return db
        .transaction()
        .execute((trx) =>
          recordEvent(
            trx,
            { shopId: shop.shopId, type: 'DONATION', data: { id: `don_${randomUUID()}` }, ...event },
            clock.now(),
          ),
        )
    },
    worker(workerOptions = {}) {
      const worker = createDeliveryWorker({ database, clock, rules, signingKeys, ...workerOptions })
      workers.push(worker)
      return worker
    },
    async delivery(id) {
      const row = await db
        .selectFrom('webhook_events')
        .select([
          'id',
          'state',
          'attempt_count',
          'next_attempt_at',
          'lease_owner',
          'last_error',
          'body',
          'configuration_id',
        ])
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
      return { ...row, attempt_count: Number(row.attempt_count) }
    },
    attempts(id) {
      return db
        .selectFrom('webhook_attempts')
        .select(['attempted_at', 'status_code', 'latency_ms', 'error_class', 'response_excerpt'])
        .where('webhook_event_id', '=', id)
        .orderBy('attempted_at')
        .execute()
    },
    async configuration(id) {
      const row = await db
        .selectFrom('webhook_configurations')
        .select(['enabled', 'disabled_reason', 'failing_since'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
      return { ...row, enabled: Number(row.enabled) }
    },
    async close() {
      await Promise.all(workers.map((w) => w.stop()))
      if (!options.database) return database.close()
      // A database shared by a file's tests: leave it empty for the next one.
      for (const table of [
        'webhook_attempts',
        'webhook_events',
        'events',
        'webhook_configurations',
        'mailing_list_entries',
        'shops',
      ] as const) {
        await db.deleteFrom(table).execute()
      }
    },
  }
  return fixture
}
