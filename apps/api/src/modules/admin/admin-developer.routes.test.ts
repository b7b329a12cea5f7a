import { createHmac } from 'node:crypto'
import { Webhook } from 'standardwebhooks'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createTestPlatform, type TestPlatform } from '../../testing/test-platform.js'
import { acknowledge, startReceiver, type TestReceiver } from '../webhook-delivery/testing/test-receiver.js'
import { type AdminClient, signInAdmin } from './testing/admin-client.js'
import { secretRotationGraceHours } from './webhook-secrets.service.js'

/**
 * Developer settings through the admin API (super-admins only; admin-roles.routes.test.ts holds
 * STAFF's refusals): API users, the storefront token,
 * webhook configurations with test events, the delivery log and replays, and the shop's signing
 * secret with its rotation grace period — against a real loopback receiver.
 */

let platform: TestPlatform
let receiver: TestReceiver
let owner: AdminClient
let staff: AdminClient

const services = () => platform.app.platform.services

beforeAll(async () => {
  platform = await createTestPlatform()
  // Standard Webhooks verifiers check the timestamp against the real time.
  platform.clock.set(Date.now())
  receiver = await startReceiver()
  owner = await signInAdmin(platform, 'SUPER_ADMIN')
  staff = await signInAdmin(platform, 'STAFF')
})
afterAll(async () => {
  await platform.close()
  await receiver.close()
})
beforeEach(() => receiver.respond(acknowledge))
afterEach(async () => {
  const db = services().db
  await db.deleteFrom('webhook_attempts').execute()
  await db.deleteFrom('webhook_events').execute()
  await db.deleteFrom('webhook_configurations').execute()
})

async function deliverAll() {
  // Let the worker's signing-key cache (5 s) see the latest secrets.
  await platform.clock.advance(6_000)
  return services().webhookDelivery.runOnce()
}

describe('API users', () => {
  it('lets a super-admin create one whose credentials work on the open API, shown once', async () => {
    const created = await owner.post('/admin/api/api-users', { label: 'Fulfilment partner' })
    expect(created.status).toBe(201)
    expect(created.body).toEqual({
      id: expect.stringMatching(/^apiu_/),
      username: expect.stringMatching(/^fulfilment-partner-[0-9a-f]{8}$/),
      password: expect.any(String),
      createdAt: expect.any(String),
    })
    const { username, password } = created.body
    const shop = await platform.call('getCurrentShop', { auth: { basic: { username, password } } })
    expect(shop.status).toBe(200)
    expect(shop.body.id).toBe(platform.demo.id)

    const list = await owner.get('/admin/api/api-users')
    expect(list.status).toBe(200)
    const listed = list.body.results.find((u: { id: string }) => u.id === created.body.id)
    expect(listed).toEqual({
      id: created.body.id,
      username,
      createdBy: expect.stringMatching(/^adm_/),
      createdAt: created.body.createdAt,
      lastUsedAt: null,
    })
    expect(JSON.stringify(list.body)).not.toContain(password)
    expect(JSON.stringify(list.body)).not.toContain('scrypt')
  })

  it('refuses STAFF with 403 whatever the SPA shows, and creates nothing', async () => {
    const before = (await owner.get('/admin/api/api-users')).body.total
    const response = await staff.post('/admin/api/api-users', { label: 'sneaky' })
    expect(response.status).toBe(403)
    expect(response.body.code).toBe('FORBIDDEN')
    const empty = await staff.post('/admin/api/api-users')
    expect(empty.status).toBe(403)
    expect((await owner.get('/admin/api/api-users')).body.total).toBe(before)
  })

  it('refuses STAFF deleting one (403), and lets a super-admin delete it: the credentials stop working', async () => {
    const { body: user } = await owner.post('/admin/api/api-users', {})
    const refused = await staff.delete(`/admin/api/api-users/${user.id}`)
    expect(refused.status).toBe(403)
    const auth = { basic: { username: user.username, password: user.password } }
    expect((await platform.call('getCurrentShop', { auth })).status).toBe(200)
    expect((await owner.delete(`/admin/api/api-users/${user.id}`)).status).toBe(204)
    expect((await platform.call('getCurrentShop', { auth })).status).toBe(401)
    const again = await owner.delete(`/admin/api/api-users/${user.id}`)
    expect(again.status).toBe(404)
    expect(again.body.code).toBe('API_USER_NOT_FOUND')
  })

  it('validates the label with the admin schema (400 naming the field)', async () => {
    const response = await owner.post('/admin/api/api-users', { label: 'no/slashes', extra: 1 })
    expect(response.status).toBe(400)
    expect(response.body.code).toBe('REQUEST_VALIDATION_FAILED')
    expect(response.body.details.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'label', rule: 'pattern' }),
        expect.objectContaining({ field: 'extra', rule: 'additionalProperties' }),
      ]),
    )
  })

  it('lists only the shop’s own API users, paginated', async () => {
    const other = await signInAdmin(platform, 'SUPER_ADMIN', 'other')
    const list = await other.get('/admin/api/api-users', { query: { size: 1 } })
    expect(list.body).toMatchObject({ size: 1, page: 0 })
    expect(list.body.results.map((u: { username: string }) => u.username)).toEqual([platform.other.apiUser.username])
    expect((await owner.get('/admin/api/api-users', { query: { size: 0 } })).status).toBe(400)
  })
})

