import { useLocation } from '@docusaurus/router'
import { PageMetadata } from '@docusaurus/theme-common'
import SearchPage from '@theme-original/SearchPage'
import type { ReactNode } from 'react'

/** The search title for a query (`?q=`): `Search: webhooks`, or `Search` without one. */
export function searchPageTitle(search: string): string {
  const query = new URLSearchParams(search).get('q')?.trim()
  return query ? `Search: ${query}` : 'Search'
}

/**
 * The offline search's page (@easyops-cn/docusaurus-search-local) with a title of its own in the
 * site's format — "Search | Fanshelf Developer Docs", "Search: webhooks | Fanshelf Developer Docs" —
 * instead of the plugin's bare "Search the documentation". Rendered after the plugin's page, so
 * this title wins; the page keeps the query in `?q=` as the reader types.
 */
export default function SearchPageWrapper(props: Record<string, unknown>): ReactNode {
  const { search } = useLocation()
  return (
    <>
      <SearchPage {...props} />
      <PageMetadata title={searchPageTitle(search)} />
    </>
  )
}
