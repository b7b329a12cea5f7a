import { bundle, createConfig } from '@redocly/openapi-core'
import type { OpenApiDocument } from './types.ts'

/**
 * Loads a contract with Redocly's bundler: every external `$ref` (the beta and storefront
 * documents point into open-api.yaml) is pulled into this document's `components`, so the result
 * is self-contained. Internal `$ref`s are kept (not dereferenced): the renderer resolves them
 * itself and keeps the component names, which become anchors and links (lib/refs.ts).
 */
export async function loadDocument(file: string): Promise<OpenApiDocument> {
  const config = await createConfig({})
  const result = await bundle({ ref: file, config, dereference: false })
  const errors = result.problems.filter((problem) => problem.severity === 'error')
  if (errors.length > 0) {
    throw new Error(`Cannot bundle ${file}:\n${errors.map((problem) => `- ${problem.message}`).join('\n')}`)
  }
  return result.bundle.parsed as OpenApiDocument
}
