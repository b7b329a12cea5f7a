import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  contractBundleFile,
  loadDereferencedDocument,
  makeContractBundle,
  readFreshBundle,
  writeBundle,
} from './contract-bundle.js'

const openApi = path.resolve(import.meta.dirname, '../../../../openapi/open-api.yaml')

describe('the cached contract bundle', () => {
  it('serves each contract exactly as bundling its YAML gives, and leaves a fresh cache behind', async () => {
    const made = await makeContractBundle()
    expect(await loadDereferencedDocument(openApi)).toEqual(made.documents['openapi/open-api.yaml'])
    expect(readFreshBundle(contractBundleFile)?.documents).toEqual(made.documents)
  }, 180_000)

  it('ignores a cache whose sources changed since it was written', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'contract-cache-'))
    try {
      const file = path.join(dir, 'contract-bundle.json')
      const made = await makeContractBundle()
      expect(writeBundle(file, made)).toBe(true)
      expect(readFreshBundle(file)).toEqual(made)
      // As if open-api.yaml had been edited after the cache was written.
      writeBundle(file, { ...made, sources: { ...made.sources, 'openapi/open-api.yaml': 'an older hash' } })
      expect(readFreshBundle(file)).toBeUndefined()
      fs.writeFileSync(file, '{ not json')
      expect(readFreshBundle(file)).toBeUndefined()
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  }, 180_000)

  it('bundles from YAML a document it does not hold, resolving its $refs', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'contract-bundle-'))
    try {
      const file = path.join(dir, 'api.yaml')
      fs.writeFileSync(
        file,
        [
          'openapi: 3.1.0',
          'info: { title: t, version: "1" }',
          'paths: {}',
          'components:',
          '  schemas:',
          '    Id: { type: string }',
          '    Thing: { type: object, properties: { id: { $ref: "#/components/schemas/Id" } } }',
        ].join('\n'),
      )
      const document = (await loadDereferencedDocument(file)) as {
        components: { schemas: Record<string, { properties?: Record<string, unknown> }> }
      }
      expect(document.components.schemas.Thing?.properties?.id).toEqual({ type: 'string' })
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  }, 120_000)
})
