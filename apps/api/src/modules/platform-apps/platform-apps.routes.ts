import type { AdminRes } from '@fanshelf/contract'
import { fastifyCookie } from '@fastify/cookie'
import fastifyFormbody from '@fastify/formbody'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { createElement as h } from 'react'
import { DomainError } from '../../errors/domain-error.js'
import { createCorsPolicy } from '../../http/cors.js'
import { applyRateLimit } from '../../http/security.js'
import { auditActorOf } from '../admin/admin-http.js'
import { assertAllowed, isAllowed } from '../admin/admin-permissions.js'
import { sendErrorPage, sendPage } from '../admin-sessions/admin-page.js'
import { createAdminGuard } from '../admin-sessions/admin-session-guard.js'
import { signInPath } from '../admin-sessions/admin-sessions.routes.js'
import { fieldValue, formFields } from '../admin-sessions/form-fields.js'
import { clientAuthLimits, throttleKeys } from '../auth-throttle/auth-throttle-policy.js'
import { throttleAddress } from '../auth-throttle/client-address.js'
import type { ThrottleRule } from '../auth-throttle/credential-throttle.js'
import { readRegistrationRequest } from './client-registration.js'
import { ConsentNotAllowedPage, ConsentPage } from './consent-page.js'
import { type ConsentCheck, checkConsentRequest, consentPath, deniedRedirect } from './consent-request.js'
import { invalidRequest, OAuthError } from './oauth-errors.js'
import {
  bearerOf,
  type ClientCredentials,
  invalidClient,
  readClientCredentials,
  readParameters,
} from './oauth-request.js'
import { resourceIndicators } from './oauth-resources.js'
import { toAuthorizationServerMetadata } from './platform-apps.mapper.js'
import { scopeSummary } from './platform-scopes.js'

/**
 * Platform apps over HTTP:
 *
 * - the OAuth endpoints of the contract — `POST /platform/token`, `POST /platform/revoke` (form or
 *   JSON; RFC 6749 error bodies) and the RFC 8414 metadata — each rate limited per client IP;
 * - the consent page `/admin/platform-apps/{clientId}/connect` (GET shows, POST decides);
 * - the admin API for connections: `GET /admin/api/platform-apps/connections` and
 *   `DELETE /admin/api/platform-apps/{appId}/connection` (session + CSRF).
 *
 * Approving a consent, listing and disconnecting connections are super-admin actions of the admin
 * role matrix (admin/admin-permissions.ts); approvals and disconnections go into the audit log.
 *
 * The OAuth endpoints are registered here rather than through the operation router because their
 * errors — bad parameters included — must be RFC 6749 `{error, error_description}`, not the API's
 * `{code, message}`; their paths still come from the contract.
 */

const noStore = { 'cache-control': 'no-store', pragma: 'no-cache' }

/** The authorization endpoint for every client (RFC 8414 metadata): `client_id` in the query. */
export const authorizePath = '/oauth/authorize'
/** Dynamic client registration (RFC 7591) for MCP clients (decision 0051). */
export const registrationPath = '/oauth/register'

export async function platformAppRoutes(app: FastifyInstance): Promise<void> {
  await app.register(oauthEndpoints)
  await app.register(consentRoutes)
  await app.register(connectionRoutes)
}

