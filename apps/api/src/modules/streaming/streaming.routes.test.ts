import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { secondShopSpec } from '../../seed/demo-catalog.js'
import { createTestPlatform, type TestPlatform } from '../../testing/test-platform.js'

let platform: TestPlatform

beforeAll(async () => {
  platform = await createTestPlatform()
  // Our own state for the demo shop (replacing the seed's) so that the expected answer is written out below.
  const db = platform.app.platform.services.db
  await db.deleteFrom('streaming_services').where('shop_id', '=', platform.demo.id).execute()
  await db
    .insertInto('streaming_services')
    .values({
      shop_id: platform.demo.id,
      type: 'TWITCH',
      status: 'ONLINE',
      broadcaster_id: '141981764',
      broadcaster_login: 'pixelpines',
      thumbnail_url: 'https://static-cdn.jtvnw.net/previews-ttv/live_user_pixelpines-440x248.jpg',
      updated_at: '2026-11-02T11:00:00.000Z',
    })
    .execute()
})
afterAll(() => platform.close())

describe('GET /streaming', () => {
  it('answers the shop’s services with their status and broadcaster', async () => {
    const { status, body } = await platform.call('getStreamingStatus')
    expect(status).toBe(200)
    expect(body).toEqual({
      shopId: platform.demo.id,
      services: [
        {
          type: 'TWITCH',
          status: 'ONLINE',
          broadcasterId: '141981764',
          broadcasterLogin: 'pixelpines',
          thumbnailUrl: 'https://static-cdn.jtvnw.net/previews-ttv/live_user_pixelpines-440x248.jpg',
        },
      ],
    })
  })

  it('answers each shop its own status (the seeded, offline one for the second shop)', async () => {
    const { status, body } = await platform.call('getStreamingStatus', { auth: platform.asOther })
    expect(status).toBe(200)
    expect(body).toEqual({
      shopId: platform.other.id,
      services: [
        {
          type: 'TWITCH',
          status: 'OFFLINE',
          broadcasterId: secondShopSpec.streaming.broadcasterId,
          broadcasterLogin: secondShopSpec.streaming.broadcasterLogin,
          thumbnailUrl: null,
        },
      ],
    })
  })

  it('answers an empty services list for a shop that never started a stream', async () => {
    const db = platform.app.platform.services.db
    const saved = await db
      .selectFrom('streaming_services')
      .selectAll()
      .where('shop_id', '=', platform.other.id)
      .execute()
    await db.deleteFrom('streaming_services').where('shop_id', '=', platform.other.id).execute()
    try {
      const { status, body } = await platform.call('getStreamingStatus', { auth: platform.asOther })
      expect(status).toBe(200)
      expect(body).toEqual({ shopId: platform.other.id, services: [] })
    } finally {
      if (saved.length > 0) await db.insertInto('streaming_services').values(saved).execute()
    }
  })

  it('answers 401 without credentials', async () => {
    const { status, body } = await platform.call('getStreamingStatus', { auth: 'none' })
    expect(status).toBe(401)
    expect(body.code).toBe('UNAUTHENTICATED')
  })

  it('refuses a bearer token with 403 BASIC_AUTH_REQUIRED', async () => {
    const { status, body } = await platform.call('getStreamingStatus', { auth: { bearer: 'fsat_anything' } })
    expect(status).toBe(403)
    expect(body.code).toBe('BASIC_AUTH_REQUIRED')
  })
})
