import { describe, expect, it } from 'vitest'
import { diagramKey } from './diagram-key.ts'

describe('diagramKey', () => {
  it('names a diagram source the same way every time, and different sources differently', () => {
    const source = 'sequenceDiagram\n  A->>B: hello'
    expect(diagramKey(source)).toBe(diagramKey(`${source}`))
    expect(diagramKey(source)).toMatch(/^[0-9a-z]+$/)
    expect(diagramKey(source)).not.toBe(diagramKey(`${source} `))
    expect(diagramKey('')).not.toBe(diagramKey(' '))
  })

  it('has a committed pre-rendered entry for every key it names in src/diagrams/diagrams.json', async () => {
    const { default: sizes } = await import('../src/diagrams/diagrams.json', { with: { type: 'json' } })
    for (const [key, size] of Object.entries(sizes as Record<string, { width: number; height: number }>)) {
      expect(key).toMatch(/^[0-9a-z]+$/)
      expect(size.width).toBeGreaterThan(0)
      expect(size.height).toBeGreaterThan(0)
    }
  })
})
