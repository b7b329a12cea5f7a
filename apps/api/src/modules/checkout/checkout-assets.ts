import fs from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'

/**
 * The checkout's browser script, built ahead of time by `npm run build:checkout` (apps/checkout,
 * decision 0045): Vite writes content-hashed files to apps/checkout/dist/assets/ and a manifest
 * naming the entry. This reads them once (compressing each for gzip-accepting browsers) and
 * answers which script a page loads and what a `/checkout/assets/<file>` request gets. No bundler
 * runs here. When the build is missing, pages carry no script (they work as plain forms) and the
 * assets answer 503; `npm start` and the test runs build it first.
 */

/** Where `npm run build:checkout` writes the client entry. */
export const defaultCheckoutDistDir = path.resolve(import.meta.dirname, '../../../../checkout/dist')

const entrySource = 'src/client.tsx'

export interface CheckoutAsset {
  code: Buffer
  gzipped: Buffer
}

interface ManifestChunk {
  file: string
  imports?: string[]
}

export interface CheckoutAssets {
  /** The module script the hydrated pages load, or null when the checkout is not built. */
  scriptUrl(): string | null
  /** A built file by name (`checkout-<hash>.js`); undefined when unknown, null when not built. */
  asset(fileName: string): CheckoutAsset | undefined | null
}

interface Built {
  scriptUrl: string
  files: Map<string, CheckoutAsset>
}

function readBuild(distDir: string): Built | null {
  const manifestFile = path.join(distDir, '.vite', 'manifest.json')
  if (!fs.existsSync(manifestFile)) return null
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>
  const entry = manifest[entrySource]
  if (!entry) throw new Error(`${manifestFile} has no entry for ${entrySource}`)
  // Bound: one entry per file of the checkout build (fixed).
  const files = new Map<string, CheckoutAsset>()
  const add = (chunk: ManifestChunk) => {
    const name = path.posix.basename(chunk.file)
    if (files.has(name)) return
    const code = fs.readFileSync(path.join(distDir, chunk.file))
    files.set(name, { code, gzipped: gzipSync(code, { level: 9 }) })
    for (const key of chunk.imports ?? []) {
      const imported = manifest[key]
      if (imported) add(imported)
    }
  }
  add(entry)
  return { scriptUrl: `/checkout/assets/${path.posix.basename(entry.file)}`, files }
}

export function checkoutAssets(distDir: string = defaultCheckoutDistDir): CheckoutAssets {
  // Read once it exists: a build finishing after the server started is picked up by the next page.
  let built: Built | null = null
  const current = () => {
    built ??= readBuild(distDir)
    return built
  }
  return {
    scriptUrl: () => current()?.scriptUrl ?? null,
    asset(fileName) {
      const build = current()
      return build ? build.files.get(fileName) : null
    },
  }
}
