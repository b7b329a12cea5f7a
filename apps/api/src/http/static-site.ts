import fs from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import { baseDirectives, contentSecurityPolicy, inlineCode, sha256Source } from './security-headers.js'
import { type OriginRewriter, resolveServedFile, sendServedDocument } from './served-origin.js'

/**
 * Origins a page built with Google Tag Manager (FANSHELF_GTM_CONTAINER_ID) loads from; only pages
 * whose HTML references the tag manager get them.
 */
const tagManagerOrigins = ['https://www.googletagmanager.com', 'https://*.google-analytics.com']

export interface SitePolicyOptions {
  /** Origins the API reference's try-it console may call besides this one (the contracts' servers). */
  connectSources: readonly string[]
}

/**
 * The docs site's Content-Security-Policy for one built page (decision 0013). Scripts: this
 * origin plus the SHA-256 of each inline script in the page — Docusaurus's colour-mode script and
 * base-URL check, the reference pages' language and contents scripts — so no 'unsafe-inline' for
 * scripts. Styles need 'unsafe-inline': server-rendered React leaves `style` attributes in the
 * HTML and the Mermaid diagrams insert `<style>` elements at run time; a style cannot run code.
 */
export function siteContentSecurityPolicy(html: string, options: SitePolicyOptions): string {
  const { scripts } = inlineCode(html)
  const tagManager = html.includes('googletagmanager.com') ? tagManagerOrigins : []
  return contentSecurityPolicy({
    ...baseDirectives,
    'script-src': ["'self'", ...scripts.map(sha256Source), ...tagManager],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', ...tagManager],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...options.connectSources, ...tagManager],
    'base-uri': ["'self'"],
    'frame-ancestors': ["'self'"],
  })
}

/**
 * The origins of the contracts' `servers` (variables at their defaults): where the try-it console
 * sends requests when a reader picks a documented server instead of this one.
 */
export function contractServerOrigins(documents: Iterable<Record<string, unknown>>): string[] {
  const origins = new Set<string>()
  for (const document of documents) {
    const servers = Array.isArray(document.servers) ? (document.servers as Record<string, unknown>[]) : []
    for (const server of servers) {
      if (typeof server.url !== 'string') continue
      const variables = (server.variables ?? {}) as Record<string, { default?: unknown }>
      const url = server.url.replace(/\{([^}]+)\}/g, (_, name: string) => String(variables[name]?.default ?? ''))
      try {
        origins.add(new URL(url).origin)
      } catch {
        // A relative server URL is this origin: 'self' covers it.
      }
    }
  }
  return [...origins]
}

/**
 * The policy of a built HTML file, computed from its content as served (`read`) on first use and
 * kept while the file is unchanged (a rebuild of the site under a running server gets fresh hashes).
 */
export function createSitePolicies(
  options: SitePolicyOptions,
  read: (filePath: string) => string = (filePath) => fs.readFileSync(filePath, 'utf8'),
): (filePath: string) => string {
  // Bound: one entry per HTML file of the built site that was served (fixed by the build).
  const cache = new Map<string, { version: string; policy: string }>()
  return (filePath) => {
    const stat = fs.statSync(filePath)
    const version = `${stat.mtimeMs}:${stat.size}`
    const cached = cache.get(filePath)
    if (cached?.version === version) return cached.policy
    const policy = siteContentSecurityPolicy(read(filePath), options)
    cache.set(filePath, { version, policy })
    return policy
  }
}

/**
 * Whether a path (query excluded) has an empty segment (`/storefront//checkout/`). No route or file
 * has one: such a path is not found (404 `NOT_FOUND`), whichever prefix it starts with.
 */
export function hasEmptySegment(pathname: string): boolean {
  return pathname.includes('//')
}

const revalidate = 'public, max-age=0, must-revalidate'

/**
 * Whether a client asks for Markdown: an agent's `Accept: text/markdown` (with or without other
 * types after it) gets a page's Markdown twin instead of its HTML, as llms.txt advertises.
 */
export function wantsMarkdown(accept: string | undefined): boolean {
  return /\btext\/markdown\b/i.test(accept ?? '')
}

/** The Markdown twin the build writes beside a page route: `/a/b/` → `/a/b.md`, `/` → `/index.md`. */
export function markdownTwinPath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '')
  return trimmed === '' ? '/index.md' : `${trimmed}.md`
}

