import { Readable } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import { errorStatus } from '../../errors/error-codes.js'
import { isNotModified, versionEtag } from '../../http/etag.js'
import type { FeedService } from './feed.service.js'

/**
 * `GET /.well-known/merchant-center/rss.xml`: the product feed of the shop the Host header
 * addresses (no authentication; the feed lists what the shop publishes). Caches may keep it for
 * 15 minutes; a weak ETag and Last-Modified, computed from the shop's public catalogue (counts,
 * latest change, stock) and its settings (name and domains, which the feed's title, brand and links
 * show; decision 0037), let them revalidate with `304 Not Modified` without the body.
 */
export const feedPath = '/.well-known/merchant-center/rss.xml'
const cacheControl = 'public, max-age=900'
/** How far the feed is produced ahead of the socket. */
const feedBufferBytes = 64 * 1024

export function createFeedRoutes(feed: FeedService) {
  return async function feedRoutes(app: FastifyInstance): Promise<void> {
    app.get(feedPath, async (request, reply) => {
      const shop = await feed.findShop(request.headers.host)
      if (!shop) {
        return reply
          .code(errorStatus.SHOP_NOT_FOUND)
          .send({ code: 'SHOP_NOT_FOUND', message: `No shop is published at ${String(request.headers.host ?? '')}.` })
      }
      const version = await feed.version(shop.id)
      const etag = versionEtag([shop.id, shop.name, shop.domain, shop.public_domain, shop.updated_at, version], {
        weak: true,
      })
      const lastModified = new Date(Math.max(Date.parse(version.latest) || 0, Date.parse(shop.updated_at) || 0))
      reply.header('cache-control', cacheControl).header('last-modified', lastModified.toUTCString())
      if (isNotModified(request, reply, etag)) return reply.code(304).send()
      const selfUrl = `${request.protocol}://${String(request.headers.host ?? '')}${feedPath}`
      reply.header('content-type', 'application/rss+xml; charset=utf-8')
      // A byte stream with a small buffer: the generator is pulled only as fast as the client reads
      // (an object-mode stream would run up to 16 chunks ahead of the socket).
      return reply.send(Readable.from(feed.feed(shop, selfUrl), { objectMode: false, highWaterMark: feedBufferBytes }))
    })
  }
}
