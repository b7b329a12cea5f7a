/**
 * Prefetches a chunk file the way @docusaurus/core's client does (a `<link rel="prefetch">`, or a
 * credentialed GET where the browser has no prefetch links), once per file, and not at all for a file
 * the page already fetched. See ./index.ts.
 */

/** Whether the page already fetched the file (a chunk's `<script>` is removed once it ran, so ask Resource Timing). */
function alreadyFetched(url: string): boolean {
  return performance.getEntriesByName(new URL(url, document.baseURI).href).length > 0
}

function supportsPrefetchLinks(): boolean {
  try {
    return document.createElement('link').relList.supports('prefetch')
  } catch {
    return false
  }
}

function prefetchWithLink(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const link = document.createElement('link')
    link.rel = 'prefetch'
    link.href = url
    link.onload = () => resolve()
    link.onerror = () => reject(new Error(`prefetch of ${url} failed`))
    document.head.appendChild(link)
  })
}

async function prefetchWithRequest(url: string): Promise<void> {
  const response = await fetch(url, { credentials: 'include' })
  if (!response.ok) throw new Error(`prefetch of ${url} answered ${response.status}`)
}

export function createPrefetch(usesLinks: boolean): (url: string) => Promise<void> {
  const strategy = usesLinks ? prefetchWithLink : prefetchWithRequest
  const requested = new Set<string>()
  return (url) => {
    if (requested.has(url) || alreadyFetched(url)) return Promise.resolve()
    requested.add(url)
    // A failed prefetch only means the page loads its chunks when it is opened; the console shows the 404.
    return strategy(url).catch(() => undefined)
  }
}

const prefetch = typeof document === 'undefined' ? () => Promise.resolve() : createPrefetch(supportsPrefetchLinks())

export default prefetch
