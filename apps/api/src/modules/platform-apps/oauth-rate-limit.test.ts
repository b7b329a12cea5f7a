import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestPlatform, type TestPlatform } from '../../testing/test-platform.js'
import { type AdminBrowser, connect, type OAuthClient, registerClient, signInAdmin } from './testing/oauth-harness.js'

/**
 * Rate limits with a tiny policy (2 per window, no waiting): the OAuth endpoints count per client
 * IP and answer the contract's 429 `RATE_LIMITED`; bearer calls count per grant (app + shop).
 */

let platform: TestPlatform
let admin: AdminBrowser
let first: OAuthClient
let second: OAuthClient

beforeAll(async () => {
  platform = await createTestPlatform({ env: { RATE_LIMIT: '2', RATE_LIMIT_MAX_WAIT_MS: '0' } })
  admin = await signInAdmin(platform)
  first = await registerClient(platform, { scopes: [], name: 'First' })
  await platform.clock.advance(10_000)
  second = await registerClient(platform, { scopes: [], name: 'Second' })
})
afterAll(() => platform.close())

describe('rate limits of platform apps', () => {
  it('answer 429 RATE_LIMITED with Retry-After on the OAuth endpoints once the IP’s quota is spent', async () => {
    await platform.clock.advance(10_000)
    const metadata = () => platform.call('getAuthorizationServerMetadata', { auth: 'none' })
    expect((await metadata()).status).toBe(200)
    expect((await metadata()).status).toBe(200)
    const limited = await metadata()
    expect(limited.status).toBe(429)
    expect(limited.body.code).toBe('RATE_LIMITED')
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)

    const token = await platform.call('exchangePlatformToken', {
      auth: 'none',
      body: { grant_type: 'refresh_token', refresh_token: 'x' },
    })
    expect(token.status).toBe(429)
    expect(token.body.code).toBe('RATE_LIMITED')
  })

  it('give each grant its own quota for bearer calls', async () => {
    await platform.clock.advance(10_000)
    const a = (await connect(platform, first, admin)).access_token
    await platform.clock.advance(10_000)
    const b = (await connect(platform, second, admin)).access_token
    const call = (token: string) => platform.call('getCurrentShop', { auth: { bearer: token } })
    expect((await call(a)).status).toBe(200)
    expect((await call(a)).status).toBe(200)
    expect((await call(a)).status).toBe(429)
    expect((await call(b)).status).toBe(200)
  })
})
