import type { AdminRes } from '@fanshelf/contract'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { newVerifier, s256Challenge } from '../modules/platform-apps/pkce.js'
import type { Services } from '../services.js'
import { type DemoPlatformAppCredentials, readDemoCredentials } from './demo-credentials.js'

/**
 * `GET /admin/api/demo-credentials`: the demo shop's credentials and sample ids, for the docs'
 * reader context (shell samples, the API reference's try-it console and its "Fill demo
 * credentials" button) on a local server. Not in the contracts (`/admin/api/*` is the admin's own
 * backend); its answer, every part present only while it works:
 *
 * ```text
 * {
 *   shopId: string,
 *   apiUser?: {username, password},          // the seeded API user, while its password works
 *   storefrontToken?: string,                // while the token authenticates
 *   platformApp?: {                          // the seeded demo app, while it is active, its secret
 *     clientId, clientSecret, redirectUri,   //   works and it is still connected to the shop by
 *     code, codeVerifier                     //   a super-admin: a FRESH single-use authorization
 *   },                                       //   code on each request (PKCE S256 of codeVerifier)
 *   samples: { thankYouId?: string }         // ids no API lists: the shop's newest thank-you
 * }
 * ```
 *
 * The code is issued through the consent page's own path (platform-grants.service `reissueCode`,
 * on behalf of the super-admin who connected the app); a browser that is handed the demo API
 * user's password gains nothing more from a code for the demo app.
 *
 * Answered only to a loopback client that addressed the server by a loopback name (a page on
 * another origin that rebinds its DNS to 127.0.0.1 still sends its own Host), only when DATA_DIR
 * holds the seeded credentials (a seeded demo), and only when the API user or the storefront
 * token still works. A local browser of a server without them gets 204 (nothing to fill in: the
 * docs pages ask on every load and must not log an error); a remote client gets 404, as if the route
 * did not exist.
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

/** The demo app's credentials with a fresh code, or undefined when any part of it no longer works. */
async function workingPlatformApp(services: Services, shopId: string, recorded: DemoPlatformAppCredentials) {
  const app = await services.platformApps.authenticateClient(recorded.clientId, recorded.clientSecret)
  if (app?.status !== 'ACTIVE' || !app.redirectUris.includes(recorded.redirectUri)) return undefined
  const codeVerifier = newVerifier()
  const code = await services.platformGrants.reissueCode(shopId, app, {
    redirectUri: recorded.redirectUri,
    codeChallenge: s256Challenge(codeVerifier),
    codeChallengeMethod: 'S256',
  })
  if (code === undefined) return undefined
  const { clientId, clientSecret, redirectUri } = recorded
  return { clientId, clientSecret, redirectUri, code, codeVerifier }
}

export function adminDemoRoutes() {
  return async (app: FastifyInstance): Promise<void> => {
    const { config, services } = app.platform
    app.get('/admin/api/demo-credentials', async (request, reply) => {
      if (!isLocal(request)) return notFound(reply)
      const nothingToFill = () => reply.header('cache-control', 'no-store').code(204).send()
      const demo = readDemoCredentials(config.dataDir)?.shops[0]
      if (!demo) return nothingToFill()
      const { username, password } = demo.apiUser
      const apiUserWorks = (await services.apiUsers.verify(username, password)) !== undefined
      const storefrontTokenWorks = (await services.authenticators.storefrontToken(demo.storefrontToken)) !== undefined
      if (!apiUserWorks && !storefrontTokenWorks) return nothingToFill()
      const platformApp = demo.platformApp && (await workingPlatformApp(services, demo.id, demo.platformApp))
      const thankYouId = await services.thankYous.newestThankYouId(demo.id)
      reply.header('cache-control', 'no-store')
      return {
        shopId: demo.id,
        ...(apiUserWorks ? { apiUser: { username, password } } : {}),
        ...(storefrontTokenWorks ? { storefrontToken: demo.storefrontToken } : {}),
        ...(platformApp ? { platformApp } : {}),
        samples: { ...(thankYouId ? { thankYouId } : {}) },
      } satisfies AdminRes<'getAdminDemoCredentials'>
    })
  }
}
