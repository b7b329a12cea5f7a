import { createHash } from 'node:crypto'
import { BrandHeader, checkoutStylesheet, type PageState, rootElementId, stateElementId } from '@fanshelf/checkout'
import { createElement as h, type ReactNode } from 'react'
import { renderToStaticMarkup, renderToString } from 'react-dom/server'
import { baseDirectives, contentSecurityPolicy } from '../../http/security-headers.js'
import { accentStylesheet } from './shop-accent.js'

/**
 * The HTML document around the checkout's pages: one inline stylesheet (allowed by its hash), the
 * page state as JSON for hydration, the client script (built ahead of time, checkout-assets.ts) as
 * a module script from this origin. The Content-Security-Policy allows nothing else (images from
 * anywhere, since product images may live on an image host), and no page may frame it (decision
 * 0013). A shop with an accent colour gets a second small stylesheet setting it (decision 0037),
 * allowed by its own hash.
 */

const styleHash = (css: string) => `'sha256-${createHash('sha256').update(css).digest('base64')}'`
const checkoutStyleHash = styleHash(checkoutStylesheet)

function pageHeaders(brandStylesheet: string | undefined): Record<string, string> {
  return {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'content-security-policy': contentSecurityPolicy({
      ...baseDirectives,
      'script-src': ["'self'"],
      'style-src': brandStylesheet ? [checkoutStyleHash, styleHash(brandStylesheet)] : [checkoutStyleHash],
      'img-src': ['*', 'data:'],
      'connect-src': ["'self'"],
    }),
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
  }
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

/** The shop a page belongs to, as its header and colours show it; null when none is known. */
export interface PageShop {
  name: string
  accent_color?: string | null
}

export interface DocumentOptions {
  title: string
  shop: PageShop | null
  heading: string
  /** Server-only content (no hydration). */
  body?: ReactNode
  /**
   * A hydrated app: rendered with its state, which is embedded for the client script; without a
   * script (the checkout not built) the page stays a plain form.
   */
  app?: { element: ReactNode; state: PageState; scriptUrl: string | null }
}

/** A page: its HTML and the headers it must be sent with (its CSP allows its own stylesheets). */
export interface CheckoutDocument {
  html: string
  headers: Record<string, string>
}

export function renderDocument(options: DocumentOptions): CheckoutDocument {
  const brandStylesheet = options.shop?.accent_color ? accentStylesheet(options.shop.accent_color) : undefined
  const header = renderToStaticMarkup(h(BrandHeader, { shopName: options.shop?.name ?? 'Fanshelf' }))
  const content = options.app
    ? `<div id="${rootElementId}">${renderToString(options.app.element)}</div>`
    : renderToStaticMarkup(h('div', null, options.body))
  const scripts = options.app
    ? `<script id="${stateElementId}" type="application/json">${scriptJson(options.app.state)}</script>` +
      (options.app.scriptUrl ? `<script type="module" src="${escapeHtml(options.app.scriptUrl)}"></script>` : '')
    : ''
  const html = [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex">',
    `<title>${escapeHtml(options.title)}</title>`,
    `<style>${checkoutStylesheet}</style>`,
    brandStylesheet ? `<style>${brandStylesheet}</style>` : '',
    '</head>',
    '<body>',
    '<a class="skip" href="#main">Skip to content</a>',
    header,
    `<main id="main"><h1>${escapeHtml(options.heading)}</h1>${content}</main>`,
    scripts,
    '</body>',
    '</html>',
  ].join('')
  return { html, headers: pageHeaders(brandStylesheet) }
}
