/**
 * Builds the server `npm start` runs: the CLI (packages/cli/src/bin.ts) with the API, the contract
 * types and the checkout's components bundled into one ES module, packages/cli/dist/fanshelf.mjs,
 * which plain Node runs with no TypeScript loader at run time (decision 0050). npm packages stay
 * outside the bundle (Node loads them from node_modules as usual). Takes about a second, so
 * `npm start` builds every time and the bundle is never older than the sources.
 *
 *   tsx scripts/build-server.ts          (what `npm start` runs first)
 *
 * Sources that locate files beside themselves (`import.meta.dirname`: the contracts, the admin's and
 * the checkout's builds, admin-api.yaml; `import.meta.url`: the contract bundle's cache) keep finding
 * them: each use is rewritten to the source file's own folder or URL, expressed relative to the
 * bundle, so the bundle can be moved with the tree.
 */
import fs from 'node:fs'
import path from 'node:path'
import { build, type Plugin } from 'esbuild'

const repoRoot = path.resolve(import.meta.dirname, '..')
export const serverBundle = path.join(repoRoot, 'packages/cli/dist/fanshelf.mjs')

/**
 * Workspace packages are bundled (they are TypeScript); every other package stays external, imported
 * by the path of the file the importing source resolves to (relative to the bundle). Workspaces may
 * hold their own versions of a package (apps/api's lru-cache is not the root's), so a bare name
 * resolved from the bundle's folder could load another version than the one the source was built
 * against.
 */
const externalPackages: Plugin = {
  name: 'external-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.path.startsWith('@fanshelf/') || args.pluginData === 'resolving') return undefined
      const resolved = await builder.resolve(args.path, {
        kind: args.kind,
        importer: args.importer,
        resolveDir: args.resolveDir,
        pluginData: 'resolving',
      })
      if (resolved.errors.length > 0) return { errors: resolved.errors }
      if (resolved.external || !path.isAbsolute(resolved.path)) return { path: args.path, external: true }
      const fromBundle = path.relative(path.dirname(serverBundle), resolved.path).split(path.sep).join('/')
      return { path: fromBundle.startsWith('.') ? fromBundle : `./${fromBundle}`, external: true }
    })
  },
}

/**
 * `import.meta.dirname` and `import.meta.url` in a source file → that file's own folder and URL,
 * found from the bundle's. Left as they were, both would name the bundle: a source that resolves
 * `../../..` from itself would look outside the tree (the contract bundle's cache did, and every
 * start bundled the YAML contracts again, with Redocly loaded and ~10 MB held).
 */
export function sourceLocation(bundleFile: string): Plugin {
  return {
    name: 'source-location',
    setup(builder) {
      builder.onLoad({ filter: /\.tsx?$/ }, (args) => {
        const source = fs.readFileSync(args.path, 'utf8')
        if (!source.includes('import.meta.dirname') && !source.includes('import.meta.url')) return undefined
        const fromBundle = (to: string) => path.relative(path.dirname(bundleFile), to).split(path.sep).join('/')
        const replaced = source
          .replaceAll(
            'import.meta.dirname',
            `(import.meta.dirname + ${JSON.stringify(`/${fromBundle(path.dirname(args.path))}`)})`,
          )
          .replaceAll('import.meta.url', `new URL(${JSON.stringify(fromBundle(args.path))}, import.meta.url).href`)
        return { contents: replaced, loader: args.path.endsWith('x') ? 'tsx' : 'ts' }
      })
    },
  }
}

/** Writes the bundle (atomically: suites that start servers in parallel may build at once). */
export async function buildServer(): Promise<string> {
  const result = await build({
    entryPoints: [path.join(repoRoot, 'packages/cli/src/bin.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    write: false,
    outfile: serverBundle,
    sourcemap: 'linked',
    legalComments: 'none',
    logLevel: 'warning',
    plugins: [externalPackages, sourceLocation(serverBundle)],
  })
  fs.mkdirSync(path.dirname(serverBundle), { recursive: true })
  for (const file of result.outputFiles) {
    const temporary = `${file.path}.${process.pid}.tmp`
    fs.writeFileSync(temporary, file.contents)
    fs.renameSync(temporary, file.path)
  }
  return serverBundle
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) await buildServer()
