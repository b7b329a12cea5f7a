import { describe, expect, it } from 'vitest'
import { serverNodeFlags } from './server-flags.js'

describe('serverNodeFlags', () => {
  it("reads the Node flags of package.json's start script, so suites and benchmarks start the bundle as npm start does", () => {
    const flags = serverNodeFlags()
    expect(flags.length).toBeGreaterThan(0)
    for (const flag of flags) expect(flag).toMatch(/^--[a-z-]+(=\S+)?$/)
    expect(flags).toContain('--max-semi-space-size=4')
  })
})
