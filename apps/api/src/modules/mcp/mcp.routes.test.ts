import type { AddressInfo } from 'node:net'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type Auth, authHeaders, createTestPlatform, type TestPlatform } from '../../testing/test-platform.js'
import { connect, registerClient, signInAdmin } from '../platform-apps/testing/oauth-harness.js'

/**
 * The MCP server at /mcp, through the official SDK's own client over Streamable HTTP against a
 * listening server: its tools are the contract's operations, answer what REST answers, and hold
 * the caller to exactly REST's scopes and shop (decision 0051).
 */

let platform: TestPlatform
let endpoint: URL
const clients: Client[] = []

async function mcpClient(auth: Auth): Promise<Client> {
  const client = new Client({ name: 'fanshelf-test', version: '1.0.0' })
  const transport = new StreamableHTTPClientTransport(endpoint, { requestInit: { headers: authHeaders(auth) } })
  await client.connect(transport)
  clients.push(client)
  return client
}

function errorBody(result: CallToolResult): { code: string; message: string } {
  expect(result.isError).toBe(true)
  const [first] = result.content
  if (first?.type !== 'text') throw new Error('A tool error carries the API error body as text')
  return JSON.parse(first.text)
}

/** The contract's open API operations that an API user calls (stable and beta): one tool each. */
function basicOperationIds(): string[] {
  return platform.contract.operations
    .filter((op) => op.api !== 'storefront' && op.security.some((requirement) => 'basicAuth' in requirement))
    .map((op) => op.operationId)
}

beforeAll(async () => {
  platform = await createTestPlatform()
  await platform.app.listen({ host: '127.0.0.1', port: 0 })
  endpoint = new URL(`http://127.0.0.1:${(platform.app.server.address() as AddressInfo).port}/mcp`)
})
afterAll(async () => {
  for (const client of clients) await client.close()
  await platform.close()
})
beforeEach(() => platform.clock.advance(10_000))

