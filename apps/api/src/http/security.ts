import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Clock } from '../clock.js'
import { DomainError } from '../errors/domain-error.js'
import { type RateLimiter, rateLimitHeaderValues } from '../modules/rate-limit/rate-limiter.js'
import type { Operation } from './contract.js'
import type { Authenticators, Principal } from './principal.js'

/**
 * Enforces exactly what each operation's `security` declares (decision 0004): which schemes are
 * accepted and which OAuth scope is required. Then applies the per-principal rate limit, delaying
 * the request until its slot. Unauthenticated requests never consume a principal's quota.
 */

const basicChallenge = 'Basic realm="Fanshelf Open API", charset="UTF-8"'

/** RFC 7617 credentials: one base64 token (`token68`), nothing before or after it but spaces. */
const basicToken = /^[A-Za-z0-9+/]+={0,2}$/

function parseBasic(header: string): { username: string; password: string } | undefined {
  const token = header.slice(6).trim()
  // Node's decoder skips what is not base64; a token with anything else in it is refused instead.
  if (!basicToken.test(token) || token.length % 4 === 1) return undefined
  const decoded = Buffer.from(token, 'base64').toString('utf8')
  const colon = decoded.indexOf(':')
  if (colon <= 0) return undefined
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) }
}

function unauthenticated(message: string, challenges: string[]): DomainError {
  return new DomainError('UNAUTHENTICATED', message, undefined, { 'www-authenticate': challenges.join(', ') })
}

function credentialsThrottled(retryAfterSeconds: number): DomainError {
  return new DomainError(
    'TOO_MANY_FAILED_CREDENTIALS',
    `Too many failed credentials: retry after ${retryAfterSeconds} s. Check the API user name and password (Developer settings in the admin).`,
    { retryAfterSeconds },
    { 'retry-after': String(retryAfterSeconds) },
  )
}

/**
 * Node keeps only the first of repeated `Authorization` headers; which one a proxy or a cache in
 * front of us would pick is anyone's guess, so two are refused rather than silently choosing one.
 */
function assertOneAuthorizationHeader(request: FastifyRequest): void {
  const raw = request.raw.rawHeaders
  let seen = 0
  for (let i = 0; i < raw.length; i += 2) {
    if (raw[i]?.length === 13 && raw[i]?.toLowerCase() === 'authorization') seen++
  }
  if (seen > 1) {
    throw new DomainError(
      'DUPLICATE_AUTHORIZATION_HEADER',
      `The request carries ${seen} Authorization headers; send exactly one.`,
      { header: 'Authorization', count: seen },
    )
  }
}

/** What an operation's `security` accepts, worked out once per operation rather than per request. */
interface SecurityPlan {
  anonymous: boolean
  storefrontToken: boolean
  platformOAuth: boolean
  challenges: string[]
  missingMessage: string
  requiredScopes: string[]
}

// Bound: one plan per operation of the contract (fixed), held weakly by the operation.
const plans = new WeakMap<Operation, SecurityPlan>()

function securityPlan(operation: Operation): SecurityPlan {
  let plan = plans.get(operation)
  if (plan) return plan
  const requirements = operation.security
  const accepts = (scheme: string) => requirements.some((r) => scheme in r)
  const platformOAuth = accepts('platformOAuth')
  plan = {
    anonymous: requirements.length === 0 || requirements.some((r) => Object.keys(r).length === 0),
    storefrontToken: accepts('storefrontToken'),
    platformOAuth,
    challenges: [basicChallenge, ...(platformOAuth ? ['Bearer realm="Fanshelf Open API"'] : [])],
    missingMessage: platformOAuth
      ? 'Authenticate with HTTP Basic (an API user) or a Bearer access token.'
      : 'Authenticate with HTTP Basic (an API user).',
    requiredScopes: requirements.find((r) => 'platformOAuth' in r)?.platformOAuth ?? [],
  }
  plans.set(operation, plan)
  return plan
}

