import { createHash } from 'node:crypto'
import type { FastifyReply } from 'fastify'
import { createElement as h, type ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { contentSecurityPolicy } from '../../http/security-headers.js'

/**
 * The shell of the admin's server-rendered pages (sign-in, consent): plain HTML from React, no
 * client script, one inline stylesheet allowed by its hash. The headers keep the pages out of
 * frames (clickjacking on a consent button), caches and Referer headers (the consent URL carries
 * the app's `state`). The merchant admin SPA restyles these later; the rules stay.
 */

const stylesheet = `
:root { color-scheme: light dark; --fg: #1b1f24; --bg: #f6f7f9; --card: #fff; --muted: #4a5360; --line: #d0d5dc;
  --accent: #1d4ed8; --accent-fg: #fff; --danger: #b42318; --focus: #f59e0b; }
@media (prefers-color-scheme: dark) { :root { --fg: #e8eaed; --bg: #111418; --card: #1b2026; --muted: #b3bac4;
  --line: #39414b; --accent: #7aa2ff; --accent-fg: #0b1020; --danger: #ff8a80; } }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--fg); background: var(--bg); }
.brand { padding: 12px 24px; font-weight: 600; border-bottom: 1px solid var(--line); background: var(--card); }
main { max-width: 34rem; margin: 32px auto; padding: 24px; background: var(--card); border: 1px solid var(--line); border-radius: 12px; }
h1 { font-size: 1.5rem; line-height: 1.25; margin: 0 0 16px; }
p { margin: 0 0 16px; }
.muted { color: var(--muted); }
ul.scopes { padding-left: 1.25rem; margin: 0 0 16px; }
ul.scopes li { margin-bottom: 4px; }
code { font-size: .9em; word-break: break-all; }
label { display: block; font-weight: 600; margin: 12px 0 4px; }
input[type=email], input[type=password] { width: 100%; padding: 10px 12px; font: inherit; color: inherit; background: var(--bg); border: 1px solid var(--line); border-radius: 8px; }
.actions { display: flex; gap: 12px; flex-wrap: wrap; margin-top: 24px; }
button { font: inherit; font-weight: 600; padding: 10px 20px; border-radius: 8px; border: 1px solid var(--accent); cursor: pointer; }
button.primary { background: var(--accent); color: var(--accent-fg); }
button.secondary { background: transparent; color: var(--accent); }
button.link { border: 0; padding: 0; background: none; color: var(--accent); text-decoration: underline; font-weight: 400; }
:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
.alert { padding: 12px 16px; border: 1px solid var(--danger); color: var(--danger); border-radius: 8px; margin-bottom: 16px; }
.inline { display: inline; }
`

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
    h('body', null, h('header', { className: 'brand' }, 'Fanshelf'), h('main', null, props.children)),
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
