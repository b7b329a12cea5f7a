import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { transformSync } from 'esbuild'
import createJiti from 'jiti'
import type * as Render from './lib/render.ts'

/**
 * Loads the renderer (lib/render.ts and its JSX components, lib/components/*.tsx) in the build's
 * Node process. Docusaurus loads plugins with jiti 1, whose Babel transform knows TypeScript but
 * not JSX; this jiti instance compiles the renderer's modules with esbuild instead (TSX, React's
 * automatic JSX runtime, CommonJS as jiti evaluates it). Build-time only: none of it reaches the
 * browser (decision 0039). Tests import lib/render.ts directly (vitest compiles TSX itself).
 */

const loaders: Record<string, 'ts' | 'tsx' | 'js'> = { '.ts': 'ts', '.mts': 'ts', '.cts': 'ts', '.tsx': 'tsx' }

/**
 * React is evaluated by this jiti too (a fresh copy, not Node's cached one): `docusaurus build`
 * sets NODE_ENV=production only after it has loaded React in development mode (NODE_ENV's default
 * then), and a development React must not meet a production `react-dom/server`.
 */
const ownCopies = ['react', 'react-dom', 'scheduler']

const load = createJiti(fileURLToPath(import.meta.url), {
  cache: false,
  requireCache: false,
  interopDefault: false,
  transformModules: ownCopies,
  extensions: ['.ts', '.tsx', '.mts', '.cts', '.js', '.mjs', '.cjs', '.json'],
  transform: ({ source, filename = '' }) => {
    const url = pathToFileURL(filename).href
    const { code } = transformSync(source, {
      loader: loaders[path.extname(filename)] ?? 'js',
      format: 'cjs',
      target: 'node20',
      jsx: 'automatic',
      sourcefile: filename,
      define: {
        'import.meta.url': JSON.stringify(url),
        'import.meta.dirname': JSON.stringify(path.dirname(filename)),
        'import.meta.filename': JSON.stringify(filename),
      },
    })
    return { code }
  },
})

export function loadRenderer(): typeof Render {
  return load('./lib/render.ts') as typeof Render
}
