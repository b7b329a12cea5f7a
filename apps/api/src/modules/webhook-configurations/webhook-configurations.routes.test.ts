import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { WebhookConfigurationsTable } from '../../db/schema.js'
import type { ShopPrincipal } from '../../http/principal.js'
import { createTestPlatform, type TestPlatform } from '../../testing/test-platform.js'
import { webhookOwnerOf } from './webhook-configurations.service.js'

let platform: TestPlatform

function configuration(
  overrides: Partial<WebhookConfigurationsTable> & Pick<WebhookConfigurationsTable, 'id' | 'created_at'>,
): WebhookConfigurationsTable {
  return {
    shop_id: platform.demo.id,
    app_id: null,
    url: 'https://hooks.example.com/fanshelf',
    allowed_types: JSON.stringify(['ORDER_PLACED', 'ORDER_UPDATED']),
    api_version: 'V1',
    enabled: 1,
    disabled_reason: null,
    failing_since: null,
    updated_at: overrides.created_at,
    ...overrides,
  }
}

/**
 * Our own configurations, newer than anything the seed writes (the test clock starts at
 * 2026-11-02T12:00Z), so that they lead the newest-first list.
 */
const newest = {
  id: 'wcon_TestNewest00000000003',
  url: 'https://hooks.example.com/newest',
  allowedTypes: ['GIFT_PURCHASE', 'GIFT_DRAW_STARTED', 'GIFT_DRAW_ENDED'],
  apiVersion: 'V1',
  enabled: false,
  disabledReason: 'Disabled on 2026-11-02 after failing continuously for 5 days (last error HTTP 502).',
  createdAt: '2026-11-02T11:59:00.000Z',
  updatedAt: '2026-11-02T11:59:30.000Z',
}
const middle = {
  id: 'wcon_TestMiddle000000000002',
  url: 'https://hooks.example.com/middle',
  allowedTypes: ['DONATION'],
  apiVersion: 'V1',
  enabled: true,
  disabledReason: null,
  createdAt: '2026-11-02T11:58:00.000Z',
  updatedAt: '2026-11-02T11:58:00.000Z',
}
const appConfigurationId = 'wcon_TestAppOwned00000000001'
const otherShopConfigurationId = 'wcon_TestOtherShop0000000001'

beforeAll(async () => {
  platform = await createTestPlatform()
  const db = platform.app.platform.services.db
  await db
    .insertInto('webhook_configurations')
    .values([
      configuration({
        id: newest.id,
        url: newest.url,
        allowed_types: JSON.stringify(newest.allowedTypes),
        enabled: 0,
        disabled_reason: newest.disabledReason,
        failing_since: '2026-10-28T11:59:30.000Z',
        created_at: newest.createdAt,
        updated_at: newest.updatedAt,
      }),
      configuration({
        id: middle.id,
        url: middle.url,
        allowed_types: JSON.stringify(middle.allowedTypes),
        created_at: middle.createdAt,
      }),
      // A platform app's configuration on the demo shop: only that app sees it.
      configuration({ id: appConfigurationId, app_id: 'apps.test_app', created_at: '2026-11-02T11:59:59.000Z' }),
      configuration({
        id: otherShopConfigurationId,
        shop_id: platform.other.id,
        created_at: '2026-11-02T11:59:59.000Z',
      }),
    ])
    .execute()
})
afterAll(() => platform.close())

async function shopConfigurationCount(shopId: string): Promise<number> {
  const rows = await platform.app.platform.services.db
    .selectFrom('webhook_configurations')
    .select('id')
    .where('shop_id', '=', shopId)
    .where('app_id', 'is', null)
    .execute()
  return rows.length
}

