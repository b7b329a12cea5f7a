import fs from 'node:fs'
import path from 'node:path'

const repoRoot = path.resolve(import.meta.dirname, '..')

/**
 * The launcher `npm start` runs the server through (scripts/with-allocator.sh: jemalloc when the
 * system has it), for what measures the server's memory as `npm start` runs it: spawn it with the
 * `node` command line as its arguments.
 */
export const serverLauncher = path.join(repoRoot, 'scripts/with-allocator.sh')

/**
 * The Node flags `npm start` runs the server bundle with, read from the root package.json's `start`
 * script (`… node <flags> packages/cli/dist/fanshelf.mjs start`), so that what starts the bundle
 * elsewhere (the browser suites, the memory benchmarks) runs it exactly as `npm start` does.
 */
export function serverNodeFlags(): string[] {
  const scripts = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')).scripts as Record<
    string,
    string
  >
  const match = /\bnode((?:\s+--\S+)*)\s+packages\/cli\/dist\/fanshelf\.mjs\s+start\b/.exec(scripts.start ?? '')
  if (!match) throw new Error('package.json: the start script no longer runs packages/cli/dist/fanshelf.mjs with node')
  return match[1]!.split(/\s+/).filter(Boolean)
}
