import { invalidRequest, OAuthError } from './oauth-errors.js'
import type { OAuthParameters } from './platform-tokens.service.js'

/**
 * Reading a token or revocation request: its parameters (form-encoded or JSON) and the client's
 * credentials (`client_secret_post` in the body or `client_secret_basic`, RFC 6749 §2.3.1).
 */

export interface ClientCredentials {
  clientId: string
  /** Undefined: a public client (`token_endpoint_auth_method: none`), only an MCP client that registered itself. */
  clientSecret: string | undefined
  /** The client used HTTP Basic: a failure answers `WWW-Authenticate` (RFC 6749 §5.2). */
  viaBasic: boolean
}

export const basicChallenge = 'Basic realm="Fanshelf OAuth", charset="UTF-8"'

/**
 * The parameters, each at most once. Empty values count as omitted (RFC 6749 §3.1) and unknown
 * parameters are kept (and ignored by the grants), as RFC 6749 requires.
 */
export function readParameters(body: unknown): OAuthParameters {
  if (body === undefined || body === null) return {}
  if (typeof body !== 'object' || Array.isArray(body)) {
    throw invalidRequest('Send the parameters as a form (application/x-www-form-urlencoded) or a JSON object.')
  }
  const parameters: OAuthParameters = {}
  for (const [name, value] of Object.entries(body)) {
    if (Array.isArray(value)) throw invalidRequest(`${name} is repeated.`)
    if (value === null || value === '') continue
    if (typeof value !== 'string') throw invalidRequest(`${name} must be a string.`)
    parameters[name] = value
  }
  return parameters
}

/** application/x-www-form-urlencoded decoding of one Basic credential half (RFC 6749 §2.3.1). */
function formDecode(text: string): string | undefined {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '))
  } catch {
    return undefined
  }
}

export function invalidClient(viaBasic: boolean, description = 'Client authentication failed.'): OAuthError {
  return new OAuthError('invalid_client', description, viaBasic ? { 'www-authenticate': basicChallenge } : {})
}

/** The token of an `Authorization: Bearer …` header (RFC 6750), or undefined for any other header. */
export function bearerOf(authorization: string | undefined): string | undefined {
  if (authorization?.slice(0, 7).toLowerCase() !== 'bearer ') return undefined
  const token = authorization.slice(7).trim()
  return token === '' ? undefined : token
}

export function readClientCredentials(
  authorization: string | undefined,
  parameters: OAuthParameters,
): ClientCredentials {
  const isBasic = authorization?.slice(0, 6).toLowerCase() === 'basic '
  if (authorization !== undefined && !isBasic) {
    throw invalidClient(false, 'Authenticate the client with HTTP Basic or client_id and client_secret in the body.')
  }
  if (authorization !== undefined) {
    const decoded = Buffer.from(authorization.slice(6).trim(), 'base64').toString('utf8')
    const colon = decoded.indexOf(':')
    const clientId = colon > 0 ? formDecode(decoded.slice(0, colon)) : undefined
    const clientSecret = colon > 0 ? formDecode(decoded.slice(colon + 1)) : undefined
    if (!clientId || !clientSecret) throw invalidClient(true, 'The HTTP Basic credentials are malformed.')
    if (parameters.client_secret !== undefined) {
      throw invalidRequest('Use one client authentication method: HTTP Basic or client_secret in the body, not both.')
    }
    if (parameters.client_id !== undefined && parameters.client_id !== clientId) {
      throw invalidRequest('client_id in the body differs from the one in HTTP Basic.')
    }
    return { clientId, clientSecret, viaBasic: true }
  }
  const { client_id: clientId, client_secret: clientSecret } = parameters
  if (clientId === undefined) {
    throw invalidClient(
      false,
      'Client authentication is required: client_id and client_secret in the body, or HTTP Basic.',
    )
  }
  return { clientId, clientSecret, viaBasic: false }
}
