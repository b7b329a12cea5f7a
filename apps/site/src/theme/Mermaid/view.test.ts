import { describe, expect, it } from 'vitest'
import { fitView, maxScale, minScale, panBy, zoomAt } from './view.ts'

describe('fitView', () => {
  it('shows a wide diagram whole, centred, on a phone', () => {
    expect(fitView({ width: 1500, height: 750 }, { width: 390, height: 700 })).toEqual({
      scale: 0.26,
      x: 0,
      y: (700 - 750 * 0.26) / 2,
    })
  })

  it('enlarges a small diagram at most twice', () => {
    expect(fitView({ width: 100, height: 100 }, { width: 1280, height: 800 }).scale).toBe(2)
  })
})

describe('zoomAt', () => {
  it('keeps the point under the pointer in place', () => {
    const view = zoomAt({ scale: 1, x: 10, y: 20 }, 2, { x: 110, y: 120 })
    expect(view).toEqual({ scale: 2, x: -90, y: -80 })
    // The diagram point (100, 100) was at (110, 120) and still is.
    expect([view.x + 100 * view.scale, view.y + 100 * view.scale]).toEqual([110, 120])
  })

  it('stays within the zoom limits', () => {
    expect(zoomAt({ scale: 7, x: 0, y: 0 }, 4, { x: 0, y: 0 }).scale).toBe(maxScale)
    expect(zoomAt({ scale: 0.2, x: 0, y: 0 }, 0.1, { x: 0, y: 0 }).scale).toBe(minScale)
  })
})

describe('panBy', () => {
  it('moves the diagram by the pointer or arrow key distance', () => {
    expect(panBy({ scale: 2, x: 5, y: 5 }, -40, 10)).toEqual({ scale: 2, x: -35, y: 15 })
  })
})
