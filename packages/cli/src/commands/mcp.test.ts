import { afterEach, describe, expect, it } from 'vitest'
import { run } from '../cli.js'
import { captureIo } from '../testing/capture-io.js'

const savedEnv = { ...process.env }
afterEach(() => {
  process.env = { ...savedEnv }
})

describe('fanshelf mcp', () => {
  it('documents its environment in --help', async () => {
    const help = captureIo()
    expect(await run(['mcp', '--help'], help.io)).toBe(0)
    for (const name of ['FANSHELF_ORIGIN', 'FANSHELF_API_USER', 'FANSHELF_API_PASSWORD', 'FANSHELF_ACCESS_TOKEN']) {
      expect(help.out).toContain(name)
    }
  })

  it('exits 1 naming the variables when no credentials are set, writing nothing on stdout (the protocol’s)', async () => {
    for (const name of ['FANSHELF_API_USER', 'FANSHELF_API_PASSWORD', 'FANSHELF_ACCESS_TOKEN']) delete process.env[name]
    const c = captureIo()
    expect(await run(['mcp'], c.io)).toBe(1)
    expect(c.err).toContain('set FANSHELF_API_USER and FANSHELF_API_PASSWORD (an API user) or FANSHELF_ACCESS_TOKEN')
    expect(c.out).toBe('')
  })
})
