import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isoTime } from '../../clock.js'
import type { ShopPrincipal } from '../../http/principal.js'
import { createTestPlatform, type TestPlatform } from '../../testing/test-platform.js'
import { recordEvent } from '../events/event-outbox.js'
import { createWebhookConfigurationService, webhookOwnerOf } from './webhook-configurations.service.js'

let platform: TestPlatform

const services = () => platform.app.platform.services
const db = () => services().db
/** A public address as an IP literal: no DNS lookup in tests. */
const publicUrl = 'https://93.184.216.34/fanshelf'

beforeAll(async () => {
  platform = await createTestPlatform()
})
afterAll(() => platform.close())

function create(body: unknown, auth = platform.asDemo) {
  return platform.call('createWebhookConfiguration', { body, auth })
}
function update(webhookConfigurationId: string, body: unknown, auth = platform.asDemo) {
  return platform.call('updateWebhookConfiguration', { params: { webhookConfigurationId }, body, auth })
}
function remove(webhookConfigurationId: string, auth = platform.asDemo) {
  return platform.call('deleteWebhookConfiguration', { params: { webhookConfigurationId }, auth })
}
function get(webhookConfigurationId: string, auth = platform.asDemo) {
  return platform.call('getWebhookConfiguration', { params: { webhookConfigurationId }, auth })
}
async function eventCount(): Promise<number> {
  return (await db().selectFrom('events').select('id').execute()).length
}

const app = (appId: string, shopId = platform.demo.id): ShopPrincipal => ({
  kind: 'platformApp',
  shopId,
  appId,
  grantId: 'grant_test',
  scopes: new Set(['webhook_read', 'webhook_write']),
  rateKey: 'grant:grant_test',
})

/** Body-schema violations, one at a time: [field, rule, body]. */
const invalidBodies = [
  ['url', 'required', { allowedTypes: ['ORDER_PLACED'] }],
  ['url', 'format', { url: 'https://bad host/hooks', allowedTypes: ['ORDER_PLACED'] }],
  ['url', 'pattern', { url: 'ftp://93.184.216.34/hooks', allowedTypes: ['ORDER_PLACED'] }],
  ['url', 'maxLength', { url: `https://93.184.216.34/${'a'.repeat(2048)}`, allowedTypes: ['ORDER_PLACED'] }],
  ['allowedTypes', 'minItems', { url: publicUrl, allowedTypes: [] }],
  ['allowedTypes', 'uniqueItems', { url: publicUrl, allowedTypes: ['ORDER_PLACED', 'ORDER_PLACED'] }],
  ['allowedTypes/1', 'enum', { url: publicUrl, allowedTypes: ['ORDER_PLACED', 'ORDER_SHIPPED'] }],
  ['secret', 'additionalProperties', { url: publicUrl, allowedTypes: ['ORDER_PLACED'], secret: 'mine' }],
  ['types', 'minItems', { url: publicUrl, types: [] }],
  ['types/0', 'enum', { url: publicUrl, types: ['ORDER_SHIPPED'] }],
] as const

/** Forbidden addresses under the default (local) rules: [kind, url, address]. */
const forbiddenUrls = [
  ['private', 'http://10.0.0.12/hooks', '10.0.0.12'],
  ['private (decimal form)', 'http://167772172/hooks', '10.0.0.12'],
  ['private IPv6 (ULA)', 'http://[fd12:3456::1]/hooks', 'fd12:3456::1'],
  ['link-local', 'http://169.254.10.1/hooks', '169.254.10.1'],
  ['cloud metadata', 'http://169.254.169.254/latest/meta-data', '169.254.169.254'],
  ['unspecified', 'http://0.0.0.0:8080/hooks', '0.0.0.0'],
  ['IPv4-mapped IPv6', 'http://[::ffff:127.0.0.1]/hooks', '::ffff:7f00:1'],
] as const

