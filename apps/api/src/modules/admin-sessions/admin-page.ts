import { createHash } from 'node:crypto'
import { designSystemCss } from '@fanshelf/ui'
import type { FastifyReply } from 'fastify'
import { createElement as h, type ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { contentSecurityPolicy } from '../../http/security-headers.js'

/**
 * The shell of the admin's server-rendered pages (sign-in, consent, password links): plain HTML
 * from React, no client script, one inline stylesheet allowed by its hash — the design system's
 * tokens and components (`@fanshelf/ui`, decision 0052), then the few rules of these pages. The
 * headers keep the pages out of frames (clickjacking on a consent button), caches and Referer
 * headers (the consent URL carries the app's `state`).
 */

const pageCss = `
.fs-page { overflow-wrap: anywhere; max-width: 30rem; margin: var(--fs-space-5) auto; padding: var(--fs-space-5);
  background: var(--fs-color-surface); border: 1px solid var(--fs-color-line); border-radius: var(--fs-radius-lg); box-shadow: var(--fs-shadow); }
@media (max-width: 32rem) { .fs-page { margin: 0; border: 0; border-radius: 0; box-shadow: none; padding: var(--fs-space-4); } }
h1 { font-size: var(--fs-text-xl); line-height: 1.25; margin: 0 0 var(--fs-space-4); }
p { margin: 0 0 var(--fs-space-4); }
.fs-muted { color: var(--fs-color-ink-soft); }
.fs-scopes { padding-left: 1.25rem; margin: 0 0 var(--fs-space-4); }
.fs-scopes li { margin-bottom: var(--fs-space-1); }
code { font-size: 0.9em; overflow-wrap: anywhere; }
.fs-page form { margin-bottom: var(--fs-space-4); }
.fs-actions { display: flex; gap: var(--fs-space-3); flex-wrap: wrap; margin-top: var(--fs-space-5); }
.fs-actions .fs-button { flex: 1 1 10rem; }
.fs-alert { padding: var(--fs-space-3) var(--fs-space-4); border: 1px solid var(--fs-color-danger); color: var(--fs-color-danger);
  background: var(--fs-color-danger-tint); border-radius: var(--fs-radius-md); margin-bottom: var(--fs-space-4); }
.fs-notice { padding: var(--fs-space-3) var(--fs-space-4); border: 1px solid var(--fs-color-warning); color: var(--fs-color-ink);
  background: var(--fs-color-warning-tint); border-radius: var(--fs-radius-md); margin-bottom: var(--fs-space-4); }
form > label { display: block; font-weight: 600; margin: var(--fs-space-3) 0 var(--fs-space-1); }
form > input[type=email], form > input[type=password] { width: 100%; min-height: var(--fs-tap-size); padding: var(--fs-space-2) var(--fs-space-3);
  font: inherit; color: var(--fs-color-ink); background: var(--fs-color-surface); border: 1px solid var(--fs-color-ink-soft); border-radius: var(--fs-radius-md); }
form > .fs-field__hint { margin-top: var(--fs-space-1); }
.fs-notice p:last-child, .fs-alert p:last-child { margin-bottom: 0; }
`

const stylesheet = `${designSystemCss}\n${pageCss}`

const styleHash = createHash('sha256').update(stylesheet).digest('base64')

/**
 * No script at all, the one stylesheet by its hash, forms posting here only — plus, on the consent
 * page, the app's redirect URI: browsers apply `form-action` to the redirect that follows the
 * form's POST (decision 0013).
 */
export function pageHeaders(formTargets: readonly string[] = []): Record<string, string> {
  return {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'content-security-policy': contentSecurityPolicy({
      'default-src': ["'none'"],
      'style-src': [`'sha256-${styleHash}'`],
      'img-src': ["'self'", 'data:'],
      'form-action': ["'self'", ...formTargets],
      'base-uri': ["'none'"],
      'frame-ancestors': ["'none'"],
    }),
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
  }
}

export function AdminPage(props: { title: string; children?: ReactNode }) {
  return h(
    'html',
    { lang: 'en' },
    h(
      'head',
      null,
      h('meta', { charSet: 'utf-8' }),
      h('meta', { name: 'viewport', content: 'width=device-width, initial-scale=1' }),
      h('meta', { name: 'robots', content: 'noindex' }),
      h('title', null, `${props.title} · Fanshelf`),
      // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant stylesheet of ours (no input), allowed by its CSP hash.
      h('style', { dangerouslySetInnerHTML: { __html: stylesheet } }),
    ),
    h(
      'body',
      null,
      h(
        'header',
        { className: 'fs-brandbar' },
        h('span', { className: 'fs-logo', 'aria-hidden': 'true' }, 'F'),
        h('span', null, 'Fanshelf'),
      ),
      h('main', { className: 'fs-page' }, props.children),
    ),
  )
}

/** Renders a page and sends it with the page headers; `formTargets`: where its forms may lead besides here. */
export function sendPage(
  reply: FastifyReply,
  status: number,
  title: string,
  content: ReactNode,
  options: { formTargets?: readonly string[] } = {},
): FastifyReply {
  const html = `<!doctype html>${renderToStaticMarkup(h(AdminPage, { title }, content))}`
  return reply.code(status).headers(pageHeaders(options.formTargets)).send(html)
}

/** A page that explains a problem and offers no way onward (never a redirect). */
export function sendErrorPage(reply: FastifyReply, status: number, title: string, message: string): FastifyReply {
  return sendPage(reply, status, title, h('div', { role: 'alert' }, h('h1', null, title), h('p', null, message)))
}
