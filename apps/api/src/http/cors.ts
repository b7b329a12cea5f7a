import type { FastifyReply, FastifyRequest } from 'fastify'

/**
 * CORS for browser-based MCP clients (decision 0051): `/mcp`, its resource metadata and the OAuth
 * endpoints a client uses without the shop's cookies (authorization server metadata, registration,
 * token, revocation) answer the origins the operator lists in `MCP_ALLOWED_ORIGINS`, echoing the
 * origin (never `*`, never credentials: these endpoints take no cookies). A request from our own
 * origin needs no CORS; any other origin gets no CORS headers, and `/mcp` refuses it outright
 * (the transport's DNS-rebinding rule).
 */

const exposedHeaders = 'WWW-Authenticate, Mcp-Session-Id, Mcp-Protocol-Version, Retry-After, Request-Id'
const allowedHeaders = 'Authorization, Content-Type, Accept, Mcp-Protocol-Version, Mcp-Session-Id, Last-Event-ID'

export interface CorsPolicy {
  /** No Origin (an agent, curl), our own, or a listed one. */
  accepts(origin: string | undefined): boolean
  /** Adds the CORS headers a listed origin needs to read this answer. */
  onRequest(request: FastifyRequest, reply: FastifyReply, done: () => void): void
  /** Answers a preflight: 204 with the grant for a listed origin, 403 otherwise. */
  preflight(methods: string): (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>
}

export function createCorsPolicy(publicUrl: string, allowedOrigins: readonly string[]): CorsPolicy {
  const own = new URL(publicUrl).origin
  const listed = new Set(allowedOrigins)
  const originOf = (request: FastifyRequest) => {
    const origin = request.headers.origin
    return typeof origin === 'string' ? origin : undefined
  }
  return {
    accepts: (origin) => origin === undefined || origin === own || listed.has(origin),
    onRequest(request, reply, done) {
      const origin = originOf(request)
      if (origin !== undefined && listed.has(origin)) {
        reply.header('access-control-allow-origin', origin)
        reply.header('access-control-expose-headers', exposedHeaders)
      }
      reply.header('vary', 'Origin')
      done()
    },
    preflight: (methods) => async (request, reply) => {
      const origin = originOf(request)
      if (origin === undefined || !listed.has(origin)) return reply.code(403).send()
      return reply
        .code(204)
        .header('access-control-allow-origin', origin)
        .header('access-control-allow-methods', methods)
        .header('access-control-allow-headers', allowedHeaders)
        .header('access-control-max-age', '600')
        .header('vary', 'Origin')
        .send()
    },
  }
}