describe('storefront token', () => {
  const storefrontCall = (token: string) => platform.call('listCollections', { auth: { storefrontToken: token } })

  it('shows, regenerates and revokes the token; only the active one works', async () => {
    const shown = await owner.get('/admin/api/storefront-token')
    expect(shown.body.token).toEqual({
      id: expect.any(String),
      value: platform.demo.storefrontToken,
      createdAt: expect.any(String),
    })

    const regenerated = await owner.post('/admin/api/storefront-token/regenerate')
    expect(regenerated.status).toBe(200)
    const fresh = regenerated.body.token.value as string
    expect(fresh).toMatch(/^ptkn_/)
    expect(fresh).not.toBe(platform.demo.storefrontToken)
    expect((await storefrontCall(platform.demo.storefrontToken)).status).toBe(401)
    expect((await storefrontCall(fresh)).status).toBe(200)

    expect((await staff.delete('/admin/api/storefront-token')).status).toBe(403)
    expect((await storefrontCall(fresh)).status).toBe(200)
    expect((await owner.delete('/admin/api/storefront-token')).status).toBe(204)
    expect((await owner.get('/admin/api/storefront-token')).body).toEqual({ token: null })
    expect((await storefrontCall(fresh)).status).toBe(401)

    const created = await owner.post('/admin/api/storefront-token')
    expect(created.body.token.value).toMatch(/^ptkn_/)
    expect((await storefrontCall(created.body.token.value)).status).toBe(200)
  })
})