export async function resolvePrincipal(
  request: FastifyRequest,
  operation: Operation,
  authenticators: Authenticators,
): Promise<Principal> {
  const plan = securityPlan(operation)
  if (plan.anonymous) return { kind: 'anonymous' }

  if (plan.storefrontToken) {
    const token = (request.query as Record<string, unknown>).storefront_token
    if (typeof token !== 'string' || token === '') {
      throw new DomainError(
        'STOREFRONT_TOKEN_MISSING',
        'Pass your storefront token as the storefront_token query parameter.',
      )
    }
    const found = await authenticators.storefrontToken(token)
    if (!found) {
      throw new DomainError(
        'STOREFRONT_TOKEN_INVALID',
        'The storefront token is unknown or was revoked. Copy the current one from the admin (Developer settings).',
      )
    }
    return { kind: 'storefront', shopId: found.shopId, tokenId: found.tokenId }
  }

  const { challenges } = plan
  assertOneAuthorizationHeader(request)
  const header = request.headers.authorization
  if (!header) throw unauthenticated(plan.missingMessage, challenges)
  const scheme = header.slice(0, header.indexOf(' ') + 1).toLowerCase()
  if (scheme === 'basic ') {
    const credentials = parseBasic(header)
    if (!credentials) throw unauthenticated('The HTTP Basic credentials are malformed (RFC 7617).', challenges)
    const checked = await authenticators.basic(credentials.username, credentials.password, request.ip)
    if (checked.outcome === 'throttled') throw credentialsThrottled(checked.retryAfterSeconds)
    if (checked.outcome === 'wrong') throw unauthenticated('The API user name or password is wrong.', challenges)
    return {
      kind: 'apiUser',
      shopId: checked.shopId,
      apiUserId: checked.apiUserId,
      rateKey: `user:${checked.apiUserId}`,
    }
  }
  if (scheme === 'bearer ') {
    if (!plan.platformOAuth) {
      throw new DomainError(
        'BASIC_AUTH_REQUIRED',
        `${operation.method} ${operation.path} accepts HTTP Basic (API user) credentials only, not OAuth tokens.`,
      )
    }
    const grant = await authenticators.bearer(header.slice(7).trim())
    if (!grant) {
      throw new DomainError('INVALID_TOKEN', 'The access token is invalid, expired or revoked.', undefined, {
        'www-authenticate': 'Bearer realm="Fanshelf Open API", error="invalid_token"',
      })
    }
    const missing = plan.requiredScopes.filter((scope) => !grant.scopes.has(scope))
    if (missing.length > 0) {
      throw new DomainError(
        'INSUFFICIENT_SCOPE',
        `This operation needs the ${missing.join(', ')} scope, which the app was not granted.`,
        { requiredScope: missing.join(' ') },
        {
          'www-authenticate': `Bearer realm="Fanshelf Open API", error="insufficient_scope", scope="${missing.join(' ')}"`,
        },
      )
    }
    return { kind: 'platformApp', ...grant, rateKey: `grant:${grant.grantId}` }
  }
  throw unauthenticated('Unsupported Authorization scheme: use Basic or Bearer.', challenges)
}

/** Waits for the principal's rate-limit slot; refuses with 429 when the wait would be too long. */
export async function applyRateLimit(
  request: FastifyRequest,
  reply: FastifyReply,
  rateKey: string,
  limiter: RateLimiter,
  clock: Clock,
): Promise<void> {
  const result = await limiter.reserve(rateKey, request.id)
  if (!result.ok) {
    const headers = rateLimitHeaderValues(limiter.settings, { remaining: 0, resetSeconds: result.retryAfterSeconds })
    throw new DomainError(
      'RATE_LIMITED',
      `Too many requests: the wait for a slot would exceed the bound. Retry after ${result.retryAfterSeconds} s.`,
      { retryAfterSeconds: result.retryAfterSeconds },
      { ...headers, 'retry-after': String(result.retryAfterSeconds) },
    )
  }
  const { reservation } = result
  reply.headers(rateLimitHeaderValues(limiter.settings, reservation))
  const delay = reservation.slot - reservation.now
  if (delay <= 0) return
  const socket = request.raw.socket
  const abort = new AbortController()
  const onClose = () => abort.abort(new Error('client went away'))
  socket.once('close', onClose)
  try {
    await clock.sleep(delay, abort.signal)
  } catch {
    await reservation.release()
    throw new DomainError('CLIENT_CLOSED_REQUEST', 'The client closed the connection while waiting.')
  } finally {
    socket.off('close', onClose)
  }
}
