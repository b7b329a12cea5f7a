// Drop-in compatibility (decision 0026): the published document lists webhook event types Fanshelf
// never sends (the Compatibility guide names them). A configuration asking for one is refused with a
// 400 naming the field, in both spellings, so no subscription waits for an event that cannot come.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { authHeaders, createTestPlatform, type TestPlatform } from '../testing/test-platform.js'

let platform: TestPlatform
beforeAll(async () => {
  platform = await createTestPlatform()
})
afterAll(() => platform.close())
beforeEach(() => platform.clock.advance(10_000))

const notSent = ['COLLECTION_UPDATED', 'CART_ABANDONED_1H', 'MEMBERSHIP_POST_UPSERTED'] as const

describe('POST /open-api/v1.0/webhooks with an event type Fanshelf does not send', () => {
  for (const field of ['allowedTypes', 'types'] as const) {
    it(`refuses ${field} naming one, and creates nothing`, async () => {
      const before = await platform.call('listWebhookConfigurations')
      for (const type of notSent) {
        const response = await platform.app.inject({
          method: 'POST',
          url: '/open-api/v1.0/webhooks',
          headers: { ...authHeaders(platform.asDemo), 'content-type': 'application/json' },
          payload: { url: 'https://hooks.example.com/fourthwall', [field]: ['ORDER_PLACED', type] },
        })
        expect(response.statusCode, type).toBe(400)
        const body = response.json()
        expect(body.code).toBe('REQUEST_VALIDATION_FAILED')
        expect(body.details.errors.map((e: { field: string }) => e.field)).toContain(`${field}/1`)
      }
      const after = await platform.call('listWebhookConfigurations')
      expect(after.body.total).toBe(before.body.total)
    })
  }
})
