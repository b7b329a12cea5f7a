import type { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { RestAnswer, RestCall } from './mcp-rest-call.js'

/**
 * `/mcp` between Fastify and the SDK (decision 0051): one request through a fresh stateless
 * Streamable HTTP transport, and the tool calls it makes sent to the REST API in process.
 */

function webRequestOf(request: FastifyRequest): Request {
  const headers = new Headers()
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item)
  }
  // The body is already parsed (handleRequest's parsedBody); the transport reads only the headers.
  return new Request(`http://${request.host}${request.url}`, { method: request.method, headers })
}

async function sendWebResponse(reply: FastifyReply, response: Response): Promise<FastifyReply> {
  reply.code(response.status)
  response.headers.forEach((value, name) => {
    reply.header(name, value)
  })
  const body = await response.text()
  return reply.send(body === '' ? undefined : body)
}

/** Answers one POST with `server` on a transport of its own (the SDK's stateless mode), JSON only. */
export async function serveStateless(
  server: Server,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  })
  try {
    await server.connect(transport)
    const response = await transport.handleRequest(webRequestOf(request), { parsedBody: request.body })
    return await sendWebResponse(reply, response)
  } finally {
    await transport.close()
    await server.close()
  }
}

/**
 * Tool calls as REST requests injected into this app with the caller's own `Authorization` and
 * address: the operation authenticates, rate-limits, validates and serializes them as any request.
 */
export function injectedRestCalls(
  app: FastifyInstance,
  request: FastifyRequest,
): (call: RestCall) => Promise<RestAnswer> {
  const authorization = request.headers.authorization ?? ''
  return async (call) => {
    const response = await app.inject({
      method: call.method as 'GET',
      url: call.url,
      headers: {
        ...call.headers,
        authorization,
        ...(call.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      remoteAddress: request.ip,
      ...(call.body === undefined ? {} : { payload: call.body }),
    })
    const contentType = response.headers['content-type']
    return { status: response.statusCode, contentType: contentType?.toString(), body: response.body }
  }
}
