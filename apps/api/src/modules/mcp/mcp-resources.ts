import fs from 'node:fs'
import path from 'node:path'
import { type ApiId, type Contract, contractFiles } from '../../http/contract.js'
import { createOriginRewriter, resolveServedFile } from '../../http/served-origin.js'

/**
 * The MCP resources (decision 0051): the three contracts and the docs' Markdown twins (every page
 * `llms.txt` lists), addressed by the URLs this server serves them at and read with this server's
 * origin in them, exactly as `/openapi/*.yaml` and `/<page>.md` answer. Without a built docs site
 * (tests, an API-only node) there are no guide resources; the contracts are always there.
 */

export interface McpResource {
  uri: string
  name: string
  title: string
  description?: string
  mimeType: string
  read(): string
}

export interface ResourceSources {
  contract: Contract
  openapiDir: string
  siteDir: string
  /** The origin the docs were built with (`docsBuildOrigin`) and the one that serves them. */
  buildOrigin: string
  origin: string
}

/** `- [Title](https://…/page.md): description` — one page of `llms.txt`. */
const llmsLine = /^- \[([^\]]+)\]\((\S+?\.md)\)(?::\s*(.*))?$/

function contractResources(sources: ResourceSources, text: (file: string) => string): McpResource[] {
  return (Object.entries(contractFiles) as [ApiId, string][]).map(([api, file]) => {
    const info = (sources.contract.documents[api].info ?? {}) as { title?: string }
    return {
      uri: `${sources.origin}/openapi/${file}`,
      name: file,
      title: info.title ?? file,
      description: `The OpenAPI 3.1 contract ${file}: every operation, schema, example and error code.`,
      mimeType: 'application/yaml',
      read: () => text(path.join(sources.openapiDir, file)),
    }
  })
}

function guideResources(sources: ResourceSources, text: (file: string) => string): McpResource[] {
  let index: string
  try {
    index = fs.readFileSync(path.join(sources.siteDir, 'llms.txt'), 'utf8')
  } catch {
    return []
  }
  const resources: McpResource[] = []
  for (const line of index.split('\n')) {
    const match = llmsLine.exec(line.trim())
    if (!match) continue
    const [, title, url, description] = match as unknown as [string, string, string, string | undefined]
    const pathname = new URL(url).pathname
    const file = resolveServedFile(sources.siteDir, pathname)
    if (!file || !fs.existsSync(file)) continue
    resources.push({
      uri: sources.origin + pathname,
      name: pathname.slice(1),
      title,
      ...(description ? { description } : {}),
      mimeType: 'text/markdown',
      read: () => text(file),
    })
  }
  return resources
}

export function mcpResources(sources: ResourceSources): McpResource[] {
  const rewriter = createOriginRewriter(sources.buildOrigin, sources.origin)
  return [...contractResources(sources, rewriter.text), ...guideResources(sources, rewriter.text)]
}