describe('POST /webhooks', () => {
  it('creates an enabled configuration and answers it with the shop’s signing secret', async () => {
    await platform.clock.advance(1_000)
    const now = isoTime(platform.clock.now())
    const events = await eventCount()
    const { status, body } = await create({ url: publicUrl, allowedTypes: ['ORDER_PLACED', 'GIFT_PURCHASE'] })
    expect(status).toBe(200)
    const secret = (await platform.call('getWebhookSecret')).body.secret
    expect(body).toEqual({
      id: expect.stringMatching(/^wcon_/),
      url: publicUrl,
      allowedTypes: ['ORDER_PLACED', 'GIFT_PURCHASE'],
      apiVersion: 'V1',
      enabled: true,
      disabledReason: null,
      createdAt: now,
      updatedAt: now,
      secret,
    })
    const { secret: _secret, ...configuration } = body
    expect((await get(body.id)).body).toEqual(configuration)
    const list = await platform.call('listWebhookConfigurations')
    expect(list.body.results[0]).toEqual(configuration)
    expect(await eventCount()).toBe(events)
  })

  it('subscribes the URL to events that happen from then on', async () => {
    const { body } = await create({ url: publicUrl, allowedTypes: ['GIFT_PURCHASE'] })
    const product = await db()
      .selectFrom('products')
      .select('id')
      .where('shop_id', '=', platform.demo.id)
      .where('state', '=', 'AVAILABLE')
      .where('access', '=', 'PUBLIC')
      .executeTakeFirstOrThrow()
    await services().gifting.purchaseGift(platform.demo.id, {
      productId: product.id,
      quantity: 1,
      email: 'jordan.lee@example.com',
    })
    const deliveries = await db()
      .selectFrom('webhook_events')
      .select(['type', 'state'])
      .where('configuration_id', '=', body.id)
      .execute()
    expect(deliveries).toEqual([{ type: 'GIFT_PURCHASE', state: 'PENDING' }])
  })

  it.each([
    ['loopback IPv4', 'http://127.0.0.1:9999/hooks'],
    ['loopback name', 'http://localhost:9999/hooks'],
    ['loopback IPv6', 'http://[::1]:9999/hooks'],
  ])('accepts a %s URL under the local default rules', async (_kind, url) => {
    const { status, body } = await create({ url, allowedTypes: ['DONATION'] })
    expect(status).toBe(200)
    expect(body.url).toBe(url)
  })

  it.each(invalidBodies)('answers 400 naming %s (%s) and creates nothing', async (field, rule, body) => {
    const before = await db().selectFrom('webhook_configurations').select('id').execute()
    const { status, body: answer } = await create(body)
    expect(status).toBe(400)
    expect(answer.code).toBe('REQUEST_VALIDATION_FAILED')
    expect(answer.details.errors).toEqual([expect.objectContaining({ location: 'body', field, rule })])
    expect(await db().selectFrom('webhook_configurations').select('id').execute()).toHaveLength(before.length)
  })

  it.each(forbiddenUrls)('refuses a %s address with 400 WEBHOOK_URI_IP_NOT_ALLOWED', async (_kind, url, address) => {
    const before = await db().selectFrom('webhook_configurations').select('id').execute()
    const { status, body } = await create({ url, allowedTypes: ['ORDER_PLACED'] })
    expect(status).toBe(400)
    expect(body).toEqual({ code: 'WEBHOOK_URI_IP_NOT_ALLOWED', message: expect.any(String), details: { url, address } })
    expect(await db().selectFrom('webhook_configurations').select('id').execute()).toHaveLength(before.length)
  })

  it('answers 401 without credentials', async () => {
    const { status, body } = await create({ url: publicUrl, allowedTypes: ['ORDER_PLACED'] }, 'none')
    expect(status).toBe(401)
    expect(body.code).toBe('UNAUTHENTICATED')
  })
})

/**
 * The real platform's example apps send the event types as `types`; the contract's canonical field
 * is `allowedTypes`. Called as those apps call us: the published path, a JSON body with `types`.
 */
