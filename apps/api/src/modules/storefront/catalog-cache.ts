import type { FastifyReply } from 'fastify'
import type { Clock } from '../../clock.js'
import { contentEtag } from '../../http/etag.js'
import { SerializedJson } from '../../http/serialized-json.js'
import { createTtlCache } from '../caching/ttl-cache.js'

/**
 * A micro-cache of the storefront's catalogue answers (products and collections), serialized with
 * their ETag: storefronts read the same pages over and over, and an answer built from several
 * queries is served from memory for `ttlMs` (1 s by default). Every write handled by this node
 * (anything but a GET or a cart call) clears it at once, so a change made through this node shows
 * on the next read; other nodes show it within the TTL. Carts are never cached.
 */
export interface CachedAnswer {
  /** UTF-8, encoded once: each hit sends the bytes as they are (compressed once per encoding). */
  json: SerializedJson
  etag: string
}

export const catalogCacheTtlMs = 1000

export function createCatalogCache(options: { clock: Clock; ttlMs?: number }) {
  const answers = createTtlCache<CachedAnswer>({
    clock: options.clock,
    ttlMs: options.ttlMs ?? catalogCacheTtlMs,
    maxEntries: 5000,
  })
  return {
    /**
     * The cached answer for `key` (with its ETag header set on `reply`), building (and caching) it
     * first when absent or stale. It is already JSON: the router sends it as it is.
     */
    async reply(reply: FastifyReply, key: readonly string[], build: () => Promise<unknown>): Promise<SerializedJson> {
      const cacheKey = key.join('\u0000')
      let answer = answers.get(cacheKey)
      if (!answer) {
        const body = Buffer.from(JSON.stringify(await build()))
        answer = { json: new SerializedJson(body), etag: contentEtag(body) }
        answers.set(cacheKey, answer)
      }
      reply.header('content-type', 'application/json; charset=utf-8').header('etag', answer.etag)
      return answer.json
    },
    clear: () => answers.clear(),
  }
}

export type CatalogCache = ReturnType<typeof createCatalogCache>
