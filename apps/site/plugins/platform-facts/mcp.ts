import { readFileSync } from 'node:fs'
import path from 'node:path'
import { parse } from 'yaml'
import { loadContract } from '../../../api/src/http/contract.ts'
import { isToolAllowed } from '../../../api/src/modules/mcp/mcp-access.ts'
import { type McpTool, mcpScopes, toolsFromContract } from '../../../api/src/modules/mcp/mcp-tools.ts'
import { platformScopes } from '../../../api/src/modules/platform-apps/platform-scopes.ts'

/**
 * What each OAuth scope unlocks on the MCP server, computed with the server's own code
 * (`toolsFromContract`, `isToolAllowed`, `mcpScopes`: decision 0051) from the contracts at build
 * time, so the AI agents guide cannot disagree with `tools/list`.
 */
export interface McpToolDoc {
  name: string
  method: string
  /** The REST path as the contract writes it, e.g. `/order/{orderId}`. */
  path: string
  beta: boolean
  readOnly: boolean
  destructive: boolean
}

export interface McpFacts {
  /** Every tool, in the contract's order. */
  toolCount: number
  /** Tools any signed-in agent may call, whatever its scopes. */
  anyScope: McpToolDoc[]
  /** One row per scope of the contract's catalogue, in its order, with the tools it adds. */
  scopes: Array<{ scope: string; description: string; selfRegistration: boolean; tools: McpToolDoc[] }>
  /** Tools only an API user reaches (`fanshelf mcp` with an API user), never an OAuth sign-in. */
  apiUserOnly: McpToolDoc[]
  /** The official conformance suite's result (apps/api/src/modules/mcp/mcp-conformance-baseline.yaml). */
  conformance: McpConformance
}

export interface McpConformance {
  version: string
  passing: string[]
  failing: Array<{ scenario: string; kind: 'fixture' | 'capability' | 'stateless'; reason: string }>
}

export const conformanceBaselineFile = 'apps/api/src/modules/mcp/mcp-conformance-baseline.yaml'

export function loadConformance(repoRoot: string): McpConformance {
  const file = parse(readFileSync(path.join(repoRoot, conformanceBaselineFile), 'utf8')) as {
    version?: unknown
    passing?: unknown
    server?: unknown
  }
  const failing = file.server as McpConformance['failing'] | undefined
  const ok =
    typeof file.version === 'string' &&
    Array.isArray(file.passing) &&
    Array.isArray(failing) &&
    failing.every(
      (row) =>
        typeof row.scenario === 'string' &&
        typeof row.reason === 'string' &&
        /^(fixture|capability|stateless)$/.test(row.kind),
    )
  if (!ok || !failing)
    throw new Error(`${conformanceBaselineFile}: expected version, passing and server (scenario, kind, reason)`)
  return { version: file.version as string, passing: (file.passing as unknown[]).map(String), failing }
}

function doc(tool: McpTool): McpToolDoc {
  return {
    name: tool.name,
    method: tool.operation.method,
    path: tool.operation.path,
    beta: tool.isBeta,
    readOnly: tool.annotations.readOnlyHint,
    destructive: tool.annotations.destructiveHint,
  }
}

export async function mcpFacts(repoRoot: string): Promise<McpFacts> {
  const contract = await loadContract(path.join(repoRoot, 'openapi'))
  const tools = toolsFromContract(contract)
  const catalogue = platformScopes(contract)
  const selfRegistration = new Set(mcpScopes(tools, catalogue.keys()))
  const withScopes = (scopes: string[]) => (tool: McpTool) =>
    isToolAllowed(tool, { kind: 'platformApp', scopes: new Set(scopes) })
  const anyScope = tools.filter(withScopes([]))
  return {
    toolCount: tools.length,
    anyScope: anyScope.map(doc),
    scopes: [...catalogue].map(([scope, description]) => ({
      scope,
      description,
      selfRegistration: selfRegistration.has(scope),
      tools: tools.filter((tool) => !anyScope.includes(tool) && withScopes([scope])(tool)).map(doc),
    })),
    apiUserOnly: tools
      .filter((tool) => isToolAllowed(tool, { kind: 'apiUser' }) && !isToolAllowed(tool, { kind: 'bearerToken' }))
      .map(doc),
    conformance: loadConformance(repoRoot),
  }
}
