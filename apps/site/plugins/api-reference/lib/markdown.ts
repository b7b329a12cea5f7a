import type { Element, ElementContent, Nodes as HastNodes, Root as HastRoot, Parents } from 'hast'
import { toJsxRuntime } from 'hast-util-to-jsx-runtime'
import { fromMarkdown } from 'mdast-util-from-markdown'
import { gfmFromMarkdown } from 'mdast-util-gfm'
import { toHast } from 'mdast-util-to-hast'
import { gfm } from 'micromark-extension-gfm'
import { createElement, type ReactNode } from 'react'
import { Fragment, jsx, jsxs } from 'react/jsx-runtime'
import { highlightedHast } from './components/code-block.tsx'

/**
 * CommonMark + GFM to React elements at build time (the same micromark/mdast/hast stack Docusaurus' MDX
 * pipeline is built on, without MDX: descriptions are plain Markdown, raw HTML in them is dropped).
 * Headings get ids and `a.hash-link` anchors like Docusaurus headings (so the search plugin and the
 * broken-anchor checker see them), code blocks are highlighted, tables scroll on narrow screens,
 * and inline code that names an operation (`GET /orders`) links to it.
 */

export interface Heading {
  depth: number
  id: string
  text: string
}

export interface MarkdownContext {
  /** Page-wide id registry: every id the page emits, so a heading slug never collides. */
  ids: IdRegistry
  /** Every href emitted, for the broken-link checker. */
  links: Set<string>
  /** `METHOD /path` → href of the operation, for auto-linking inline code. */
  operationLinks?: Map<string, string>
}

export interface MarkdownOptions {
  /** Added to every heading depth (`## x` with offset 2 becomes h4), capped at h6. */
  headingOffset?: number
  /** Receives the headings (after offset) in order. */
  headings?: Heading[]
  /** Prefix for heading ids. */
  idPrefix?: string
}

export class IdRegistry {
  readonly used = new Set<string>()

  /** Registers an exact id; throws on duplicates (anchors must be unique and stable). */
  claim(id: string): string {
    if (this.used.has(id)) throw new Error(`Duplicate anchor id "${id}"`)
    this.used.add(id)
    return id
  }

  /** A unique id derived from text, github-slugger style, with -1, -2… on collision. */
  slug(text: string, prefix = ''): string {
    const base =
      prefix +
      (text
        .toLowerCase()
        .trim()
        .replace(/[^\p{L}\p{N}\s_-]/gu, '')
        .replace(/\s/g, '-') || 'section')
    let id = base
    for (let n = 1; this.used.has(id); n++) id = `${base}-${n}`
    this.used.add(id)
    return id
  }
}

function textOf(node: HastNodes): string {
  if (node.type === 'text') return node.value
  if ('children' in node) return node.children.map((child) => textOf(child as HastNodes)).join('')
  return ''
}

const operationPattern = /^(GET|PUT|POST|DELETE|PATCH|HEAD|OPTIONS)\s+(\/\S*)$/

function transform(parent: Parents, ctx: MarkdownContext, options: MarkdownOptions): void {
  const children = parent.children as ElementContent[]
  for (let index = 0; index < children.length; index++) {
    const node = children[index]
    if (node?.type !== 'element') continue
    const heading = /^h([1-6])$/.exec(node.tagName)
    if (heading) {
      const depth = Math.min(6, Number(heading[1]) + (options.headingOffset ?? 0))
      node.tagName = `h${depth}`
      const text = textOf(node).trim()
      const id = ctx.ids.slug(text, options.idPrefix)
      node.properties = { ...node.properties, id }
      node.children.push({
        type: 'element',
        tagName: 'a',
        properties: { href: `#${id}`, className: ['hash-link'], ariaLabel: `Direct link to ${text}` },
        children: [{ type: 'text', value: '#' }],
      })
      ctx.links.add(`#${id}`)
      options.headings?.push({ depth, id, text })
      continue
    }
    if (node.tagName === 'pre') {
      const codeNode = node.children.find(
        (child): child is Element => child.type === 'element' && child.tagName === 'code',
      )
      const className = codeNode?.properties.className
      const language = Array.isArray(className)
        ? String(className.find((name) => String(name).startsWith('language-')) ?? '').replace('language-', '')
        : undefined
      const source = codeNode ? textOf(codeNode).replace(/\n$/, '') : textOf(node)
      children[index] = codeBlockHast(source, language)
      continue
    }
    if (node.tagName === 'table') {
      // The wrapper scrolls on narrow screens; focusable so keyboards can scroll it too.
      children[index] = {
        type: 'element',
        tagName: 'div',
        properties: { className: ['fsr-tw'], tabIndex: 0 },
        children: [node],
      }
      transform(node, ctx, options)
      continue
    }
    if (node.tagName === 'a') {
      const href = String(node.properties.href ?? '')
      if (href) ctx.links.add(href)
    }
    if (node.tagName === 'code' && parent.type === 'element' && parent.tagName !== 'a' && ctx.operationLinks) {
      const text = textOf(node).trim()
      const match = operationPattern.exec(text)
      const href = match ? ctx.operationLinks.get(`${match[1]} ${match[2]}`) : undefined
      if (href) {
        ctx.links.add(href)
        children[index] = { type: 'element', tagName: 'a', properties: { href }, children: [node] }
        continue
      }
    }
    transform(node, ctx, options)
  }
}

