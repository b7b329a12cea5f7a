import { createServer } from 'node:net'
import { auth, extractWWWAuthenticateParams, type OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestPlatform, type TestPlatform } from '../../testing/test-platform.js'
import { dynamicRegistrationLimits } from '../platform-apps/oauth-policy.js'
import { type AdminBrowser, consentFormFields, signInAdmin } from '../platform-apps/testing/oauth-harness.js'
import { allowedTools } from './mcp-access.js'
import { toolsFromContract } from './mcp-tools.js'

/**
 * A stock MCP client signing a merchant in (decision 0051): the official SDK's own OAuth flow —
 * the 401's resource_metadata, the RFC 9728 and RFC 8414 documents, dynamic registration
 * (RFC 7591), the consent page with PKCE, the code exchange with the RFC 8707 resource — against a
 * listening server whose PUBLIC_URL is its own origin, so the SDK's resource check holds.
 */

let platform: TestPlatform
let origin: string
let endpoint: URL
let admin: AdminBrowser
const clients: Client[] = []
const callback = 'http://127.0.0.1:8976/oauth/callback'
/** A browser-based client's page (the MCP Inspector's default), listed in MCP_ALLOWED_ORIGINS. */
const inspector = 'http://localhost:6274'

async function freePort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as { port: number }
  await new Promise((resolve) => probe.close(resolve))
  return port
}

/** What Claude Desktop or VS Code keep for a server: the registration, the verifier, the tokens. */
class AgentProvider implements OAuthClientProvider {
  authorizationUrl: URL | undefined
  private client: OAuthClientInformationMixed | undefined
  private savedTokens: OAuthTokens | undefined
  private verifier = ''
  readonly redirectUrl = callback
  readonly clientMetadata: OAuthClientMetadata = {
    client_name: 'Test agent',
    redirect_uris: [callback],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
  }
  clientInformation() {
    return this.client
  }
  saveClientInformation(client: OAuthClientInformationMixed) {
    this.client = client
  }
  tokens() {
    return this.savedTokens
  }
  saveTokens(tokens: OAuthTokens) {
    this.savedTokens = tokens
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier
  }
  codeVerifier() {
    return this.verifier
  }
}

/** The merchant admin in the browser: opens the consent link (signed in) and approves. */
async function approve(url: URL): Promise<{ page: string; location: URL }> {
  const page = await fetch(url, { headers: { cookie: admin.cookie } })
  const html = await page.text()
  expect(page.status, html.slice(0, 300)).toBe(200)
  const action = /<form[^>]*action="(\/admin\/platform-apps\/[^"]+)"/.exec(html)?.[1] as string
  const answer = await fetch(new URL(action, origin), {
    method: 'POST',
    headers: { cookie: admin.cookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...consentFormFields(html), decision: 'approve' }),
    redirect: 'manual',
  })
  expect(answer.status).toBe(303)
  return { page: html, location: new URL(answer.headers.get('location') as string) }
}

/** The 401 an unauthenticated MCP request meets, read as the SDK's transport reads it. */
async function challenge(): Promise<URL> {
  const response = await fetch(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
  })
  expect(response.status).toBe(401)
  const { resourceMetadataUrl } = extractWWWAuthenticateParams(response)
  if (!resourceMetadataUrl) throw new Error('The 401 names no resource_metadata')
  return resourceMetadataUrl
}

function register(metadata: Record<string, unknown>) {
  return fetch(`${origin}/oauth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(metadata),
  })
}

beforeAll(async () => {
  const port = await freePort()
  origin = `http://127.0.0.1:${port}`
  platform = await createTestPlatform({ overrides: { publicUrl: origin, mcpAllowedOrigins: [inspector] } })
  await platform.app.listen({ host: '127.0.0.1', port })
  endpoint = new URL(`${origin}/mcp`)
  admin = await signInAdmin(platform)
})
afterAll(async () => {
  for (const client of clients) await client.close()
  await platform.close()
})

