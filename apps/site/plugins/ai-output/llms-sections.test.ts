import { describe, expect, it } from 'vitest'
import sidebars from '../../sidebars.ts'
import { llmsFull, llmsIndex, type Page } from './index.ts'
import { type LoadedVersionLike, llmsSections, type SidebarItemLike } from './llms-sections.ts'

/** The site's own sidebars as Docusaurus loads them: `{type: 'doc', id}` items, categories with `items`. */
function loaded(items: unknown[]): SidebarItemLike[] {
  return items.map((item) => {
    if (typeof item === 'string') return { type: 'doc', id: item }
    const category = item as { type?: string; label: string; items: unknown[]; link?: { type: string; id: string } }
    return { type: 'category', label: category.label, items: loaded(category.items), link: category.link }
  })
}

// Docusaurus gives docs permalinks without the trailing slash that `trailingSlash: true` adds to routes.
const permalinkOf = (id: string) => (id === 'index' ? '/' : `/${id.replace(/\/index$/, '/')}`)
const routeOf = (id: string) => (id === 'index' ? '/' : `/${id.replace(/\/index$/, '')}/`)

function version(sidebarItems: Record<string, SidebarItemLike[]>, extraDocs: string[] = []): LoadedVersionLike {
  const ids = new Set(['index', ...extraDocs])
  const collect = (items: SidebarItemLike[]) => {
    for (const item of items) {
      if (item.id) ids.add(item.id)
      if (item.link?.id) ids.add(item.link.id)
      if (item.items) collect(item.items)
    }
  }
  for (const items of Object.values(sidebarItems)) collect(items)
  return {
    isLast: true,
    path: '/',
    docs: [...ids].map((id) => ({ id, permalink: permalinkOf(id) })),
    sidebars: sidebarItems,
  }
}

function pageOf(route: string, title = route): Page {
  return { route, twin: `${route.replace(/\/$/, '') || '/index'}.md`, title, description: '', markdown: `# ${title}` }
}

const navbarItems = [
  { docId: 'index', label: 'Get started' },
  { sidebarId: 'storefront', label: 'Storefront' },
  { sidebarId: 'webhooks', label: 'Webhooks' },
  { sidebarId: 'operate', label: 'Operate' },
]

describe('llmsSections', () => {
  it('lists every guide of the site’s sidebars under its sidebar’s navbar heading, in sidebar order', () => {
    const current = version(
      Object.fromEntries(Object.entries(sidebars).map(([name, items]) => [name, loaded(items as unknown[])])),
      ['compatibility'],
    )
    const docRoutes = current.docs.map((doc) => routeOf(doc.id))
    const reference = ['/open-api/', '/open-api-beta/', '/storefront-api/']
    // Pages arrive in route order (as the build lists them), not in reading order.
    const pages = [...docRoutes, ...reference].sort().map((route) => pageOf(route))
    const sections = llmsSections(pages, [current], { navbarItems, referenceRoutes: reference })

    expect(sections.map((s) => s.title)).toEqual(['Get started', 'Storefront', 'Webhooks', 'Operate', 'API reference'])
    for (const [name, items] of Object.entries(sidebars)) {
      const heading = navbarItems.find((item) => item.sidebarId === name)!.label
      const section = sections.find((s) => s.title === heading)!
      expect(section.pages.map((p) => p.route)).toEqual((items as string[]).map(routeOf))
    }
    expect(sections[0]!.pages.map((p) => p.route)).toEqual(['/', '/compatibility/'])
    expect(sections.at(-1)!.pages.map((p) => p.route)).toEqual(reference)
    // Every page is listed exactly once.
    expect(sections.flatMap((s) => s.pages).length).toBe(pages.length)
  })

  it('makes each sidebar category a section with the category’s label, holding its own guides', () => {
    const current = version({
      guides: [
        { type: 'doc', id: 'guides/index' },
        {
          type: 'category',
          label: 'Payments',
          link: { type: 'doc', id: 'guides/payments' },
          items: [{ type: 'doc', id: 'guides/refunds' }],
        },
        { type: 'category', label: 'Shipping', items: [{ type: 'doc', id: 'guides/tracking' }] },
      ],
    })
    const pages = ['/', '/guides/', '/guides/payments/', '/guides/refunds/', '/guides/tracking/'].map((r) => pageOf(r))
    const sections = llmsSections(pages, [current], { navbarItems: [{ sidebarId: 'guides', label: 'Guides' }] })
    expect(sections.map((s) => [s.depth, s.title, s.pages.map((p) => p.route)])).toEqual([
      [2, 'Get started', ['/']],
      [2, 'Guides', ['/guides/']],
      [3, 'Payments', ['/guides/payments/', '/guides/refunds/']],
      [3, 'Shipping', ['/guides/tracking/']],
    ])
  })

  it('leaves out pages of older versions', () => {
    const current = version({ storefront: [{ type: 'doc', id: 'storefront/index' }] })
    const old: LoadedVersionLike = { ...current, isLast: false, path: '/1.0' }
    const sections = llmsSections([pageOf('/'), pageOf('/storefront/'), pageOf('/1.0/storefront/')], [current, old])
    expect(sections.flatMap((s) => s.pages.map((p) => p.route))).toEqual(['/', '/storefront/'])
  })
})

describe('llms.txt and llms-full.txt', () => {
  it('heads each section as the sidebar does and lists the twins in that order; the full text follows it', () => {
    const current = version({
      storefront: [
        { type: 'doc', id: 'storefront/index' },
        { type: 'doc', id: 'storefront/checkout' },
      ],
      webhooks: [{ type: 'doc', id: 'webhooks/index' }],
    })
    const pages = ['/webhooks/', '/storefront/checkout/', '/storefront/', '/'].map((route) =>
      pageOf(route, `${route} | Docs`),
    )
    const sections = llmsSections(pages, [current], { navbarItems })
    const index = llmsIndex(sections, 'https://docs.test', 'Docs', 'Tagline.')
    const headings = index.split('\n').filter((line) => line.startsWith('## '))
    expect(headings.slice(0, 3)).toEqual(['## Get started', '## Storefront', '## Webhooks'])
    const storefront = index.slice(index.indexOf('## Storefront'), index.indexOf('## Webhooks'))
    expect(storefront).toContain(
      '- [/storefront/](https://docs.test/storefront.md)\n- [/storefront/checkout/](https://docs.test/storefront/checkout.md)',
    )
    const full = llmsFull(sections, 'https://docs.test', 'Docs')
    const order = ['/', '/storefront/', '/storefront/checkout/', '/webhooks/'].map((route) =>
      full.indexOf(`<!-- https://docs.test${route} -->`),
    )
    expect(order).toEqual([...order].sort((a, b) => a - b))
    expect(order.every((at) => at >= 0)).toBe(true)
  })
})