/** A highlighted code block in the renderer's markup (components/code-block.tsx `CodeBlock`), as hast. */
function codeBlockHast(source: string, language: string | undefined): Element {
  return {
    type: 'element',
    tagName: 'pre',
    properties: { className: ['fsr-code'], tabIndex: 0, ...(language ? { dataLang: language } : {}) },
    children: [{ type: 'element', tagName: 'code', properties: {}, children: highlightedHast(source, language) }],
  }
}

const parseOptions = { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] }

/** Text with nothing Markdown would change: one paragraph, escaped. */
const plainChars = /^[^`*_[\]<>#|\\!&~]*$/
const blockSyntax = /\n\s*\n|^\s*(?:[-+*>]\s|\d+[.)]\s|[-=]{2,}\s*$)|https?:|www\./m

interface Cached {
  node: ReactNode
  /** The root's only child when that is one paragraph (for inline use). */
  paragraph?: ReactNode
  links: string[]
}

const caches = new WeakMap<MarkdownContext, Map<string, Cached>>()

function toReact(root: HastRoot): ReactNode {
  // Table cells keep `align` (as Docusaurus' Markdown does), not an inline style.
  return toJsxRuntime(root, { Fragment, jsx, jsxs, tableCellAlignToStyle: false })
}

function render(source: string | undefined, ctx: MarkdownContext, options: MarkdownOptions): Cached | undefined {
  if (!source?.trim()) return undefined
  const text = source.trim()
  if (plainChars.test(text) && !blockSyntax.test(text)) {
    return { node: createElement('p', null, text), paragraph: text, links: [] }
  }
  // Descriptions repeat (shared parameters, error responses); headings are never cached (ids are unique).
  const cacheable = options.headings === undefined && !/^#{1,6}\s/m.test(text)
  let cache = caches.get(ctx)
  if (!cache) {
    cache = new Map()
    caches.set(ctx, cache)
  }
  const key = `${options.headingOffset ?? 0}|${text}`
  const hit = cacheable ? cache.get(key) : undefined
  if (hit) {
    for (const link of hit.links) ctx.links.add(link)
    return hit
  }
  const mdast = fromMarkdown(text, parseOptions)
  const hast = toHast(mdast) as HastRoot
  const before = new Set(ctx.links)
  transform(hast, ctx, options)
  const blocks = hast.children.filter((child) => !(child.type === 'text' && child.value.trim() === ''))
  const only = blocks.length === 1 ? blocks[0] : undefined
  const result: Cached = {
    node: toReact(hast),
    ...(only?.type === 'element' && only.tagName === 'p'
      ? { paragraph: toReact({ type: 'root', children: only.children }) }
      : {}),
    links: [...ctx.links].filter((link) => !before.has(link)),
  }
  if (cacheable) cache.set(key, result)
  return result
}

/** Markdown as React elements (null for no text). */
export function markdown(source: string | undefined, ctx: MarkdownContext, options: MarkdownOptions = {}): ReactNode {
  return render(source, ctx, options)?.node ?? null
}

/** Markdown that is known to be one paragraph, without the wrapping <p> (for table cells, summaries). */
export function inlineMarkdown(source: string | undefined, ctx: MarkdownContext): ReactNode {
  const result = render(source, ctx, {})
  return result ? (result.paragraph ?? result.node) : null
}
