import type { Schema } from '@fanshelf/contract'
import type { ShopPrincipal } from '../../http/principal.js'
import type { Handlers } from '../../http/typed-handlers.js'
import { pageRequest } from '../paging/paging.js'
import type { DonationResource } from './donations.mapper.js'
import type { DonationService } from './donations.service.js'

/**
 * The mapper's donation as the contract's `Donation`. The stored `status` is a plain string (the
 * donations table does not narrow it to `DonationStatus`), so this is an assertion, not a proof:
 * TypeScript still rejects it when a required field of `Donation` is renamed or removed, or a field's
 * type stops overlapping; an optional field renamed in the contract (`username`, `message`) is not
 * caught until the mapper returns `Schema<'Donation'>` itself.
 */
function wireDonation(donation: DonationResource): Schema<'Donation'> {
  return donation as Schema<'Donation'>
}

export function donationHandlers(donations: DonationService): Handlers<'listDonations' | 'getDonation', ShopPrincipal> {
  return {
    listDonations: ({ auth, query }) => donations.listDonationsJson(auth.shopId, pageRequest(query)),
    getDonation: async ({ auth, params }) => wireDonation(await donations.getDonation(auth.shopId, params.donationId)),
  }
}
