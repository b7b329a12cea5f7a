// The contract suite (openapi/README.md): every operationId is descriptive camelCase starting with a verb.
import { describe, expect, it } from 'vitest'
import { allOperations } from './testing/contracts.js'

describe('5. operationIds', () => {
  const verbs =
    'get|list|create|update|delete|finish|start|end|send|replay|exchange|revoke|add|change|remove|mark|set|rotate|issue|search|cancel|refresh|redeem|ensure|introspect'
  const descriptive = new RegExp(`^(${verbs})[A-Z][A-Za-z0-9]*$`)

  it.each(allOperations().map((op) => [`${op.document} ${op.call}`, op] as const))(
    '%s has a descriptive camelCase operationId starting with a verb',
    (_label, op) => {
      expect(String(op.operation.operationId)).toMatch(descriptive)
    },
  )

  it('operationIds are unique across the three documents', () => {
    const ids = allOperations().map((op) => String(op.operation.operationId))
    const duplicates = ids.filter((id, index) => ids.indexOf(id) !== index)
    expect(duplicates, `duplicated: ${duplicates.join(', ')}`).toEqual([])
  })
})
