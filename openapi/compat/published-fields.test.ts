// Drop-in compatibility, field by field (decision 0026): every request and response field of the
// real platform's published document (published-fields.txt, names only) must exist in our contracts
// for every operation we also serve. A field that disappears from our contracts fails here with its
// name; the only exceptions are the operations and fields of known-differences.ts, each with its
// reason, which the Compatibility guide shows.
import { describe, expect, it } from 'vitest'
import { coverage } from './coverage.js'
import { fieldsLeftOut, operationsNotServed } from './known-differences.js'

const { published, served, missing, unservedOperations } = coverage()

describe('the published document’s fields in our contracts', () => {
  it('reads a real field list (the stored list is not empty and names the operations we serve)', () => {
    expect(published.length).toBeGreaterThan(1000)
    expect(served.length).toBeGreaterThan(1000)
  })

  it('serves every published operation except the ones listed with a reason', () => {
    expect(unservedOperations).toEqual(Object.keys(operationsNotServed).sort())
  })

  it('carries every field of every served operation except the ones listed with a reason', () => {
    expect(missing).toEqual(Object.keys(fieldsLeftOut).sort())
  })

  it('covers at least 99% of the served operations’ fields', () => {
    expect((served.length - missing.length) / served.length).toBeGreaterThanOrEqual(0.99)
  })
})
