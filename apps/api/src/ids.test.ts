import { describe, expect, it } from 'vitest'
import { newRequestId } from './ids.js'

describe('newRequestId', () => {
  it('answers distinct 96-bit ids, across the refills of its random pool', () => {
    const ids = Array.from({ length: 2_000 }, () => newRequestId())
    for (const id of ids) expect(id).toMatch(/^req_[A-Za-z0-9_-]{16}$/)
    expect(new Set(ids).size).toBe(ids.length)
  })
})
