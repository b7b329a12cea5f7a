/**
 * The sections of `/llms.txt` and `/llms-full.txt`, laid out as a reader finds the pages in the
 * site: the landing's "Get started" first, then one section per sidebar, headed as the navbar
 * names it and in the sidebar's order — a category inside a sidebar is a section of its own,
 * headed with the category's label, holding its own guides — then the API reference, then any
 * other page. Doc permalinks are compared without their trailing slash (Docusaurus gives docs
 * `/storefront/checkout` while `trailingSlash: true` builds the route `/storefront/checkout/`).
 */

export interface PageLike {
  route: string
}

export interface Section<P extends PageLike> {
  title: string
  /** 2 for a sidebar or a top-level group, 3 for a category inside a sidebar. */
  depth: 2 | 3
  pages: P[]
}

export interface SidebarItemLike {
  type: string
  id?: string
  label?: string
  items?: SidebarItemLike[]
  link?: { type: string; id?: string }
}

export interface LoadedVersionLike {
  isLast: boolean
  path: string
  docs: Array<{ id: string; permalink: string }>
  sidebars: Record<string, SidebarItemLike[]>
}

export interface NavbarItemLike {
  label?: string
  sidebarId?: string
  docId?: string
  items?: NavbarItemLike[]
}

export interface SectionOptions {
  /** The navbar's items: a sidebar's section takes the label of the navbar item that opens it. */
  navbarItems?: NavbarItemLike[]
  /** Routes of the API reference pages, listed in their own section. */
  referenceRoutes?: readonly string[]
}

const withoutTrailingSlash = (route: string) => (route.length > 1 ? route.replace(/\/+$/, '') : route)

function navbarLabels(items: NavbarItemLike[], into = new Map<string, string>()) {
  for (const item of items) {
    if (item.label && item.sidebarId && !into.has(`sidebar:${item.sidebarId}`)) {
      into.set(`sidebar:${item.sidebarId}`, item.label)
    }
    if (item.label && item.docId && !into.has(`doc:${item.docId}`)) into.set(`doc:${item.docId}`, item.label)
    if (item.items) navbarLabels(item.items, into)
  }
  return into
}

function titleCase(id: string): string {
  return id.charAt(0).toUpperCase() + id.slice(1).replace(/[-_]/g, ' ')
}

export function llmsSections<P extends PageLike>(
  pages: P[],
  versions: LoadedVersionLike[],
  options: SectionOptions = {},
): Section<P>[] {
  const byRoute = new Map(pages.map((page) => [withoutTrailingSlash(page.route), page]))
  const current = versions.find((version) => version.isLast)
  const versionPrefixes = versions
    .filter((version) => !version.isLast)
    .map((version) => version.path.replace(/\/?$/, '/'))
  const labels = navbarLabels(options.navbarItems ?? [])
  const used = new Set<string>()
  const take = (route: string | undefined): P[] => {
    if (route === undefined) return []
    const key = withoutTrailingSlash(route)
    const page = byRoute.get(key)
    if (page === undefined || used.has(key)) return []
    used.add(key)
    return [page]
  }
  const permalinkOf = (id: string | undefined) =>
    id === undefined ? undefined : current?.docs.find((doc) => doc.id === id)?.permalink

  const sidebarDocIds = new Set<string>()
  const collectIds = (items: SidebarItemLike[]) => {
    for (const item of items) {
      if (item.type === 'doc' && item.id) sidebarDocIds.add(item.id)
      if (item.link?.type === 'doc' && item.link.id) sidebarDocIds.add(item.link.id)
      if (item.items) collectIds(item.items)
    }
  }
  for (const items of Object.values(current?.sidebars ?? {})) collectIds(items)

  const sections: Section<P>[] = []
  // The landing page and the other guides outside every sidebar (Compatibility), under the landing's name.
  const outside = (current?.docs ?? []).filter((doc) => doc.id !== 'index' && !sidebarDocIds.has(doc.id))
  sections.push({
    title: labels.get('doc:index') ?? 'Get started',
    depth: 2,
    pages: [...take(permalinkOf('index')), ...outside.flatMap((doc) => take(doc.permalink))],
  })

  const addItems = (items: SidebarItemLike[], section: Section<P>) => {
    for (const item of items) {
      if (item.type === 'doc') section.pages.push(...take(permalinkOf(item.id)))
      if (item.type === 'category') {
        const category: Section<P> = { title: item.label ?? 'Guides', depth: 3, pages: [] }
        sections.push(category)
        if (item.link?.type === 'doc') category.pages.push(...take(permalinkOf(item.link.id)))
        addItems(item.items ?? [], category)
      }
    }
  }
  for (const [sidebar, items] of Object.entries(current?.sidebars ?? {})) {
    const section: Section<P> = { title: labels.get(`sidebar:${sidebar}`) ?? titleCase(sidebar), depth: 2, pages: [] }
    sections.push(section)
    addItems(items, section)
  }

  const rest = pages.filter(
    (page) =>
      !used.has(withoutTrailingSlash(page.route)) && !versionPrefixes.some((prefix) => page.route.startsWith(prefix)),
  )
  sections.push({
    title: 'API reference',
    depth: 2,
    pages: (options.referenceRoutes ?? []).flatMap((route) =>
      rest.some((page) => withoutTrailingSlash(page.route) === withoutTrailingSlash(route)) ? take(route) : [],
    ),
  })
  sections.push({
    title: 'Other pages',
    depth: 2,
    pages: rest.filter((page) => !used.has(withoutTrailingSlash(page.route))),
  })
  // Empty sections go, except a sidebar's heading over categories that list pages.
  return sections.filter((section, index) => {
    if (section.pages.length > 0) return true
    if (section.depth === 3) return false
    for (const next of sections.slice(index + 1)) {
      if (next.depth === 2) return false
      if (next.pages.length > 0) return true
    }
    return false
  })
}