describe('the alias types on POST and PUT /open-api/v1.0/webhooks', () => {
  // A fresh rate-limit window (100 requests per 10 s on the manual clock) for this block's calls.
  beforeAll(() => platform.clock.advance(10_000))

  async function send(method: 'POST' | 'PUT', url: string, body: unknown) {
    const response = await platform.app.inject({
      method,
      url,
      headers: {
        authorization: `Basic ${Buffer.from(`${platform.demo.apiUser.username}:${platform.demo.apiUser.password}`).toString('base64')}`,
        'content-type': 'application/json',
      },
      payload: JSON.stringify(body),
    })
    return { status: response.statusCode, body: response.json() }
  }

  it('creates and replaces a configuration from types, answering allowedTypes', async () => {
    const created = await send('POST', '/open-api/v1.0/webhooks', {
      url: publicUrl,
      types: ['ORDER_PLACED', 'DONATION'],
    })
    expect(created.status).toBe(200)
    expect(created.body).toMatchObject({ allowedTypes: ['ORDER_PLACED', 'DONATION'], enabled: true })
    expect(created.body).not.toHaveProperty('types')
    const { body: read } = await get(created.body.id)
    expect(read.allowedTypes).toEqual(['ORDER_PLACED', 'DONATION'])

    const updated = await send('PUT', `/open-api/v1.0/webhooks/${created.body.id}`, {
      url: publicUrl,
      types: ['GIFT_PURCHASE'],
    })
    expect(updated.status).toBe(200)
    expect(updated.body.allowedTypes).toEqual(['GIFT_PURCHASE'])
    expect((await get(created.body.id)).body.allowedTypes).toEqual(['GIFT_PURCHASE'])
  })

  it('accepts both fields when they list the same types, in any order', async () => {
    const { status, body } = await create({
      url: publicUrl,
      allowedTypes: ['ORDER_PLACED', 'DONATION'],
      types: ['DONATION', 'ORDER_PLACED'],
    })
    expect(status).toBe(200)
    expect(body.allowedTypes).toEqual(['ORDER_PLACED', 'DONATION'])
  })

  it('answers 400 naming both fields when they differ, and writes nothing', async () => {
    const before = await db().selectFrom('webhook_configurations').select('id').execute()
    const created = await send('POST', '/open-api/v1.0/webhooks', {
      url: publicUrl,
      allowedTypes: ['ORDER_PLACED'],
      types: ['DONATION'],
    })
    expect(created.status).toBe(400)
    expect(created.body.code).toBe('REQUEST_VALIDATION_FAILED')
    expect(created.body.details.errors).toEqual([
      expect.objectContaining({ location: 'body', field: 'allowedTypes', rule: 'alias' }),
      expect.objectContaining({ location: 'body', field: 'types', rule: 'alias' }),
    ])
    expect(await db().selectFrom('webhook_configurations').select('id').execute()).toHaveLength(before.length)

    const { body: existing } = await create({ url: publicUrl, allowedTypes: ['ORDER_PLACED'] })
    const updated = await update(existing.id, {
      url: 'https://93.184.216.34/other',
      allowedTypes: ['ORDER_PLACED', 'DONATION'],
      types: ['ORDER_PLACED'],
    })
    expect(updated.status).toBe(400)
    expect(updated.body.details.errors.map((e: { field: string }) => e.field)).toEqual(['allowedTypes', 'types'])
    expect((await get(existing.id)).body).toMatchObject({ url: publicUrl, allowedTypes: ['ORDER_PLACED'] })
  })

  it('answers 400 naming allowedTypes and types when neither is sent', async () => {
    const { status, body } = await create({ url: publicUrl })
    expect(status).toBe(400)
    expect(body.details.errors).toEqual([
      expect.objectContaining({ location: 'body', field: 'allowedTypes', rule: 'required' }),
      expect.objectContaining({ location: 'body', field: 'types', rule: 'required' }),
    ])
  })
})

