// The contract suite (openapi/README.md): the beta document copies nothing from open-api.yaml.
import { describe, expect, it } from 'vitest'
import { contracts, httpMethods, isJson, jsonAt } from './testing/contracts.js'

describe('7. the beta document copies nothing from open-api.yaml', () => {
  const stableRef = (kind: string) => new RegExp(`^\\./open-api\\.yaml#/components/${kind}/[A-Za-z0-9]+$`)
  const raw = contracts['open-api-beta'].raw

  it('declares no components except its security schemes', () => {
    expect(Object.keys(jsonAt(raw, 'components') ?? {})).toEqual(['securitySchemes'])
  })

  const rawResponses = Object.entries(jsonAt(raw, 'paths') ?? {}).flatMap(([path, item]) =>
    httpMethods.flatMap((method) =>
      Object.entries(jsonAt(item, method, 'responses') ?? {}).map(
        ([status, response]) => [`${method.toUpperCase()} ${path} ${status}`, response] as const,
      ),
    ),
  )
  it.each(rawResponses)('%s is a $ref or holds only $refs into open-api.yaml', (_label, response) => {
    if (!isJson(response)) throw new Error('not an object')
    if ('$ref' in response) {
      expect(String(response.$ref)).toMatch(stableRef('responses'))
      return
    }
    for (const media of Object.values(jsonAt(response, 'content') ?? {})) {
      const schema = jsonAt(media, 'schema') ?? {}
      const referenced = schema.type === 'array' && Object.keys(schema).length === 2 ? jsonAt(schema, 'items') : schema
      expect(Object.keys(referenced ?? {}), 'an inline schema').toEqual(['$ref'])
      expect(String(referenced?.$ref)).toMatch(stableRef('schemas'))
    }
    for (const header of Object.values(jsonAt(response, 'headers') ?? {})) {
      expect(String(jsonAt(header)?.$ref)).toMatch(stableRef('headers'))
    }
  })
})
