/**
 * The order of search results, replacing @easyops-cn/docusaurus-search-local's `sortSearchResults`
 * in the search worker (plugins/search-index/index.ts swaps the module at bundling). The worker
 * runs several queries, strictest first, and appends each query's matches — titles, then
 * headings, descriptions, keywords and body text — so a page title found only by a looser query
 * (`verify` → `verification`) landed after body matches of the strict one. Here results rank by
 * kind first — page titles, then headings, then descriptions and keywords, then body text — and
 * keep the worker's order within a kind; then, as the plugin does, each result found inside a
 * page whose title is also a result moves just after that title.
 */

/** The kinds of indexed documents, as the plugin numbers them (`SearchDocumentType`). */
export const SearchDocumentType = { Title: 0, Heading: 1, Description: 2, Keywords: 3, Content: 4 } as const

const rank: Record<number, number> = { 0: 0, 1: 1, 2: 2, 3: 2, 4: 3 }

export interface SearchResultLike {
  type: number
  document: unknown
  page?: unknown
  index?: number
}

export function sortSearchResults<T extends SearchResultLike>(results: T[]): void {
  const byKind = results
    .map((result, position) => ({ result, position }))
    .sort((a, b) => (rank[a.result.type] ?? 9) - (rank[b.result.type] ?? 9) || a.position - b.position)
    .map(({ result }) => result)
  byKind.forEach((result, index) => {
    result.index = index
  })
  const titleIndex = (result: T) => {
    if (result.type === SearchDocumentType.Title || !result.page) return -1
    return byKind.findIndex((other) => other.type === SearchDocumentType.Title && other.document === result.page)
  }
  const grouped = [...byKind].sort((a, b) => {
    const aTitle = titleIndex(a)
    const bTitle = titleIndex(b)
    const aAt = aTitle === -1 ? (a.index as number) : aTitle
    const bAt = bTitle === -1 ? (b.index as number) : bTitle
    if (aAt !== bAt) return aAt - bAt
    // The page's title before its sections; sections in rank order.
    return (
      (a.type === SearchDocumentType.Title ? -1 : 0) - (b.type === SearchDocumentType.Title ? -1 : 0) ||
      (a.index as number) - (b.index as number)
    )
  })
  results.splice(0, results.length, ...grouped)
  results.forEach((result, index) => {
    result.index = index
  })
}
