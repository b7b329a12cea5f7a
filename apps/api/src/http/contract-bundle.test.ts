import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { contractBundleFile, loadDereferencedDocument, makeContractBundle } from './contract-bundle.js'

describe('the contract bundle generated at build time', () => {
  it('holds exactly what bundling the YAML gives (else run `npm run generate:contract`)', async () => {
    const committed = JSON.parse(fs.readFileSync(contractBundleFile, 'utf8'))
    expect(committed).toEqual(await makeContractBundle())
  }, 180_000)

  it('serves a bundled document without reading its YAML', async () => {
    const document = await loadDereferencedDocument(
      path.resolve(import.meta.dirname, '../../../../openapi/open-api.yaml'),
    )
    const committed = JSON.parse(fs.readFileSync(contractBundleFile, 'utf8'))
    expect(document).toEqual(committed.documents['openapi/open-api.yaml'])
  })

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