describe('GET /webhooks', () => {
  it('answers the shop’s configurations newest first, with the paging fields', async () => {
    const total = await shopConfigurationCount(platform.demo.id)
    const { status, body } = await platform.call('listWebhookConfigurations', { query: { size: 2 } })
    expect(status).toBe(200)
    expect(body).toEqual({ results: [newest, middle], total, page: 0, size: 2, totalPages: Math.ceil(total / 2) })
  })

  it('defaults to page 0 of size 20', async () => {
    const total = await shopConfigurationCount(platform.demo.id)
    const { body } = await platform.call('listWebhookConfigurations')
    expect(body).toMatchObject({ total, page: 0, size: 20, totalPages: Math.ceil(total / 20) })
    expect(body.results.slice(0, 2)).toEqual([newest, middle])
    expect(body.results).toHaveLength(Math.min(total, 20))
  })

  it('never lists a platform app’s configurations or another shop’s to an API user', async () => {
    const { body } = await platform.call('listWebhookConfigurations', { query: { size: 100 } })
    const ids = body.results.map((c: { id: string }) => c.id)
    expect(ids).not.toContain(appConfigurationId)
    expect(ids).not.toContain(otherShopConfigurationId)
    const other = await platform.call('listWebhookConfigurations', { auth: platform.asOther, query: { size: 100 } })
    expect(other.body.results.map((c: { id: string }) => c.id)).toContain(otherShopConfigurationId)
    expect(other.body.results.map((c: { id: string }) => c.id)).not.toContain(newest.id)
    expect(other.body.total).toBe(await shopConfigurationCount(platform.other.id))
  })

  it('answers the last page partly filled and a page past the end empty, with exact totals', async () => {
    const total = await shopConfigurationCount(platform.demo.id)
    expect(total).toBeGreaterThanOrEqual(2)
    const size = total - 1
    const last = await platform.call('listWebhookConfigurations', { query: { page: 1, size } })
    expect(last.status).toBe(200)
    expect(last.body).toMatchObject({ total, page: 1, size, totalPages: 2 })
    expect(last.body.results).toHaveLength(1)
    const past = await platform.call('listWebhookConfigurations', { query: { page: 5, size } })
    expect(past.status).toBe(200)
    expect(past.body).toEqual({ results: [], total, page: 5, size, totalPages: 2 })
  })

  it('accepts size 1 and size 100', async () => {
    const one = await platform.call('listWebhookConfigurations', { query: { size: 1 } })
    expect(one.body.results).toEqual([newest])
    const hundred = await platform.call('listWebhookConfigurations', { query: { size: 100 } })
    expect(hundred.status).toBe(200)
    expect(hundred.body.size).toBe(100)
  })

  it.each([
    [{ size: 0 }, 'size', 'minimum'],
    [{ size: 101 }, 'size', 'maximum'],
    [{ page: -1 }, 'page', 'minimum'],
    [{ page: 'first' }, 'page', 'type'],
  ])('answers 400 REQUEST_VALIDATION_FAILED for %o naming %s', async (query, field, rule) => {
    const { status, body } = await platform.call('listWebhookConfigurations', { query })
    expect(status).toBe(400)
    expect(body.code).toBe('REQUEST_VALIDATION_FAILED')
    expect(body.details.errors).toEqual([expect.objectContaining({ location: 'query', field, rule })])
  })

  it('answers 401 without credentials', async () => {
    const { status, body, headers } = await platform.call('listWebhookConfigurations', { auth: 'none' })
    expect(status).toBe(401)
    expect(body.code).toBe('UNAUTHENTICATED')
    expect(headers['www-authenticate']).toContain('Basic')
  })
})

