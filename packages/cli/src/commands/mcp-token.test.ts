import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  connect,
  type OAuthClient,
  registerClient,
  signInAdmin,
} from '../../../../apps/api/src/modules/platform-apps/testing/oauth-harness.js'
import { createTestPlatform, type TestPlatform } from '../../../../apps/api/src/testing/test-platform.js'
import { accessTokenCaller } from './mcp.js'

/**
 * `fanshelf mcp` with FANSHELF_ACCESS_TOKEN asks the origin what the token may do (RFC 7662, the
 * token introspecting itself) before listing tools: a real server, a real OAuth grant.
 */

let platform: TestPlatform
let origin: string
let client: OAuthClient
const introspectUrl = '/open-api/v1.0/platform/introspect'

beforeAll(async () => {
  platform = await createTestPlatform()
  await platform.app.listen({ host: '127.0.0.1', port: 0 })
  origin = `http://127.0.0.1:${(platform.app.server.address() as AddressInfo).port}`
  client = await registerClient(platform, { scopes: ['order_read', 'webhook_read'], name: 'Desktop agent' })
})
afterAll(() => platform.close())

describe('fanshelf mcp with an access token', () => {
  it('takes the scopes the grant allows, so tools/list shows exactly those tools', async () => {
    const tokens = await connect(platform, client, await signInAdmin(platform))
    const asked = await accessTokenCaller(origin, introspectUrl, tokens.access_token)
    expect(asked.problem).toBeUndefined()
    expect(asked.caller).toEqual({ kind: 'platformApp', scopes: new Set(['order_read', 'webhook_read']) })
  })

  it('refuses to start with a token that is no longer active', async () => {
    const tokens = await connect(platform, client, await signInAdmin(platform))
    const { platformApps, platformTokens } = platform.app.platform.services
    await platformTokens.revoke((await platformApps.findApp(client.app.clientId))!, tokens.access_token)
    await expect(accessTokenCaller(origin, introspectUrl, tokens.access_token)).rejects.toThrow(
      `FANSHELF_ACCESS_TOKEN is not active at ${origin}`,
    )
  })

  it('leaves the API to decide per call when the origin cannot say, and says why', async () => {
    const asked = await accessTokenCaller('http://127.0.0.1:9', introspectUrl, 'fsat_whatever')
    expect(asked.caller).toEqual({ kind: 'bearerToken' })
    expect(asked.problem).toMatch(/^could not ask http:\/\/127\.0\.0\.1:9 for the token's scopes/)
  })
})
