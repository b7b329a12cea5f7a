import { Ajv } from 'ajv'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormatsModule from 'ajv-formats'
import { beforeAll, describe, expect, it } from 'vitest'
import { parseConfig } from '../../config.js'
import { type Contract, loadContract } from '../../http/contract.js'
import { allowedTools } from './mcp-access.js'
import { ToolArgumentError, toRestCall } from './mcp-rest-call.js'
import { bodyArgument, type McpTool, toolsFromContract } from './mcp-tools.js'

/**
 * The tools are generated from the contract (decision 0051): every open API operation a shop's
 * credentials call is one, and its schemas are plain JSON Schema an MCP client can compile.
 */

let contract: Contract
let tools: McpTool[]

function tool(name: string): McpTool {
  const found = tools.find((t) => t.name === name)
  if (!found) throw new Error(`No tool ${name}`)
  return found
}

beforeAll(async () => {
  contract = await loadContract(parseConfig({}).openapiDir)
  tools = toolsFromContract(contract)
})

describe('toolsFromContract', () => {
  it('makes every open API operation with shop credentials a tool, and nothing else', () => {
    const expected = contract.operations
      .filter((op) => op.api === 'open' || op.api === 'beta')
      .filter((op) => op.security.some((r) => 'basicAuth' in r || 'platformOAuth' in r))
      .map((op) => op.operationId)
    expect(tools.map((t) => t.name)).toEqual(expected)
    expect(tools.some((t) => t.name === 'exchangePlatformToken')).toBe(false)
    expect(tools.filter((t) => t.isBeta).map((t) => t.name)).toEqual(
      contract.operations.filter((op) => op.api === 'beta').map((op) => op.operationId),
    )
  })

  it('gives every parameter and the JSON body an argument, required as the contract says', () => {
    for (const t of tools) {
      const { properties = {}, required = [] } = t.inputSchema
      for (const p of t.operation.parameters.filter((p) => p.in !== 'cookie')) {
        expect(Object.keys(properties), `${t.name}.${p.name}`).toContain(p.name)
        if (p.required) expect(required, `${t.name}.${p.name}`).toContain(p.name)
      }
      if (t.operation.requestBody?.content['application/json']) expect(properties).toHaveProperty(bodyArgument)
      if (t.operation.requestBody?.required) expect(required).toContain(bodyArgument)
    }
  })

  it('writes schemas an MCP client compiles: plain JSON, no $ref, no OpenAPI keywords', () => {
    // The SDK client's default validator (Ajv, draft-07, strict off) and a 2020-12 one.
    const addFormats = addFormatsModule as unknown as <T>(ajv: T) => T
    const clients = [addFormats(new Ajv({ strict: false })), addFormats(new Ajv2020({ strict: false }))]
    for (const t of tools) {
      for (const schema of [t.inputSchema, t.outputSchema]) {
        if (!schema) continue
        const text = JSON.stringify(schema)
        expect(text, t.name).not.toContain('"$ref"')
        expect(text, t.name).not.toContain('"discriminator"')
        expect(text, t.name).not.toMatch(/"x-[a-zA-Z]/)
        for (const ajv of clients) expect(() => ajv.compile(schema), t.name).not.toThrow()
      }
    }
  })

  it('annotates reads, deletes and idempotent writes from the method, and describes from the contract', () => {
    expect(tool('listOrders').annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false })
    expect(tool('deleteWebhookConfiguration').annotations).toMatchObject({
      destructiveHint: true,
      idempotentHint: true,
    })
    expect(tool('createPromotion').annotations).toMatchObject({ readOnlyHint: false, idempotentHint: false })
    expect(tool('getOrder').description).toMatch(/^Get an order\n\nAnswers one order by its id\./)
    expect(tool('listMembers').description).toContain('beta')
    const { properties = {} } = tool('listOrders').inputSchema
    expect(properties.size?.description).toBe('Items per page, 1–100.')
    // Fields named `description` stay; the keyword (a string value) goes.
    expect(JSON.stringify(tool('getOrder').outputSchema)).not.toMatch(/"description":"/)
  })
})

describe('allowedTools', () => {
  it('gives an API user every Basic operation, a token only its granted scopes’ operations', () => {
    expect(allowedTools(tools, { kind: 'apiUser' })).toHaveLength(tools.length)
    const orderRead = allowedTools(tools, { kind: 'platformApp', scopes: new Set(['order_read']) }).map((t) => t.name)
    expect(orderRead).toEqual(expect.arrayContaining(['listOrders', 'getOrder', 'getCurrentShop']))
    expect(orderRead).not.toContain('markOrderDownloaded')
    expect(orderRead).not.toContain('getStreamingStatus')
    // fanshelf mcp with a token cannot see its grant: every OAuth operation, none of the Basic-only ones.
    const anyToken = allowedTools(tools, { kind: 'bearerToken' }).map((t) => t.name)
    expect(anyToken).toContain('markOrderDownloaded')
    expect(anyToken).not.toContain('getStreamingStatus')
  })
})

describe('toRestCall', () => {
  it('puts path parameters encoded in the path, query parameters in the query, the body as JSON', () => {
    expect(toRestCall(tool('getOrder'), { orderId: 'a/b c' })).toEqual({
      method: 'GET',
      url: '/open-api/v1.0/order/a%2Fb%20c',
      headers: {},
    })
    expect(toRestCall(tool('listOrders'), { size: 5, page: 1 }).url).toBe('/open-api/v1.0/order?page=1&size=5')
    const created = toRestCall(tool('createWebhookConfiguration'), { body: { url: 'https://x.example' } })
    expect(created).toMatchObject({ method: 'POST', body: '{"url":"https://x.example"}' })
  })

  it('refuses arguments the operation does not have, and a missing path parameter', () => {
    expect(() => toRestCall(tool('listOrders'), { limit: 2 })).toThrow(ToolArgumentError)
    expect(() => toRestCall(tool('getOrder'), {})).toThrow('Argument "orderId" is required.')
  })
})
