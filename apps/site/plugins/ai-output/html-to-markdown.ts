import type { Element, ElementContent, Nodes, Parents, Root, RootContent, Text } from 'hast'
import { fromHtml } from 'hast-util-from-html'
import { toMdast } from 'hast-util-to-mdast'
import { gfmToMarkdown } from 'mdast-util-gfm'
import { toMarkdown } from 'mdast-util-to-markdown'

/** What a built page says about itself, and its content as Markdown. */
export interface PageMarkdown {
  title: string
  description: string
  markdown: string
}

export interface ConvertOptions {
  /** Absolute origin; site-relative links in the Markdown are made absolute with it. */
  siteUrl: string
}

function classes(node: Element): string[] {
  const value = node.properties.className
  if (Array.isArray(value)) return value.map(String)
  return typeof value === 'string' ? String(value).split(' ') : []
}

function hasClass(node: Element, name: string): boolean {
  return classes(node).includes(name)
}

function hasClassPrefix(node: Element, prefix: string): boolean {
  return classes(node).some((name) => name.startsWith(prefix))
}

function isElement(node: Nodes | undefined): node is Element {
  return node !== undefined && node.type === 'element'
}

function find(node: Nodes, test: (element: Element) => boolean): Element | undefined {
  if (isElement(node) && test(node)) return node
  if ('children' in node) {
    for (const child of node.children) {
      const found = find(child, test)
      if (found) return found
    }
  }
  return undefined
}

function findAll(node: Nodes, test: (element: Element) => boolean, found: Element[] = []): Element[] {
  if (isElement(node) && test(node)) found.push(node)
  if ('children' in node) for (const child of node.children) findAll(child, test, found)
  return found
}

/** Text content, with <br> as a line break (how Docusaurus code blocks end each line). */
function textOf(node: Nodes): string {
  if (node.type === 'text') return node.value
  if (isElement(node) && node.tagName === 'br') return '\n'
  if ('children' in node) return node.children.map((child) => textOf(child)).join('')
  return ''
}

function text(value: string): Text {
  return { type: 'text', value }
}

function element(tagName: string, children: ElementContent[], properties: Element['properties'] = {}): Element {
  return { type: 'element', tagName, properties, children }
}

function codeBlock(code: string, language: string | undefined): Element {
  const properties = language ? { className: [`language-${language}`] } : {}
  return element('pre', [element('code', [text(code.replace(/\n+$/, ''))], properties)])
}