describe('POST /mcp with an API user', () => {
  it('lists one tool per open API operation (stable and beta), named after its operationId', async () => {
    const client = await mcpClient(platform.asDemo)
    const { tools } = await client.listTools()
    expect(tools.map((tool) => tool.name).sort()).toEqual(basicOperationIds().sort())
    expect(tools.length).toBeGreaterThan(40)
    const getOrder = tools.find((tool) => tool.name === 'getOrder')
    expect(getOrder?.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false })
    expect(getOrder?.inputSchema.required).toEqual(['orderId'])
    expect(getOrder?.outputSchema?.type).toBe('object')
    const deleteWebhook = tools.find((tool) => tool.name === 'deleteWebhookConfiguration')
    expect(deleteWebhook?.annotations).toMatchObject({
      readOnlyHint: false,
      destructiveHint: true,
      idempotentHint: true,
    })
    const beta = tools.find((tool) => tool.name === 'listMembers')
    expect(beta?.description).toContain('beta')
    expect(beta?._meta).toEqual({ 'dev.fanshelf/beta': true })
  })

  it('calls a read tool and gets the JSON REST answers', async () => {
    const client = await mcpClient(platform.asDemo)
    const orders = await platform.call('listOrders', { query: { size: 1 } })
    const orderId = orders.body.results[0].id as string
    const rest = await platform.call('getOrder', { params: { orderId } })
    const result = (await client.callTool({ name: 'getOrder', arguments: { orderId } })) as CallToolResult
    expect(result.isError).toBeFalsy()
    expect(result.structuredContent).toEqual(rest.body)
    const [first] = result.content
    expect(first?.type === 'text' && JSON.parse(first.text)).toEqual(rest.body)
  })

  it('calls a write tool with a body, and REST sees what it wrote', async () => {
    const client = await mcpClient(platform.asDemo)
    const result = (await client.callTool({
      name: 'createWebhookConfiguration',
      arguments: { body: { url: 'https://hooks.example.com/mcp', allowedTypes: ['ORDER_PLACED'] } },
    })) as CallToolResult
    expect(result.isError).toBeFalsy()
    const { secret, ...created } = result.structuredContent as { id: string; url: string; secret: string }
    expect(created.url).toBe('https://hooks.example.com/mcp')
    expect(secret).toMatch(/^whsec_/)
    // The secret is shown once, on creation (REST's own answer); the rest is what REST reads back.
    const rest = await platform.call('getWebhookConfiguration', { params: { webhookConfigurationId: created.id } })
    expect(rest.status).toBe(200)
    expect(rest.body).toEqual(created)
  })

  it('answers REST’s validation error as a tool error', async () => {
    const client = await mcpClient(platform.asDemo)
    const result = (await client.callTool({ name: 'getOrder', arguments: { orderId: 'not-a-uuid' } })) as CallToolResult
    expect(errorBody(result).code).toBe('REQUEST_VALIDATION_FAILED')
  })

  it('spends the caller’s rate limit: a tool call is one request of its quota, as over REST', async () => {
    const client = await mcpClient(platform.asDemo)
    await client.listTools()
    const before = await platform.call('getCurrentShop')
    await client.callTool({ name: 'getCurrentShop', arguments: {} })
    const after = await platform.call('getCurrentShop')
    const remaining = (call: typeof before) => Number(call.headers['x-ratelimit-remaining'])
    expect(remaining(after)).toBe(remaining(before) - 2)
  })

  it('cannot reach another shop’s order: the same 404 as REST', async () => {
    const orders = await platform.call('listOrders', { query: { size: 1 } })
    const orderId = orders.body.results[0].id as string
    const client = await mcpClient(platform.asOther)
    const result = (await client.callTool({ name: 'getOrder', arguments: { orderId } })) as CallToolResult
    const rest = await platform.call('getOrder', { params: { orderId }, auth: platform.asOther })
    expect(rest.status).toBe(404)
    expect(errorBody(result)).toEqual(rest.body)
    expect(errorBody(result).code).toBe('ORDER_NOT_FOUND')
  })
})

describe('POST /mcp resources and prompts', () => {
  it('lists the contracts as resources and reads one as this server serves it', async () => {
    const client = await mcpClient(platform.asDemo)
    const { resources } = await client.listResources()
    const contractUri = `${platform.config.publicUrl}/openapi/open-api.yaml`
    expect(resources.map((resource) => resource.uri)).toContain(contractUri)
    const read = await client.readResource({ uri: contractUri })
    const served = await fetch(new URL('/openapi/open-api.yaml', endpoint))
    expect(read.contents).toEqual([{ uri: contractUri, mimeType: 'application/yaml', text: await served.text() }])
    await expect(client.readResource({ uri: `${platform.config.publicUrl}/nothing.md` })).rejects.toThrow(
      'Resource not found',
    )
  })

  it('lists the prompts and renders one with its arguments', async () => {
    const client = await mcpClient(platform.asDemo)
    const { prompts } = await client.listPrompts()
    expect(prompts.map((prompt) => prompt.name)).toEqual(['reconcile-orders', 'set-up-webhook', 'run-giveaway'])
    const prompt = await client.getPrompt({ name: 'reconcile-orders', arguments: { since: '2026-11-01T00:00:00Z' } })
    const [message] = prompt.messages
    expect(message?.content.type === 'text' && message.content.text).toContain(
      '`createdAt[gt]` = "2026-11-01T00:00:00Z"',
    )
    await expect(client.getPrompt({ name: 'reconcile-orders', arguments: {} })).rejects.toThrow('needs since')
  })
})

