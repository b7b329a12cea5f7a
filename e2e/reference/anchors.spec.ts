import { readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { bundle, createConfig } from '@redocly/openapi-core'
import { repoRoot, siteDir } from './server.ts'

/** Every `id` attribute in built HTML (quoted or, after minification, unquoted). */
function builtIds(html: string): Set<string> {
  return new Set(
    [...html.matchAll(/\sid=(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/g)].map(
      (match) => match[1] ?? match[2] ?? match[3] ?? '',
    ),
  )
}

/**
 * Every operation, webhook event and schema of the three contracts has its anchor in the built
 * HTML. The contracts are read here on their own (not through the renderer), and the ids are
 * grepped from the files Docusaurus wrote.
 */
for (const id of ['open-api', 'open-api-beta', 'storefront-api']) {
  test(`${id}: every operation, event and schema has an anchor in the build`, async () => {
    const result = await bundle({ ref: path.join(repoRoot, 'openapi', `${id}.yaml`), config: await createConfig({}) })
    const doc = result.bundle.parsed as {
      paths?: Record<string, Record<string, { operationId?: string }>>
      webhooks?: Record<string, unknown>
      components?: { schemas?: Record<string, unknown> }
    }
    const expected = [
      ...Object.values(doc.paths ?? {}).flatMap((item) =>
        Object.values(item).flatMap((operation) =>
          operation?.operationId ? [`operation/${operation.operationId}`] : [],
        ),
      ),
      ...Object.keys(doc.webhooks ?? {}).map((type) => `event/${type}`),
      ...Object.keys(doc.components?.schemas ?? {}).map((name) => `schema/${name}`),
    ]
    expect(expected.length).toBeGreaterThan(10)
    const ids = builtIds(readFileSync(path.join(siteDir, id, 'index.html'), 'utf8'))
    expect(expected.filter((anchor) => !ids.has(anchor))).toEqual([])
  })
}
