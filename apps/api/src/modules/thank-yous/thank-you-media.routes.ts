import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/database.js'
import { errorStatus } from '../../errors/error-codes.js'
import { renderThankYouSvg } from './thank-you-card.js'
import { findThankYouCard } from './thank-yous.repository.js'

/**
 * `GET /thank-yous/<thankYouId>`: the media behind a thank-you's `mediaUrl` (`{PUBLIC_URL}/thank-yous/<id>`,
 * what THANK_YOU_SENT carries), an SVG card. The id is the link's secret, as a shared video link's
 * would be: no credential, and an unknown id is a 404.
 */
export function createThankYouMediaRoutes(db: Db) {
  return async function thankYouMediaRoutes(app: FastifyInstance): Promise<void> {
    app.get<{ Params: { thankYouId: string } }>('/thank-yous/:thankYouId', async (request, reply) => {
      const card = await findThankYouCard(db, request.params.thankYouId)
      if (!card) {
        return reply
          .code(errorStatus.THANK_YOU_NOT_FOUND)
          .send({ code: 'THANK_YOU_NOT_FOUND', message: `Thank-you ${request.params.thankYouId} does not exist.` })
      }
      return reply
        .type('image/svg+xml; charset=utf-8')
        .header('cache-control', 'private, max-age=3600')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .send(renderThankYouSvg({ shopName: card.shopName, supporterUsername: card.supporter_username }))
    })
  }
}
