import { createHash } from 'node:crypto'

/**
 * The samples file of a reference page (decision 0053): every operation's samples in the languages
 * the page does not show by default, as `operationId → language → HTML` of the sample block. It is a
 * static file beside the page, named after its content (`/open-api/samples-<hash>.json`), so a page
 * always asks for the file built with it. The page names it in `data-samples` on `.fsr-layout`.
 */

export type OtherSamples = Record<string, Record<string, string>>

export interface SamplesFile {
  /** Site path, e.g. `/open-api/samples-0123456789.json`. */
  path: string
  json: string
}

export function samplesFile(route: string, samples: OtherSamples): SamplesFile {
  const json = JSON.stringify(samples)
  const hash = createHash('sha256').update(json).digest('hex').slice(0, 10)
  return { path: `${route}samples-${hash}.json`, json }
}

/**
 * Where an operation's samples block ends in the markup: just before its "Try it" button. The built
 * page is minified (attribute quotes dropped where HTML allows), so quotes are optional.
 */
function samplesEnd(operationId: string): RegExp {
  const id = operationId.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return new RegExp(`</div><button type="?button"? class="?fsr-try"? data-op="?${id}"?>`)
}

/**
 * The no-JavaScript note (components/page.tsx) that points at the Markdown twin for these samples: a
 * `<div>` with no `<div>` inside, as the minifier never drops a `</div>` (it drops `</p>`).
 */
const noScriptNote = /<div class="?fsr-nojs"?>[\s\S]*?<\/div>/

/**
 * The page's HTML with every operation's other samples put back in its samples block (and without
 * the note that says where they are), as the page was before they moved to the samples file: what
 * the Markdown twin is made from, so that it keeps every language. Throws if an operation's block
 * is not where the markup puts it.
 */
export function withEverySample(html: string, samples: OtherSamples): string {
  let out = html.replace(noScriptNote, '')
  for (const [operationId, languages] of Object.entries(samples)) {
    const at = out.search(samplesEnd(operationId))
    if (at === -1) throw new Error(`api-reference: no samples block for ${operationId}`)
    out = `${out.slice(0, at)}${Object.values(languages).join('')}${out.slice(at)}`
  }
  return out
}
