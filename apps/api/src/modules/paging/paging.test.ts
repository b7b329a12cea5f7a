import { describe, expect, it } from 'vitest'
import { maxOffset, pageRequest, toPage, toStorefrontPage } from './paging.js'

describe('paging', () => {
  it('defaults to page 0 of 20', () => {
    expect(pageRequest({})).toEqual({ page: 0, size: 20, offset: 0 })
  })

  // Found by contract fuzzing (decision 0015): page=1e308 made SQLite refuse the OFFSET (a 500).
  it('keeps the offset of a huge page within what the databases accept', () => {
    expect(pageRequest({ page: 1e308, size: 20 })).toEqual({ page: 1e308, size: 20, offset: maxOffset })
    expect(pageRequest({ page: 2 ** 53, size: 100 }).offset).toBe(Number.MAX_SAFE_INTEGER)
  })

  it('computes exact totalPages, including an empty result and a partial last page', () => {
    expect(toPage([], 0, pageRequest({})).totalPages).toBe(0)
    expect(toPage([1], 41, pageRequest({ page: 2, size: 20 })).totalPages).toBe(3)
    expect(toPage([], 40, pageRequest({ page: 2, size: 20 })).totalPages).toBe(2)
  })

  it('gives the storefront paging object with hasNextPage false on the last page', () => {
    const last = toStorefrontPage(['a'], 21, pageRequest({ page: 1, size: 20 }))
    expect(last.paging).toEqual({
      pageNumber: 1,
      pageSize: 20,
      elementsSize: 1,
      elementsTotal: 21,
      totalPages: 2,
      hasNextPage: false,
    })
    expect(toStorefrontPage(['a'], 21, pageRequest({ page: 0, size: 20 })).paging.hasNextPage).toBe(true)
  })
})
