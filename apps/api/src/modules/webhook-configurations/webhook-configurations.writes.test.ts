// Creating webhook configurations (POST /webhooks), and the alias field `types` on POST and PUT.
import { beforeAll, describe, expect, it } from 'vitest'
import { isoTime } from '../../clock.js'
import {
  create,
  db,
  eventCount,
  forbiddenUrls,
  get,
  invalidBodies,
  platform,
  publicUrl,
  services,
  setUpWebhookConfigurationWrites,
  update,
} from './testing/webhook-configuration-writes.js'

setUpWebhookConfigurationWrites()

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
