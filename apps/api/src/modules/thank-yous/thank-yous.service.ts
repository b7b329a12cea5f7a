import type { Db } from '../../db/database.js'
import { notFound } from '../../http/errors.js'
import { toThankYouResource } from './thank-yous.mapper.js'
import { findThankYou } from './thank-yous.repository.js'

export function createThankYouService(db: Db) {
  return {
    async getThankYou(shopId: string, thankYouId: string) {
      const thankYou = await findThankYou(db, shopId, thankYouId)
      if (!thankYou) throw notFound('THANK_YOU_NOT_FOUND', `Thank-you ${thankYouId} does not exist.`, { thankYouId })
      return toThankYouResource(thankYou)
    },
  }
}

export type ThankYouService = ReturnType<typeof createThankYouService>
