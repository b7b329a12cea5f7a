import type { McpTool } from './mcp-tools.js'

/**
 * Who is connected to the MCP server, as far as choosing its tools goes. The REST operation behind
 * each tool checks the credentials again on every call (decision 0051): this only keeps the list to
 * what those checks would let through.
 */
export type McpCaller =
  | { kind: 'apiUser' }
  | { kind: 'platformApp'; scopes: ReadonlySet<string> }
  /** An access token whose grant is unknown here (`fanshelf mcp`): the REST API decides per call. */
  | { kind: 'bearerToken' }

/** Exactly the REST security check's outcome for the caller's credentials (http/security.ts). */
export function isToolAllowed(tool: McpTool, caller: McpCaller): boolean {
  const { security } = tool.operation
  if (caller.kind === 'apiUser') return security.some((requirement) => 'basicAuth' in requirement)
  if (!tool.oauthScopes) return false
  if (caller.kind === 'bearerToken') return true
  return tool.oauthScopes.every((scope) => caller.scopes.has(scope))
}

export function allowedTools(tools: readonly McpTool[], caller: McpCaller): McpTool[] {
  return tools.filter((tool) => isToolAllowed(tool, caller))
}