describe('PUT /webhooks/{webhookConfigurationId}', () => {
  async function disabledConfiguration(shopId = platform.demo.id, appId: string | null = null) {
    const id = `wcon_Test${Math.random().toString(36).slice(2, 14)}`
    await db()
      .insertInto('webhook_configurations')
      .values({
        id,
        shop_id: shopId,
        app_id: appId,
        url: 'https://93.184.216.34/old',
        allowed_types: JSON.stringify(['ORDER_PLACED']),
        api_version: 'V1',
        enabled: 0,
        disabled_reason: 'Disabled on 2026-11-01 after failing continuously for 5 days (last error HTTP 502).',
        failing_since: '2026-10-27T10:00:00.000Z',
        created_at: '2026-10-01T08:00:00.000Z',
        updated_at: '2026-11-01T10:00:00.000Z',
      })
      .execute()
    return id
  }

  it('replaces url and allowedTypes and enables a disabled configuration again', async () => {
    const id = await disabledConfiguration()
    await platform.clock.advance(1_000)
    const now = isoTime(platform.clock.now())
    const body = { url: 'https://93.184.216.34/v2', allowedTypes: ['ORDER_UPDATED', 'DONATION', 'PRODUCT_UPDATED'] }
    const { status, body: answer } = await update(id, body)
    expect(status).toBe(200)
    const expected = {
      id,
      ...body,
      apiVersion: 'V1',
      enabled: true,
      disabledReason: null,
      createdAt: '2026-10-01T08:00:00.000Z',
      updatedAt: now,
    }
    expect(answer).toEqual(expected)
    expect((await get(id)).body).toEqual(expected)
    const row = await db()
      .selectFrom('webhook_configurations')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({ enabled: 1, disabled_reason: null, failing_since: null })
  })

  it.each(invalidBodies)('answers 400 naming %s (%s) and changes nothing', async (field, rule, body) => {
    const id = await disabledConfiguration()
    const before = await get(id)
    const { status, body: answer } = await update(id, body)
    expect(status).toBe(400)
    expect(answer.details.errors).toEqual([expect.objectContaining({ location: 'body', field, rule })])
    expect((await get(id)).body).toEqual(before.body)
  })

  it.each(forbiddenUrls)('refuses a %s address and changes nothing', async (_kind, url, address) => {
    const id = await disabledConfiguration()
    const before = await get(id)
    const { status, body } = await update(id, { url, allowedTypes: ['ORDER_PLACED'] })
    expect(status).toBe(400)
    expect(body).toMatchObject({ code: 'WEBHOOK_URI_IP_NOT_ALLOWED', details: { url, address } })
    expect((await get(id)).body).toEqual(before.body)
  })

  it('answers 404 WEBHOOK_CONFIGURATION_NOT_FOUND for an unknown id, another shop’s and a platform app’s', async () => {
    const foreign = await disabledConfiguration(platform.other.id)
    const appOwned = await disabledConfiguration(platform.demo.id, 'apps.test_app')
    for (const id of ['wcon_nope', foreign, appOwned]) {
      const { status, body } = await update(id, { url: publicUrl, allowedTypes: ['ORDER_PLACED'] })
      expect(status).toBe(404)
      expect(body).toEqual({
        code: 'WEBHOOK_CONFIGURATION_NOT_FOUND',
        message: `Webhook configuration ${id} was not found.`,
        details: { webhookConfigurationId: id },
      })
    }
    const row = await db()
      .selectFrom('webhook_configurations')
      .selectAll()
      .where('id', '=', foreign)
      .executeTakeFirstOrThrow()
    expect(row.enabled).toBe(0)
  })

  it('answers 401 without credentials', async () => {
    const id = await disabledConfiguration()
    expect((await update(id, { url: publicUrl, allowedTypes: ['ORDER_PLACED'] }, 'none')).status).toBe(401)
  })
})

describe('DELETE /webhooks/{webhookConfigurationId}', () => {
  it('deletes the configuration with its queued deliveries and delivery log, answering 200 with no body', async () => {
    const kept = (await create({ url: publicUrl, allowedTypes: ['DONATION'] })).body.id
    const { body: created } = await create({ url: publicUrl, allowedTypes: ['DONATION'] })
    const { deliveryIds } = await db()
      .transaction()
      .execute((trx) =>
        recordEvent(
          trx,
          { shopId: platform.demo.id, type: 'DONATION', data: { id: 'don_Test' } },
          platform.clock.now(),
        ),
      )
    const [delivery] = await db()
      .selectFrom('webhook_events')
      .select('id')
      .where('configuration_id', '=', created.id)
      .where('id', 'in', deliveryIds)
      .execute()
    if (!delivery) throw new Error('the event fans out to the configuration')
    await db()
      .insertInto('webhook_attempts')
      .values({
        id: 'wat_Test0001',
        webhook_event_id: delivery.id,
        shop_id: platform.demo.id,
        attempted_at: isoTime(platform.clock.now()),
        status_code: 502,
        latency_ms: 40,
        error_class: 'HTTP_STATUS',
        response_excerpt: 'Bad gateway',
      })
      .execute()

    const { status, body, headers } = await remove(created.id)
    expect(status).toBe(200)
    expect(body).toBe('')
    expect(headers['request-id']).toBeDefined()
    expect((await get(created.id)).status).toBe(404)
    expect(
      await db().selectFrom('webhook_events').select('id').where('configuration_id', '=', created.id).execute(),
    ).toEqual([])
    expect(
      await db().selectFrom('webhook_attempts').select('id').where('webhook_event_id', '=', delivery.id).execute(),
    ).toEqual([])
    // Other configurations and their deliveries stay.
    expect((await get(kept)).status).toBe(200)
    const others = await db().selectFrom('webhook_events').select('id').where('configuration_id', '=', kept).execute()
    expect(others).toHaveLength(1)
    expect((await remove(created.id)).status).toBe(404)
  })

  it('answers 404 for an unknown id, another shop’s and a platform app’s configuration, deleting nothing', async () => {
    const foreign = (await create({ url: publicUrl, allowedTypes: ['DONATION'] }, platform.asOther)).body.id
    const appOwned = (
      await services().webhookConfigurations.createConfiguration(webhookOwnerOf(app('apps.test_app')), {
        url: publicUrl,
        allowedTypes: ['DONATION'],
      })
    ).id
    for (const id of ['wcon_nope', foreign, appOwned]) {
      const { status, body } = await remove(id)
      expect(status).toBe(404)
      expect(body.code).toBe('WEBHOOK_CONFIGURATION_NOT_FOUND')
    }
    expect((await get(foreign, platform.asOther)).status).toBe(200)
  })

  it('answers 401 without credentials', async () => {
    const { body } = await create({ url: publicUrl, allowedTypes: ['DONATION'] })
    expect((await remove(body.id, 'none')).status).toBe(401)
    expect((await get(body.id)).status).toBe(200)
  })
})

