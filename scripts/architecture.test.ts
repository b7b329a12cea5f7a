import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { importCircles, importGraph } from './import-graph.js'

/** Rules of the code's shape a reviewer would otherwise check by hand (README, "How we build"). */

const root = path.resolve(import.meta.dirname, '..')
const sourceRoots = [
  'apps/api/src',
  'apps/admin/src',
  'apps/checkout/src',
  'apps/site/src',
  'apps/site/plugins',
  'packages/cli/src',
  'packages/sdk/src',
  'examples/storefront/src',
  'examples/webhook-receiver/src',
].map((dir) => path.join(root, dir))

describe('imports', () => {
  it('form no circle anywhere in the sources', () => {
    const graph = importGraph(sourceRoots)
    expect(graph.size).toBeGreaterThan(300)
    const circles = importCircles(graph).map((circle) => circle.map((file) => path.relative(root, file)))
    expect(circles).toEqual([])
  })

  it('are found circular when they are (the check can fail)', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts']],
      ['e.ts', ['e.ts']],
    ])
    expect(importCircles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts'], ['e.ts']])
  })
})
