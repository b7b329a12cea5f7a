import ErrorBoundary from '@docusaurus/ErrorBoundary'
import { ErrorBoundaryErrorMessageFallback } from '@docusaurus/theme-common'
import { MermaidContainerClassName, useMermaidRenderResult } from '@docusaurus/theme-mermaid/client'
import useBaseUrl from '@docusaurus/useBaseUrl'
import type { Props } from '@theme/Mermaid'
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react'
import { diagramKey } from '../../../config/diagram-key.ts'
import { diagramText } from '../../../config/diagram-text.ts'
import diagrams from '../../diagrams/diagrams.json'

function RenderedDiagram({ value }: Props): ReactNode {
  const result = useMermaidRenderResult({ text: value })
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (result && ref.current) result.bindFunctions?.(ref.current)
  }, [result])
  if (result === null) return null
  // biome-ignore lint/security/noDangerouslySetInnerHtml: Mermaid's own SVG output for a diagram written in our docs.
  return <div ref={ref} className={MermaidContainerClassName} dangerouslySetInnerHTML={{ __html: result.svg }} />
}

/**
 * Mermaid diagrams. Those of the docs are rendered ahead of time (below). Any other renders in the
 * browser; the library is large and a render is long work on a phone, so such a diagram is rendered
 * only when the reader can see it: at once if it is on the first
 * screen, otherwise once the reader starts scrolling and it comes within 600 px of the viewport. A
 * reader who never scrolls down never pays for a diagram they do not see.
 * The source stays in the HTML (`data-mermaid-source`, and a <noscript> copy) for the Markdown twin
 * of the page and for readers without JavaScript.
 */
const prerendered: Record<string, { width: number; height: number } | undefined> = diagrams

/** The full-screen view, fetched the first time a reader opens a diagram (pages without one never load it). */
const DiagramDialog = lazy(() => import('./DiagramDialog.tsx'))

export default function Mermaid({ value }: Props): ReactNode {
  const key = diagramKey(value)
  const size = prerendered[key]
  return size ? <PrerenderedDiagram value={value} diagramKey={key} size={size} /> : <LazyDiagram value={value} />
}

/**
 * A diagram rendered ahead of time (`npm run generate:diagrams -w apps/site`): an SVG file per colour
 * mode in static/diagrams/, shown as an image, so no Mermaid runs in the browser. Both images are in
 * the server's HTML, lazy: the browser fetches the reader's colour mode (CSS hides the other, and a
 * hidden lazy image is never fetched) once the diagram is near the viewport, without waiting for
 * the page's JavaScript — a diagram on the first screen of a phone is often the page's largest
 * paint (decision 0054). The image's alt is the diagram's one-sentence `accDescr` (its steps are in
 * the <details> authored after it, plugins/remark-diagram-text). A click on the image, or the
 * Enlarge button, opens it full-screen.
 */
function PrerenderedDiagram({
  value,
  diagramKey: key,
  size,
}: Props & { diagramKey: string; size: { width: number; height: number } }): ReactNode {
  const base = useBaseUrl(`/diagrams/${key}`)
  const [isOpen, setIsOpen] = useState(false)
  const { title, description } = diagramText(value)
  const image = (mode: 'light' | 'dark', loading: 'lazy' | 'eager' = 'lazy') => (
    <img
      className={`fanshelf-diagram__${mode}`}
      src={`${base}-${mode}.svg`}
      alt={description ?? title ?? 'Diagram'}
      width={size.width}
      height={size.height}
      loading={loading}
      decoding="async"
    />
  )
  return (
    <div className="fanshelf-diagram fanshelf-diagram--prerendered" data-mermaid-source={value}>
      {/* biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: a pointer shortcut; keyboard readers have the Enlarge button */}
      <div
        className={`${MermaidContainerClassName} fanshelf-diagram__frame`}
        style={{ aspectRatio: `${size.width} / ${size.height}`, maxWidth: `${size.width}px`, margin: '0 auto' }}
        onClick={() => setIsOpen(true)}
      >
        {image('light')}
        {image('dark')}
      </div>
      <button
        type="button"
        className="fanshelf-diagram__enlarge button button--secondary button--sm"
        onClick={() => setIsOpen(true)}
        aria-haspopup="dialog"
      >
        Enlarge diagram{title ? <span className="fanshelf-diagram__enlarge-title">: {title}</span> : null}
      </button>
      {isOpen && (
        <Suspense fallback={null}>
          <DiagramDialog title={title ?? 'Diagram'} size={size} onClose={() => setIsOpen(false)}>
            {image('light', 'eager')}
            {image('dark', 'eager')}
          </DiagramDialog>
        </Suspense>
      )}
    </div>
  )
}

function LazyDiagram({ value }: Props): ReactNode {
  const ref = useRef<HTMLDivElement>(null)
  const [isNear, setIsNear] = useState(false)

  useEffect(() => {
    const node = ref.current
    if (isNear || node === null) return undefined
    if (typeof IntersectionObserver === 'undefined') {
      setIsNear(true)
      return undefined
    }
    const observers: IntersectionObserver[] = []
    const watch = (rootMargin: string) => {
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) setIsNear(true)
        },
        { rootMargin },
      )
      observer.observe(node)
      observers.push(observer)
    }
    // On the first screen: now. Further down: looking ahead, from the reader's first scroll.
    watch('0px')
    const onScroll = () => watch('600px 0px')
    window.addEventListener('scroll', onScroll, { passive: true, once: true })
    return () => {
      window.removeEventListener('scroll', onScroll)
      for (const observer of observers) observer.disconnect()
    }
  }, [isNear])

  return (
    <div ref={ref} className="fanshelf-diagram" data-mermaid-source={value}>
      <noscript>
        <pre>{value}</pre>
      </noscript>
      {isNear && (
        <ErrorBoundary fallback={(params) => <ErrorBoundaryErrorMessageFallback {...params} />}>
          <RenderedDiagram value={value} />
        </ErrorBoundary>
      )}
    </div>
  )
}
