import fs from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'

/**
 * Serves the built docs site at `/` as the spec's routes want them: every route ends with a
 * slash (`/storefront` → `/storefront/`), a trailing `index.html` is trimmed, HTML is revalidated
 * and hashed assets are cached for a year. Paths owned by the APIs never reach it (they are
 * registered routes), and a missing build simply serves nothing.
 */
export async function registerStaticSite(app: FastifyInstance, siteDir: string): Promise<void> {
  if (!fs.existsSync(path.join(siteDir, 'index.html'))) return
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return
    const [pathname, search = ''] = request.url.split('?', 2) as [string, string?]
    if (pathname.endsWith('/index.html')) {
      return reply.redirect(`${pathname.slice(0, -'index.html'.length)}${search ? `?${search}` : ''}`, 301)
    }
  })
  await app.register(fastifyStatic, {
    root: siteDir,
    prefix: '/',
    wildcard: true,
    redirect: true,
    index: ['index.html'],
    decorateReply: false,
    setHeaders(res, filePath) {
      const immutable =
        /[.-][0-9a-f]{8,}\.(js|css|woff2?|svg|png)$/.test(filePath) || filePath.includes(`${path.sep}assets${path.sep}`)
      res.header(
        'cache-control',
        immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate',
      )
    },
  })
}
