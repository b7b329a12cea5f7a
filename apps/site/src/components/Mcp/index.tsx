import ScrollableTable from '@site/src/components/ScrollableTable'
import type { ReactNode } from 'react'
import type { McpToolDoc } from '../../../plugins/platform-facts/mcp.ts'
import { usePlatformFacts } from '../Facts'

/** Inline, comma-separated: a list inside a table cell would break the page's Markdown twin. */
function ToolList({ tools }: { tools: McpToolDoc[] }): ReactNode {
  if (tools.length === 0) return <em>No tool yet</em>
  return tools.map((tool, index) => (
    <span key={tool.name}>
      {index > 0 ? ', ' : ''}
      <code>{tool.name}</code> ({tool.method} <code>{tool.path}</code>
      {tool.beta ? ', beta' : ''}
      {tool.destructive ? ', destructive' : ''})
    </span>
  ))
}

/** How many tools the MCP server generates from the contracts (stable and beta). */
export function McpToolCount(): ReactNode {
  return usePlatformFacts().mcp.toolCount
}

/**
 * What each OAuth scope unlocks on the MCP server, computed at build time with the server's own
 * code (plugins/platform-facts/mcp.ts): a row per scope of the contract, then the tools every
 * signed-in agent has and the ones only an API user reaches.
 */
export function McpScopeTable(): ReactNode {
  const { anyScope, scopes, apiUserOnly } = usePlatformFacts().mcp
  return (
    <ScrollableTable className="mcp-scope-table">
      <thead>
        <tr>
          <th scope="col">Scope</th>
          <th scope="col">What it allows</th>
          <th scope="col">Tools it unlocks</th>
        </tr>
      </thead>
      <tbody>
        <tr>
          <td>
            <em>any</em>
          </td>
          <td>Every signed-in agent, whatever its scopes.</td>
          <td>
            <ToolList tools={anyScope} />
          </td>
        </tr>
        {scopes.map((row) => (
          <tr key={row.scope}>
            <td>
              <code>{row.scope}</code>
            </td>
            <td>
              {row.description}
              {row.selfRegistration ? '' : ' A self-registered agent cannot ask for it.'}
            </td>
            <td>
              <ToolList tools={row.tools} />
            </td>
          </tr>
        ))}
        <tr>
          <td>
            <em>API user only</em>
          </td>
          <td>
            Never through OAuth: only <code>fanshelf mcp</code> with an API user.
          </td>
          <td>
            <ToolList tools={apiUserOnly} />
          </td>
        </tr>
      </tbody>
    </ScrollableTable>
  )
}

/** "7 of the 30 scenarios … pass", from the conformance baseline the CI run checks. */
export function McpConformanceSummary(): ReactNode {
  const { version, passing, failing } = usePlatformFacts().mcp.conformance
  return (
    <>
      <strong>
        {passing.length} of the {passing.length + failing.length}
      </strong>{' '}
      scenarios of its active suite (version {version}) pass:{' '}
      {passing.map((scenario, index) => (
        <span key={scenario}>
          {index > 0 ? ', ' : ''}
          <code>{scenario}</code>
        </span>
      ))}
      .
    </>
  )
}

const kindLabels = {
  fixture: 'Reference fixture',
  capability: 'Optional capability',
  stateless: 'Needs a session',
} as const

/** Every scenario the server fails, with its reason. */
export function McpConformanceFailures(): ReactNode {
  const { failing } = usePlatformFacts().mcp.conformance
  return (
    <ScrollableTable className="mcp-conformance">
      <thead>
        <tr>
          <th scope="col">Scenario</th>
          <th scope="col">Kind</th>
          <th scope="col">Why it fails</th>
        </tr>
      </thead>
      <tbody>
        {failing.map((row) => (
          <tr key={row.scenario}>
            <td>
              <code>{row.scenario}</code>
            </td>
            <td>{kindLabels[row.kind]}</td>
            <td>{row.reason}</td>
          </tr>
        ))}
      </tbody>
    </ScrollableTable>
  )
}
