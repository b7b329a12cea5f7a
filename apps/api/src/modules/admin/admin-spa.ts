import fs from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { errorStatus } from '../../errors/error-codes.js'
import { baseDirectives, contentSecurityPolicy } from '../../http/security-headers.js'

/**
 * Serves the merchant admin SPA (`apps/admin`, built by Vite with base `/admin/`):
 *
 * - `/admin/assets/*` — hashed bundles, cached for a year;
 * - every other `GET /admin/…` — `index.html` (the SPA routes on the client), never cached, with a
 *   strict Content-Security-Policy (scripts and styles from this origin only) and no framing; the
 *   app-wide hook (http/security-headers.ts) adds nosniff, X-Frame-Options, Permissions-Policy.
 *
 * Not the SPA: `/admin/api/…` (an unknown one is a JSON 404) and the server-rendered pages
 * registered elsewhere — the one sign-in page `/admin/sign-in` (the SPA sends signed-out visitors
 * there; its former `/admin/login` redirects to it, decision 0052), the password pages and
 * `/admin/platform-apps/{clientId}/connect` — whose more specific routes win over the `/admin/*`
 * fallback. The SPA's stylesheet (tokens and components of @fanshelf/ui) is a built file, so
 * `style-src 'self'` holds.
 */

/** Where `npm run build:admin` writes the SPA. */
export const defaultAdminDistDir = path.resolve(import.meta.dirname, '../../../../admin/dist')

/**
 * Scripts and styles from this origin only — the Vite build has no inline script or style —
 * images also from the public origin (the media library's URLs), no framing (decision 0013).
 */
export function adminContentSecurityPolicy(publicUrl: string): string {
  return contentSecurityPolicy({
    ...baseDirectives,
    'script-src': ["'self'"],
    'style-src': ["'self'"],
    'img-src': ["'self'", 'data:', new URL(publicUrl).origin],
    'connect-src': ["'self'"],
    'font-src': ["'self'"],
  })
}

const notBuiltPage = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Admin not built</title></head>
<body><main><h1>The merchant admin is not built yet</h1>
<p>Run <code>npm run build:admin</code> (or <code>npm start</code>, which builds what is missing) and reload.</p></main></body></html>`

export function adminSpaRoutes(options: { distDir?: string } = {}) {
  const distDir = options.distDir ?? defaultAdminDistDir
  const indexFile = path.join(distDir, 'index.html')

  return async (app: FastifyInstance): Promise<void> => {
    const csp = adminContentSecurityPolicy(app.platform.config.publicUrl)
    const assetsDir = path.join(distDir, 'assets')
    if (fs.existsSync(assetsDir)) {
      await app.register(fastifyStatic, {
        root: assetsDir,
        prefix: '/admin/assets/',
        decorateReply: false,
        index: false,
        cacheControl: false,
        setHeaders: (response) => {
          response.header('cache-control', 'public, max-age=31536000, immutable')
          response.header('x-content-type-options', 'nosniff')
        },
      })
    }

    async function sendIndex(request: FastifyRequest, reply: FastifyReply) {
      const pathname = request.url.split('?')[0] ?? ''
      if (pathname === '/admin/api' || pathname.startsWith('/admin/api/')) {
        return reply
          .code(errorStatus.ROUTE_NOT_FOUND)
          .send({ code: 'ROUTE_NOT_FOUND', message: `There is no admin operation ${request.method} ${pathname}.` })
      }
      reply
        .header('cache-control', 'no-cache')
        .header('content-security-policy', csp)
        .header('referrer-policy', 'same-origin')
        .type('text/html; charset=utf-8')
      let html: string
      try {
        html = await fs.promises.readFile(indexFile, 'utf8')
      } catch {
        return reply.code(503).send(notBuiltPage)
      }
      return reply.send(html)
    }

    app.get('/admin', async (request, reply) => {
      const query = request.url.slice('/admin'.length)
      return reply.redirect(`/admin/${query}`, 308)
    })
    app.get('/admin/', sendIndex)
    app.get('/admin/*', sendIndex)
  }
}
