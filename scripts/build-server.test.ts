import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { build } from 'esbuild'
import { describe, expect, it } from 'vitest'
import { sourceLocation } from './build-server.js'

describe('sourceLocation', () => {
  it('a bundled source still finds itself: import.meta.url and import.meta.dirname name the source, not the bundle', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'source-location-'))
    const source = path.join(dir, 'src', 'deep', 'where.ts')
    fs.mkdirSync(path.dirname(source), { recursive: true })
    fs.writeFileSync(
      source,
      [
        "import path from 'node:path'",
        "import { fileURLToPath } from 'node:url'",
        // The contract bundle's way (import.meta.url) and the contracts' way (import.meta.dirname).
        "const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')",
        'console.log(JSON.stringify({ file: fileURLToPath(import.meta.url), dir: import.meta.dirname, root }))',
      ].join('\n'),
    )
    const bundleFile = path.join(dir, 'out', 'dist', 'bundle.mjs')
    await build({
      entryPoints: [source],
      bundle: true,
      platform: 'node',
      format: 'esm',
      outfile: bundleFile,
      plugins: [sourceLocation(bundleFile)],
    })
    const printed = JSON.parse(execFileSync(process.execPath, [bundleFile], { encoding: 'utf8' }))
    // The folder comes out as the bundle's folder plus a relative part: the same folder once resolved.
    expect({ ...printed, dir: path.resolve(printed.dir) }).toEqual({
      file: source,
      dir: path.dirname(source),
      root: dir,
    })
    fs.rmSync(dir, { recursive: true, force: true })
  })
})
