import type { Db } from '../../db/database.js'
import { notFound } from '../../http/errors.js'
import { type PageRequest, toPage } from '../paging/paging.js'
import { toDonationResource } from './donations.mapper.js'
import { countDonations, findDonation, listDonations } from './donations.repository.js'

export function createDonationService(db: Db) {
  return {
    async listDonations(shopId: string, page: PageRequest) {
      const [rows, total] = await Promise.all([listDonations(db, shopId, page), countDonations(db, shopId)])
      return toPage(rows.map(toDonationResource), total, page)
    },

    async getDonation(shopId: string, donationId: string) {
      const donation = await findDonation(db, shopId, donationId)
      if (!donation) throw notFound('DONATION_NOT_FOUND', `Donation ${donationId} does not exist.`, { donationId })
      return toDonationResource(donation)
    },
  }
}

export type DonationService = ReturnType<typeof createDonationService>
