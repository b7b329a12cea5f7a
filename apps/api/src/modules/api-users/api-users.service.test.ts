import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestPlatform, type TestPlatform } from '../../testing/test-platform.js'

let platform: TestPlatform

beforeAll(async () => {
  platform = await createTestPlatform()
})
afterAll(() => platform.close())

describe('API user verification', () => {
  // Regression (found by contract fuzzing on PostgreSQL, decision 0015): a user name holding
  // U+0000 reached a query PostgreSQL refuses, so a malformed Basic header answered 500.
  it('treats a user name holding U+0000 as unknown: 401, on every database', async () => {
    const { password } = platform.demo.apiUser
    for (const username of ['\u0000', `${platform.demo.apiUser.username}\u0000`, 'a\u0000b']) {
      const { status, body } = await platform.call('getCurrentShop', { auth: { basic: { username, password } } })
      expect(status, JSON.stringify(username)).toBe(401)
      expect(body.code).toBe('UNAUTHENTICATED')
    }
    expect(await platform.app.platform.services.apiUsers.verify('x\u0000', password)).toBeUndefined()
  })
})
