import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * Layers import downward: production code in `modules/` (the features every shop uses) never
 * imports `seed/` (the demo shops' data and drawings). Only the composition root (app.ts,
 * start.ts), the CLI and tests may seed the demo.
 */

const modulesDir = path.join(import.meta.dirname, 'modules')

function productionFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : productionFiles(full)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : []
  })
}

describe('layers', () => {
  it('nothing in modules/ imports seed/', () => {
    const files = productionFiles(modulesDir)
    expect(files.length).toBeGreaterThan(100)
    const offenders = files.filter((file) => /from\s+['"](?:\.\.\/)+seed\//.test(fs.readFileSync(file, 'utf8')))
    expect(offenders.map((file) => path.relative(modulesDir, file))).toEqual([])
  })
})
