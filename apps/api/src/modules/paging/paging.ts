/**
 * Open API pagination (decision 0004): `page` from 0, `size` 1–100 (default 20), answers
 * `{results, total, page, size, totalPages}`. The contract validates the bounds; this computes.
 */
export interface PageRequest {
  page: number
  size: number
  offset: number
}

export interface Page<T> {
  results: T[]
  total: number
  page: number
  size: number
  totalPages: number
}

export function pageRequest(query: { page?: number; size?: number }, defaultSize = 20): PageRequest {
  const page = query.page ?? 0
  const size = query.size ?? defaultSize
  return { page, size, offset: page * size }
}

export function toPage<T>(results: T[], total: number, request: PageRequest): Page<T> {
  return { results, total, page: request.page, size: request.size, totalPages: Math.ceil(total / request.size) }
}

/** Storefront paging object: every field required (spec §3). */
export function toStorefrontPage<T>(results: T[], total: number, request: PageRequest) {
  const totalPages = Math.ceil(total / request.size)
  return {
    results,
    paging: {
      pageNumber: request.page,
      pageSize: request.size,
      elementsSize: results.length,
      elementsTotal: total,
      totalPages,
      hasNextPage: request.page + 1 < totalPages,
    },
  }
}
