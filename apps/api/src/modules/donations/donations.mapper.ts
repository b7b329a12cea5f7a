import type { DonationsTable } from '../../db/schema.js'
import { absentIfNull } from '../../http/optional-fields.js'
import { toMoney } from '../money/money.js'

/** The only place a donation's wire shape is built (contract schema `Donation`). */
export function toDonationResource(donation: DonationsTable) {
  return {
    id: donation.id,
    shopId: donation.shop_id,
    status: donation.status,
    email: donation.email,
    // Omitted, not null, when the donor gave none (decision 0021).
    username: absentIfNull(donation.username),
    message: absentIfNull(donation.message),
    amounts: { total: toMoney(donation.total, donation.currency) },
    createdAt: donation.created_at,
    updatedAt: donation.updated_at,
  }
}

export type DonationResource = ReturnType<typeof toDonationResource>
