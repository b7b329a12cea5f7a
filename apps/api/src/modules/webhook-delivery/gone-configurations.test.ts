import { describe, expect, it } from 'vitest'
import { createGoneConfigurations } from './gone-configurations.js'

describe('createGoneConfigurations', () => {
  it('keeps a 410 until its time, and forgets the ones whose time passed when another is remembered', () => {
    const gone = createGoneConfigurations()
    for (let i = 0; i < 100; i++) gone.remember(`wh_${i}`, 1_000 + i, i)
    expect(gone.size).toBe(100)
    expect(gone.until('wh_5')).toBe(1_005)
    // At 1_050 the first 51 (until 1_000 … 1_050) have run out: only the later ones and the new one stay.
    gone.remember('wh_new', 2_000, 1_050)
    expect(gone.size).toBe(50)
    expect(gone.until('wh_5')).toBeUndefined()
    expect(gone.until('wh_51')).toBe(1_051)
    gone.forget('wh_51')
    expect(gone.until('wh_51')).toBeUndefined()
  })
})
