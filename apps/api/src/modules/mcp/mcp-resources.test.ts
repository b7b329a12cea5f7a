import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { docsBuildOrigin, parseConfig } from '../../config.js'
import { type Contract, loadContract } from '../../http/contract.js'
import { mcpPrompts } from './mcp-prompts.js'
import { mcpResources } from './mcp-resources.js'
import { toolsFromContract } from './mcp-tools.js'

/** The MCP resources (contracts, the docs' Markdown twins) and prompts (decision 0051). */

let contract: Contract
let siteDir: string
const config = parseConfig({})

beforeAll(async () => {
  contract = await loadContract(config.openapiDir)
  // A built docs site in miniature: llms.txt listing one page's Markdown twin, with the build origin.
  siteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanshelf-mcp-site-'))
  fs.mkdirSync(path.join(siteDir, 'webhooks'))
  fs.writeFileSync(
    path.join(siteDir, 'llms.txt'),
    [
      '# Fanshelf Developer Docs',
      '',
      `- [Signature verification](${docsBuildOrigin}/webhooks/signature-verification.md): Verify a delivery.`,
      `- [Missing page](${docsBuildOrigin}/gone.md): Not built.`,
    ].join('\n'),
  )
  fs.writeFileSync(
    path.join(siteDir, 'webhooks/signature-verification.md'),
    `# Signature verification\n\ncurl ${docsBuildOrigin}/open-api/v1.0/webhooks\n`,
  )
})
afterAll(() => fs.rmSync(siteDir, { recursive: true, force: true }))

describe('mcpResources', () => {
  const origin = 'https://shop.example.com'

  it('serves the three contracts and every built page llms.txt lists, at their URLs on this origin', () => {
    const resources = mcpResources({
      contract,
      openapiDir: config.openapiDir,
      siteDir,
      buildOrigin: docsBuildOrigin,
      origin,
    })
    expect(resources.map((r) => r.uri)).toEqual([
      `${origin}/openapi/open-api.yaml`,
      `${origin}/openapi/open-api-beta.yaml`,
      `${origin}/openapi/storefront-api.yaml`,
      `${origin}/webhooks/signature-verification.md`,
    ])
    const guide = resources[3]
    expect(guide).toMatchObject({ title: 'Signature verification', mimeType: 'text/markdown' })
    expect(guide?.read()).toBe(`# Signature verification\n\ncurl ${origin}/open-api/v1.0/webhooks\n`)
    const openApi = resources[0]?.read() ?? ''
    expect(openApi).toMatch(/^openapi: 3\.1\.0/)
    expect(openApi).toBe(
      fs.readFileSync(path.join(config.openapiDir, 'open-api.yaml'), 'utf8').replaceAll(docsBuildOrigin, origin),
    )
  })

  it('has only the contracts without a built docs site', () => {
    const resources = mcpResources({
      contract,
      openapiDir: config.openapiDir,
      siteDir: path.join(siteDir, 'absent'),
      buildOrigin: docsBuildOrigin,
      origin,
    })
    expect(resources).toHaveLength(3)
  })
})

describe('mcpPrompts', () => {
  it('name exactly the tools they list, and each is one of the contract’s', () => {
    const tools = new Set(toolsFromContract(contract).map((t) => t.name))
    for (const prompt of mcpPrompts) {
      const args = Object.fromEntries(prompt.arguments.map((a) => [a.name, 'x']))
      const text = prompt.text(args)
      const named = new Set([...text.matchAll(/`([a-z]+[A-Z][A-Za-z]*)`/g)].map(([, name]) => name as string))
      const namedTools = [...named].filter((name) => tools.has(name))
      expect(namedTools.sort(), prompt.name).toEqual([...new Set(prompt.tools)].sort())
      for (const tool of prompt.tools) expect(tools.has(tool), `${prompt.name}: ${tool}`).toBe(true)
    }
  })
})