describe('webhook configurations', () => {
  async function createEndpoint(allowedTypes = ['PRODUCT_UPDATED'], path = '/hooks') {
    const response = await owner.post('/admin/api/webhooks', { url: `${receiver.origin}${path}`, allowedTypes })
    expect(response.status).toBe(201)
    return response.body as { id: string; url: string; allowedTypes: string[]; enabled: boolean }
  }

  it('creates, reads, lists, updates and deletes a configuration of the shop', async () => {
    const created = await createEndpoint(['ORDER_PLACED', 'PRODUCT_UPDATED'])
    expect(created).toMatchObject({ id: expect.stringMatching(/^wcon_/), enabled: true, apiVersion: 'V1' })
    expect(created).not.toHaveProperty('secret')
    expect((await owner.get(`/admin/api/webhooks/${created.id}`)).body.allowedTypes).toEqual([
      'ORDER_PLACED',
      'PRODUCT_UPDATED',
    ])
    const list = await owner.get('/admin/api/webhooks')
    expect(list.body).toMatchObject({ total: 1, results: [{ id: created.id }] })
    expect((await staff.get('/admin/api/webhooks')).status).toBe(403)

    const updated = await owner.put(`/admin/api/webhooks/${created.id}`, {
      url: `${receiver.origin}/other`,
      allowedTypes: ['DONATION'],
    })
    expect(updated.status).toBe(200)
    expect(updated.body).toMatchObject({ url: `${receiver.origin}/other`, allowedTypes: ['DONATION'] })

    expect((await owner.delete(`/admin/api/webhooks/${created.id}`)).status).toBe(204)
    expect((await owner.get(`/admin/api/webhooks/${created.id}`)).status).toBe(404)
  })

  it('validates with the contract’s WebhookConfigurationRequest (400 naming each field)', async () => {
    const response = await owner.post('/admin/api/webhooks', { url: 'ftp://example.com', allowedTypes: [] })
    expect(response.status).toBe(400)
    const fields = response.body.details.errors.map((e: { field: string; rule: string }) => `${e.field}:${e.rule}`)
    expect(fields).toEqual(expect.arrayContaining(['url:pattern', 'allowedTypes:minItems']))
    const unknownType = await owner.post('/admin/api/webhooks', {
      url: `${receiver.origin}/x`,
      allowedTypes: ['NOT_A_TYPE'],
    })
    expect(unknownType.status).toBe(400)
    expect(unknownType.body.details.errors[0]).toMatchObject({ field: 'allowedTypes/0', rule: 'enum' })
  })

  it('refuses a private address (the URL guard of the service)', async () => {
    const response = await owner.post('/admin/api/webhooks', {
      url: 'http://10.0.0.1/hooks',
      allowedTypes: ['DONATION'],
    })
    expect(response.status).toBe(400)
  })

  it('answers 404 for another shop’s configuration', async () => {
    const created = await createEndpoint()
    const other = await signInAdmin(platform, 'SUPER_ADMIN', 'other')
    expect((await other.get(`/admin/api/webhooks/${created.id}`)).status).toBe(404)
    expect((await other.delete(`/admin/api/webhooks/${created.id}`)).status).toBe(404)
    expect((await other.get(`/admin/api/webhooks/${created.id}/events`)).status).toBe(404)
  })

  it('sends a signed test event, logs each attempt and replays it with the same id', async () => {
    const endpoint = await createEndpoint(['ORDER_PLACED'])
    const sent = await owner.post(`/admin/api/webhooks/${endpoint.id}/test-events`, { type: 'DONATION' })
    expect(sent.status).toBe(201)
    expect(sent.body).toMatchObject({ type: 'DONATION', testMode: true, state: 'PENDING', attempts: [] })
    await deliverAll()

    const delivered = receiver.requests.at(-1)
    expect(delivered).toBeDefined()
    const { secret } = (await owner.get('/admin/api/webhook-secret')).body
    const payload = new Webhook(secret).verify(delivered!.body, delivered!.headers as Record<string, string>) as {
      id: string
      testMode: boolean
    }
    expect(payload).toMatchObject({ id: sent.body.id, testMode: true })
    expect(delivered!.headers['x-fanshelf-hmac-sha256']).toBe(
      createHmac('sha256', secret).update(delivered!.body).digest('base64'),
    )

    const log = await owner.get(`/admin/api/webhooks/${endpoint.id}/events`)
    expect(log.body).toMatchObject({ total: 1, results: [{ id: sent.body.id, state: 'DELIVERED', attemptCount: 1 }] })
    const filtered = await owner.get(`/admin/api/webhooks/${endpoint.id}/events`, { query: { type: 'ORDER_PLACED' } })
    expect(filtered.body.total).toBe(0)
    const detail = await owner.get(`/admin/api/webhook-events/${sent.body.id}`)
    expect(detail.body.attempts).toEqual([
      {
        attemptedAt: expect.any(String),
        statusCode: 200,
        latencyMs: expect.any(Number),
        errorClass: null,
        responseExcerpt: '{"received":true}',
      },
    ])

    const replayed = await owner.post(`/admin/api/webhook-events/${sent.body.id}/replay`)
    expect(replayed.status).toBe(200)
    expect(replayed.body.state).toBe('PENDING')
    const count = receiver.requests.length
    await deliverAll()
    expect(receiver.requests).toHaveLength(count + 1)
    expect(receiver.requests.at(-1)!.headers['webhook-id']).toBe(sent.body.id)
    expect((await owner.get(`/admin/api/webhook-events/${sent.body.id}`)).body.attempts).toHaveLength(2)
  })

  it('validates the test event type (400) and the delivery log filter (400)', async () => {
    const endpoint = await createEndpoint()
    const badType = await owner.post(`/admin/api/webhooks/${endpoint.id}/test-events`, { type: 'NOPE' })
    expect(badType.status).toBe(400)
    const badFilter = await owner.get(`/admin/api/webhooks/${endpoint.id}/events`, { query: { type: 'NOPE' } })
    expect(badFilter.status).toBe(400)
    expect(badFilter.body.details.errors[0]).toMatchObject({ location: 'query', field: 'type' })
  })

  it('marks an endpoint disabled by a 410, refuses test events to it, and re-enables it on update', async () => {
    const endpoint = await createEndpoint(['DONATION'], '/gone')
    receiver.respond((_request, response) => response.writeHead(410).end('gone'))
    const sent = await owner.post(`/admin/api/webhooks/${endpoint.id}/test-events`, { type: 'DONATION' })
    await deliverAll()
    const disabled = await owner.get(`/admin/api/webhooks/${endpoint.id}`)
    expect(disabled.body).toMatchObject({ enabled: false, disabledReason: expect.any(String) })
    const refused = await owner.post(`/admin/api/webhooks/${endpoint.id}/test-events`, { type: 'DONATION' })
    expect(refused.status).toBe(409)
    expect(refused.body.code).toBe('WEBHOOK_CONFIGURATION_DISABLED')
    expect((await owner.post(`/admin/api/webhook-events/${sent.body.id}/replay`)).status).toBe(409)

    receiver.respond(acknowledge)
    const enabled = await owner.put(`/admin/api/webhooks/${endpoint.id}`, {
      url: endpoint.url,
      allowedTypes: endpoint.allowedTypes,
    })
    expect(enabled.body).toMatchObject({ enabled: true, disabledReason: null })
    expect((await owner.post(`/admin/api/webhook-events/${sent.body.id}/replay`)).status).toBe(200)
  })
})

