import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { replacedEntry } from './index.ts'
import { runInStages } from './stages.ts'

const require = createRequire(import.meta.url)
const coreLib = path.dirname(path.dirname(require.resolve('@docusaurus/core/lib/client/clientEntry.js')))

describe('staged-entry', () => {
  it("replaces the entry Docusaurus' browser build actually uses", () => {
    // If Docusaurus moves its entry, the replacement would silently match nothing: fail here instead.
    const clientConfig = readFileSync(path.join(coreLib, 'webpack/client.js'), 'utf8')
    const entry = clientConfig.match(/entry:\s*path_1\.default\.resolve\(__dirname,\s*'([^']+)'\)/)?.[1]
    expect(entry, 'the entry in @docusaurus/core/lib/webpack/client.js').toBeDefined()
    expect(path.resolve(coreLib, 'webpack', entry ?? '')).toMatch(replacedEntry)
    expect(`${path.resolve(coreLib, 'webpack', entry ?? '')}?staged`).not.toMatch(replacedEntry)
  })

  it("imports modules of Docusaurus' client that exist, and its entry last", () => {
    const source = readFileSync(new URL('./entry.ts', import.meta.url), 'utf8')
    const internal = [...source.matchAll(/'@docusaurus\/core\/lib\/client\/([\w.]+?)(?:\?staged)?'/g)].map(
      ([, file]) => file ?? '',
    )
    expect(internal.at(-1)).toBe('clientEntry.js')
    for (const file of internal) expect(existsSync(path.join(coreLib, 'client', file)), file).toBe(true)
    // Every package the entry evaluates early is one Docusaurus' entry itself imports.
    const docusaurusEntry = readFileSync(path.join(coreLib, 'client/clientEntry.js'), 'utf8')
    for (const name of ['react-dom/client', 'react-router-dom', 'react-helmet-async'])
      expect(docusaurusEntry).toContain(`from '${name}'`)
  })

  it('runs each stage in a task of its own, in order, after the previous one settled', async () => {
    const events: string[] = []
    const stage = (name: string) => async () => {
      events.push(`start ${name}`)
      // Work a stage queues as a task (a chunk's script, an input event) runs before the next stage.
      setTimeout(() => events.push(`task queued by ${name}`), 0)
      await Promise.resolve()
      events.push(`end ${name}`)
    }
    await runInStages([stage('a'), stage('b'), stage('c')])
    expect(events).toEqual([
      'start a',
      'end a',
      'task queued by a',
      'start b',
      'end b',
      'task queued by b',
      'start c',
      'end c',
    ])
  })

  it('stops at a stage that fails, so the page is never hydrated half-loaded', async () => {
    const ran: string[] = []
    const failing = runInStages([
      async () => ran.push('first'),
      async () => {
        throw new Error('chunk failed')
      },
      async () => ran.push('never'),
    ])
    await expect(failing).rejects.toThrow('chunk failed')
    expect(ran).toEqual(['first'])
  })
})
