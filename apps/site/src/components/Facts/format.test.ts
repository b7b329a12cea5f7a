import { describe, expect, it } from 'vitest'
import { formatCount } from './format'

describe('formatCount', () => {
  it('groups thousands the way en-US does, without starting ICU', () => {
    for (const value of [0, 7, 999, 1000, 10_000, 123_456, 1_234_567, 100_000_000, -4500, 1234.5, 0.25]) {
      expect(formatCount(value), String(value)).toBe(value.toLocaleString('en-US', { maximumFractionDigits: 20 }))
    }
  })

  it('leaves what is not a finite number as it is', () => {
    expect(formatCount(Number.POSITIVE_INFINITY)).toBe('Infinity')
    expect(formatCount(Number.NaN)).toBe('NaN')
  })
})
