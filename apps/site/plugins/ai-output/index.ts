import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { LoadContext, Plugin, Props } from '@docusaurus/types'
import { markdownTwinPath } from '../../src/markdown-twin.ts'
import { type OtherSamples, withEverySample } from '../api-reference/lib/samples-file.ts'
import { type PageMarkdown, pageToMarkdown } from './html-to-markdown.ts'
import { type LoadedVersionLike, llmsSections, type NavbarItemLike, type Section } from './llms-sections.ts'

/**
 * AI-ready output, written after the HTML is built so that it holds exactly what readers see
 * (including tables and payloads that components render from the contract):
 *
 * - a Markdown twin of every page: `/webhooks/testing/` → `/webhooks/testing.md`, `/` → `/index.md`;
 * - `/llms.txt`, an index of the current docs in the llmstxt.org format, linking the twins;
 * - `/llms-full.txt`, every current page's Markdown in one file.
 */

export interface Page extends PageMarkdown {
  route: string
  twin: string
}

const skippedRoutes = new Set(['/404.html', '/search/'])

function htmlFileOf(outDir: string, route: string): string {
  return path.join(outDir, route, 'index.html')
}

function title(page: Page, siteTitle: string): string {
  return page.title.replace(` | ${siteTitle}`, '').trim() || page.route
}

function loadedVersions(props: Props): LoadedVersionLike[] {
  const docsPlugin = props.plugins.find((plugin) => plugin.name === 'docusaurus-plugin-content-docs')
  const content = docsPlugin?.content as { loadedVersions?: LoadedVersionLike[] } | undefined
  return content?.loadedVersions ?? []
}

interface ReferencePageLike {
  route: string
  samples?: OtherSamples
}

function referencePages(props: Props): ReferencePageLike[] {
  const reference = props.plugins.find((plugin) => plugin.name === 'fanshelf-api-reference')
  const content = reference?.content as { pages?: ReferencePageLike[] } | undefined
  return content?.pages ?? []
}

function twinHeader(page: Page, siteUrl: string, siteTitle: string): string {
  return [
    `> This is the Markdown version of ${siteUrl}${page.route} from the ${siteTitle}.`,
    `> The index of every page is ${siteUrl}/llms.txt; the whole text is ${siteUrl}/llms-full.txt.`,
  ].join('\n')
}

export default function aiOutputPlugin(context: LoadContext): Plugin {
  const { siteConfig } = context
  return {
    name: 'fanshelf-ai-output',

    async postBuild(props) {
      const { outDir, routesPaths } = props
      const siteUrl = siteConfig.url
      const routes = [...new Set(routesPaths)].filter((route) => !skippedRoutes.has(route) && route.endsWith('/'))

      // A reference page carries one language's samples; its twin has every language's.
      const referenceSamples = new Map(referencePages(props).map((page) => [page.route, page.samples]))
      const pages: Page[] = []
      for (const route of routes) {
        let html: string
        try {
          html = await readFile(htmlFileOf(outDir, route), 'utf8')
        } catch {
          continue
        }
        const samples = referenceSamples.get(route)
        const converted = pageToMarkdown(samples ? withEverySample(html, samples) : html, { siteUrl })
        if (converted === undefined) continue
        const page: Page = { ...converted, route, twin: markdownTwinPath(route) }
        pages.push(page)
        await writeFile(
          path.join(outDir, page.twin),
          `${twinHeader(page, siteUrl, siteConfig.title)}\n\n${page.markdown}\n`,
          'utf8',
        )
      }

      const navbar = (siteConfig.themeConfig as { navbar?: { items?: NavbarItemLike[] } }).navbar
      const sections = llmsSections(pages, loadedVersions(props), {
        navbarItems: navbar?.items ?? [],
        referenceRoutes: referencePages(props).map((page) => page.route),
      })
      await writeFile(path.join(outDir, 'llms.txt'), llmsIndex(sections, siteUrl, siteConfig.title, siteConfig.tagline))
      await writeFile(path.join(outDir, 'llms-full.txt'), llmsFull(sections, siteUrl, siteConfig.title))
    },
  }
}

export function llmsIndex(sections: Section<Page>[], siteUrl: string, siteTitle: string, tagline: string): string {
  const lines = [
    `# ${siteTitle}`,
    '',
    `> ${tagline} Fanshelf is a creator-commerce platform: shops sell merchandise, take donations, sell gifts and run giveaways, sell memberships and run promotions. Developers integrate through the open API (/open-api/v1.0, API users with HTTP Basic or OAuth bearer tokens), the storefront API (/v1, a public storefront token) and signed webhooks.`,
    '',
    'Every page below is also available as Markdown (the links point at the Markdown versions). The OpenAPI documents are the source of truth for every field, status and error code.',
    '',
  ]
  for (const section of sections) {
    lines.push(`${'#'.repeat(section.depth)} ${section.title}`, '')
    for (const page of section.pages) {
      const description = page.description ? `: ${page.description}` : ''
      lines.push(`- [${title(page, siteTitle)}](${siteUrl}${page.twin})${description}`)
    }
    lines.push('')
  }
  lines.push(
    '## OpenAPI documents',
    '',
    `- [open-api.yaml](${siteUrl}/openapi/open-api.yaml): the open API and every webhook event (OpenAPI 3.1)`,
    `- [open-api-beta.yaml](${siteUrl}/openapi/open-api-beta.yaml): the beta memberships operations`,
    `- [storefront-api.yaml](${siteUrl}/openapi/storefront-api.yaml): the storefront API`,
    '',
    '## Optional',
    '',
    `- [llms-full.txt](${siteUrl}/llms-full.txt): the full text of every page above in one file`,
    '',
  )
  return lines.join('\n')
}

export function llmsFull(sections: Section<Page>[], siteUrl: string, siteTitle: string): string {
  const parts = [`# ${siteTitle} — full text`, '', `Source: ${siteUrl}/ (index: ${siteUrl}/llms.txt)`, '']
  for (const section of sections) {
    for (const page of section.pages) {
      parts.push('---', '', `<!-- ${siteUrl}${page.route} -->`, '', page.markdown, '')
    }
  }
  return `${parts.join('\n').trim()}\n`
}