/** Rewrites Docusaurus' rendered widgets into plain HTML that converts cleanly to Markdown. */
function simplify(parent: Parents, siteUrl: string): void {
  const next: RootContent[] = []
  for (const child of parent.children) {
    if (child.type === 'comment') continue
    if (!isElement(child)) {
      next.push(child)
      continue
    }
    const node = child
    if (
      ['button', 'noscript', 'svg', 'script', 'style', 'template'].includes(node.tagName) ||
      hasClass(node, 'hash-link') ||
      hasClass(node, 'copy-page') ||
      node.properties.ariaHidden === 'true'
    ) {
      continue
    }
    if (typeof node.properties.dataMermaidSource === 'string') {
      next.push(codeBlock(node.properties.dataMermaidSource, 'mermaid'))
      continue
    }
    if (hasClass(node, 'theme-code-block')) {
      const language = classes(node)
        .find((name) => name.startsWith('language-'))
        ?.slice('language-'.length)
      const title = find(node, (inner) => hasClassPrefix(inner, 'codeBlockTitle'))
      const code = find(node, (inner) => inner.tagName === 'code')
      if (title) next.push(element('p', [element('em', [text(textOf(title).trim())])]))
      next.push(codeBlock(code ? textOf(code) : textOf(node), language === 'text' ? undefined : language))
      continue
    }
    if (hasClass(node, 'tabs-container')) {
      const labels = findAll(node, (inner) => inner.properties.role === 'tab').map((tab) => textOf(tab).trim())
      const panels = findAll(node, (inner) => inner.properties.role === 'tabpanel')
      panels.forEach((panel, index) => {
        next.push(element('p', [element('strong', [text(labels[index] ?? `Tab ${index + 1}`)])]))
        simplify(panel, siteUrl)
        next.push(...(panel.children as RootContent[]))
      })
      continue
    }
    if (hasClass(node, 'theme-admonition')) {
      const heading = find(node, (inner) => hasClassPrefix(inner, 'admonitionHeading'))
      const content = find(node, (inner) => hasClassPrefix(inner, 'admonitionContent'))
      const body = content ?? node
      simplify(body, siteUrl)
      const label = heading ? textOf(heading).trim() : 'Note'
      next.push(
        element('blockquote', [
          element('p', [element('strong', [text(label.charAt(0).toUpperCase() + label.slice(1))])]),
          ...(body.children as ElementContent[]),
        ]),
      )
      continue
    }
    if (node.tagName === 'details') {
      const summary = find(node, (inner) => inner.tagName === 'summary')
      simplify(node, siteUrl)
      next.push(element('p', [element('strong', [text(summary ? textOf(summary).trim() : 'Details')])]))
      for (const inner of node.children) {
        if (isElement(inner) && inner.tagName === 'summary') continue
        next.push(inner as RootContent)
      }
      continue
    }
    if (node.tagName === 'a' && hasClass(node, 'area-card')) {
      // A card (AreaCards): its title and its text are blocks on screen; inline in Markdown they
      // would run together ("Storefront guidesBuild your own…"). The title becomes the link, the
      // text follows it as a sentence.
      const [titleElement, ...rest] = node.children.filter(
        (inner) => isElement(inner) || (inner.type === 'text' && inner.value.trim() !== ''),
      )
      const href = typeof node.properties.href === 'string' ? node.properties.href : ''
      const cardTitle = titleElement ? textOf(titleElement).trim() : ''
      const cardText = rest
        .map((inner) => textOf(inner).trim())
        .filter(Boolean)
        .join(' ')
      next.push(element('a', [text(cardTitle)], { href: href.startsWith('/') ? `${siteUrl}${href}` : href }))
      if (cardText) next.push(text(` — ${cardText}`))
      continue
    }
    if (node.tagName === 'a' && typeof node.properties.href === 'string' && node.properties.href.startsWith('/')) {
      node.properties.href = `${siteUrl}${node.properties.href}`
    }
    if (node.tagName === 'img' && typeof node.properties.src === 'string' && node.properties.src.startsWith('/')) {
      node.properties.src = `${siteUrl}${node.properties.src}`
    }
    simplify(node, siteUrl)
    next.push(node)
  }
  parent.children = next as typeof parent.children
}

function metaContent(root: Root, name: string): string {
  const meta = find(root, (node) => node.tagName === 'meta' && node.properties.name === name)
  return typeof meta?.properties.content === 'string' ? meta.properties.content : ''
}

/**
 * Converts a built Docusaurus page to Markdown: the doc's Markdown body if it is a doc page, else
 * its <article>, else its <main>. Returns undefined for a page with none of those.
 */
export function pageToMarkdown(html: string, options: ConvertOptions): PageMarkdown | undefined {
  const root = fromHtml(html)
  const titleElement = find(root, (node) => node.tagName === 'title')
  const title = titleElement ? textOf(titleElement).trim() : ''
  const description = metaContent(root, 'description')
  const content =
    find(root, (node) => hasClass(node, 'theme-doc-markdown')) ??
    find(root, (node) => node.tagName === 'article') ??
    find(root, (node) => node.tagName === 'main')
  if (content === undefined) return undefined
  const body: Root = { type: 'root', children: [element('div', content.children)] }
  simplify(body, options.siteUrl)
  const mdast = toMdast(body)
  const markdown = toMarkdown(mdast, { extensions: [gfmToMarkdown()], bullet: '-', fences: true, rule: '-' })
  return { title, description, markdown: markdown.replace(/\n{3,}/g, '\n\n').trim() }
}
