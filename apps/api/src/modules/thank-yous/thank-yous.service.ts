import { type Clock, isoTime, systemClock } from '../../clock.js'
import type { Db } from '../../db/database.js'
import type { ThankYousTable } from '../../db/schema.js'
import { DomainError, notFound } from '../../errors/domain-error.js'
import { newId } from '../../ids.js'
import { recordEvent } from '../events/event-outbox.js'
import { toThankYouResource } from './thank-yous.mapper.js'
import {
  findContributionSupporter,
  findNewestThankYouId,
  findNewestUnthankedDonationId,
  findThankYou,
  insertThankYou,
  type ThankableContribution,
} from './thank-yous.repository.js'

export type { ThankableContribution } from './thank-yous.repository.js'

export interface ThankYouRequest {
  contribution: { type: ThankableContribution; id: string }
  /** Base URL of the public site: the supporter watches the thank-you at `{publicUrl}/thank-yous/{id}`. */
  publicUrl: string
}

export function createThankYouService(db: Db, options: { clock?: Clock } = {}) {
  const clock = options.clock ?? systemClock

  return {
    async getThankYou(shopId: string, thankYouId: string) {
      const thankYou = await findThankYou(db, shopId, thankYouId)
      if (!thankYou) throw notFound('THANK_YOU_NOT_FOUND', `Thank-you ${thankYouId} does not exist.`, { thankYouId })
      return toThankYouResource(thankYou)
    },

    /** The id of the shop's most recent thank-you (no API lists them; the local demo names one). */
    newestThankYouId(shopId: string): Promise<string | undefined> {
      return findNewestThankYouId(db, shopId)
    },

    /** The id of the shop's newest completed donation not thanked yet; undefined when every one is. */
    newestUnthankedDonationId(shopId: string): Promise<string | undefined> {
      return findNewestUnthankedDonationId(db, shopId)
    },

    /**
     * The creator thanks a supporter for a contribution of the shop (a completed donation, a gift
     * purchase or an order): the thank-you is written with the contribution's supporter and
     * THANK_YOU_SENT (`data` = the thank-you) recorded in one transaction. Membership payments have
     * no record here to thank.
     */
    async sendThankYou(shopId: string, request: ThankYouRequest) {
      const { contribution } = request
      return db.transaction().execute(async (trx) => {
        const supporter = await findContributionSupporter(trx, shopId, contribution.type, contribution.id)
        if (!supporter) {
          throw notFound(
            'THANK_YOU_CONTRIBUTION_NOT_FOUND',
            `${contribution.type} ${contribution.id} does not exist.`,
            {
              contribution,
            },
          )
        }
        if (contribution.type === 'DONATION' && supporter.status !== 'COMPLETED') {
          throw new DomainError(
            'THANK_YOU_CONTRIBUTION_NOT_COMPLETED',
            `Donation ${contribution.id} is ${supporter.status}: only completed donations are thanked.`,
            { contribution, status: supporter.status },
          )
        }
        const now = clock.now()
        const id = newId('thankYou')
        const thankYou: ThankYousTable = {
          id,
          shop_id: shopId,
          media_url: `${request.publicUrl.replace(/\/$/, '')}/thank-yous/${id}`,
          contribution_type: contribution.type,
          contribution_id: contribution.id,
          supporter_email: supporter.email,
          supporter_username: supporter.username,
          supporter_message: supporter.message,
          created_at: isoTime(now),
        }
        await insertThankYou(trx, thankYou)
        const resource = toThankYouResource(thankYou)
        await recordEvent(trx, { shopId, type: 'THANK_YOU_SENT', data: resource }, now)
        return resource
      })
    },
  }
}

export type ThankYouService = ReturnType<typeof createThankYouService>