describe('POST /mcp with an OAuth access token', () => {
  let token = ''
  beforeAll(async () => {
    const admin = await signInAdmin(platform)
    token = (await connect(platform, await registerClient(platform, { scopes: ['order_read'] }), admin)).access_token
  })

  it('lists only the tools the grant allows', async () => {
    const client = await mcpClient({ bearer: token })
    const { tools } = await client.listTools()
    const granted = platform.contract.operations
      .filter((op) => op.api !== 'storefront')
      .filter((op) => {
        const scopes = op.security.find((requirement) => 'platformOAuth' in requirement)?.platformOAuth
        return scopes?.every((scope) => scope === 'order_read') ?? false
      })
      .map((op) => op.operationId)
    expect(tools.map((tool) => tool.name).sort()).toEqual(granted.sort())
    expect(tools.map((tool) => tool.name)).toContain('getOrder')
    expect(tools.map((tool) => tool.name)).not.toContain('listProducts')
  })

  it('calls a granted tool and is refused outside its scopes, as REST refuses', async () => {
    const client = await mcpClient({ bearer: token })
    const listed = (await client.callTool({ name: 'listOrders', arguments: { size: 2 } })) as CallToolResult
    expect(listed.isError).toBeFalsy()
    expect((listed.structuredContent as { results: unknown[] }).results).toHaveLength(2)
    const refused = (await client.callTool({ name: 'listProducts', arguments: {} })) as CallToolResult
    expect(errorBody(refused).code).toBe('INSUFFICIENT_SCOPE')
    const basicOnly = (await client.callTool({ name: 'getStreamingStatus', arguments: {} })) as CallToolResult
    expect(errorBody(basicOnly).code).toBe('BASIC_AUTH_REQUIRED')
  })
})

describe('/mcp as an OAuth protected resource (RFC 9728)', () => {
  it('answers 401 without credentials, naming its resource metadata', async () => {
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    })
    expect(response.status).toBe(401)
    const metadataUrl = `${platform.config.publicUrl}/.well-known/oauth-protected-resource/mcp`
    expect(response.headers.get('www-authenticate')).toMatch(
      new RegExp(`^Bearer resource_metadata="${metadataUrl.replace(/[.]/g, '\\.')}"`),
    )
    const metadata = await fetch(new URL('/.well-known/oauth-protected-resource/mcp', endpoint))
    expect(metadata.status).toBe(200)
    expect(await metadata.json()).toMatchObject({
      resource: `${platform.config.publicUrl}/mcp`,
      authorization_servers: [platform.config.publicUrl],
      scopes_supported: expect.arrayContaining(['order_read', 'webhook_write']),
    })
    const server = await fetch(new URL('/.well-known/oauth-authorization-server', endpoint))
    expect((await server.json()).issuer).toBe(platform.config.publicUrl)
  })

  it('refuses a wrong password like REST, still naming the metadata', async () => {
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: { ...authHeaders({ basic: { username: platform.demo.apiUser.username, password: 'wrong' } }) },
      body: '{}',
    })
    expect(response.status).toBe(401)
    expect(response.headers.get('www-authenticate')).toContain('resource_metadata=')
    expect((await response.json()).code).toBe('UNAUTHENTICATED')
  })

  it('refuses another origin (DNS rebinding) with 403, before looking at credentials', async () => {
    const initialize = { jsonrpc: '2.0', id: 1, method: 'ping' }
    const post = (origin: string) =>
      fetch(endpoint, {
        method: 'POST',
        headers: {
          ...authHeaders(platform.asDemo),
          origin,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
        },
        body: JSON.stringify(initialize),
      })
    expect((await post('http://evil.example.com')).status).toBe(403)
    expect((await post(new URL(platform.config.publicUrl).origin)).status).toBe(200)
  })

  it('has no session stream: GET and DELETE are 405', async () => {
    for (const method of ['GET', 'DELETE']) {
      const response = await fetch(endpoint, { method, headers: authHeaders(platform.asDemo) })
      expect(response.status).toBe(405)
      expect(response.headers.get('allow')).toBe('POST')
    }
  })
})