describe('a stock MCP client signing in with OAuth', () => {
  const provider = new AgentProvider()
  const scope = 'order_read webhook_read'

  it('discovers, registers, sends the merchant to the consent page and exchanges the code with PKCE', async () => {
    const resourceMetadataUrl = await challenge()
    expect(await auth(provider, { serverUrl: endpoint, resourceMetadataUrl, scope })).toBe('REDIRECT')
    const registered = provider.clientInformation()
    expect(registered).toMatchObject({ token_endpoint_auth_method: 'none', scope, redirect_uris: [callback] })
    expect(registered).not.toHaveProperty('client_secret')

    const url = provider.authorizationUrl as URL
    expect(url.origin + url.pathname).toBe(`${origin}/oauth/authorize`)
    expect(url.searchParams.get('client_id')).toBe(registered?.client_id)
    expect(url.searchParams.get('code_challenge_method')).toBe('S256')
    expect(url.searchParams.get('resource')).toBe(`${origin}/mcp`)

    const { page, location } = await approve(url)
    expect(page).toContain('This app registered itself.')
    expect(page).toContain('Test agent')
    expect(page).toContain('Read orders (order_read)')
    expect(location.origin + location.pathname).toBe(callback)
    expect(location.searchParams.get('iss')).toBe(origin)
    const code = location.searchParams.get('code') as string

    expect(await auth(provider, { serverUrl: endpoint, resourceMetadataUrl, authorizationCode: code })).toBe(
      'AUTHORIZED',
    )
    expect(provider.tokens()).toMatchObject({ token_type: 'Bearer', scope })
  })

  it('lists only the tools of the granted scopes, and calls one', async () => {
    const client = new Client({ name: 'test-agent', version: '1.0.0' })
    await client.connect(new StreamableHTTPClientTransport(endpoint, { authProvider: provider }))
    clients.push(client)
    const { tools } = await client.listTools()
    const granted = allowedTools(toolsFromContract(platform.contract), {
      kind: 'platformApp',
      scopes: new Set(scope.split(' ')),
    })
    expect(tools.map((tool) => tool.name).sort()).toEqual(granted.map((tool) => tool.name).sort())
    expect(tools.map((tool) => tool.name)).toContain('listOrders')
    expect(tools.map((tool) => tool.name)).not.toContain('createWebhookConfiguration')

    const result = (await client.callTool({ name: 'listOrders', arguments: { size: 1 } })) as CallToolResult
    expect(result.isError).toBeFalsy()
    expect((result.structuredContent as { results: unknown[] }).results).toHaveLength(1)
    const refused = (await client.callTool({
      name: 'createWebhookConfiguration',
      arguments: { body: { url: 'https://agent.example/hook', allowedTypes: ['ORDER_PLACED'] } },
    })) as CallToolResult
    expect(refused.isError).toBe(true)
    expect(JSON.parse((refused.content[0] as { text: string }).text)).toMatchObject({ code: 'INSUFFICIENT_SCOPE' })
  })

  it('refuses an unregistered redirect URI on the consent page, without redirecting', async () => {
    const url = new URL(provider.authorizationUrl as URL)
    url.searchParams.set('redirect_uri', 'http://127.0.0.1:8976/elsewhere')
    const page = await fetch(url, { headers: { cookie: admin.cookie }, redirect: 'manual' })
    expect(page.status).toBe(400)
    expect(await page.text()).toContain('Unregistered redirect address')
  })

  it('refuses a consent request without PKCE, and a code exchange without the verifier', async () => {
    const url = new URL(provider.authorizationUrl as URL)
    url.searchParams.delete('code_challenge')
    url.searchParams.delete('code_challenge_method')
    const page = await fetch(url, { headers: { cookie: admin.cookie }, redirect: 'manual' })
    expect(page.status).toBe(303)
    expect(new URL(page.headers.get('location') as string).searchParams.get('error')).toBe('invalid_request')

    const { location } = await approve(provider.authorizationUrl as URL)
    const exchange = await fetch(`${origin}/open-api/v1.0/platform/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        client_id: provider.clientInformation()?.client_id as string,
        code: location.searchParams.get('code') as string,
        redirect_uri: callback,
      }),
    })
    expect(exchange.status).toBe(400)
    expect(await exchange.json()).toMatchObject({ error: 'invalid_grant' })
  })

  it('binds tokens to their resource: one for the REST API is refused by /mcp, an unknown one is invalid_target', async () => {
    const exchange = async (resource: string) => {
      const { location } = await approve(provider.authorizationUrl as URL)
      const answer = await fetch(`${origin}/open-api/v1.0/platform/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          client_id: provider.clientInformation()?.client_id as string,
          code: location.searchParams.get('code') as string,
          redirect_uri: callback,
          code_verifier: provider.codeVerifier(),
          resource,
        }),
      })
      return { status: answer.status, body: await answer.json() }
    }
    // The consent request named /mcp: the exchange may not switch to the REST API.
    expect(await exchange(`${origin}/open-api/v1.0`)).toMatchObject({ status: 400, body: { error: 'invalid_target' } })

    const restUrl = new URL(provider.authorizationUrl as URL)
    restUrl.searchParams.set('resource', `${origin}/open-api/v1.0`)
    const { location } = await approve(restUrl)
    const answer = await fetch(`${origin}/open-api/v1.0/platform/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        client_id: provider.clientInformation()?.client_id as string,
        code: location.searchParams.get('code') as string,
        redirect_uri: callback,
        code_verifier: provider.codeVerifier(),
      }),
    })
    const { access_token: restToken } = (await answer.json()) as { access_token: string }
    const rest = await fetch(`${origin}/open-api/v1.0/order?size=1`, {
      headers: { authorization: `Bearer ${restToken}` },
    })
    expect(rest.status).toBe(200)
    const mcp = await fetch(endpoint, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${restToken}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    })
    expect(mcp.status).toBe(401)
    expect(mcp.headers.get('www-authenticate')).toContain('resource_metadata=')
    expect(await mcp.json()).toMatchObject({ code: 'INVALID_TOKEN' })

    const unknown = new URL(provider.authorizationUrl as URL)
    unknown.searchParams.set('resource', 'https://elsewhere.example/mcp')
    const refused = await fetch(unknown, { headers: { cookie: admin.cookie }, redirect: 'manual' })
    expect(new URL(refused.headers.get('location') as string).searchParams.get('error')).toBe('invalid_target')
  })
})

describe('POST /oauth/register', () => {
  it('registers public clients only, on https or loopback redirect URIs, with the MCP tools’ scopes', async () => {
    const base = { client_name: 'Agent', redirect_uris: [callback] }
    const refusals: [Record<string, unknown>, string][] = [
      [{ ...base, token_endpoint_auth_method: 'client_secret_basic' }, 'invalid_client_metadata'],
      [{ ...base, redirect_uris: ['http://agent.example/callback'] }, 'invalid_redirect_uri'],
      [{ ...base, redirect_uris: [] }, 'invalid_redirect_uri'],
      [{ ...base, scope: 'order_read not_a_scope' }, 'invalid_client_metadata'],
      [{ ...base, grant_types: ['client_credentials'] }, 'invalid_client_metadata'],
    ]
    for (const [metadata, error] of refusals) {
      const response = await register(metadata)
      expect(response.status).toBe(400)
      expect(await response.json()).toMatchObject({ error })
    }
    const response = await register({ redirect_uris: ['https://agent.example/callback'] })
    expect(response.status).toBe(201)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const client = (await response.json()) as { client_name: string; scope: string }
    expect(client.client_name).toBe('Unnamed MCP client')
    expect(client.scope.split(' ')).toContain('order_read')
  })

  it('shows operators which apps registered themselves, and removes one no shop approved', async () => {
    const apps = platform.app.platform.services.platformApps
    const response = await register({ client_name: 'Pending agent', redirect_uris: [callback] })
    const { client_id: pendingId } = (await response.json()) as { client_id: string }
    const listed = await apps.list()
    // The stock client of the first suite registered itself and the demo shop approved it.
    const approvedId = listed.find((app) => app.name === 'Test agent')?.id as string
    const operatorId = listed.find((app) => app.registration === 'OPERATOR')?.id as string
    const pendingUntil = new Date(platform.clock.now() + dynamicRegistrationLimits.pendingTtlMs).toISOString()
    const shown = (id: string) => listed.find((app) => app.id === id)
    expect(shown(pendingId)).toMatchObject({ registration: 'DYNAMIC', connectedShops: 0, pendingUntil })
    expect(shown(approvedId)).toMatchObject({ registration: 'DYNAMIC', connectedShops: 1, pendingUntil: null })
    expect(operatorId).toMatch(/^app_/)

    // Approved, or an operator's: suspended instead, never deleted.
    for (const id of [approvedId, operatorId]) {
      await expect(apps.removeRegistration(id)).rejects.toMatchObject({ code: 'PLATFORM_APP_NOT_REMOVABLE' })
    }
    expect(await apps.findApp(approvedId)).toMatchObject({ status: 'ACTIVE' })

    await apps.removeRegistration(pendingId)
    expect((await apps.list()).map((app) => app.id)).not.toContain(pendingId)
    const link = `${origin}/oauth/authorize?client_id=${pendingId}&redirect_uri=${encodeURIComponent(callback)}`
    expect((await fetch(link, { headers: { cookie: admin.cookie }, redirect: 'manual' })).status).toBe(404)
    await expect(apps.removeRegistration(pendingId)).rejects.toMatchObject({ code: 'PLATFORM_APP_NOT_FOUND' })
  })

  it('forgets a registration no shop approved within 24 hours', async () => {
    const response = await register({ client_name: 'Forgotten', redirect_uris: [callback] })
    const { client_id: clientId } = (await response.json()) as { client_id: string }
    const link = `${origin}/oauth/authorize?client_id=${clientId}&redirect_uri=${encodeURIComponent(callback)}`
    expect((await fetch(link, { headers: { cookie: admin.cookie }, redirect: 'manual' })).status).not.toBe(404)
    await platform.clock.advance(dynamicRegistrationLimits.pendingTtlMs)
    admin = await signInAdmin(platform)
    expect((await fetch(link, { headers: { cookie: admin.cookie }, redirect: 'manual' })).status).toBe(404)
  })

  it('limits registrations per client address', async () => {
    await platform.clock.advance(dynamicRegistrationLimits.windowMs)
    const statuses: number[] = []
    for (let i = 0; i <= dynamicRegistrationLimits.perAddress; i++) {
      statuses.push((await register({ redirect_uris: [callback] })).status)
    }
    expect(statuses.slice(0, -1).every((status) => status === 201)).toBe(true)
    expect(statuses.at(-1)).toBe(429)
  })
})

describe('CORS for browser-based MCP clients', () => {
  it('answers preflights of /mcp and the OAuth endpoints for a listed origin only', async () => {
    const paths = [
      '/mcp',
      '/.well-known/oauth-protected-resource/mcp',
      '/.well-known/oauth-authorization-server',
      '/oauth/register',
      '/open-api/v1.0/platform/token',
    ]
    for (const path of paths) {
      const preflight = (from: string) =>
        fetch(`${origin}${path}`, {
          method: 'OPTIONS',
          headers: {
            origin: from,
            'access-control-request-method': 'POST',
            'access-control-request-headers': 'authorization, content-type, mcp-protocol-version',
          },
        })
      const allowed = await preflight(inspector)
      expect(allowed.status, path).toBe(204)
      expect(allowed.headers.get('access-control-allow-origin')).toBe(inspector)
      expect(allowed.headers.get('access-control-allow-headers')).toContain('Mcp-Protocol-Version')
      const refused = await preflight('https://evil.example')
      expect(refused.status, path).toBe(403)
      expect(refused.headers.get('access-control-allow-origin')).toBeNull()
    }
  })

  it('lets a listed origin read /mcp’s 401 challenge and the metadata; refuses other origins', async () => {
    const request = (from: string) =>
      fetch(endpoint, {
        method: 'POST',
        headers: { origin: from, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      })
    const listed = await request(inspector)
    expect(listed.status).toBe(401)
    expect(listed.headers.get('access-control-allow-origin')).toBe(inspector)
    expect(listed.headers.get('access-control-expose-headers')).toContain('WWW-Authenticate')
    const other = await request('https://evil.example')
    expect(other.status).toBe(403)
    expect(other.headers.get('access-control-allow-origin')).toBeNull()

    const metadata = await fetch(`${origin}/.well-known/oauth-authorization-server`, { headers: { origin: inspector } })
    expect(metadata.headers.get('access-control-allow-origin')).toBe(inspector)
    const token = await fetch(`${origin}/open-api/v1.0/platform/token`, {
      method: 'POST',
      headers: { origin: inspector, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=authorization_code',
    })
    expect(token.status).toBe(401)
    expect(token.headers.get('access-control-allow-origin')).toBe(inspector)
  })
})