async function oauthEndpoints(app: FastifyInstance): Promise<void> {
  const { services, limiter, clock, config, contract } = app.platform
  const urlOf = (operationId: string) => {
    const operation = contract.operations.find((op) => op.operationId === operationId)
    if (!operation) throw new Error(`The contract has no operation ${operationId}`)
    return operation.url
  }
  const tokenUrl = urlOf('exchangePlatformToken')
  const revokeUrl = urlOf('revokePlatformToken')
  const introspectUrl = urlOf('introspectPlatformToken')
  const metadataUrl = urlOf('getAuthorizationServerMetadata')
  const metadata = toAuthorizationServerMetadata({
    issuer: config.publicUrl,
    authorizationUrl: authorizePath,
    registrationUrl: registrationPath,
    tokenUrl,
    revokeUrl,
    introspectUrl,
    scopes: [...services.platformApps.scopes.keys()],
  })

  await app.register(fastifyFormbody, { parser: formFields })
  // Browser-based MCP clients discover, register and exchange codes from the listed origins (decision 0051).
  const cors = createCorsPolicy(config.publicUrl, config.mcpAllowedOrigins)
  app.addHook('onRequest', cors.onRequest)
  app.options(metadataUrl, cors.preflight('GET, OPTIONS'))
  for (const url of [tokenUrl, revokeUrl, introspectUrl, registrationPath]) {
    app.options(url, cors.preflight('POST, OPTIONS'))
  }

  app.setErrorHandler((error: FastifyError | OAuthError | DomainError, request, reply) => {
    if (error instanceof OAuthError)
      return reply
        .code(error.status)
        .headers({ ...error.headers, ...noStore })
        .send(error.toBody())
    // A body Fastify could not parse (wrong media type, broken JSON) is still an OAuth request.
    const status = error instanceof DomainError ? undefined : error.statusCode
    if (request.method === 'POST' && status !== undefined && status >= 400 && status < 500) {
      const oauth = invalidRequest(
        'Send the parameters form-encoded (application/x-www-form-urlencoded) or as a JSON object.',
      )
      return reply.code(oauth.status).headers(noStore).send(oauth.toBody())
    }
    throw error
  })

  // Unauthenticated endpoints: the client IP is the rate-limit principal.
  const limitPerIp = (request: FastifyRequest, reply: FastifyReply) =>
    applyRateLimit(request, reply, `ip:${request.ip}`, limiter, clock)

  /**
   * Client authentication, throttled like HTTP Basic (decision 0030): past 10 failures a client id
   * refuses wrong secrets with 429 (its right secret still works); past 30 an address is refused.
   */
  async function authenticateClient(request: FastifyRequest, credentials: ClientCredentials) {
    const { clientSecret } = credentials
    if (clientSecret === undefined) {
      // A public client: only an MCP client that registered itself (its codes are bound by PKCE).
      const app = await services.platformApps.authenticateClient(credentials.clientId, undefined)
      if (!app) {
        throw invalidClient(
          false,
          'Client authentication is required: client_id and client_secret in the body, or HTTP Basic.',
        )
      }
      return app
    }
    const rules: ThrottleRule[] = [
      {
        key: throttleKeys.oauthAddress(throttleAddress(request.ip)),
        limit: clientAuthLimits.perAddress,
        windowMs: clientAuthLimits.windowMs,
        refusesEveryone: true,
      },
      {
        key: throttleKeys.oauthClient(credentials.clientId),
        limit: clientAuthLimits.perClient,
        windowMs: clientAuthLimits.windowMs,
      },
    ]
    const checked = await services.credentialThrottle.check(
      rules,
      () => services.platformApps.authenticateClient(credentials.clientId, clientSecret),
      { cheap: true },
    )
    if (checked.outcome === 'throttled') {
      const { retryAfterSeconds } = checked
      // The same 429 shape as the endpoint's rate limit (the contract's TooManyRequests).
      throw new DomainError(
        'TOO_MANY_FAILED_CREDENTIALS',
        `Too many failed client authentications: retry after ${retryAfterSeconds} s.`,
        { retryAfterSeconds },
        { 'retry-after': String(retryAfterSeconds) },
      )
    }
    if (checked.outcome === 'wrong') throw invalidClient(credentials.viaBasic)
    return checked.value
  }

  app.post(tokenUrl, { onRequest: limitPerIp }, async (request, reply) => {
    const parameters = readParameters(request.body)
    const credentials = readClientCredentials(request.headers.authorization, parameters)
    const client = await authenticateClient(request, credentials)
    const tokens = await services.platformTokens.exchange(client, parameters)
    reply.headers(noStore)
    return tokens
  })

  app.post(revokeUrl, { onRequest: limitPerIp }, async (request, reply) => {
    const parameters = readParameters(request.body)
    const credentials = readClientCredentials(request.headers.authorization, parameters)
    const client = await authenticateClient(request, credentials)
    if (parameters.token === undefined) throw invalidRequest('token is required.')
    await services.platformTokens.revoke(client, parameters.token)
    return reply.code(200).send()
  })

  // RFC 7662: as the app (client authentication, as on revoke), or as the token itself (its bearer).
  app.post(introspectUrl, { onRequest: limitPerIp }, async (request, reply) => {
    const parameters = readParameters(request.body)
    const bearer = bearerOf(request.headers.authorization)
    const asker =
      bearer === undefined
        ? { app: await authenticateClient(request, readClientCredentials(request.headers.authorization, parameters)) }
        : { bearer }
    if (parameters.token === undefined) throw invalidRequest('token is required.')
    const answer = await services.platformTokens.introspect(parameters.token, asker)
    reply.headers(noStore)
    return answer
  })

  app.get(metadataUrl, { onRequest: limitPerIp }, async () => metadata)

  // RFC 7591: JSON in, 201 with the client's information out; errors in the OAuth shape.
  app.post(registrationPath, { onRequest: limitPerIp }, async (request, reply) => {
    const registration = readRegistrationRequest(request.body, services.dynamicClients.scopes)
    const client = await services.dynamicClients.register(registration, throttleAddress(request.ip))
    return reply.code(201).headers(noStore).send(client)
  })
}

