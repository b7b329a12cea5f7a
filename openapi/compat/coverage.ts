// How much of the real platform's published document our contracts carry (decision 0026): the
// stored field list (published-fields.txt) against the fields of openapi/open-api*.yaml. Read by
// published-fields.test.ts and by the docs site's Compatibility guide (platform-facts plugin).
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { loadDocument, operationFields } from './field-paths.js'

const root = fileURLToPath(new URL('../../', import.meta.url))

export interface PublishedField {
  /** `METHOD /open-api/v1.0/path/{}`. */
  operation: string
  /** `param.name`, `req.field.path` or `res.field.path`. */
  field: string
  line: string
}

export interface Coverage {
  published: PublishedField[]
  /** Published fields of the operations we serve. */
  served: PublishedField[]
  /** Lines of served fields our contracts lack, sorted. */
  missing: string[]
  /** Published operations we do not serve, sorted. */
  unservedOperations: string[]
}

export function readPublishedFields(): PublishedField[] {
  return readFileSync(new URL('published-fields.txt', import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#'))
    .map((line) => {
      const [method = '', route = '', field = ''] = line.split(' ')
      return { operation: `${method} ${route}`, field, line }
    })
}

/** The open API's operations (stable and beta) with their fields, keyed like the published list. */
export function ourOpenApiFields(): Map<string, Set<string>> {
  const ours = new Map<string, Set<string>>()
  for (const file of ['openapi/open-api.yaml', 'openapi/open-api-beta.yaml']) {
    for (const [operation, fields] of operationFields(loadDocument(`${root}${file}`), '/open-api/v1.0')) {
      const merged = ours.get(operation) ?? new Set<string>()
      for (const field of fields) merged.add(field)
      ours.set(operation, merged)
    }
  }
  return ours
}

export function coverage(): Coverage {
  const published = readPublishedFields()
  const ours = ourOpenApiFields()
  const served = published.filter((entry) => ours.has(entry.operation))
  const missing = served
    .filter((entry) => !ours.get(entry.operation)?.has(entry.field))
    .map((entry) => entry.line)
    .sort()
  const unservedOperations = [...new Set(published.map((entry) => entry.operation))]
    .filter((op) => !ours.has(op))
    .sort()
  return { published, served, missing, unservedOperations }
}
