import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadContract } from '../../../api/src/http/contract.ts'
import { toolsFromContract } from '../../../api/src/modules/mcp/mcp-tools.ts'
import { mcpFacts } from './mcp.ts'

const repoRoot = path.resolve(import.meta.dirname, '../../../..')

/** The AI agents guide renders its scope table from these facts: every tool once, where REST puts it. */
describe('mcpFacts', async () => {
  const facts = await mcpFacts(repoRoot)
  const tools = toolsFromContract(await loadContract(path.join(repoRoot, 'openapi')))

  it('lists every tool exactly once: any scope, one scope, or API users only', () => {
    const listed = [...facts.anyScope, ...facts.scopes.flatMap((row) => row.tools), ...facts.apiUserOnly].map(
      (tool) => tool.name,
    )
    expect([...listed].sort()).toEqual(tools.map((tool) => tool.name).sort())
    expect(facts.toolCount).toBe(tools.length)
  })

  it('puts each tool under the scope its operation requires, and a self-registered agent may ask for exactly those with tools', () => {
    for (const row of facts.scopes) {
      for (const doc of row.tools) {
        expect(tools.find((tool) => tool.name === doc.name)?.oauthScopes, doc.name).toEqual([row.scope])
      }
      expect(row.selfRegistration, row.scope).toBe(row.tools.length > 0)
    }
    expect(facts.scopes.find((row) => row.scope === 'order_read')?.tools.map((tool) => tool.name)).toContain(
      'listOrders',
    )
    expect(facts.anyScope.map((tool) => tool.name)).toContain('getCurrentShop')
  })
})
