import { useEffect, useState } from 'react'
import { loadReaderContext, type ReaderContext } from './load.ts'

/**
 * The reader context for a component: undefined during server rendering and hydration (the
 * static HTML never depends on it), while it loads, and when the site is not served by a local
 * demo install; the context once loaded.
 */
export function useReaderContext(): ReaderContext | undefined {
  const [context, setContext] = useState<ReaderContext>()
  useEffect(() => {
    let cancelled = false
    void loadReaderContext().then((found) => {
      if (!cancelled && found) setContext(found)
    })
    return () => {
      cancelled = true
    }
  }, [])
  return context
}
