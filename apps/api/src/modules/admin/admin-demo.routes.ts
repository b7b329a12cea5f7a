import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { readDemoCredentials } from '../../seed/demo-credentials.js'

/**
 * `GET /admin/api/demo-credentials`: the demo shop's API user and storefront token, for the API
 * reference's "Fill demo credentials" button on a local server. Answered only to a loopback
 * client that addressed the server by a loopback name (a page on another origin that rebinds its
 * DNS to 127.0.0.1 still sends its own Host), only when DATA_DIR holds the seeded credentials, and
 * without an API user whose password no longer works (deleted or replaced in the admin).
 * Everything else answers 404, as if the route did not exist.
 */
const loopbackAddresses = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1'])
const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]'])

function isLocal(request: FastifyRequest): boolean {
  const host = (request.headers.host ?? '').toLowerCase().replace(/:\d+$/, '')
  return loopbackAddresses.has(request.socket.remoteAddress ?? '') && loopbackHosts.has(host)
}

function notFound(reply: FastifyReply) {
  return reply.code(404).send({ code: 'NOT_FOUND', message: 'Demo credentials are only offered to a local browser.' })
}

export function adminDemoRoutes() {
  return async (app: FastifyInstance): Promise<void> => {
    const { config, services } = app.platform
    app.get('/admin/api/demo-credentials', async (request, reply) => {
      if (!isLocal(request)) return notFound(reply)
      const demo = readDemoCredentials(config.dataDir)?.shops[0]
      if (!demo) return notFound(reply)
      const { username, password } = demo.apiUser
      const apiUserWorks = (await services.apiUsers.verify(username, password)) !== undefined
      const storefrontTokenWorks = (await services.authenticators.storefrontToken(demo.storefrontToken)) !== undefined
      if (!apiUserWorks && !storefrontTokenWorks) return notFound(reply)
      reply.header('cache-control', 'no-store')
      return {
        shopId: demo.id,
        ...(apiUserWorks ? { apiUser: { username, password } } : {}),
        ...(storefrontTokenWorks ? { storefrontToken: demo.storefrontToken } : {}),
      }
    })
  }
}
