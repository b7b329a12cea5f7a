import { Webhook } from 'standardwebhooks'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { compileSchema } from '../../http/validation.js'
import { createTestPlatform, type TestPlatform } from '../../testing/test-platform.js'
import { recordEvent } from '../events/event-outbox.js'
import { webhookEventTypes } from '../events/event-types.js'
import { acknowledge, startReceiver, type TestReceiver } from '../webhook-delivery/testing/test-receiver.js'
import { retryDelaysMs, retryJitter } from '../webhooks/delivery-policy.js'
import { createWebhookEventService } from './webhook-events.service.js'

let platform: TestPlatform
let receiver: TestReceiver

const services = () => platform.app.platform.services
const db = () => services().db
const worker = () => services().webhookDelivery

beforeAll(async () => {
  // The manual clock starts at real time so that the standardwebhooks verifier accepts timestamps.
  platform = await createTestPlatform()
  platform.clock.set(Date.now())
  receiver = await startReceiver()
})
afterAll(async () => {
  await platform.close()
  await receiver.close()
})
beforeEach(() => receiver.respond(acknowledge))
afterEach(async () => {
  await db().deleteFrom('webhook_attempts').execute()
  await db().deleteFrom('webhook_events').execute()
  await db().deleteFrom('webhook_configurations').execute()
})

async function createConfiguration(allowedTypes: string[] = ['DONATION'], auth = platform.asDemo, path = '/hooks') {
  const { status, body } = await platform.call('createWebhookConfiguration', {
    body: { url: `${receiver.origin}${path}`, allowedTypes },
    auth,
  })
  expect(status).toBe(200)
  return body as { id: string; secret: string }
}

async function queueDonation(configurationId?: string) {
  const { deliveryIds } = await db()
    .transaction()
    .execute((trx) =>
      recordEvent(
        trx,
        { shopId: platform.demo.id, type: 'DONATION', data: { id: 'don_test' }, configurationId },
        platform.clock.now(),
      ),
    )
  await platform.clock.advance(1)
  return deliveryIds
}

describe('POST /webhooks/{id}/test', () => {
  it('queues a testMode event with the contract example as data and delivers it, signed', async () => {
    const configuration = await createConfiguration(['ORDER_PLACED'])
    const { status, body } = await platform.call('sendWebhookTestEvent', {
      params: { webhookConfigurationId: configuration.id },
      body: { type: 'DONATION' },
    })
    expect(status).toBe(200)
    expect(body).toMatchObject({
      webhookId: configuration.id,
      type: 'DONATION',
      testMode: true,
      state: 'PENDING',
      attemptCount: 0,
      url: `${receiver.origin}/hooks`,
      attempts: [],
    })
    expect(body.nextAttemptAt).toBe(body.createdAt)

    await worker().runOnce()
    expect(receiver.requests).toHaveLength(receiver.requests.length)
    const request = receiver.requests.at(-1)!
    expect(request.body).toBe(body.body)
    const envelope = new Webhook(configuration.secret).verify(request.body, request.headers as Record<string, string>)
    const example = platform.contract.webhookEvents.get('DONATION')?.example as { data: Record<string, unknown> }
    expect(envelope).toMatchObject({
      testMode: true,
      id: body.id,
      webhookId: configuration.id,
      shopId: platform.demo.id,
      type: 'DONATION',
      data: { ...example.data, shopId: platform.demo.id },
    })
  })

  it('builds a test event of every type that validates against its documented envelope', async () => {
    const configuration = await createConfiguration(['DONATION'])
    for (const type of webhookEventTypes) {
      const { status } = await platform.call('sendWebhookTestEvent', {
        params: { webhookConfigurationId: configuration.id },
        body: { type },
      })
      expect(status).toBe(200)
    }
    const before = receiver.requests.length
    expect((await worker().runOnce()).delivered).toBe(webhookEventTypes.length)
    const received = receiver.requests.slice(before).map((r) => JSON.parse(r.body) as { type: string })
    expect(received.map((e) => e.type).sort()).toEqual([...webhookEventTypes].sort())
    for (const envelope of received) {
      const validate = compileSchema(platform.contract.webhookEvents.get(envelope.type)!.envelope)
      expect(validate(envelope), `${envelope.type}: ${JSON.stringify(validate.errors)}`).toBe(true)
    }
  })

  it('answers 404 for another shop’s or an unknown configuration and 409 for a disabled one', async () => {
    const configuration = await createConfiguration()
    const other = await platform.call('sendWebhookTestEvent', {
      params: { webhookConfigurationId: configuration.id },
      body: { type: 'DONATION' },
      auth: platform.asOther,
    })
    expect(other.status).toBe(404)
    expect(other.body.code).toBe('WEBHOOK_CONFIGURATION_NOT_FOUND')
    const unknown = await platform.call('sendWebhookTestEvent', {
      params: { webhookConfigurationId: 'wcon_unknown' },
      body: { type: 'DONATION' },
    })
    expect(unknown.status).toBe(404)
    await db().updateTable('webhook_configurations').set({ enabled: 0 }).where('id', '=', configuration.id).execute()
    const disabled = await platform.call('sendWebhookTestEvent', {
      params: { webhookConfigurationId: configuration.id },
      body: { type: 'DONATION' },
    })
    expect(disabled.status).toBe(409)
    expect(disabled.body).toMatchObject({
      code: 'WEBHOOK_CONFIGURATION_DISABLED',
      details: { webhookConfigurationId: configuration.id },
    })
  })

  it('refuses an unknown event type', async () => {
    const configuration = await createConfiguration()
    const { status, body } = await platform.call('sendWebhookTestEvent', {
      params: { webhookConfigurationId: configuration.id },
      body: { type: 'ORDER_SHIPPED' },
    })
    expect(status).toBe(400)
    expect(body.code).toBe('REQUEST_VALIDATION_FAILED')
  })
})

