import { type AnchorHTMLAttributes, type MouseEvent, useSyncExternalStore } from 'react'

/** A tiny History API router: the storefront has three kinds of pages. */

export type Route =
  | { page: 'home' }
  | { page: 'collection'; slug: string }
  | { page: 'product'; slug: string }
  | { page: 'not-found' }

export function parseRoute(pathname: string): Route {
  if (pathname === '/' || pathname === '') return { page: 'home' }
  const match = /^\/(collections|products)\/([^/]+)\/?$/.exec(pathname)
  if (!match) return { page: 'not-found' }
  const slug = decodeURIComponent(match[2] as string)
  return match[1] === 'collections' ? { page: 'collection', slug } : { page: 'product', slug }
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('popstate', onChange)
  return () => window.removeEventListener('popstate', onChange)
}

export function usePathname(): string {
  return useSyncExternalStore(subscribe, () => window.location.pathname)
}

export function navigate(to: string): void {
  window.history.pushState(null, '', to)
  window.dispatchEvent(new PopStateEvent('popstate'))
  window.scrollTo(0, 0)
}

export const collectionPath = (slug: string) => `/collections/${encodeURIComponent(slug)}`
export const productPath = (slug: string) => `/products/${encodeURIComponent(slug)}`

/** An ordinary link that navigates without a page load (modified clicks open as usual). */
export function Link({ href, onClick, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  const handle = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event)
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return
    event.preventDefault()
    navigate(href)
  }
  return <a href={href} onClick={handle} {...rest} />
}
