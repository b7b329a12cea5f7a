import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { loadDocument } from '../lib/load.ts'
import { type RenderedPage, renderSpec, type SpecInput } from '../lib/render.ts'

export const fixtureDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures')
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..')

export async function renderFixture(file: string, extra: Partial<SpecInput> = {}): Promise<RenderedPage> {
  const doc = await loadDocument(path.join(fixtureDir, file))
  return renderSpec({ specId: 'open-api', route: '/shapes/', doc, ...extra })
}

/** The HTML of the element with this id's section (from the id to the next section end). */
export function section(html: string, id: string): string {
  const start = html.indexOf(`id="${id}"`)
  if (start < 0) throw new Error(`no element with id ${id}`)
  const open = html.lastIndexOf('<section', start)
  const end = html.indexOf('</section>', start)
  return html.slice(open, end)
}

/** Every `href="#x"` in the page must name an element id of the page. */
export function danglingHashLinks(html: string): string[] {
  const ids = new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((match) => match[1]))
  const hrefs = [...html.matchAll(/href="#([^"]*)"/g)].map((match) => match[1] ?? '')
  return [...new Set(hrefs.filter((href) => !ids.has(href)))]
}