describe('GET /webhook-events', () => {
  it('lists the shop’s events newest first, 50 per page by default, filtered by type and configuration', async () => {
    const donations = await createConfiguration(['DONATION'], platform.asDemo, '/donations')
    const both = await createConfiguration(['DONATION', 'ORDER_PLACED'], platform.asDemo, '/both')
    for (let i = 0; i < 30; i++) await queueDonation()
    await platform.call('sendWebhookTestEvent', {
      params: { webhookConfigurationId: both.id },
      body: { type: 'ORDER_PLACED' },
    })

    const all = await platform.call('listWebhookEvents')
    expect(all.status).toBe(200)
    expect(all.body).toMatchObject({ total: 61, page: 0, size: 50, totalPages: 2 })
    expect(all.body.results).toHaveLength(50)
    const created = all.body.results.map((e: { createdAt: string }) => e.createdAt)
    expect(created).toEqual([...created].sort().reverse())
    expect(all.body.results[0]).toMatchObject({ type: 'ORDER_PLACED', testMode: true, webhookId: both.id })
    expect(all.body.results[0].attempts).toBeUndefined()

    const orders = await platform.call('listWebhookEvents', { query: { type: 'ORDER_PLACED' } })
    expect(orders.body.total).toBe(1)
    const ofDonations = await platform.call('listWebhookEvents', {
      query: { webhookConfigurationId: donations.id, size: 10, page: 2 },
    })
    expect(ofDonations.body).toMatchObject({ total: 30, page: 2, size: 10, totalPages: 3 })
    expect(ofDonations.body.results.every((e: { webhookId: string }) => e.webhookId === donations.id)).toBe(true)

    const other = await platform.call('listWebhookEvents', { auth: platform.asOther })
    expect(other.body).toMatchObject({ total: 0, results: [] })
  })

  it('hides platform apps’ configurations from API users and shows an app only its own', async () => {
    const own = await createConfiguration(['DONATION'])
    const now = new Date(platform.clock.now()).toISOString()
    for (const appId of ['apps.one', 'apps.two']) {
      await db()
        .insertInto('webhook_configurations')
        .values({
          id: `wcon_${appId.replace('.', '_')}`,
          shop_id: platform.demo.id,
          app_id: appId,
          url: `${receiver.origin}/${appId}`,
          allowed_types: '["DONATION"]',
          api_version: 'V1',
          enabled: 1,
          disabled_reason: null,
          failing_since: null,
          created_at: now,
          updated_at: now,
        })
        .execute()
    }
    const [forShop, forOne, forTwo] = [
      await queueDonation(own.id),
      await queueDonation('wcon_apps_one'),
      await queueDonation('wcon_apps_two'),
    ]
    const events = createWebhookEventService({ db: db(), clock: platform.clock, contract: platform.contract })
    const page = { page: 0, size: 50, offset: 0 }
    const ids = async (appId: string | null) =>
      (await events.listEvents({ shopId: platform.demo.id, appId }, {}, page)).results.map((e) => e.id)
    expect(await ids(null)).toEqual(forShop)
    expect(await ids('apps.one')).toEqual(forOne)
    expect(await ids('apps.two')).toEqual(forTwo)
    await expect(events.getEvent({ shopId: platform.demo.id, appId: 'apps.one' }, forTwo[0]!)).rejects.toMatchObject({
      code: 'WEBHOOK_EVENT_NOT_FOUND',
    })
    const api = await platform.call('getWebhookEvent', { params: { webhookEventId: forOne[0]! } })
    expect(api.status).toBe(404)
  })
})