describe('webhook configurations of a platform app', () => {
  // No OAuth grants exist before the platform-apps issue, so the app's calls are made at the service.
  it('are created for the app, with a null secret (the app’s own key signs), and invisible to the shop', async () => {
    const service = services().webhookConfigurations
    const owner = webhookOwnerOf(app('apps.bot'))
    const created = await service.createConfiguration(owner, { url: publicUrl, allowedTypes: ['GIFT_DRAW_STARTED'] })
    expect(created).toMatchObject({ url: publicUrl, enabled: true, secret: null })
    const row = await db()
      .selectFrom('webhook_configurations')
      .selectAll()
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow()
    expect(row.app_id).toBe('apps.bot')
    expect((await get(created.id)).status).toBe(404)
    await expect(service.getConfiguration(webhookOwnerOf(app('apps.other')), created.id)).rejects.toMatchObject({
      code: 'WEBHOOK_CONFIGURATION_NOT_FOUND',
    })
  })

  it('are updated and deleted by the app only; the shop’s are not the app’s to change', async () => {
    const service = services().webhookConfigurations
    const owner = webhookOwnerOf(app('apps.bot'))
    const { id } = await service.createConfiguration(owner, { url: publicUrl, allowedTypes: ['DONATION'] })
    const shopOwned = (await create({ url: publicUrl, allowedTypes: ['DONATION'] })).body.id
    const updated = await service.updateConfiguration(owner, id, { url: publicUrl, allowedTypes: ['ORDER_PLACED'] })
    expect(updated.allowedTypes).toEqual(['ORDER_PLACED'])
    await expect(
      service.updateConfiguration(owner, shopOwned, { url: publicUrl, allowedTypes: ['ORDER_PLACED'] }),
    ).rejects.toMatchObject({ code: 'WEBHOOK_CONFIGURATION_NOT_FOUND', status: 404 })
    await expect(service.deleteConfiguration(owner, shopOwned)).rejects.toMatchObject({ status: 404 })
    await service.deleteConfiguration(owner, id)
    await expect(service.getConfiguration(owner, id)).rejects.toMatchObject({ status: 404 })
    expect((await get(shopOwned)).body.allowedTypes).toEqual(['DONATION'])
  })
})

