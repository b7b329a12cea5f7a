import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { isDeepStrictEqual } from 'node:util'

/**
 * The contracts as the server uses them: each document bundled and dereferenced (every `$ref`
 * resolved). Bundling YAML with Redocly costs seconds of boot, most of it loading the library, so
 * the result is cached: the first boot after an install (or `npm run generate:contract`) bundles
 * the four documents once and writes them, with a hash of every source file, to
 * `node_modules/.cache/fanshelf/contract-bundle.json`; later boots read that file while the sources
 * still hash the same. A contract edited since is bundled from YAML again, so an edit is never
 * silently ignored, and nothing generated is committed (decision 0042).
 */

// import.meta.url, not .dirname: the site's build loads this file through jiti, which rewrites only .url.
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..')

export const contractBundleFile = path.join(repoRoot, 'node_modules', '.cache', 'fanshelf', 'contract-bundle.json')

/** The documents bundled together: the three contracts and the admin backend's schemas. */
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

/** The cached bundle at `file` when every source still hashes as it did when it was made. */
export function readFreshBundle(file: string): ContractBundle | undefined {
  let bundle: ContractBundle
  try {
    bundle = JSON.parse(fs.readFileSync(file, 'utf8')) as ContractBundle
  } catch {
    return undefined
  }
  return isDeepStrictEqual(bundle.sources, sourceHashes()) ? bundle : undefined
}

/** Writes the cache; a read-only install simply keeps bundling at boot. */
export function writeBundle(file: string, bundle: ContractBundle): boolean {
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true })
    const partial = `${file}.${process.pid}.tmp`
    fs.writeFileSync(partial, `${JSON.stringify(bundle)}\n`)
    fs.renameSync(partial, file)
    return true
  } catch {
    return false
  }
}

/** Bundles and dereferences one YAML document with Redocly, loaded only when it is needed. */
export async function bundleDocument(file: string): Promise<DereferencedDocument> {
  const { bundle, createConfig } = await import('@redocly/openapi-core')
  const result = await bundle({ ref: file, config: await createConfig({}), dereference: true })
  return result.bundle.parsed as DereferencedDocument
}

let current: Promise<ContractBundle> | undefined

/** This process's bundle: the cache when fresh, else made from YAML once and cached. */
function processBundle(): Promise<ContractBundle> {
  current ??= (async () => {
    const cached = readFreshBundle(contractBundleFile)
    if (cached) return cached
    const made = await makeContractBundle()
    writeBundle(contractBundleFile, made)
    return made
  })()
  return current
}

/** The document at `file` (absolute), dereferenced: one of the four from the bundle, any other from YAML. */
export async function loadDereferencedDocument(file: string): Promise<DereferencedDocument> {
  const key = path.relative(repoRoot, path.resolve(file)).split(path.sep).join('/')
  if (!(bundledSources as readonly string[]).includes(key)) return bundleDocument(file)
  const document = (await processBundle()).documents[key]
  return document ?? bundleDocument(file)
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