/** The published document's `apiVersion` and `error` of a webhook event, as its clients read them. */
describe('apiVersion and error of /open-api/v1.0/webhook-events', () => {
  async function published(path: string) {
    const response = await platform.app.inject({
      method: 'GET',
      url: `/open-api/v1.0${path}`,
      headers: {
        authorization: `Basic ${Buffer.from(`${platform.demo.apiUser.username}:${platform.demo.apiUser.password}`).toString('base64')}`,
      },
    })
    expect(response.statusCode).toBe(200)
    return response.json()
  }

  it('carries the envelope’s apiVersion and, while failing, the last attempt’s error; none once delivered', async () => {
    await createConfiguration(['DONATION'])
    const [id] = await queueDonation()
    const queued = await published(`/webhook-events/${id}`)
    expect(queued.apiVersion).toBe(JSON.parse(queued.body).apiVersion)
    expect(queued.apiVersion).toBe('V1')
    expect(queued).not.toHaveProperty('error')

    receiver.respond((_request, response) => response.writeHead(500).end('boom'))
    await worker().runOnce()
    const failing = await published(`/webhook-events/${id}`)
    expect(failing).toMatchObject({ state: 'RETRYING', apiVersion: 'V1', error: 'HTTP 500.' })
    const listed = await published('/webhook-events?type=DONATION')
    expect(listed.results.find((e: { id: string }) => e.id === id)).toMatchObject({
      apiVersion: 'V1',
      error: 'HTTP 500.',
    })
    expect((await platform.call('getWebhookEvent', { params: { webhookEventId: id! } })).body.error).toBe('HTTP 500.')

    await platform.clock.advance(retryDelaysMs[0]! * (1 + retryJitter))
    receiver.respond(acknowledge)
    await worker().runOnce()
    const delivered = await published(`/webhook-events/${id}`)
    expect(delivered.state).toBe('DELIVERED')
    expect(delivered).not.toHaveProperty('error')
    expect(delivered.attempts[0]).toMatchObject({ statusCode: 500, errorClass: 'HTTP_STATUS' })
  })

  it('names a refused connection', async () => {
    const { status, body } = await platform.call('createWebhookConfiguration', {
      body: { url: 'http://127.0.0.1:1/hooks', allowedTypes: ['DONATION'] },
    })
    expect(status).toBe(200)
    const [id] = await queueDonation(body.id)
    await worker().runOnce()
    const event = await published(`/webhook-events/${id}`)
    expect(event.state).toBe('RETRYING')
    expect(event.error).toMatch(/^ECONNREFUSED/)
    expect(event.attempts).toEqual([expect.objectContaining({ statusCode: null, errorClass: 'CONNECTION_ERROR' })])
  })
})

