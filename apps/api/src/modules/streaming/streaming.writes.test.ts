import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestPlatform, type TestPlatform } from '../../testing/test-platform.js'

let platform: TestPlatform

const db = () => platform.app.platform.services.db
const thumbnailUrl = 'https://static-cdn.jtvnw.net/previews-ttv/live_user_pixelpines-440x248.jpg'
const twitch = { type: 'TWITCH', broadcasterId: '141981764', broadcasterLogin: 'pixelpines', thumbnailUrl }

beforeAll(async () => {
  platform = await createTestPlatform()
})
afterAll(() => platform.close())

function start(body: unknown, auth = platform.asDemo) {
  return platform.call('startStreaming', { body, auth })
}
function end(body: unknown, auth = platform.asDemo) {
  return platform.call('endStreaming', { body, auth })
}
async function eventCount(): Promise<number> {
  return (await db().selectFrom('events').select('id').execute()).length
}

describe('PUT /streaming/start', () => {
  it('sets the service ONLINE with the broadcaster’s details and answers the status', async () => {
    const events = await eventCount()
    const { status, body } = await start({ services: [twitch] })
    expect(status).toBe(200)
    const expected = { shopId: platform.demo.id, services: [{ ...twitch, status: 'ONLINE' }] }
    expect(body).toEqual(expected)
    expect((await platform.call('getStreamingStatus')).body).toEqual(expected)
    // No webhook event type exists for streaming.
    expect(await eventCount()).toBe(events)
  })

  it('is idempotent, and starting again replaces the details (TWITCH by default, no thumbnail → null)', async () => {
    const first = await start({ services: [twitch] })
    const again = await start({ services: [twitch] })
    expect(again.body).toEqual(first.body)
    const renamed = await start({ services: [{ broadcasterId: '141981764', broadcasterLogin: 'pixelpines_tv' }] })
    expect(renamed.status).toBe(200)
    expect(renamed.body).toEqual({
      shopId: platform.demo.id,
      services: [
        {
          type: 'TWITCH',
          status: 'ONLINE',
          broadcasterId: '141981764',
          broadcasterLogin: 'pixelpines_tv',
          thumbnailUrl: null,
        },
      ],
    })
  })

  it('changes only the caller’s shop', async () => {
    const before = await platform.call('getStreamingStatus', { auth: platform.asOther })
    await start({ services: [twitch] })
    expect((await platform.call('getStreamingStatus', { auth: platform.asOther })).body).toEqual(before.body)
  })

  it('creates the service on the first start of a shop that never streamed', async () => {
    await db().deleteFrom('streaming_services').where('shop_id', '=', platform.other.id).execute()
    const { body } = await start({ services: [twitch] }, platform.asOther)
    expect(body).toEqual({ shopId: platform.other.id, services: [{ ...twitch, status: 'ONLINE' }] })
  })

  it.each([
    ['services', 'required', {}],
    ['services', 'minItems', { services: [] }],
    ['services', 'maxItems', { services: [twitch, twitch] }],
    ['services/0/broadcasterId', 'required', { services: [{ broadcasterLogin: 'pixelpines' }] }],
    ['services/0/broadcasterLogin', 'minLength', { services: [{ broadcasterId: '1', broadcasterLogin: '' }] }],
    ['services/0/broadcasterId', 'maxLength', { services: [{ broadcasterId: '1'.repeat(65), broadcasterLogin: 'a' }] }],
    ['services/0/thumbnailUrl', 'format', { services: [{ ...twitch, thumbnailUrl: 'not a url' }] }],
    ['services/0/type', 'enum', { services: [{ ...twitch, type: 'YOUTUBE' }] }],
    ['services/0/status', 'additionalProperties', { services: [{ ...twitch, status: 'ONLINE' }] }],
    ['live', 'additionalProperties', { services: [twitch], live: true }],
  ])('answers 400 naming %s (%s) and changes nothing', async (field, rule, body) => {
    const before = await platform.call('getStreamingStatus')
    const { status, body: answer } = await start(body)
    expect(status).toBe(400)
    expect(answer.code).toBe('REQUEST_VALIDATION_FAILED')
    expect(answer.details.errors).toEqual([expect.objectContaining({ location: 'body', field, rule })])
    expect((await platform.call('getStreamingStatus')).body).toEqual(before.body)
  })

  it('refuses a bearer token with 403 BASIC_AUTH_REQUIRED and no credentials with 401', async () => {
    const bearer = await start({ services: [twitch] }, { bearer: 'fsat_anything' })
    expect(bearer.status).toBe(403)
    expect(bearer.body.code).toBe('BASIC_AUTH_REQUIRED')
    expect((await start({ services: [twitch] }, 'none')).status).toBe(401)
  })
})

describe('PUT /streaming/end', () => {
  it('sets the service OFFLINE keeping its details, idempotently', async () => {
    await start({ services: [twitch] })
    const events = await eventCount()
    const { status, body } = await end({ services: ['TWITCH'] })
    expect(status).toBe(200)
    const expected = { shopId: platform.demo.id, services: [{ ...twitch, status: 'OFFLINE' }] }
    expect(body).toEqual(expected)
    expect((await platform.call('getStreamingStatus')).body).toEqual(expected)
    expect((await end({ services: ['TWITCH'] })).body).toEqual(expected)
    expect(await eventCount()).toBe(events)
  })

  it('is a no-op for a service that was never started', async () => {
    await db().deleteFrom('streaming_services').where('shop_id', '=', platform.other.id).execute()
    const { status, body } = await end({ services: ['TWITCH'] }, platform.asOther)
    expect(status).toBe(200)
    expect(body).toEqual({ shopId: platform.other.id, services: [] })
  })

  it('changes only the caller’s shop', async () => {
    await start({ services: [twitch] }, platform.asOther)
    await start({ services: [twitch] })
    await end({ services: ['TWITCH'] }, platform.asOther)
    expect((await platform.call('getStreamingStatus')).body.services[0].status).toBe('ONLINE')
  })

  it.each([
    ['services', 'required', {}],
    ['services', 'minItems', { services: [] }],
    ['services/0', 'enum', { services: ['YOUTUBE'] }],
    ['services', 'uniqueItems', { services: ['TWITCH', 'TWITCH'] }],
  ])('answers 400 naming %s (%s)', async (field, rule, body) => {
    const { status, body: answer } = await end(body)
    expect(status).toBe(400)
    expect(answer.code).toBe('REQUEST_VALIDATION_FAILED')
    expect(answer.details.errors).toEqual([expect.objectContaining({ location: 'body', field, rule })])
  })

  it('refuses a bearer token with 403 BASIC_AUTH_REQUIRED and no credentials with 401', async () => {
    const bearer = await end({ services: ['TWITCH'] }, { bearer: 'fsat_anything' })
    expect(bearer.status).toBe(403)
    expect(bearer.body.code).toBe('BASIC_AUTH_REQUIRED')
    expect((await end({ services: ['TWITCH'] }, 'none')).status).toBe(401)
  })
})
