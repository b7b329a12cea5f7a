import { useHistory } from '@docusaurus/router'
import useBrokenLinks from '@docusaurus/useBrokenLinks'
import content from '@fanshelf/api-reference-content'
import Layout from '@theme/Layout'
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useRef, useState } from 'react'
import { createPortal } from 'react-dom'
import { useCodeLanguage } from '../CodeLanguage/store.ts'
import { applyLanguage, attach, ensureContent } from './behaviours.ts'
import './styles.css'

/** The try-it console is its own chunk, loaded when a reader first opens it. */
const TryIt = lazy(() => import('../TryIt/index.tsx'))

export interface ApiReferencePageProps {
  specId: string
  title: string
  description: string
}

interface OpenConsole {
  operationId: string
  host: HTMLElement
}

/**
 * One API reference page. Its content is HTML rendered at build time (lib/render.ts): the server
 * bundle gets it through `@fanshelf/api-reference-content`, the browser bundle gets an empty stub,
 * and React leaves the server-rendered markup alone (a `dangerouslySetInnerHTML` element is not
 * hydrated). Behaviour is attached to that markup (behaviours.ts); the console mounts on demand.
 */
export default function ApiReferencePage({ specId, title, description }: ApiReferencePageProps): ReactNode {
  const page = content[specId]
  const brokenLinks = useBrokenLinks()
  if (page) {
    for (const anchor of page.anchors) brokenLinks.collectAnchor(anchor)
    for (const link of page.links) brokenLinks.collectLink(link)
  }
  const island = useRef<HTMLDivElement>(null)
  const history = useHistory()
  const { language, setLanguage } = useCodeLanguage()
  const languageRef = useRef(language)
  languageRef.current = language
  const setLanguageRef = useRef(setLanguage)
  setLanguageRef.current = setLanguage
  const [consoles, setConsoles] = useState<OpenConsole[]>([])

  useEffect(() => {
    const root = island.current
    if (!root) return
    let detach: () => void = () => {}
    let cancelled = false
    ensureContent(root, window.location.pathname)
      .then((hydrated) => {
        if (cancelled) return
        applyLanguage(root, languageRef.current)
        detach = attach(root, {
          setLanguage: (id) => setLanguageRef.current(id),
          openTryIt: (operationId, host) =>
            setConsoles((open) =>
              open.some((item) => item.operationId === operationId) ? open : [...open, { operationId, host }],
            ),
          navigate: (href) => history.push(href),
        })
        // Content that arrived after the browser's own jump to the hash (client-side navigation,
        // or the dev server's client render): jump now.
        const hash = decodeURIComponent(window.location.hash.slice(1))
        if (hash && (!hydrated || window.scrollY === 0)) document.getElementById(hash)?.scrollIntoView()
      })
      .catch(() => {
        // The static HTML could not be fetched: load the page the classic way.
        if (!cancelled) window.location.reload()
      })
    return () => {
      cancelled = true
      detach()
    }
  }, [history])

  useEffect(() => {
    if (island.current && island.current.childElementCount > 0) applyLanguage(island.current, language)
  }, [language])

  const close = useCallback((operationId: string) => {
    setConsoles((open) => {
      const closing = open.find((item) => item.operationId === operationId)
      const button = closing?.host.previousElementSibling as HTMLElement | null
      button?.setAttribute('aria-expanded', 'false')
      button?.focus()
      closing?.host.remove()
      return open.filter((item) => item.operationId !== operationId)
    })
  }, [])

  return (
    <Layout title={title} description={description}>
      <div
        ref={island}
        className="fsr"
        data-spec={specId}
        suppressHydrationWarning
        // biome-ignore lint/security/noDangerouslySetInnerHtml: build-time HTML rendered from our own contracts (escaped by React's static renderer, lib/components/)
        dangerouslySetInnerHTML={{ __html: page?.html ?? '' }}
      />
      {consoles.map(({ operationId, host }) =>
        createPortal(
          <Suspense fallback={<p className="fsr-c">Loading the console…</p>}>
            <TryIt specId={specId} operationId={operationId} onClose={() => close(operationId)} />
          </Suspense>,
          host,
          operationId,
        ),
      )}
    </Layout>
  )
}
