// The contract suite (openapi/README.md): the documents lint clean under redocly.yaml and are OpenAPI 3.1.
import { describe, expect, it } from 'vitest'
import { contracts, describeProblem, documentNames, fileOf, lintContract } from './testing/contracts.js'

describe('1. lint and version', () => {
  it.each(documentNames)('%s lints with zero errors under redocly.yaml', async (name) => {
    const contract = contracts[name]
    expect(contract.loadError, `${name} could not be loaded`).toBeUndefined()
    const linted = await lintContract(name)
    expect(linted.error, `${name} could not be linted`).toBeUndefined()
    const ownErrors = linted.problems.filter(
      (problem) => problem.severity === 'error' && problem.location[0]?.source.absoluteRef === fileOf(name),
    )
    const errors = [...contract.bundleProblems, ...ownErrors].map(describeProblem)
    expect(errors, errors.join('\n')).toEqual([])
  })

  it.each(documentNames)('%s is OpenAPI 3.1', (name) => {
    expect(String(contracts[name].raw.openapi)).toMatch(/^3\.1\.\d+$/)
  })
})