/** A CSP source for a redirect URI: its origin (http/https) or its scheme (an app's own, e.g. `com.example:`). */
function formTargetOf(redirectUri: string): string {
  const url = new URL(redirectUri)
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : url.protocol
}

type ConsentRequest = FastifyRequest<{ Params: { clientId: string }; Querystring: Record<string, unknown> }>

async function consentRoutes(app: FastifyInstance): Promise<void> {
  const { services, config } = app.platform
  const issuer = config.publicUrl
  const guard = createAdminGuard(services.adminSessions)
  await app.register(fastifyCookie)
  await app.register(fastifyFormbody, { parser: formFields })
  const connectUrl = '/admin/platform-apps/:clientId/connect'
  const resources = resourceIndicators(issuer)

  async function check(clientId: string, raw: unknown): Promise<ConsentCheck> {
    const found = await services.platformApps.findApp(clientId)
    return checkConsentRequest(clientId, found, (raw ?? {}) as Record<string, unknown>, issuer, resources)
  }

  /** The consent page, for the app in the path or (the fixed authorization endpoint) in `client_id`. */
  async function showConsent(clientId: string, request: FastifyRequest, reply: FastifyReply) {
    const checked = await check(clientId, request.query)
    if (checked.kind === 'refuse') return sendErrorPage(reply, checked.status, checked.title, checked.message)
    if (checked.kind === 'redirect') return reply.redirect(checked.location, 303)
    const here = consentPath(clientId, checked.parameters)
    const signedIn = await guard.current(request)
    if (!signedIn) return reply.redirect(signInPath(here), 303)
    const { session, token } = signedIn
    const selfRegistered = checked.app.registration === 'DYNAMIC'
    // Connecting an app hands it a credential: super-admins only (decision 0027).
    if (!isAllowed(session.role, 'platformApps.approve')) {
      return sendPage(
        reply,
        403,
        `Connect ${checked.app.name}`,
        h(ConsentNotAllowedPage, {
          appName: checked.app.name,
          shop: session.shop,
          adminEmail: session.email,
          csrfToken: services.adminSessions.csrfTokenFor(token),
          returnTo: here,
        }),
      )
    }
    return sendPage(
      reply,
      200,
      selfRegistered ? `Connect ${checked.app.name} (self-registered)` : `Connect ${checked.app.name}`,
      h(ConsentPage, {
        clientId,
        appName: checked.app.name,
        shop: session.shop,
        adminEmail: session.email,
        permissions: checked.app.scopes.map((scope) =>
          selfRegistered
            ? `${scopeSummary(services.platformApps.scopes, scope)} (${scope})`
            : scopeSummary(services.platformApps.scopes, scope),
        ),
        ...(selfRegistered ? { selfRegistered: { registeredAt: checked.app.createdAt } } : {}),
        parameters: checked.parameters,
        csrfToken: services.adminSessions.csrfTokenFor(token),
        returnTo: here,
      }),
      // Approve and Deny redirect to the app: the page's form-action must allow that destination.
      { formTargets: [formTargetOf(checked.parameters.redirectUri)] },
    )
  }

  async function decideConsent(clientId: string, request: FastifyRequest, reply: FastifyReply) {
    const checked = await check(clientId, request.body)
    if (checked.kind === 'refuse') return sendErrorPage(reply, checked.status, checked.title, checked.message)
    if (checked.kind === 'redirect') return reply.redirect(checked.location, 303)
    const signedIn = await guard.current(request)
    if (!signedIn) return reply.redirect(signInPath(consentPath(clientId, checked.parameters)), 303)
    if (!services.adminSessions.isValidCsrfToken(signedIn.token, fieldValue(request.body, 'csrf_token'))) {
      return sendErrorPage(
        reply,
        403,
        'Request refused',
        `This approval did not come from a current consent page. Go back to ${checked.app.name} and start connecting again.`,
      )
    }
    const decision = fieldValue(request.body, 'decision')
    // RFC 9700 §4.12: 303, so the browser follows with a GET and never re-posts the form.
    if (decision === 'deny') return reply.redirect(deniedRedirect(checked.parameters, issuer), 303)
    if (decision !== 'approve') {
      return sendErrorPage(reply, 400, 'No decision', 'Choose Approve or Deny on the consent page.')
    }
    const { session } = signedIn
    if (!isAllowed(session.role, 'platformApps.approve')) {
      return sendErrorPage(
        reply,
        403,
        'Request refused',
        `Only a super-admin of ${session.shop.name} may connect platform apps; you are signed in as ${session.role}.`,
      )
    }
    const location = await services.platformGrants.approve(
      { shopId: session.shopId, adminUserId: session.adminUserId },
      checked.app,
      checked.parameters,
      services.adminAuditLog.recorder(auditActorOf(session), 'platformApps.approve'),
    )
    return reply.redirect(location, 303)
  }

  app.get(connectUrl, async (request: ConsentRequest, reply) => showConsent(request.params.clientId, request, reply))
  app.post(connectUrl, async (request: ConsentRequest, reply) => decideConsent(request.params.clientId, request, reply))

  // The fixed authorization endpoint: the same page and decision, the client named by `client_id`.
  const clientIdOf = (raw: unknown): string | undefined => {
    const value = (raw as Record<string, unknown> | undefined)?.client_id
    return typeof value === 'string' && value !== '' ? value : undefined
  }
  const missingClientId = (reply: FastifyReply) =>
    sendErrorPage(
      reply,
      400,
      'Missing client id',
      'The link to connect an app must carry exactly one client_id. Ask the app’s developer for a correct link.',
    )
  app.get(authorizePath, async (request: ConsentRequest, reply) => {
    const clientId = clientIdOf(request.query)
    return clientId === undefined ? missingClientId(reply) : showConsent(clientId, request, reply)
  })
  app.post(authorizePath, async (request: FastifyRequest, reply) => {
    const clientId = clientIdOf(request.body)
    return clientId === undefined ? missingClientId(reply) : decideConsent(clientId, request, reply)
  })
}

async function connectionRoutes(app: FastifyInstance): Promise<void> {
  const { services } = app.platform
  const guard = createAdminGuard(services.adminSessions)
  await app.register(fastifyCookie)

  app.get('/admin/api/platform-apps/connections', async (request, reply) => {
    const { session } = await guard.require(request)
    assertAllowed(session.role, 'platformApps.read')
    reply.header('cache-control', 'no-store')
    return {
      results: await services.platformGrants.listConnections(session.shopId),
    } satisfies AdminRes<'listAdminPlatformAppConnections'>
  })

  app.delete(
    '/admin/api/platform-apps/:appId/connection',
    async (request: FastifyRequest<{ Params: { appId: string } }>, reply) => {
      const { session } = await guard.requireMutation(request)
      assertAllowed(session.role, 'platformApps.disconnect')
      await services.platformGrants.disconnect(
        { shopId: session.shopId, adminUserId: session.adminUserId },
        request.params.appId,
        services.adminAuditLog.recorder(auditActorOf(session), 'platformApps.disconnect'),
      )
      return reply.code(204).send()
    },
  )
}