function isFile(filePath: string): boolean {
  try {
    return fs.statSync(filePath).isFile()
  } catch {
    return false
  }
}

function isHashedAsset(filePath: string): boolean {
  return (
    /[.-][0-9a-f]{8,}\.(js|css|woff2?|svg|png)$/.test(filePath) || filePath.includes(`${path.sep}assets${path.sep}`)
  )
}

/**
 * Serves the built docs site at `/` as the spec's routes want them: every route ends with a
 * slash (`/storefront` → `/storefront/`), a trailing `index.html` is trimmed, HTML is revalidated
 * and hashed assets are cached for a year. A file that names the build's origin is served with this
 * server's (`rewriter`, decision 0032), revalidated by its ETag since its content follows
 * `PUBLIC_URL`. Paths owned by the APIs never reach it (they are registered routes), and a missing
 * build simply serves nothing.
 */
export async function registerStaticSite(
  app: FastifyInstance,
  siteDir: string,
  policyFor: (filePath: string) => string,
  rewriter: OriginRewriter,
): Promise<void> {
  if (!fs.existsSync(path.join(siteDir, 'index.html'))) return
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return
    const [pathname, search = ''] = request.url.split('?', 2) as [string, string?]
    // The file server refuses a path with an empty segment as a forbidden alias (403); it is
    // simply not found. Registered routes keep their own answer.
    if (hasEmptySegment(pathname) && request.routeOptions.url === '/*') return reply.callNotFound()
    if (pathname.endsWith('/index.html')) {
      return reply.redirect(`${pathname.slice(0, -'index.html'.length)}${search ? `?${search}` : ''}`, 301)
    }
    if (request.routeOptions.url !== '/*') return
    if (pathname.endsWith('/') && wantsMarkdown(request.headers.accept)) {
      const twin = resolveServedFile(siteDir, markdownTwinPath(pathname))
      if (twin !== undefined && isFile(twin)) {
        return reply
          .headers({ 'content-type': 'text/markdown; charset=utf-8', 'cache-control': revalidate, vary: 'Accept' })
          .send(request.method === 'HEAD' ? undefined : rewriter.text(twin))
      }
    }
    if (!rewriter.active) return
    const file = resolveServedFile(siteDir, pathname)
    const served = file === undefined ? undefined : rewriter.document(file)
    if (file === undefined || served === undefined) return
    return sendServedDocument(request, reply, served, {
      'cache-control': revalidate,
      ...(file.endsWith('.html') ? { 'content-security-policy': policyFor(file), vary: 'Accept' } : {}),
    })
  })
  await app.register(fastifyStatic, {
    root: siteDir,
    prefix: '/',
    wildcard: true,
    redirect: true,
    index: ['index.html'],
    decorateReply: false,
    setHeaders(res, filePath) {
      res.header('cache-control', isHashedAsset(filePath) ? 'public, max-age=31536000, immutable' : revalidate)
      if (filePath.endsWith('.html')) {
        res.header('content-security-policy', policyFor(filePath))
        // A page's route also answers its Markdown twin to `Accept: text/markdown`.
        res.header('vary', 'Accept')
      }
    },
  })
}

/**
 * Serves the OpenAPI documents under `/openapi/` (YAML only), with this server's origin in their
 * `servers` (decision 0032).
 */
export async function registerContracts(
  app: FastifyInstance,
  openapiDir: string,
  rewriter: OriginRewriter,
): Promise<void> {
  await app.register(async (contracts) => {
    contracts.addHook('onRequest', async (request, reply) => {
      if (!rewriter.active || (request.method !== 'GET' && request.method !== 'HEAD')) return
      const pathname = (request.url.split('?', 1)[0] ?? '').slice('/openapi'.length)
      const file = pathname.endsWith('.yaml') ? resolveServedFile(openapiDir, pathname) : undefined
      const served = file === undefined ? undefined : rewriter.document(file)
      if (served !== undefined) return sendServedDocument(request, reply, served, { 'cache-control': revalidate })
    })
    await contracts.register(fastifyStatic, {
      root: openapiDir,
      prefix: '/openapi/',
      allowedPath: (pathname) => pathname.endsWith('.yaml'),
      decorateReply: false,
    })
  })
}
