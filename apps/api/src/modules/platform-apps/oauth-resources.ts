/**
 * The resources a token can be bound to (RFC 8707 resource indicators, decision 0051): the MCP
 * server and the REST API, each named by its absolute URL under the issuer (`PUBLIC_URL`). A token
 * requested without `resource` is bound to none and is accepted by both, as every token before.
 */

export const mcpResourcePath = '/mcp'
/** The open API's base (the contract's server URL path). */
export const apiResourcePath = '/open-api/v1.0'

export interface ResourceIndicators {
  mcp: string
  api: string
}

export function resourceIndicators(publicUrl: string): ResourceIndicators {
  return { mcp: publicUrl + mcpResourcePath, api: publicUrl + apiResourcePath }
}

export function isKnownResource(indicators: ResourceIndicators, resource: string): boolean {
  return resource === indicators.mcp || resource === indicators.api
}

/** RFC 8707 §2: what `invalid_target` says. */
export function unknownResourceDescription(indicators: ResourceIndicators, resource: string): string {
  return `resource ${resource} is not served here; use ${indicators.mcp} or ${indicators.api}.`
}
