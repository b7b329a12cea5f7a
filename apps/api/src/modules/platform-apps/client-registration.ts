import { OAuthError } from './oauth-errors.js'
import { redirectUriProblem } from './redirect-uris.js'

/**
 * Reading an RFC 7591 client registration request from an MCP client (decision 0051). What may
 * register itself is narrow: a public client (`token_endpoint_auth_method: none`, PKCE instead of a
 * secret) using the authorization code grant, redirect URIs on https or a loopback host (the same
 * rule as operator-registered apps), and scopes among those the MCP tools need. Other metadata
 * (`client_uri`, `logo_uri`, `contacts`, …) is ignored and not echoed: the consent page shows only
 * what the shop can check. Errors are RFC 7591 §3.2.2 `invalid_redirect_uri` / `invalid_client_metadata`.
 */

export interface ClientRegistrationRequest {
  name: string
  redirectUris: string[]
  scopes: string[]
}

export const maxRegisteredRedirectUris = 5
const maxClientNameLength = 100
/** The name a client that sends none is shown under. */
export const unnamedClient = 'Unnamed MCP client'

const invalidMetadata = (description: string) => new OAuthError('invalid_client_metadata', description)

function stringList(body: Record<string, unknown>, name: string): string[] | undefined {
  const value = body[name]
  if (value === undefined || value === null) return undefined
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string')) {
    throw invalidMetadata(`${name} must be an array of strings.`)
  }
  return value as string[]
}

export function readRegistrationRequest(body: unknown, allowedScopes: readonly string[]): ClientRegistrationRequest {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw invalidMetadata('Send the client metadata as a JSON object (RFC 7591).')
  }
  const metadata = body as Record<string, unknown>
  const redirectUris = stringList(metadata, 'redirect_uris')
  if (!redirectUris || redirectUris.length === 0) {
    throw new OAuthError('invalid_redirect_uri', 'redirect_uris is required: at least one redirect URI.')
  }
  if (redirectUris.length > maxRegisteredRedirectUris) {
    throw new OAuthError('invalid_redirect_uri', `At most ${maxRegisteredRedirectUris} redirect URIs.`)
  }
  for (const uri of redirectUris) {
    const problem = redirectUriProblem(uri)
    if (problem) throw new OAuthError('invalid_redirect_uri', `${problem}.`)
  }
  const authMethod = metadata.token_endpoint_auth_method
  if (authMethod !== undefined && authMethod !== 'none') {
    throw invalidMetadata(
      'Only public clients register here: token_endpoint_auth_method must be none (PKCE S256 replaces the secret).',
    )
  }
  const grantTypes = stringList(metadata, 'grant_types')
  const unsupportedGrant = grantTypes?.find((grant) => grant !== 'authorization_code' && grant !== 'refresh_token')
  if (unsupportedGrant !== undefined) {
    throw invalidMetadata(`grant_type ${unsupportedGrant} is not supported: authorization_code and refresh_token only.`)
  }
  const responseTypes = stringList(metadata, 'response_types')
  if (responseTypes?.some((type) => type !== 'code')) throw invalidMetadata('response_types may only be code.')
  const rawName = metadata.client_name
  if (rawName !== undefined && typeof rawName !== 'string') throw invalidMetadata('client_name must be a string.')
  // The name is the client's own claim, shown on the consent page: plain text, one line, bounded.
  const name = (rawName ?? '')
    .replace(/\p{Cc}/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  if (name.length > maxClientNameLength) {
    throw invalidMetadata(`client_name is longer than ${maxClientNameLength} characters.`)
  }
  const rawScope = metadata.scope
  if (rawScope !== undefined && typeof rawScope !== 'string') throw invalidMetadata('scope must be a string.')
  const asked = rawScope === undefined ? [...allowedScopes] : rawScope.split(' ').filter((scope) => scope !== '')
  const outside = asked.filter((scope) => !allowedScopes.includes(scope))
  if (outside.length > 0) {
    throw new OAuthError(
      'invalid_client_metadata',
      `scope may only name scopes of the MCP tools (${allowedScopes.join(' ')}); not: ${outside.join(', ')}.`,
    )
  }
  if (asked.length === 0) throw invalidMetadata('scope names no scope.')
  return {
    name: name === '' ? unnamedClient : name,
    redirectUris: [...new Set(redirectUris)],
    scopes: allowedScopes.filter((scope) => asked.includes(scope)),
  }
}
