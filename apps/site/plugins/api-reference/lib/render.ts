import { renderPageHtml } from './components/page.tsx'
import { operationLinkIndex, operationsOf, PageState, type SpecInput } from './page-state.ts'
import type { OtherSamples } from './samples-file.ts'
import type { TryItOperation, TryItParameter, TryItSecurity } from './tryit-types.ts'

/**
 * A contract → its reference page: HTML rendered at build time from React components
 * (lib/components/, decision 0039), plus what the plugin needs besides (anchors, links, try-it data).
 */

export { sampleServer } from './components/operation.tsx'
export { errorCodes } from './components/responses.tsx'
export type { OperationInfo, SpecInput } from './page-state.ts'
export type { OtherSamples } from './samples-file.ts'
export type { TryItOperation, TryItParameter, TryItSecurity }
export { operationLinkIndex, operationsOf }

export interface RenderedPage {
  specId: string
  route: string
  title: string
  description: string
  html: string
  /** Every operation's samples in the languages the page does not carry (lib/samples-file.ts). */
  samples: OtherSamples
  /** Site path of the samples file, e.g. `/open-api/samples-0123456789.json`. */
  samplesPath: string
  samplesJson: string
  anchors: string[]
  links: string[]
  tryIt: Record<string, TryItOperation>
  operations: Array<{ operationId: string; method: string; path: string }>
  schemas: string[]
  events: string[]
}

export function renderSpec(input: SpecInput, all: SpecInput[] = [input]): RenderedPage {
  const page = new PageState(input, operationLinkIndex(all, input))
  const { doc } = page
  const { html, samples, samplesPath, samplesJson } = renderPageHtml(page)
  const links = [...page.links].filter(
    (href) => href.startsWith('#') || (href.startsWith('/') && !/\.[a-z0-9]+$/i.test(href.split('#')[0] ?? '')),
  )
  return {
    specId: input.specId,
    route: input.route,
    title: doc.info.title,
    description: doc.info.summary ?? doc.info.title,
    html,
    samples,
    samplesPath,
    samplesJson,
    anchors: [...page.ids.used],
    links,
    tryIt: page.tryIt,
    operations: page.operations.map((op) => ({
      operationId: op.operationId,
      method: op.method.toUpperCase(),
      path: op.path,
    })),
    schemas: Object.keys(doc.components?.schemas ?? {}),
    events: Object.keys(doc.webhooks ?? {}),
  }
}
