import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { isDeepStrictEqual } from 'node:util'

/**
 * The contracts as the server uses them: each document bundled and dereferenced (every `$ref`
 * resolved). Bundling YAML with Redocly costs seconds of boot, most of it loading the library, so
 * the documents are bundled at build time (`npm run generate:contract`, drift-checked by
 * `npm run check:contract`) into `generated/contract-bundle.json`, which also records a hash of
 * every source file. At boot that file is used when the sources still hash the same; otherwise
 * (a contract edited without regenerating) the document is bundled from YAML as before, so an
 * edit is never silently ignored (decision 0042).
 */

const repoRoot = path.resolve(import.meta.dirname, '../../../..')

export const contractBundleFile = path.join(import.meta.dirname, 'generated', 'contract-bundle.json')

/** The documents bundled at build time: the three contracts and the admin backend's schemas. */
export const bundledSources = [
  'openapi/open-api.yaml',
  'openapi/open-api-beta.yaml',
  'openapi/storefront-api.yaml',
  'apps/api/src/modules/admin/admin-api.yaml',
] as const

export type DereferencedDocument = Record<string, unknown>

export interface ContractBundle {
  /** SHA-256 (hex) of each source file, by path from the repository root. */
  sources: Record<string, string>
  /** Each bundled document, dereferenced, by the same path. */
  documents: Record<string, DereferencedDocument>
}

function sha256(file: string): string | undefined {
  try {
    return createHash('sha256').update(fs.readFileSync(file)).digest('hex')
  } catch {
    return undefined
  }
}

/** Hashes of the files the bundled documents are made of (the documents `$ref` each other). */
function sourceHashes(): Record<string, string> {
  return Object.fromEntries(bundledSources.map((source) => [source, sha256(path.join(repoRoot, source)) ?? '']))
}

let prebundled: ContractBundle | undefined | null = null

/** The generated bundle when every source still hashes as it did when it was made. */
function freshBundle(): ContractBundle | undefined {
  if (prebundled !== null) return prebundled
  prebundled = undefined
  let bundle: ContractBundle
  try {
    bundle = JSON.parse(fs.readFileSync(contractBundleFile, 'utf8')) as ContractBundle
  } catch {
    return undefined
  }
  if (isDeepStrictEqual(bundle.sources, sourceHashes())) prebundled = bundle
  return prebundled
}

/** Bundles and dereferences one YAML document with Redocly, loaded only when it is needed. */
export async function bundleDocument(file: string): Promise<DereferencedDocument> {
  const { bundle, createConfig } = await import('@redocly/openapi-core')
  const result = await bundle({ ref: file, config: await createConfig({}), dereference: true })
  return result.bundle.parsed as DereferencedDocument
}

/** The document at `file` (absolute), dereferenced: from the generated bundle when it is fresh. */
export async function loadDereferencedDocument(file: string): Promise<DereferencedDocument> {
  const key = path.relative(repoRoot, path.resolve(file)).split(path.sep).join('/')
  return freshBundle()?.documents[key] ?? (await bundleDocument(file))
}

/**
 * Makes the bundle from the YAML sources (the `generate:contract` step). Throws when a document
 * would not survive JSON (a cycle, a YAML date): the file must hold exactly what bundling gives.
 */
export async function makeContractBundle(): Promise<ContractBundle> {
  const documents: Record<string, DereferencedDocument> = {}
  for (const source of bundledSources) {
    const document = await bundleDocument(path.join(repoRoot, source))
    if (!isDeepStrictEqual(JSON.parse(JSON.stringify(document)), document)) {
      throw new Error(`${source} does not round-trip through JSON once bundled`)
    }
    documents[source] = document
  }
  return { sources: sourceHashes(), documents }
}

/** The bundle file's text: compact JSON (it is read, not reviewed). */
export function formatContractBundle(bundle: ContractBundle): string {
  return `${JSON.stringify(bundle)}\n`
}