describe('GET /webhook-events/{id}', () => {
  it('answers the event with every attempt, oldest first', async () => {
    await createConfiguration(['DONATION'])
    const [id] = await queueDonation()
    receiver.respond((_request, response) =>
      response.writeHead(503, { 'content-type': 'text/html' }).end('<h1>busy</h1>'),
    )
    await worker().runOnce()
    await platform.clock.advance(retryDelaysMs[0]! * (1 + retryJitter))
    receiver.respond(acknowledge)
    await worker().runOnce()

    const { status, body } = await platform.call('getWebhookEvent', { params: { webhookEventId: id! } })
    expect(status).toBe(200)
    expect(body).toMatchObject({ id, state: 'DELIVERED', attemptCount: 2, nextAttemptAt: null })
    expect(body.attempts).toEqual([
      expect.objectContaining({ statusCode: 503, errorClass: 'HTTP_STATUS', responseExcerpt: '<h1>busy</h1>' }),
      expect.objectContaining({ statusCode: 200, errorClass: null, responseExcerpt: '{"received":true}' }),
    ])
    expect(body.attempts[0].attemptedAt < body.attempts[1].attemptedAt).toBe(true)
  })

  it('answers 404 for another shop’s event or an unknown id', async () => {
    await createConfiguration(['DONATION'])
    const [id] = await queueDonation()
    const other = await platform.call('getWebhookEvent', { params: { webhookEventId: id! }, auth: platform.asOther })
    expect(other.status).toBe(404)
    expect(other.body).toMatchObject({ code: 'WEBHOOK_EVENT_NOT_FOUND', details: { webhookEventId: id } })
    expect((await platform.call('getWebhookEvent', { params: { webhookEventId: 'weve_nope' } })).status).toBe(404)
  })
})

describe('POST /webhook-events/{id}/replay', () => {
  it('sends a delivered event again with the same id and body, a fresh timestamp and signature', async () => {
    const configuration = await createConfiguration(['DONATION'])
    const [id] = await queueDonation()
    await worker().runOnce()
    const first = receiver.requests.at(-1)!
    await platform.clock.advance(60_000)

    const { status, body } = await platform.call('replayWebhookEvent', { params: { webhookEventId: id! } })
    expect(status).toBe(200)
    expect(body).toMatchObject({ id, state: 'PENDING', attemptCount: 1 })
    expect(body.nextAttemptAt).toBe(new Date(platform.clock.now()).toISOString())
    expect(body.attempts).toHaveLength(1)

    await worker().runOnce()
    const again = receiver.requests.at(-1)!
    expect(again.headers['webhook-id']).toBe(id)
    expect(again.body).toBe(first.body)
    expect(again.headers['webhook-timestamp']).not.toBe(first.headers['webhook-timestamp'])
    expect(again.headers['webhook-signature']).not.toBe(first.headers['webhook-signature'])
    expect(() =>
      new Webhook(configuration.secret).verify(again.body, again.headers as Record<string, string>),
    ).not.toThrow()
    const after = await platform.call('getWebhookEvent', { params: { webhookEventId: id! } })
    expect(after.body).toMatchObject({ state: 'DELIVERED', attemptCount: 2 })
  })

  it('gives a failed event a fresh retry schedule', async () => {
    await createConfiguration(['DONATION'])
    const [id] = await queueDonation()
    receiver.respond((_request, response) => response.writeHead(500).end())
    // Exhausted (the worker's tests walk the whole schedule): the eighth attempt failed a while ago.
    await worker().runOnce()
    await db()
      .updateTable('webhook_events')
      .set({ state: 'FAILED', attempt_count: 8, next_attempt_at: null })
      .where('id', '=', id!)
      .execute()
    expect((await platform.call('getWebhookEvent', { params: { webhookEventId: id! } })).body).toMatchObject({
      state: 'FAILED',
      attemptCount: 8,
    })
    await platform.call('replayWebhookEvent', { params: { webhookEventId: id! } })
    await worker().runOnce()
    const { body } = await platform.call('getWebhookEvent', { params: { webhookEventId: id! } })
    expect(body).toMatchObject({ state: 'RETRYING', attemptCount: 9 })
    const delay = Date.parse(body.nextAttemptAt) - platform.clock.now()
    expect(delay).toBeGreaterThanOrEqual(retryDelaysMs[0]! * (1 - retryJitter))
    expect(delay).toBeLessThanOrEqual(retryDelaysMs[0]! * (1 + retryJitter))
  })

  it('answers 409 when the configuration is disabled and 404 for another shop', async () => {
    const configuration = await createConfiguration(['DONATION'])
    const [id] = await queueDonation()
    expect(
      (await platform.call('replayWebhookEvent', { params: { webhookEventId: id! }, auth: platform.asOther })).status,
    ).toBe(404)
    await db().updateTable('webhook_configurations').set({ enabled: 0 }).where('id', '=', configuration.id).execute()
    const { status, body } = await platform.call('replayWebhookEvent', { params: { webhookEventId: id! } })
    expect(status).toBe(409)
    expect(body.code).toBe('WEBHOOK_CONFIGURATION_DISABLED')
  })
})