describe('webhook signing secret', () => {
  it('reveals the shop secret (the one GET /webhooks-secret gives)', async () => {
    const revealed = await owner.get('/admin/api/webhook-secret')
    const contract = await platform.call('getWebhookSecret')
    expect(revealed.body).toEqual({ secret: contract.body.secret, previousSecretExpiresAt: null })
  })

  it('rotates with a grace period during which deliveries verify with either secret', async () => {
    const endpoint = await owner.post('/admin/api/webhooks', {
      url: `${receiver.origin}/rot`,
      allowedTypes: ['DONATION'],
    })
    const old = (await owner.get('/admin/api/webhook-secret')).body.secret as string
    const rotated = await owner.post('/admin/api/webhook-secret/rotate', { graceHours: 2 })
    expect(rotated.status).toBe(200)
    expect(rotated.body.secret).toMatch(/^whsec_/)
    expect(rotated.body.secret).not.toBe(old)
    expect(Date.parse(rotated.body.previousSecretExpiresAt)).toBe(platform.clock.now() + 2 * 3_600_000)
    expect((await owner.get('/admin/api/webhook-secret')).body).toEqual(rotated.body)

    await owner.post(`/admin/api/webhooks/${endpoint.body.id}/test-events`, { type: 'DONATION' })
    await deliverAll()
    const during = receiver.requests.at(-1)!
    const headers = during.headers as Record<string, string>
    expect(headers['webhook-signature']?.split(' ')).toHaveLength(2)
    expect(() => new Webhook(old).verify(during.body, headers)).not.toThrow()
    expect(() => new Webhook(rotated.body.secret).verify(during.body, headers)).not.toThrow()
    expect(headers['x-fanshelf-hmac-sha256']).toBe(
      createHmac('sha256', rotated.body.secret).update(during.body).digest('base64'),
    )

    // After the grace period only the new secret signs. (The clock is now ahead of real time, so
    // the signature is checked by the recipe rather than by a verifier that checks the timestamp.)
    await platform.clock.advance(2 * 3_600_000)
    // Two idle hours end admin sessions too: sign in again.
    owner = await signInAdmin(platform, 'SUPER_ADMIN')
    staff = await signInAdmin(platform, 'STAFF')
    expect((await owner.get('/admin/api/webhook-secret')).body.previousSecretExpiresAt).toBeNull()
    await owner.post(`/admin/api/webhooks/${endpoint.body.id}/test-events`, { type: 'DONATION' })
    await deliverAll()
    const after = receiver.requests.at(-1)!
    const afterHeaders = after.headers as Record<string, string>
    const signed = `${afterHeaders['webhook-id']}.${afterHeaders['webhook-timestamp']}.${after.body}`
    const sign = (secret: string) =>
      `v1,${createHmac('sha256', Buffer.from(secret.slice('whsec_'.length), 'base64'))
        .update(signed)
        .digest('base64')}`
    expect(afterHeaders['webhook-signature']).toBe(sign(rotated.body.secret))
    expect(afterHeaders['webhook-signature']).not.toContain(sign(old))
  })

  it('rotates without a grace period, and validates the grace bounds', async () => {
    const rotated = await owner.post('/admin/api/webhook-secret/rotate', { graceHours: 0 })
    expect(rotated.body.previousSecretExpiresAt).toBeNull()
    const defaulted = await owner.post('/admin/api/webhook-secret/rotate')
    expect(Date.parse(defaulted.body.previousSecretExpiresAt)).toBe(
      platform.clock.now() + secretRotationGraceHours.default * 3_600_000,
    )
    const tooLong = await owner.post('/admin/api/webhook-secret/rotate', {
      graceHours: secretRotationGraceHours.max + 1,
    })
    expect(tooLong.status).toBe(400)
    expect(tooLong.body.details.errors[0]).toMatchObject({ field: 'graceHours', rule: 'maximum' })
  })
})
