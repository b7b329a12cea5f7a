import { renderToStaticMarkup } from 'react-dom/server'
import { markdownTwinPath } from '../../../../src/markdown-twin.ts'
import type { PageState } from '../page-state.ts'
import { defaultLanguage, referenceLanguages } from '../samples/languages.ts'
import { type OtherSamples, samplesFile } from '../samples-file.ts'
import { EventSection } from './event.tsx'
import { Nav } from './nav.tsx'
import { OperationSection } from './operation.tsx'
import { SharedResponsesSection } from './responses.tsx'
import { otherSamples } from './samples.tsx'
import { HeadersSection, Intro, PageHeader, SchemasSection, TagSection } from './sections.tsx'
import { SecuritySection } from './security.tsx'

/** The article: header, intro, security, tags with their operations and events, responses, schemas, headers. */
function Article({ page }: { page: PageState }) {
  const tags = page.tagGroups().flatMap((group) => group.tags)
  return (
    <article className="fsr-article">
      <PageHeader page={page} />
      {page.operations.length > 0 && <NoScriptSamples page={page} />}
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

/** Shown only without JavaScript (the other languages' samples are fetched by script): where they are. */
function NoScriptSamples({ page }: { page: PageState }) {
  const label = referenceLanguages.find((language) => language.id === defaultLanguage)?.label ?? defaultLanguage
  return (
    <div className="fsr-nojs">
      The code samples on this page are in {label}; the{' '}
      <a href={markdownTwinPath(page.input.route)}>Markdown version</a> of this page has them in every language.
    </div>
  )
}

export interface PageMarkup {
  html: string
  /** The operations' samples in the other languages, served as `samplesPath` (lib/samples-file.ts). */
  samples: OtherSamples
  samplesPath: string
  samplesJson: string
}

/**
 * The page's markup, rendered to static HTML at build time (no React in the browser for it: the
 * page component puts it in place as is). The article renders first: what it registers (intro
 * headings, section ids, shared responses, sample requests) is what the contents list and what
 * the samples file holds.
 */
export function renderPageHtml(page: PageState): PageMarkup {
  const article = renderToStaticMarkup(<Article page={page} />)
  const nav = renderToStaticMarkup(<Nav page={page} />)
  const samples = otherSamples(page.sampleRequests)
  const file = samplesFile(page.input.route, samples)
  const attribute = page.sampleRequests.size > 0 ? ` data-samples="${file.path}"` : ''
  return {
    html: `${page.input.languageScript ?? ''}<div class="fsr-layout"${attribute}>${nav}<main class="fsr-main">${article}</main></div>`,
    samples,
    samplesPath: file.path,
    samplesJson: file.json,
  }
}
