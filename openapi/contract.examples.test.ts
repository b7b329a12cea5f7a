// The contract suite (openapi/README.md): every example validates against its schema.
import { describe, expect, it } from 'vitest'
import { documentNames, isJson, jsonAt, jsonContent, operationsOf } from './testing/contracts.js'
import { examplesOf, validatorFor } from './testing/examples.js'

describe('4. examples validate against their schemas', () => {
  const examples = documentNames.flatMap((name) => examplesOf(name))
  it.each(examples.map((example) => [example.where, example] as const))('%s', (_label, example) => {
    const validate = validatorFor(example.schema)
    validate(example.value)
    const errors = (validate.errors ?? []).map((error) => `${error.instancePath || '(root)'} ${error.message}`)
    expect(errors, errors.join('\n')).toEqual([])
  })

  it.each(operationsOf('storefront-api').map((op) => [op.call, op] as const))(
    'storefront %s has an example on every response with a body',
    (_label, op) => {
      for (const [status, response] of Object.entries(jsonAt(op.operation, 'responses') ?? {})) {
        const media = jsonContent(isJson(response) ? response : undefined)
        if (media) expect('example' in media || 'examples' in media, `${op.call} ${status} example`).toBe(true)
      }
    },
  )
})