describe('webhook URL rules from configuration', () => {
  function serviceWith(
    rules: Partial<typeof platform.config.webhooks>,
    resolve?: (host: string) => Promise<{ address: string; family: number }[]>,
  ) {
    return createWebhookConfigurationService(db(), services().shops, {
      clock: platform.clock,
      dialect: platform.app.platform.database.dialect,
      rules: { ...platform.config.webhooks, ...rules },
      resolve,
      appKeys: services().platformApps.appKeys,
    })
  }
  const owner = () =>
    webhookOwnerOf({ kind: 'apiUser', shopId: platform.demo.id, apiUserId: 'apiu_Test', rateKey: 'k' })

  it('requires https when configured, naming url', async () => {
    const service = serviceWith({ requireHttps: true })
    await expect(
      service.createConfiguration(owner(), { url: 'http://93.184.216.34/hooks', allowedTypes: ['DONATION'] }),
    ).rejects.toMatchObject({
      code: 'REQUEST_VALIDATION_FAILED',
      status: 400,
      details: { errors: [{ location: 'body', field: 'url', rule: 'format', message: 'must be an https URL' }] },
    })
    await expect(
      service.createConfiguration(owner(), { url: 'https://93.184.216.34/hooks', allowedTypes: ['DONATION'] }),
    ).resolves.toMatchObject({ enabled: true })
  })

  it('refuses loopback when not allowed, and allows private addresses when configured', async () => {
    await expect(
      serviceWith({ allowLoopback: false }).createConfiguration(owner(), {
        url: 'http://127.0.0.1:9999/hooks',
        allowedTypes: ['DONATION'],
      }),
    ).rejects.toMatchObject({ code: 'WEBHOOK_URI_IP_NOT_ALLOWED', details: { address: '127.0.0.1' } })
    await expect(
      serviceWith({ allowPrivate: true }).createConfiguration(owner(), {
        url: 'http://10.0.0.12/hooks',
        allowedTypes: ['DONATION'],
      }),
    ).resolves.toMatchObject({ url: 'http://10.0.0.12/hooks' })
  })

  it('resolves a host name and refuses it when any of its addresses is forbidden', async () => {
    const resolve = async (host: string) =>
      host === 'hooks.internal.test'
        ? [
            { address: '93.184.216.34', family: 4 },
            { address: '192.168.1.20', family: 4 },
          ]
        : [{ address: '93.184.216.34', family: 4 }]
    const service = serviceWith({}, resolve)
    await expect(
      service.createConfiguration(owner(), { url: 'https://hooks.internal.test/x', allowedTypes: ['DONATION'] }),
    ).rejects.toMatchObject({
      code: 'WEBHOOK_URI_IP_NOT_ALLOWED',
      details: { url: 'https://hooks.internal.test/x', address: '192.168.1.20' },
    })
    const configuration = (await create({ url: publicUrl, allowedTypes: ['DONATION'] })).body.id
    await expect(
      service.updateConfiguration(owner(), configuration, {
        url: 'https://hooks.internal.test/x',
        allowedTypes: ['DONATION'],
      }),
    ).rejects.toMatchObject({ code: 'WEBHOOK_URI_IP_NOT_ALLOWED' })
    await expect(
      service.createConfiguration(owner(), { url: 'https://hooks.public.test/x', allowedTypes: ['DONATION'] }),
    ).resolves.toMatchObject({ url: 'https://hooks.public.test/x' })
  })

  it('checks allowedTypes itself for callers other than the HTTP layer', async () => {
    const service = serviceWith({})
    await expect(service.createConfiguration(owner(), { url: publicUrl, allowedTypes: [] })).rejects.toMatchObject({
      details: { errors: [expect.objectContaining({ field: 'allowedTypes', rule: 'minItems' })] },
    })
    await expect(
      service.createConfiguration(owner(), { url: publicUrl, allowedTypes: ['DONATION', 'DONATION'] }),
    ).rejects.toMatchObject({ details: { errors: [expect.objectContaining({ rule: 'uniqueItems' })] } })
    await expect(
      service.createConfiguration(owner(), { url: publicUrl, allowedTypes: ['NOPE'] }),
    ).rejects.toMatchObject({
      details: { errors: [expect.objectContaining({ field: 'allowedTypes/0', rule: 'enum' })] },
    })
  })
})

describe('webhook URL rules over HTTP with production-like configuration', () => {
  let strict: TestPlatform
  beforeAll(async () => {
    strict = await createTestPlatform({ env: { WEBHOOK_REQUIRE_HTTPS: 'true', WEBHOOK_ALLOW_LOOPBACK: 'false' } })
  })
  afterAll(() => strict.close())

  it('answers 400 naming url for an http URL when https is required', async () => {
    const { status, body } = await strict.call('createWebhookConfiguration', {
      body: { url: 'http://93.184.216.34/hooks', allowedTypes: ['DONATION'] },
    })
    expect(status).toBe(400)
    expect(body).toMatchObject({
      code: 'REQUEST_VALIDATION_FAILED',
      details: { errors: [{ location: 'body', field: 'url', rule: 'format', message: 'must be an https URL' }] },
    })
  })

  it('answers 400 WEBHOOK_URI_IP_NOT_ALLOWED for loopback when loopback is not allowed', async () => {
    const { status, body } = await strict.call('createWebhookConfiguration', {
      body: { url: 'https://127.0.0.1/hooks', allowedTypes: ['DONATION'] },
    })
    expect(status).toBe(400)
    expect(body).toMatchObject({ code: 'WEBHOOK_URI_IP_NOT_ALLOWED', details: { address: '127.0.0.1' } })
  })
})
