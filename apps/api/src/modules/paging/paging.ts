import { validationError } from '../../errors/domain-error.js'

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

/**
 * The largest offset a query is given. `page` has no upper bound in the contract (a page past the
 * end answers empty results), so `page * size` can be any integer JSON can spell (`page=1e308`);
 * the databases take 64-bit offsets only. Past this offset there is never a row.
 */
export const maxOffset = Number.MAX_SAFE_INTEGER

export function pageRequest(query: { page?: number; size?: number }, defaultSize = 20): PageRequest {
  const page = query.page ?? 0
  const size = query.size ?? defaultSize
  return { page, size, offset: Math.min(page * size, maxOffset) }
}

/** A page request that may carry a cursor instead of a page number (decision 0049). */
export interface CursorPageRequest extends PageRequest {
  /** The id of the item the page starts after (the list's order); `page` is then 0. */
  startingAfter?: string
}

/**
 * `pageRequest` for a list that also pages by cursor: `startingAfter` with a `page` greater than 0 is
 * a 400 naming both (`rule: exclusive`), so a client never gets a page it did not mean.
 */
export function cursorPageRequest(
  query: { page?: number; size?: number; startingAfter?: string },
  defaultSize = 20,
): CursorPageRequest {
  const request = pageRequest(query, defaultSize)
  if (query.startingAfter === undefined) return request
  if (request.page > 0) {
    throw validationError(
      (['startingAfter', 'page'] as const).map((field) => ({
        location: 'query' as const,
        field,
        rule: 'exclusive',
        message: '`startingAfter` and `page` cannot be combined: page by cursor or by number',
      })),
    )
  }
  return { ...request, startingAfter: query.startingAfter }
}

/**
 * The page size of a storefront list that also accepts `limit`, the spelling the platform's own
 * example storefront sends (decision 0026): `size` is canonical; both with different values is a 400
 * naming both, so a client never gets a page size it did not mean.
 */
export function pageSizeWithAlias(query: { size?: number; limit?: number }): number | undefined {
  const { size, limit } = query
  if (size !== undefined && limit !== undefined && size !== limit) {
    throw validationError(
      (['size', 'limit'] as const).map((field) => ({
        location: 'query' as const,
        field,
        rule: 'alias',
        message: '`limit` is an alias of `size`: send one of them, or both with the same value',
      })),
    )
  }
  return size ?? limit
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
