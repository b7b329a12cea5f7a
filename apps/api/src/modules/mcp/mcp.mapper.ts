/**
 * The RFC 9728 protected-resource metadata of `/mcp`: the resource, the authorization server that
 * issues its tokens (ours: the issuer of `/.well-known/oauth-authorization-server`) and the scopes
 * of the contract's `platformOAuth` scheme.
 */
export function toProtectedResourceMetadata(input: { resource: string; issuer: string; scopes: string[] }) {
  return {
    resource: input.resource,
    authorization_servers: [input.issuer],
    scopes_supported: input.scopes,
    bearer_methods_supported: ['header'],
    resource_name: 'Fanshelf MCP server',
    resource_documentation: `${input.issuer}/open-api/`,
  }
}
