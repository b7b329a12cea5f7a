import type { Contract } from '../../http/contract.js'

/**
 * The OAuth scopes and their plain-word descriptions (and the consent URL template), read from
 * the contract's `platformOAuth` security scheme (the only copy: decision 0001). Registration
 * refuses a scope not listed there, and the consent page shows each scope's description.
 */
export type ScopeCatalogue = ReadonlyMap<string, string>

interface AuthorizationCodeFlow {
  authorizationUrl?: string
  tokenUrl?: string
  scopes?: Record<string, string>
}

function authorizationCodeFlow(contract: Contract): AuthorizationCodeFlow {
  const components = contract.documents.open.components as {
    securitySchemes?: Record<string, { flows?: { authorizationCode?: AuthorizationCodeFlow } }>
  }
  const flow = components.securitySchemes?.platformOAuth?.flows?.authorizationCode
  if (!flow?.scopes || !flow.authorizationUrl) throw new Error('The contract declares no platformOAuth flow')
  return flow
}

export function platformScopes(contract: Contract): ScopeCatalogue {
  return new Map(Object.entries(authorizationCodeFlow(contract).scopes ?? {}))
}

/** The consent URL template (`/admin/platform-apps/{clientId}/connect`), relative to the host. */
export function authorizationUrlTemplate(contract: Contract): string {
  return authorizationCodeFlow(contract).authorizationUrl ?? ''
}

/** "Read orders." → "Read orders": descriptions are written as sentences, the page lists them. */
export function scopeSummary(catalogue: ScopeCatalogue, scope: string): string {
  return (catalogue.get(scope) ?? scope).replace(/\.$/, '')
}
