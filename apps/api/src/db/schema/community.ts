/** Fan features: donations, thank-yous, memberships, the mailing list, streaming status. */

export interface DonationsTable {
  id: string
  shop_id: string
  status: string
  email: string
  username: string | null
  message: string | null
  currency: string
  total: number
  created_at: string
  updated_at: string
}

export interface ThankYousTable {
  id: string
  shop_id: string
  media_url: string
  contribution_type: string
  contribution_id: string
  supporter_email: string
  supporter_username: string | null
  supporter_message: string | null
  created_at: string
}

export interface MembershipTiersTable {
  id: string
  shop_id: string
  name: string
  image_url: string | null
  position: number
  created_at: string
}

export interface MembershipTierVariantsTable {
  id: string
  tier_id: string
  shop_id: string
  interval: 'MONTHLY' | 'ANNUAL'
  currency: string
  amount: number
  /** Migration 0012: the offer (UUID) this tier price is sold as. */
  offer_id?: string | null
}

export interface MembersTable {
  id: string
  shop_id: string
  email: string
  nickname: string
  subscription_type: 'ACTIVE' | 'CANCELLED' | 'SUSPENDED' | 'NONE'
  variant_id: string | null
  created_at: string
  updated_at: string
}

export interface MailingListEntriesTable {
  id: string
  shop_id: string
  email: string
  created_at: string
}

export interface StreamingServicesTable {
  shop_id: string
  type: string
  status: 'ONLINE' | 'OFFLINE'
  broadcaster_id: string | null
  broadcaster_login: string | null
  thumbnail_url: string | null
  updated_at: string
}
