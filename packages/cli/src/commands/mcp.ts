import {
  createMcpServer,
  docsBuildOrigin,
  loadConfig,
  type McpCaller,
  mcpPrompts,
  mcpResources,
  type RestAnswer,
  type RestCall,
  runningServerOrigin,
  sharedContract,
  toolsFromContract,
} from '@fanshelf/api'
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js'
import { type Command, parseOptions } from '../command.js'
import { type CliEnvironment, readCliEnvironment } from '../environment.js'

/**
 * `fanshelf mcp`: the MCP server of `/mcp` over stdio, for desktop agents that start their servers
 * as processes (decision 0051). Its tools are generated from this install's contract; every call
 * is the REST request sent over HTTP to FANSHELF_ORIGIN with the credentials from the environment,
 * so it works against any running Fanshelf and the API checks scopes, shop and rate limit itself.
 * Standard output is the protocol's: everything else goes to standard error.
 */

interface McpCredentials {
  authorization: string
  caller: McpCaller
}

function credentialsOf(env: CliEnvironment): McpCredentials | undefined {
  if (env.mcpAccessToken) return { authorization: `Bearer ${env.mcpAccessToken}`, caller: { kind: 'bearerToken' } }
  if (env.mcpApiUser) {
    const { username, password } = env.mcpApiUser
    return {
      authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`,
      caller: { kind: 'apiUser' },
    }
  }
  return undefined
}

/** Why a fetch failed: its cause's message (ECONNREFUSED …) when it has one. */
function failureOf(error: unknown): string {
  if (!(error instanceof Error)) return ''
  return error.cause instanceof Error ? error.cause.message : error.message
}

/** Sends a tool's REST request to the origin's open API. */
export function httpExecutor(origin: string, authorization: string): (call: RestCall) => Promise<RestAnswer> {
  return async (call) => {
    let response: Response
    try {
      response = await fetch(origin + call.url, {
        method: call.method,
        headers: {
          ...call.headers,
          authorization,
          ...(call.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(call.body === undefined ? {} : { body: call.body }),
      })
    } catch (error) {
      // Not the API's answer: the agent sees why no call reached it, as a tool error.
      const cause = failureOf(error)
      return {
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'ORIGIN_UNREACHABLE', message: `Could not reach ${origin}: ${cause}` }),
      }
    }
    return {
      status: response.status,
      contentType: response.headers.get('content-type') ?? undefined,
      body: await response.text(),
    }
  }
}

/**
 * The caller an access token is: its scopes, asked of the origin (RFC 7662, the token introspecting
 * itself), so `tools/list` shows exactly the tools the grant allows. An inactive token is an error
 * now rather than at the first tool call; an origin that cannot answer leaves the API to decide per
 * call (every OAuth tool listed).
 */
export async function accessTokenCaller(
  origin: string,
  introspectUrl: string,
  token: string,
): Promise<{ caller: McpCaller; problem?: string }> {
  let response: Response
  try {
    response = await fetch(origin + introspectUrl, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token }),
    })
  } catch (error) {
    const cause = failureOf(error)
    return { caller: { kind: 'bearerToken' }, problem: `could not ask ${origin} for the token's scopes (${cause})` }
  }
  const answer = (await response.json().catch(() => undefined)) as { active?: boolean; scope?: string } | undefined
  if (response.status !== 200 || typeof answer?.active !== 'boolean') {
    return {
      caller: { kind: 'bearerToken' },
      problem: `${origin} did not say what the token may do (HTTP ${response.status})`,
    }
  }
  if (!answer.active) throw new TokenInactiveError(origin)
  return { caller: { kind: 'platformApp', scopes: new Set((answer.scope ?? '').split(' ').filter(Boolean)) } }
}

class TokenInactiveError extends Error {
  constructor(origin: string) {
    super(
      `FANSHELF_ACCESS_TOKEN is not active at ${origin}: it expired, was revoked, or is not a token of that server.`,
    )
  }
}

export const mcpCommand: Command = {
  name: 'mcp',
  summary: 'Run the MCP server over stdio for an AI agent (tools = the open API)',
  usage: [
    'Usage: fanshelf mcp',
    '',
    'Serves the Model Context Protocol on standard input and output: one tool per open API',
    'operation, each calling the REST API of a running Fanshelf with the credentials below.',
    '',
    'Environment:',
    '  FANSHELF_ORIGIN        the Fanshelf to call (default: the server running on DATA_DIR)',
    '  FANSHELF_API_USER      an API user name, with',
    '  FANSHELF_API_PASSWORD  its password (fanshelf api-user create)',
    '  FANSHELF_ACCESS_TOKEN  or a platform app’s access token: the tools listed are those its grant',
    '                         allows (asked of FANSHELF_ORIGIN at start; an inactive token is an error)',
  ].join('\n'),
  async run(args, io) {
    parseOptions(args, {})
    const env = readCliEnvironment()
    const credentials = credentialsOf(env)
    if (!credentials) {
      io.err('fanshelf mcp: set FANSHELF_API_USER and FANSHELF_API_PASSWORD (an API user) or FANSHELF_ACCESS_TOKEN.\n')
      return 1
    }
    const config = loadConfig()
    const origin = (env.mcpOrigin ?? runningServerOrigin(config)).replace(/\/$/, '')
    const contract = await sharedContract(config)
    const tools = toolsFromContract(contract)
    let caller = credentials.caller
    if (env.mcpAccessToken) {
      const introspectUrl = contract.operations.find((op) => op.operationId === 'introspectPlatformToken')?.url
      if (!introspectUrl) throw new Error('The contract has no operation introspectPlatformToken')
      try {
        const asked = await accessTokenCaller(origin, introspectUrl, env.mcpAccessToken)
        caller = asked.caller
        if (asked.problem)
          io.err(`fanshelf mcp: ${asked.problem}; listing every OAuth tool, the API decides per call.\n`)
      } catch (error) {
        if (!(error instanceof TokenInactiveError)) throw error
        io.err(`fanshelf mcp: ${error.message}\n`)
        return 1
      }
    }
    const server = createMcpServer({
      tools,
      caller,
      execute: httpExecutor(origin, credentials.authorization),
      // This install's contracts and docs, naming the origin the tools call.
      resources: mcpResources({
        contract,
        openapiDir: config.openapiDir,
        siteDir: config.siteDir,
        buildOrigin: docsBuildOrigin,
        origin,
      }),
      prompts: mcpPrompts,
    })
    const transport = new StdioServerTransport()
    const closed = new Promise<void>((resolve) => {
      transport.onclose = () => resolve()
    })
    // The SDK's transport stops on close() only; an agent ends the server by closing its stdin.
    process.stdin.once('end', () => void transport.close())
    await server.connect(transport)
    io.err(`fanshelf mcp: ${tools.length} tools, calling ${origin}\n`)
    await closed
    await server.close()
    return 0
  },
}
