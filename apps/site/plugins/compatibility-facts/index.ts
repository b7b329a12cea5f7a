import path from 'node:path'
import type { LoadContext, Plugin } from '@docusaurus/types'
import { coverage } from '../../../../openapi/compat/coverage.ts'
import { fieldsLeftOut, operationsNotServed } from '../../../../openapi/compat/known-differences.ts'

/**
 * What the Compatibility guide states about the real platform's published document, computed at build
 * time from the same files `openapi/compat/published-fields.test.ts` checks (decision 0026): the
 * coverage figure and the listed exceptions can never disagree with the contracts.
 */
export interface CompatibilityFacts {
  publishedFields: number
  publishedOperations: number
  servedOperations: number
  servedFields: number
  carriedFields: number
  operationsNotServed: Array<{ operation: string; reason: string }>
  fieldsLeftOut: Array<{ field: string; reason: string }>
}

export default function compatibilityFactsPlugin(context: LoadContext): Plugin<CompatibilityFacts> {
  const repoRoot = path.resolve(context.siteDir, '../..')
  return {
    name: 'fanshelf-compatibility-facts',

    getPathsToWatch() {
      return [path.join(repoRoot, 'openapi/*.yaml'), path.join(repoRoot, 'openapi/compat/*')]
    },

    async loadContent() {
      const { published, served, missing } = coverage()
      const operations = new Set(published.map((entry) => entry.operation))
      return {
        publishedFields: published.length,
        publishedOperations: operations.size,
        servedOperations: operations.size - Object.keys(operationsNotServed).length,
        servedFields: served.length,
        carriedFields: served.length - missing.length,
        operationsNotServed: Object.entries(operationsNotServed).map(([operation, reason]) => ({ operation, reason })),
        fieldsLeftOut: Object.entries(fieldsLeftOut).map(([field, reason]) => ({ field, reason })),
      }
    },

    async contentLoaded({ content, actions }) {
      actions.setGlobalData(content)
    },
  }
}
