import { createHash } from 'node:crypto'
import { createElement as h, type ReactNode } from 'react'
import { renderToStaticMarkup, renderToString } from 'react-dom/server'
import { baseDirectives, contentSecurityPolicy } from '../../http/security-headers.js'
import { checkoutStylesheet } from './ui/styles.js'
import { type PageState, rootElementId, stateElementId } from './ui/view-model.js'

/**
 * The HTML document around the checkout's pages: one inline stylesheet (allowed by its hash), the
 * page state as JSON for hydration, the client bundle as a module script from this origin. The
 * Content-Security-Policy allows nothing else (images from anywhere, since product images may
 * live on an image host), and no page may frame it (decision 0013).
 */

const styleHash = createHash('sha256').update(checkoutStylesheet).digest('base64')

export const pageHeaders = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'content-security-policy': contentSecurityPolicy({
    ...baseDirectives,
    'script-src': ["'self'"],
    'style-src': [`'sha256-${styleHash}'`],
    'img-src': ['*', 'data:'],
    'connect-src': ["'self'"],
  }),
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
}

/** JSON safe inside a <script> element (no `</script>`, no HTML comment openers). */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

export interface DocumentOptions {
  title: string
  shopName: string | null
  heading: string
  /** Server-only content (no hydration). */
  body?: ReactNode
  /** A hydrated app: rendered with its state, which is embedded for the client bundle. */
  app?: { element: ReactNode; state: PageState; scriptUrl: string }
}

export function renderDocument(options: DocumentOptions): string {
  const header = renderToStaticMarkup(
    h('header', { className: 'brand' }, options.shopName ?? 'Fanshelf', h('span', null, ' · secure checkout')),
  )
  const content = options.app
    ? `<div id="${rootElementId}">${renderToString(options.app.element)}</div>`
    : renderToStaticMarkup(h('div', null, options.body))
  const scripts = options.app
    ? `<script id="${stateElementId}" type="application/json">${scriptJson(options.app.state)}</script>` +
      `<script type="module" src="${escapeHtml(options.app.scriptUrl)}"></script>`
    : ''
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex">',
    `<title>${escapeHtml(options.title)}</title>`,
    `<style>${checkoutStylesheet}</style>`,
    '</head>',
    '<body>',
    '<a class="skip" href="#main">Skip to content</a>',
    header,
    `<main id="main"><h1>${escapeHtml(options.heading)}</h1>${content}</main>`,
    scripts,
    '</body>',
    '</html>',
  ].join('')
}
