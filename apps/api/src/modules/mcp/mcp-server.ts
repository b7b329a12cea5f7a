import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import {
  CallToolRequestSchema,
  type CallToolResult,
  ErrorCode,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js'
import { allowedTools, type McpCaller } from './mcp-access.js'
import type { McpPrompt } from './mcp-prompts.js'
import type { McpResource } from './mcp-resources.js'
import { type RestAnswer, type RestCall, ToolArgumentError, toRestCall } from './mcp-rest-call.js'
import type { McpTool } from './mcp-tools.js'

/**
 * The MCP server (the official SDK's low-level `Server`): `tools/list` answers the contract's tools
 * the caller's credentials may call, `tools/call` runs the tool's REST operation through `execute`
 * and answers its JSON. The same server runs behind `/mcp` (one per request, in process) and behind
 * `fanshelf mcp` (stdio, over HTTP to a running Fanshelf).
 */

export interface McpServerOptions {
  tools: readonly McpTool[]
  caller: McpCaller
  /** Sends the REST request with the caller's credentials and answers the response. */
  execute: (call: RestCall) => Promise<RestAnswer>
  /** The contracts and the docs' Markdown twins (mcp-resources.ts). */
  resources: readonly McpResource[]
  prompts: readonly McpPrompt[]
}

const serverInfo = { name: 'fanshelf', title: 'Fanshelf', version: '1.0.0' }

const instructions =
  'Tools of the Fanshelf open API for one shop: each tool is one REST operation (named by its operationId) ' +
  'and answers the same JSON. Arguments are the operation’s path, query and header parameters; a JSON body ' +
  'goes under "body". List operations page with the contract’s paging parameters. A refused call is a tool ' +
  'error carrying the API’s error body ({code, message, details}).'

function toListedTool(tool: McpTool): Tool {
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: tool.inputSchema,
    ...(tool.outputSchema ? { outputSchema: tool.outputSchema } : {}),
    annotations: tool.annotations,
    ...(tool.isBeta ? { _meta: { 'dev.fanshelf/beta': true } } : {}),
  }
}

function parseJson(answer: RestAnswer): unknown {
  if (answer.body === '' || !answer.contentType?.includes('json')) return undefined
  try {
    return JSON.parse(answer.body)
  } catch {
    return undefined
  }
}

/** The REST answer as a tool result: the success JSON as structured content, or a tool error with the API's error body. */
export function toToolResult(tool: McpTool, answer: RestAnswer): CallToolResult {
  const json = parseJson(answer)
  const text =
    answer.body === '' ? `${tool.operation.method} ${tool.operation.path} answered ${answer.status}.` : answer.body
  if (answer.status >= 400) return { isError: true, content: [{ type: 'text', text }] }
  const isObject = json !== null && typeof json === 'object' && !Array.isArray(json)
  return {
    content: [{ type: 'text', text }],
    ...(tool.outputSchema && isObject ? { structuredContent: json as Record<string, unknown> } : {}),
  }
}

function argumentError(message: string): CallToolResult {
  const body = { code: 'REQUEST_VALIDATION_FAILED', message }
  return { isError: true, content: [{ type: 'text', text: JSON.stringify(body) }] }
}

export function createMcpServer(options: McpServerOptions): Server {
  const byName = new Map(options.tools.map((tool) => [tool.name, tool]))
  const listed = allowedTools(options.tools, options.caller).map(toListedTool)
  const server = new Server(serverInfo, {
    capabilities: { tools: { listChanged: false }, resources: { listChanged: false }, prompts: { listChanged: false } },
    instructions,
  })
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: listed }))
  serveResources(server, options.resources)
  servePrompts(server, options.prompts)
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const tool = byName.get(request.params.name)
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${request.params.name}`)
    let call: RestCall
    try {
      call = toRestCall(tool, request.params.arguments)
    } catch (error) {
      if (error instanceof ToolArgumentError) return argumentError(error.message)
      throw error
    }
    // A tool outside the caller's grant is not listed; called anyway, the REST operation refuses it
    // (403 INSUFFICIENT_SCOPE or BASIC_AUTH_REQUIRED) exactly as it refuses a REST client.
    return toToolResult(tool, await options.execute(call))
  })
  return server
}

function serveResources(server: Server, resources: readonly McpResource[]): void {
  const byUri = new Map(resources.map((resource) => [resource.uri, resource]))
  server.setRequestHandler(ListResourcesRequestSchema, () => ({
    resources: resources.map(({ read: _read, ...listed }) => listed),
  }))
  server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({ resourceTemplates: [] }))
  server.setRequestHandler(ReadResourceRequestSchema, (request) => {
    const resource = byUri.get(request.params.uri)
    // -32002: the MCP specification's "resource not found".
    if (!resource) throw new McpError(-32002, `Resource not found: ${request.params.uri}`, { uri: request.params.uri })
    return { contents: [{ uri: resource.uri, mimeType: resource.mimeType, text: resource.read() }] }
  })
}

function servePrompts(server: Server, prompts: readonly McpPrompt[]): void {
  server.setRequestHandler(ListPromptsRequestSchema, () => ({
    prompts: prompts.map(({ name, title, description, arguments: args }) => ({
      name,
      title,
      description,
      arguments: args,
    })),
  }))
  server.setRequestHandler(GetPromptRequestSchema, (request) => {
    const prompt = prompts.find((candidate) => candidate.name === request.params.name)
    if (!prompt) throw new McpError(ErrorCode.InvalidParams, `Unknown prompt: ${request.params.name}`)
    const args = request.params.arguments ?? {}
    const missing = prompt.arguments.filter((argument) => argument.required && !args[argument.name])
    if (missing.length > 0) {
      throw new McpError(
        ErrorCode.InvalidParams,
        `Prompt ${prompt.name} needs ${missing.map((argument) => argument.name).join(', ')}.`,
      )
    }
    return {
      description: prompt.description,
      messages: [{ role: 'user' as const, content: { type: 'text' as const, text: prompt.text(args) } }],
    }
  })
}