describe('GET /webhooks/{webhookConfigurationId}', () => {
  it('answers one configuration of the shop', async () => {
    const { status, body } = await platform.call('getWebhookConfiguration', {
      params: { webhookConfigurationId: newest.id },
    })
    expect(status).toBe(200)
    expect(body).toEqual(newest)
  })

  it('answers 404 WEBHOOK_CONFIGURATION_NOT_FOUND for an unknown id', async () => {
    const { status, body } = await platform.call('getWebhookConfiguration', {
      params: { webhookConfigurationId: 'wcon_nope' },
    })
    expect(status).toBe(404)
    expect(body).toEqual({
      code: 'WEBHOOK_CONFIGURATION_NOT_FOUND',
      message: 'Webhook configuration wcon_nope was not found.',
      details: { webhookConfigurationId: 'wcon_nope' },
    })
  })

  it('answers 404 for another shop’s configuration and for a platform app’s', async () => {
    const otherShop = await platform.call('getWebhookConfiguration', {
      params: { webhookConfigurationId: otherShopConfigurationId },
    })
    expect(otherShop.status).toBe(404)
    expect(otherShop.body.code).toBe('WEBHOOK_CONFIGURATION_NOT_FOUND')
    const appOwned = await platform.call('getWebhookConfiguration', {
      params: { webhookConfigurationId: appConfigurationId },
    })
    expect(appOwned.status).toBe(404)
    expect(appOwned.body.code).toBe('WEBHOOK_CONFIGURATION_NOT_FOUND')
  })

  it('answers 401 without credentials', async () => {
    const { status, body } = await platform.call('getWebhookConfiguration', {
      params: { webhookConfigurationId: newest.id },
      auth: 'none',
    })
    expect(status).toBe(401)
    expect(body.code).toBe('UNAUTHENTICATED')
  })

  it('answers 400 naming webhookConfigurationId when it is empty', async () => {
    const { status, body } = await platform.call('getWebhookConfiguration', {
      params: { webhookConfigurationId: '' },
    })
    expect(status).toBe(400)
    expect(body.code).toBe('REQUEST_VALIDATION_FAILED')
    expect(body.details.errors).toEqual([
      expect.objectContaining({ location: 'path', field: 'webhookConfigurationId', rule: 'minLength' }),
    ])
  })
})

describe('webhook configurations seen by a platform app', () => {
  // No OAuth grants exist before the platform-apps issue, so the app's view is checked at the service.
  const app = (appId: string): ShopPrincipal => ({
    kind: 'platformApp',
    shopId: platform.demo.id,
    appId,
    grantId: 'grant_test',
    scopes: new Set(['webhook_read']),
    rateKey: 'grant:grant_test',
  })

  it('lists only the configurations the app created on the shop', async () => {
    const service = platform.app.platform.services.webhookConfigurations
    const page = await service.listConfigurations(webhookOwnerOf(app('apps.test_app')), {
      page: 0,
      size: 20,
      offset: 0,
    })
    expect(page.results.map((c) => c.id)).toEqual([appConfigurationId])
    expect(page.total).toBe(1)
    const stranger = await service.listConfigurations(webhookOwnerOf(app('apps.other')), {
      page: 0,
      size: 20,
      offset: 0,
    })
    expect(stranger).toEqual({ results: [], total: 0, page: 0, size: 20, totalPages: 0 })
  })

  it('finds its own configuration but not the shop’s', async () => {
    const service = platform.app.platform.services.webhookConfigurations
    const owner = webhookOwnerOf(app('apps.test_app'))
    await expect(service.getConfiguration(owner, appConfigurationId)).resolves.toMatchObject({ id: appConfigurationId })
    await expect(service.getConfiguration(owner, newest.id)).rejects.toMatchObject({
      code: 'WEBHOOK_CONFIGURATION_NOT_FOUND',
      status: 404,
    })
  })
})

describe('GET /webhooks-secret (deprecated)', () => {
  async function sealedSecretOf(shopId: string): Promise<string> {
    const shop = await platform.app.platform.services.db
      .selectFrom('shops')
      .select('webhook_secret')
      .where('id', '=', shopId)
      .executeTakeFirstOrThrow()
    return platform.app.platform.services.secretBox.open(shop.webhook_secret)
  }

  it('answers the shop’s signing secret in plain text', async () => {
    const { status, body } = await platform.call('getWebhookSecret')
    expect(status).toBe(200)
    expect(body).toEqual({ secret: await sealedSecretOf(platform.demo.id) })
    expect(body.secret.length).toBeGreaterThanOrEqual(16)
  })

  it('answers each shop its own secret', async () => {
    const demo = await platform.call('getWebhookSecret')
    const other = await platform.call('getWebhookSecret', { auth: platform.asOther })
    expect(other.body).toEqual({ secret: await sealedSecretOf(platform.other.id) })
    expect(other.body.secret).not.toBe(demo.body.secret)
  })

  it('answers 401 without credentials', async () => {
    const { status, body } = await platform.call('getWebhookSecret', { auth: 'none' })
    expect(status).toBe(401)
    expect(body.code).toBe('UNAUTHENTICATED')
  })
})
