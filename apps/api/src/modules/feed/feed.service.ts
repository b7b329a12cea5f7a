import type { Db } from '../../db/database.js'
import type { ShopsTable, VariantsTable } from '../../db/schema.js'
import { createChangeStamp } from '../paging/long-lists.js'
import { listVariants } from '../products/products.repository.js'
import { feedVersion, findFirstShop, findShopByHost, listPublicProductsPage } from './feed.repository.js'
import { feedHead, feedItems, feedTail } from './feed-xml.js'

/**
 * The product feed of a shop (`/.well-known/merchant-center/rss.xml`): every variant of every
 * public product, read a page of products at a time (keyset) and written one product's items at a
 * time, so a shop with tens of thousands of products is neither held in memory nor kept waiting for
 * the first byte: at most one page of rows and the stream's small buffer are alive at once
 * (bench/scale.ts measures it).
 */

/** Hosts that address the demo shop in local use (decision 0003). */
const localHosts = new Set(['localhost', '127.0.0.1', '::1', '[::1]'])

/** Products per query while streaming. */
export const feedPageSize = 200

export function hostName(hostHeader: string | undefined): string {
  const host = (hostHeader ?? '').trim().toLowerCase()
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1)
  return host.replace(/:\d+$/, '')
}

type FeedVersion = Awaited<ReturnType<typeof feedVersion>>

/** Shops whose feed version is kept (bound: at most this many, the oldest set goes first). */
const maxVersions = 1000

export function createFeedService(db: Db) {
  const readStamp = createChangeStamp(db)
  const versions = new Map<string, { stamp: string; version: FeedVersion }>()
  return {
    /** The shop a Host header addresses: its domain or public domain; loopback hosts the demo shop. */
    async findShop(hostHeader: string | undefined): Promise<ShopsTable | undefined> {
      const host = hostName(hostHeader)
      // A loopback host names no shop: the install's first shop (the demo shop, when it is seeded).
      if (localHosts.has(host)) return findFirstShop(db)
      return host ? findShopByHost(db, host) : undefined
    },

    /**
     * What the feed's validators are computed from. Counting a large catalogue takes a while, and
     * every request (a 304 revalidation too) needs it before its first byte: it is reused while the
     * database is unchanged (long-lists.ts), so it is exact.
     */
    async version(shopId: string): Promise<FeedVersion> {
      const stamp = await readStamp()
      const cached = versions.get(shopId)
      if (stamp !== undefined && cached?.stamp === stamp) return cached.version
      const version = await feedVersion(db, shopId)
      if (stamp !== undefined) {
        versions.delete(shopId)
        if (versions.size >= maxVersions) versions.delete(versions.keys().next().value as string)
        versions.set(shopId, { stamp, version })
      }
      return version
    },

    /** The feed document, piece by piece. */
    async *feed(shop: ShopsTable, selfUrl: string): AsyncGenerator<string> {
      yield feedHead(shop, selfUrl)
      let after: { createdAt: string; id: string } | undefined
      for (;;) {
        // A turn of the event loop per page: SQLite answers synchronously, and a socket that takes
        // megabytes at once would otherwise keep every other request waiting for the whole feed.
        await new Promise((resolve) => setImmediate(resolve))
        const products = await listPublicProductsPage(db, shop.id, after, feedPageSize)
        if (products.length === 0) break
        const variants = await listVariants(
          db,
          shop.id,
          products.map((p) => p.id),
        )
        const byProduct = new Map<string, VariantsTable[]>()
        for (const variant of variants) {
          const list = byProduct.get(variant.product_id)
          if (list) list.push(variant)
          else byProduct.set(variant.product_id, [variant])
        }
        // One product's items per chunk: the consumer's back-pressure applies within a page too.
        for (const product of products) yield feedItems(shop, product, byProduct.get(product.id) ?? [])
        const last = products[products.length - 1]!
        after = { createdAt: last.created_at, id: last.id }
        if (products.length < feedPageSize) break
      }
      yield feedTail
    },
  }
}

export type FeedService = ReturnType<typeof createFeedService>
