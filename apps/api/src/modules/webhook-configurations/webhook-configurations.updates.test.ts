// Changing and deleting webhook configurations (PUT and DELETE /webhooks/{webhookConfigurationId}).
import { describe, expect, it } from 'vitest'
import { isoTime } from '../../clock.js'
import { recordEvent } from '../events/event-outbox.js'
import {
  app,
  create,
  db,
  forbiddenUrls,
  get,
  invalidBodies,
  platform,
  publicUrl,
  remove,
  services,
  setUpWebhookConfigurationWrites,
  update,
} from './testing/webhook-configuration-writes.js'
import { webhookOwnerOf } from './webhook-configurations.service.js'

setUpWebhookConfigurationWrites()

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
