import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { serverLauncher, serverNodeFlags } from './server-flags.js'

describe('serverNodeFlags', () => {
  it("reads the Node flags of package.json's start script, so suites and benchmarks start the bundle as npm start does", () => {
    const flags = serverNodeFlags()
    expect(flags.length).toBeGreaterThan(0)
    for (const flag of flags) expect(flag).toMatch(/^--[a-z-]+(=\S+)?$/)
    expect(flags).toContain('--max-semi-space-size=4')
    expect(flags).toContain('--heap-growing-percent=50')
  })

  it('npm start runs node through the allocator launcher the memory benchmarks use', () => {
    const scripts = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '../package.json'), 'utf8')).scripts
    expect(scripts.start).toContain(`${path.relative(path.join(import.meta.dirname, '..'), serverLauncher)} node `)
    expect(fs.statSync(serverLauncher).mode & 0o111).not.toBe(0)
  })
})
