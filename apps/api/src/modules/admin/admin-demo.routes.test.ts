import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoCredentialsFile, writeDemoCredentials } from '../../seed/demo-credentials.js'
import { createTestPlatform, type TestPlatform } from '../../testing/test-platform.js'

// The API reference's "Fill demo credentials" reads this route on a local server.

let platform: TestPlatform
const url = '/admin/api/demo-credentials'

beforeAll(async () => {
  platform = await createTestPlatform()
  writeDemoCredentials(platform.config.dataDir, platform.credentials)
})
afterAll(() => platform.close())

describe('GET /admin/api/demo-credentials', () => {
  it('gives a local browser the demo shop’s working API user and storefront token', async () => {
    const response = await platform.app.inject({ url, headers: { host: '127.0.0.1:4000' } })
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('no-store')
    expect(response.json()).toEqual({
      shopId: platform.demo.id,
      apiUser: platform.demo.apiUser,
      storefrontToken: platform.demo.storefrontToken,
    })
    // They work: the reference sends them as they are.
    const shop = await platform.call('getCurrentShop', { auth: { basic: response.json().apiUser } })
    expect(shop.status).toBe(200)
  })

  it('is not offered to a remote client, nor to a page that reached loopback under another name', async () => {
    const remote = await platform.app.inject({ url, remoteAddress: '203.0.113.9', headers: { host: 'localhost' } })
    expect(remote.statusCode).toBe(404)
    expect(remote.body).not.toContain(platform.demo.apiUser.password)
    const rebound = await platform.app.inject({ url, headers: { host: 'attacker.example:4000' } })
    expect(rebound.statusCode).toBe(404)
    expect(rebound.body).not.toContain(platform.demo.apiUser.password)
  })

  it('leaves out an API user whose password no longer works, and answers 404 without any file', async () => {
    const users = platform.app.platform.services.apiUsers
    const [user] = (await users.list(platform.demo.id)).filter((u) => u.username === platform.demo.apiUser.username)
    const file = path.join(platform.config.dataDir, demoCredentialsFile)
    const edited = structuredClone(platform.credentials)
    edited.shops[0]!.apiUser = { username: user!.username, password: 'not-the-password' }
    fs.writeFileSync(file, JSON.stringify(edited))
    const stale = await platform.app.inject({ url, headers: { host: 'localhost:4000' } })
    expect(stale.json()).toEqual({ shopId: platform.demo.id, storefrontToken: platform.demo.storefrontToken })

    fs.rmSync(file)
    const none = await platform.app.inject({ url, headers: { host: 'localhost:4000' } })
    expect(none.statusCode).toBe(404)
  })
})
