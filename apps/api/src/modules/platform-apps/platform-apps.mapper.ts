import { supportedChallengeMethods } from './pkce.js'

/**
 * The RFC 8414 metadata document (contract `AuthorizationServerMetadata`). `authorization_endpoint`
 * is the fixed one (`client_id` in the query; each app's own consent URL keeps working);
 * `registration_endpoint` registers MCP clients, which are public clients (`none`).
 */
export function toAuthorizationServerMetadata(input: {
  issuer: string
  authorizationUrl: string
  registrationUrl: string
  tokenUrl: string
  revokeUrl: string
  introspectUrl: string
  scopes: string[]
}) {
  const authMethods = ['client_secret_basic', 'client_secret_post', 'none']
  return {
    issuer: input.issuer,
    authorization_endpoint: input.issuer + input.authorizationUrl,
    token_endpoint: input.issuer + input.tokenUrl,
    revocation_endpoint: input.issuer + input.revokeUrl,
    introspection_endpoint: input.issuer + input.introspectUrl,
    registration_endpoint: input.issuer + input.registrationUrl,
    response_types_supported: ['code'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    token_endpoint_auth_methods_supported: authMethods,
    revocation_endpoint_auth_methods_supported: authMethods,
    introspection_endpoint_auth_methods_supported: authMethods,
    code_challenge_methods_supported: [...supportedChallengeMethods],
    // RFC 9207: every authorization response (success or error) carries `iss` = `issuer`.
    authorization_response_iss_parameter_supported: true,
    scopes_supported: input.scopes,
    service_documentation: `${input.issuer}/open-api/`,
  }
}
