import { renderToStaticMarkup } from 'react-dom/server'
import type { PageState } from '../page-state.ts'
import { EventSection } from './event.tsx'
import { Nav } from './nav.tsx'
import { OperationSection } from './operation.tsx'
import { SharedResponsesSection } from './responses.tsx'
import { HeadersSection, Intro, PageHeader, SchemasSection, TagSection } from './sections.tsx'
import { SecuritySection } from './security.tsx'

/** The article: header, intro, security, tags with their operations and events, responses, schemas, headers. */
function Article({ page }: { page: PageState }) {
  const tags = page.tagGroups().flatMap((group) => group.tags)
  return (
    <article className="fsr-article">
      <PageHeader page={page} />
      <Intro page={page} />
      <SecuritySection page={page} />
      {tags.map((tag) => {
        const ops = page.operationsOf(tag)
        const events = page.webhooksOf(tag)
        if (ops.length === 0 && events.length === 0) return null
        return [
          <TagSection key={tag} tag={tag} page={page} />,
          ...ops.map((op) => <OperationSection key={op.operationId} op={op} page={page} />),
          ...events.map(([type, operation]) => (
            <EventSection key={`event-${type}`} type={type} operation={operation} page={page} />
          )),
        ]
      })}
      <SharedResponsesSection page={page} />
      <SchemasSection page={page} />
      <HeadersSection page={page} />
    </article>
  )
}

/**
 * The page's markup, rendered to static HTML at build time (no React in the browser for it: the
 * page component puts it in place as is). The article renders first: what it registers (intro
 * headings, section ids, shared responses) is what the contents list.
 */
export function renderPageHtml(page: PageState): string {
  const article = renderToStaticMarkup(<Article page={page} />)
  const nav = renderToStaticMarkup(<Nav page={page} />)
  return `${page.input.languageScript ?? ''}<div class="fsr-layout">${nav}<main class="fsr-main">${article}</main></div>`
}
