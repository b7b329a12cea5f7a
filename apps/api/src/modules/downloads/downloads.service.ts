import { randomBytes } from 'node:crypto'
import { type Clock, isoTime } from '../../clock.js'
import type { Db, Executor } from '../../db/database.js'
import { DomainError, notFound } from '../../errors/domain-error.js'
import { newId } from '../../ids.js'
import { type SecretBox, tokenHash } from '../../security/secret-box.js'
import type { MediaService } from '../media/media.service.js'
import { humanFileSize } from '../products/products.mapper.js'
import {
  findDigitalFile,
  findDigitalProductIds,
  findDownloadByTokenHash,
  findShopOrder,
  insertOrderDownload,
  listOrderDigitalFiles,
  listOrderDownloads,
  listOrderProductIds,
  markOrderDownloadsDownloaded,
  orderHasProduct,
  recordDownload,
} from './downloads.repository.js'

export interface DownloadServiceOptions {
  clock: Clock
  secretBox: SecretBox
  /** Where the files' bytes are stored: the media storage (decision 0036). */
  files: Pick<MediaService, 'readFile'>
}

/** A link on the order confirmation page. */
export interface DownloadLink {
  name: string
  fileSize: string
  href: string
}

/** A token is 32 random bytes (256 bits), url-safe: unguessable, and only its SHA-256 is looked up. */
const newDownloadToken = () => randomBytes(32).toString('base64url')

export const downloadPath = (fileId: string, token: string) =>
  `/downloads/files/${encodeURIComponent(fileId)}?token=${encodeURIComponent(token)}`

function downloadNotFound(fileId: string) {
  return notFound('DOWNLOAD_NOT_FOUND', `No download of file ${fileId} with this token.`, { fileId })
}

/**
 * Digital goods after purchase (decision 0024). Placing an order that contains digital products
 * grants the buyer one download token for the order (in the order's transaction); the confirmation
 * page shows the files' links carrying it, and `GET /downloads/files/{fileId}?token=…` serves a
 * file only to a token whose order contains the file's product (same shop). A cancelled order's
 * token no longer works.
 */
export function createDownloadService(db: Db, options: DownloadServiceOptions) {
  const { clock, secretBox, files } = options

  async function insertDownload(
    trx: Executor,
    order: { id: string; shop_id: string },
    url: string | null,
    now: number,
  ) {
    const token = newDownloadToken()
    await insertOrderDownload(trx, {
      id: newId('orderDownload'),
      shop_id: order.shop_id,
      order_id: order.id,
      token_hash: tokenHash(token),
      token_sealed: secretBox.seal(token),
      url,
      download_count: 0,
      created_at: isoTime(now),
      downloaded_at: null,
    })
  }

  /** Whether any of the products is digital (has files). */
  async function hasDigitalProducts(executor: Executor, shopId: string, productIds: string[]) {
    return (await findDigitalProductIds(executor, shopId, [...new Set(productIds)])).length > 0
  }

  return {
    /** In the order's transaction: a download token when any of the ordered products is digital. */
    async grantOrderDownloads(
      trx: Executor,
      order: { id: string; shop_id: string },
      productIds: string[],
      now: number,
    ) {
      if (await hasDigitalProducts(trx, order.shop_id, productIds)) await insertDownload(trx, order, null, now)
    },

    /**
     * `PUT /order/{orderId}/downloaded`: marks the order's downloads done. An order of digital
     * products without a download (placed before downloads existed) gets one; an order without
     * digital products gets one for `defaultFileUrl`, else 400 ORDER_HAS_NO_DOWNLOADS_ERROR.
     */
    async markDownloaded(shopId: string, orderId: string, defaultFileUrl: string | undefined) {
      const now = clock.now()
      return db.transaction().execute(async (trx) => {
        const order = await findShopOrder(trx, shopId, orderId)
        if (!order) throw notFound('ORDER_NOT_FOUND', `Order ${orderId} was not found.`, { orderId })
        if ((await listOrderDownloads(trx, order.id)).length === 0) {
          if (await hasDigitalProducts(trx, shopId, await listOrderProductIds(trx, order.id))) {
            await insertDownload(trx, order, null, now)
          } else if (defaultFileUrl) {
            await insertDownload(trx, order, defaultFileUrl, now)
          } else {
            throw new DomainError(
              'ORDER_HAS_NO_DOWNLOADS_ERROR',
              `Order ${orderId} has no downloads; send defaultFileUrl to create one.`,
              { orderId },
            )
          }
        }
        await markOrderDownloadsDownloaded(trx, order.id, isoTime(now))
        const downloads = await listOrderDownloads(trx, order.id)
        return {
          orderId: order.id,
          downloads: downloads.map((download) => ({
            id: download.id,
            url: download.url,
            downloadCount: download.download_count,
            downloadedAt: download.downloaded_at,
          })),
        }
      })
    },

    /** The buyer's links for an order: each file of its digital products, and creator-given URLs. */
    async downloadLinks(orderId: string): Promise<DownloadLink[]> {
      const downloads = await listOrderDownloads(db, orderId)
      if (downloads.length === 0) return []
      const links: DownloadLink[] = []
      const own = downloads.find((download) => download.url === null)
      if (own) {
        const token = secretBox.open(own.token_sealed)
        for (const file of await listOrderDigitalFiles(db, orderId)) {
          links.push({ name: file.name, fileSize: humanFileSize(file.size_bytes), href: downloadPath(file.id, token) })
        }
      }
      for (const download of downloads) {
        if (download.url !== null) links.push({ name: download.url, fileSize: '', href: download.url })
      }
      return links
    },

    /** A file for a download token; 404 for anything else (unknown token or file, another order's file). */
    async openFile(fileId: string, token: string) {
      if (token.length < 20 || token.length > 100) throw downloadNotFound(fileId)
      const download = await findDownloadByTokenHash(db, tokenHash(token))
      if (!download) throw downloadNotFound(fileId)
      const file = await findDigitalFile(db, download.shop_id, fileId)
      if (!file || !(await orderHasProduct(db, download.order_id, file.product_id))) throw downloadNotFound(fileId)
      if (download.order_status === 'CANCELLED') {
        throw new DomainError('DOWNLOAD_REVOKED', 'The order was cancelled: its downloads no longer work.', {})
      }
      const content = await files.readFile(file.id, file.storage)
      if (!content) throw downloadNotFound(fileId)
      await recordDownload(db, download.id, isoTime(clock.now()))
      return { file, content }
    },
  }
}

export type DownloadService = ReturnType<typeof createDownloadService>
