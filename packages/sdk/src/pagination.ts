/**
 * A page of the open API (`{results, total, page, size, totalPages}`, 0-based `page`) or of the storefront
 * API (`{results, paging: {pageNumber, hasNextPage, …}}`).
 *
 * @example
 * ```ts
 * import type { Page } from '@fanshelf/sdk'
 * function count(page: Page<unknown>) {
 *   return page.results.length
 * }
 * ```
 */
export type Page<T> =
  | { results: T[]; page: number; totalPages: number }
  | { results: T[]; paging: { pageNumber: number; hasNextPage: boolean } }

/**
 * Options of {@link paginate}.
 *
 * @example
 * ```ts
 * const latest = await paginate(client.listOrders, { query: { size: 100 } }, { limit: 250 }).toArray()
 * ```
 */
export interface PaginateOptions {
  /** Stop after this many items. */
  limit?: number
}

/**
 * The arguments of a list method {@link paginate} accepts: anything with an optional 0-based `query.page`.
 *
 * @example
 * ```ts
 * const args: PageableArgs = { query: { page: 2 } }
 * ```
 */
export type PageableArgs = { query?: { page?: number } } | undefined

/**
 * Iterates a paged list, fetching one page at a time as it is consumed. Iterate items with
 * `for await`, whole pages with `pages()`, or collect with `toArray()`. Pages are requested in order
 * from the `page` of the first call (default 0) until the last one (`totalPages` or `hasNextPage`).
 * A list that pages by cursor (its pages carry `hasMore`, e.g. `listWebhookEvents`) is read on with
 * `startingAfter` set to the last item's `id` while `hasMore` is true — as deep as it goes, each
 * page costs the same, and items recorded meanwhile neither shift nor repeat.
 *
 * @example
 * ```ts
 * for await (const order of client.paginate('listOrders', { query: { status: 'CONFIRMED', size: 100 } })) {
 *   console.log(order.friendlyId)
 * }
 * for await (const page of client.paginate('listProducts').pages()) console.log(page.results.length)
 * ```
 */
export class PageIterator<T, P extends Page<T> = Page<T>> implements AsyncIterable<T> {
  constructor(
    private readonly fetchPage: (page: number) => Promise<P>,
    private readonly firstPage: number,
    private readonly options: PaginateOptions = {},
    /** Fetches the page after the item with this id (lists with `startingAfter`). */
    private readonly fetchAfter?: (id: string) => Promise<P>,
  ) {}

  /** Every page, in order. */
  async *pages(): AsyncGenerator<P, void, undefined> {
    let items = 0
    let current = await this.fetchPage(this.firstPage)
    for (let page = this.firstPage; ; page++) {
      yield current
      items += current.results.length
      if (this.options.limit !== undefined && items >= this.options.limit) return
      const cursor = this.cursorAfter(current)
      if (cursor !== undefined) {
        if (cursor === null) return
        current = await (this.fetchAfter as (id: string) => Promise<P>)(cursor)
        continue
      }
      const hasNext = 'paging' in current ? current.paging.hasNextPage : current.page + 1 < current.totalPages
      if (!hasNext || current.results.length === 0) return
      current = await this.fetchPage(page + 1)
    }
  }

  /** For a cursor-paged list: the id to read on after (null: the end), else undefined. */
  private cursorAfter(current: P): string | null | undefined {
    if (!this.fetchAfter || !('hasMore' in current) || typeof current.hasMore !== 'boolean') return undefined
    const last = current.results.at(-1) as { id?: unknown } | undefined
    if (!current.hasMore || last === undefined) return null
    return typeof last.id === 'string' ? last.id : undefined
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<T, void, undefined> {
    let remaining = this.options.limit ?? Number.POSITIVE_INFINITY
    if (remaining <= 0) return
    for await (const page of this.pages()) {
      for (const item of page.results) {
        yield item
        remaining -= 1
        if (remaining <= 0) return
      }
    }
  }

  /** Every item (up to `limit`) in one array. */
  async toArray(): Promise<T[]> {
    const all: T[] = []
    for await (const item of this) all.push(item)
    return all
  }
}

type ItemOf<P> = P extends { results: (infer T)[] } ? T : never

/**
 * Iterates every item of a paged list method of either client, e.g. `client.listOrders` or
 * `storefront.listCollectionProducts`, with the method's own (typed) arguments. The clients'
 * `paginate(operationId, args)` does the same by operationId.
 *
 * @example
 * ```ts
 * import { createStorefrontClient, paginate } from '@fanshelf/sdk'
 *
 * const storefront = createStorefrontClient({ baseUrl: 'https://storefront-api.fanshelf.dev', storefrontToken })
 * for await (const product of paginate(storefront.listCollectionProducts, { path: { slug: 'all' }, query: { currency: 'EUR' } })) {
 *   console.log(product.name, product.variants[0]?.unitPrice)
 * }
 * ```
 */
export function paginate<A extends PageableArgs, P extends Page<unknown>>(
  list: (args: A) => Promise<P>,
  args?: A,
  options?: PaginateOptions,
): PageIterator<ItemOf<P>, P & Page<ItemOf<P>>> {
  const firstPage = args?.query?.page ?? 0
  const fetchPage = (page: number) =>
    list({ ...args, query: { ...args?.query, page } } as A) as Promise<P & Page<ItemOf<P>>>
  const fetchAfter = (startingAfter: string) =>
    list({ ...args, query: { ...withoutPage(args?.query), startingAfter } } as unknown as A) as Promise<
      P & Page<ItemOf<P>>
    >
  return new PageIterator(fetchPage, firstPage, options, fetchAfter)
}

/** A query without `page` (a cursor replaces it). */
function withoutPage(query: object | undefined): object {
  const { page: _page, ...rest } = (query ?? {}) as { page?: unknown }
  return rest
}

/** The clients' `paginate(operationId, args)`: pages through `call` from `args.query.page` (default 0). */
export function paginateOperation<Id extends string>(
  call: (operationId: Id, args: { query?: Record<string, unknown> }) => Promise<{ data: unknown }>,
  operationId: Id,
  args: { query?: Record<string, unknown> } = {},
  options?: PaginateOptions,
): PageIterator<unknown> {
  const fetchPage = async (page: number) =>
    (await call(operationId, { ...args, query: { ...args.query, page } })).data as Page<unknown>
  const fetchAfter = async (startingAfter: string) =>
    (await call(operationId, { ...args, query: { ...withoutPage(args.query), startingAfter } })).data as Page<unknown>
  return new PageIterator(fetchPage, Number(args.query?.page ?? 0), options, fetchAfter)
}
