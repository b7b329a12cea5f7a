import ErrorBoundary from '@docusaurus/ErrorBoundary'
import { ErrorBoundaryErrorMessageFallback } from '@docusaurus/theme-common'
import { MermaidContainerClassName, useMermaidRenderResult } from '@docusaurus/theme-mermaid/client'
import type { Props } from '@theme/Mermaid'
import { type ReactNode, useEffect, useRef, useState } from 'react'

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
 * Mermaid diagrams render in the browser. The library is large and a render is long work on a
 * phone, so a diagram is rendered only when the reader can see it: at once if it is on the first
 * screen, otherwise once the reader starts scrolling and it comes within 600 px of the viewport. A
 * reader who never scrolls down never pays for a diagram they do not see.
 * The source stays in the HTML (`data-mermaid-source`, and a <noscript> copy) for the Markdown twin
 * of the page and for readers without JavaScript.
 */
export default function Mermaid({ value }: Props): ReactNode {
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
