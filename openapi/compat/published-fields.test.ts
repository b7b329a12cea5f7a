// Drop-in compatibility, field by field (decision 0026): every request and response field of the
// real platform's published document (published-fields.txt, names only) must exist in our contracts
// for every operation we also serve. A field that disappears from our contracts fails here with its
// name; the only exceptions are the operations and fields of known-differences.ts, each with its
// reason, which the Compatibility guide shows.
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { loadDocument, operationFields } from './field-paths.js'
import { fieldsLeftOut, operationsNotServed } from './known-differences.js'

const root = fileURLToPath(new URL('../../', import.meta.url))

const published = readFileSync(new URL('published-fields.txt', import.meta.url), 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '' && !line.startsWith('#'))
  .map((line) => {
    const [method = '', route = '', field = ''] = line.split(' ')
    return { operation: `${method} ${route}`, field, line }
  })

const ours = new Map<string, Set<string>>()
for (const file of ['openapi/open-api.yaml', 'openapi/open-api-beta.yaml']) {
  for (const [operation, fields] of operationFields(loadDocument(`${root}${file}`), '/open-api/v1.0')) {
    const merged = ours.get(operation) ?? new Set<string>()
    for (const field of fields) merged.add(field)
    ours.set(operation, merged)
  }
}

const served = published.filter((entry) => ours.has(entry.operation))
const missing = served.filter((entry) => !ours.get(entry.operation)?.has(entry.field)).map((entry) => entry.line)

describe('the published document’s fields in our contracts', () => {
  it('reads a real field list (the stored list is not empty and names the operations we serve)', () => {
    expect(published.length).toBeGreaterThan(1000)
    expect(served.length).toBeGreaterThan(1000)
  })

  it('serves every published operation except the ones listed with a reason', () => {
    const unserved = [...new Set(published.map((entry) => entry.operation))].filter((op) => !ours.has(op))
    expect(unserved.sort()).toEqual(Object.keys(operationsNotServed).sort())
  })

  it('carries every field of every served operation except the ones listed with a reason', () => {
    expect(missing).toEqual(Object.keys(fieldsLeftOut).sort())
  })

  it('covers at least 99% of the served operations’ fields', () => {
    expect((served.length - missing.length) / served.length).toBeGreaterThanOrEqual(0.99)
  })
})
