import { createHash } from 'node:crypto'
import type { FastifyInstance } from 'fastify'

/**
 * Security headers (decision 0013). Each HTML surface — docs site, admin SPA, admin sign-in and
 * consent pages, checkout — states its own Content-Security-Policy with `contentSecurityPolicy()`;
 * `installSecurityHeaders()` adds what every response shares:
 *
 * - `X-Content-Type-Options: nosniff` on every response (API JSON included);
 * - `Strict-Transport-Security` when the public URL is https (never on a plain-http deployment,
 *   where it would be ignored at best and pin a dev host at worst);
 * - on HTML: `Referrer-Policy` and `Permissions-Policy` unless the page set its own,
 *   `X-Frame-Options` matching the CSP's `frame-ancestors` (for browsers that predate it), and a
 *   deny-everything CSP for any HTML response that arrives without one.
 */

export type CspDirectives = Readonly<Record<string, readonly string[]>>

/** `'sha256-…'`: a CSP source allowing exactly this inline script or style text. */
export function sha256Source(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`
}

/** Serializes directives in the given order; a directive with no sources is left out. */
export function contentSecurityPolicy(directives: CspDirectives): string {
  return Object.entries(directives)
    .filter(([, sources]) => sources.length > 0)
    .map(([name, sources]) => [name, ...new Set(sources)].join(' '))
    .join('; ')
}

/** Directives every HTML surface starts from: nothing from elsewhere, no plugins, no <base> tricks. */
export const baseDirectives = {
  'default-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
} as const satisfies CspDirectives

/** For any HTML response that did not set a policy: it may load nothing and be framed nowhere. */
export const fallbackPolicy = contentSecurityPolicy({
  'default-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
})

/** Powerful features none of our pages use, turned off for them and anything they embed. */
export const permissionsPolicy = [
  'accelerometer=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'usb=()',
].join(', ')

export const defaultReferrerPolicy = 'strict-origin-when-cross-origin'

/** One year, as HSTS preload lists expect; no includeSubDomains (sibling hosts are not ours to pin). */
export const strictTransportSecurity = 'max-age=31536000'

function frameOptionsFor(policy: string): string | undefined {
  const ancestors = /(?:^|;)\s*frame-ancestors\s+([^;]*)/.exec(policy)?.[1]?.trim()
  if (ancestors === "'none'") return 'DENY'
  if (ancestors === "'self'") return 'SAMEORIGIN'
  return undefined
}

export function installSecurityHeaders(app: FastifyInstance, options: { publicUrl: string }): void {
  const isHttps = new URL(options.publicUrl).protocol === 'https:'
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff')
    if (isHttps) reply.header('strict-transport-security', strictTransportSecurity)
    const type = String(reply.getHeader('content-type') ?? '')
    if (type.startsWith('text/html')) {
      let policy = reply.getHeader('content-security-policy')
      if (policy === undefined) {
        policy = fallbackPolicy
        reply.header('content-security-policy', policy)
      }
      if (!reply.hasHeader('referrer-policy')) reply.header('referrer-policy', defaultReferrerPolicy)
      if (!reply.hasHeader('permissions-policy')) reply.header('permissions-policy', permissionsPolicy)
      const frameOptions = frameOptionsFor(String(policy))
      if (frameOptions && !reply.hasHeader('x-frame-options')) reply.header('x-frame-options', frameOptions)
    }
    return payload
  })
}

/** Inline `<script>` bodies a browser would execute (JSON data blocks are not scripts) and `<style>` bodies. */
export function inlineCode(html: string): { scripts: string[]; styles: string[] } {
  const scripts: string[] = []
  const styles: string[] = []
  const executable = /^(?:|text\/javascript|application\/javascript|module)$/i
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attributes = match[1] ?? ''
    if (/\ssrc\s*=/i.test(attributes)) continue
    const type = /\stype\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(attributes)
    const typeValue = (type?.[1] ?? type?.[2] ?? type?.[3] ?? '').trim()
    if (!executable.test(typeValue)) continue
    scripts.push(match[2] ?? '')
  }
  for (const match of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style\s*>/gi)) styles.push(match[1] ?? '')
  return { scripts, styles }
}
