import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { docsBuildOrigin } from '../../config.js'
import { DomainError } from '../../errors/domain-error.js'
import type { Operation } from '../../http/contract.js'
import { createCorsPolicy } from '../../http/cors.js'
import type { ShopPrincipal } from '../../http/principal.js'
import { resolvePrincipal } from '../../http/security.js'
import { mcpResourcePath, resourceIndicators } from '../platform-apps/oauth-resources.js'
import { toProtectedResourceMetadata } from './mcp.mapper.js'
import type { McpCaller } from './mcp-access.js'
import { injectedRestCalls, serveStateless } from './mcp-http.js'
import { mcpPrompts } from './mcp-prompts.js'
import { mcpResources } from './mcp-resources.js'
import { createMcpServer } from './mcp-server.js'
import { toolsFromContract } from './mcp-tools.js'

/**
 * The MCP server over Streamable HTTP at `/mcp` (decision 0051), stateless: every POST gets a fresh
 * server and transport (the SDK's stateless mode), answered as JSON. GET (an SSE stream the server
 * would push on) and DELETE (ending a session) are 405: a stateless server has neither.
 *
 * `/mcp` is an OAuth protected resource (RFC 9728): it takes the open API's credentials — an API
 * user's Basic auth or a platform app's Bearer token — and without them answers 401 with
 * `WWW-Authenticate: Bearer resource_metadata="…"`, the document that names our authorization server.
 * A request whose `Origin` is not this server's is 403, as the transport specification requires.
 * Every tool call is the REST operation injected in process with the caller's Authorization header.
 */

export const mcpPath = mcpResourcePath
export const protectedResourceMetadataPath = `/.well-known/oauth-protected-resource${mcpPath}`

/**
 * `/mcp` accepts what every shop operation accepts (`security` of the open API's current-shop
 * operations); resolvePrincipal checks it exactly as for REST, throttling wrong passwords included.
 */
const mcpOperation: Operation = {
  api: 'open',
  operationId: 'mcp',
  method: 'POST',
  path: mcpPath,
  url: mcpPath,
  security: [{ basicAuth: [] }, { platformOAuth: [] }],
  queryAuthParameters: [],
  parameters: [],
  responses: {},
  deprecated: false,
}

function callerOf(principal: ShopPrincipal): McpCaller {
  return principal.kind === 'platformApp' ? { kind: 'platformApp', scopes: principal.scopes } : { kind: 'apiUser' }
}

export async function mcpRoutes(app: FastifyInstance): Promise<void> {
  const { contract, config, services } = app.platform
  const tools = toolsFromContract(contract)
  const resources = mcpResources({
    contract,
    openapiDir: config.openapiDir,
    siteDir: config.siteDir,
    buildOrigin: docsBuildOrigin,
    origin: config.publicUrl,
  })
  const metadataUrl = config.publicUrl + protectedResourceMetadataPath
  const resource = resourceIndicators(config.publicUrl).mcp
  const metadata = toProtectedResourceMetadata({
    resource,
    issuer: config.publicUrl,
    scopes: [...services.dynamicClients.scopes],
  })

  async function authenticate(request: FastifyRequest): Promise<ShopPrincipal> {
    try {
      const principal = (await resolvePrincipal(request, mcpOperation, services.authenticators)) as ShopPrincipal
      // RFC 8707: a token bound to another resource (the REST API) is not for us; unbound ones are.
      if (principal.kind === 'platformApp' && principal.resource !== undefined && principal.resource !== resource) {
        throw new DomainError(
          'INVALID_TOKEN',
          `The access token was issued for ${principal.resource}, not for ${resource}.`,
          undefined,
          { 'www-authenticate': 'Bearer error="invalid_token"' },
        )
      }
      return principal
    } catch (error) {
      // RFC 9728 §5.1: the challenge names the metadata, where an MCP client finds how to sign in.
      if (error instanceof DomainError && error.status === 401) {
        const challenge = error.headers['www-authenticate']
        throw new DomainError(error.code, error.message, error.details, {
          ...error.headers,
          'www-authenticate': [`Bearer resource_metadata="${metadataUrl}"`, challenge].filter(Boolean).join(', '),
        })
      }
      throw error
    }
  }

  // Browser-based clients: CORS for the origins the operator lists (MCP_ALLOWED_ORIGINS).
  const cors = createCorsPolicy(config.publicUrl, config.mcpAllowedOrigins)
  app.addHook('onRequest', cors.onRequest)
  app.options(protectedResourceMetadataPath, cors.preflight('GET, OPTIONS'))
  app.options(mcpPath, cors.preflight('POST, GET, DELETE, OPTIONS'))

  app.get(protectedResourceMetadataPath, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=3600').send(metadata),
  )

  // The transport's DNS-rebinding rule: an Origin neither ours nor listed is refused before
  // anything else (agents send none).
  app.post(mcpPath, async (request, reply) => {
    const origin = request.headers.origin
    if (!cors.accepts(origin)) {
      return reply.code(403).send({
        jsonrpc: '2.0',
        error: { code: -32000, message: `Forbidden: requests from the origin ${origin} are not accepted.` },
        id: null,
      })
    }
    const principal = await authenticate(request)
    const execute = injectedRestCalls(app, request)
    const server = createMcpServer({ tools, caller: callerOf(principal), execute, resources, prompts: mcpPrompts })
    return serveStateless(server, request, reply)
  })

  const methodNotAllowed = async (_request: FastifyRequest, reply: FastifyReply) =>
    reply
      .code(405)
      .header('allow', 'POST')
      .send({
        jsonrpc: '2.0',
        error: { code: -32000, message: 'Method not allowed: this MCP server is stateless (POST only).' },
        id: null,
      })
  app.get(mcpPath, methodNotAllowed)
  app.delete(mcpPath, methodNotAllowed)
}
