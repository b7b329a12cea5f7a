import type { FastifyInstance } from 'fastify'
import { DomainError } from '../../errors/domain-error.js'
import { versionEtag } from '../../http/etag.js'
import type { ShopPrincipal } from '../../http/principal.js'
import type { Handlers } from '../../http/typed-handlers.js'
import type { DownloadService } from './downloads.service.js'

/** The open API operation on an order's downloads. */
export function downloadHandlers(downloads: DownloadService): Handlers<'markOrderDownloaded', ShopPrincipal> {
  return {
    markOrderDownloaded: ({ auth, params, body }) =>
      downloads.markDownloaded(auth.shopId, params.orderId, body?.defaultFileUrl),
  }
}

/**
 * `GET /downloads/files/{fileId}?token=…`: a digital product's file for its buyer (decision 0024;
 * outside the API contracts, like the hosted checkout). The token comes from the order's
 * confirmation page; without a valid one the answer is `404 DOWNLOAD_NOT_FOUND`.
 */
export function createDownloadRoutes(downloads: DownloadService) {
  return async function downloadRoutes(app: FastifyInstance): Promise<void> {
    app.get('/downloads/files/:fileId', async (request, reply) => {
      const { fileId } = request.params as { fileId: string }
      const token = (request.query as Record<string, unknown>).token
      try {
        const { file, content } = await downloads.openFile(fileId, typeof token === 'string' ? token : '')
        return reply
          .header('content-type', file.media_type)
          .header('content-disposition', `attachment; filename="${file.name.replace(/["\\\r\n]/g, '_')}"`)
          .header('etag', versionEtag(file.sha256))
          .header('cache-control', 'private, no-store')
          .header('referrer-policy', 'no-referrer')
          .send(content)
      } catch (error) {
        if (!(error instanceof DomainError)) throw error
        return reply
          .code(error.status)
          .header('cache-control', 'no-store')
          .send({ code: error.code, message: error.message, details: error.details })
      }
    })
  }
}
