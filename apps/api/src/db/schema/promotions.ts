import type { Json } from './columns.js'

/** Promotions, their codes, and gift cards. */

export interface PromotionsTable {
  id: string
  shop_id: string
  type: string
  title: string | null
  status: string
  discount: Json
  requirements: Json | null
  limits: Json | null
  applies_to: Json | null
  subscription_type: Json | null
  tiers: Json | null
  usage_count: number
  created_at: string
  updated_at: string
}

export interface PromotionCodesTable {
  id: string
  promotion_id: string
  shop_id: string
  code: string
  /** Upper-cased code: codes are unique per shop regardless of case. */
  code_key: string
  usage_count: number
  status: string
  position: number
  created_at: string
}

/** A shop's gift card (migration 0010, decision 0022). Amounts in minor units of `currency`. */
export interface GiftCardsTable {
  /** `gcrd_…` */
  id: string
  shop_id: string
  /** SHA-256 (hex) of the normalised code: upper case, letters and digits only. */
  code_hash: string
  code_last4: string
  currency: string
  initial_balance: number
  balance: number
  /** `ISSUED` (admin or CLI) or `GIFT` (a Twitch gift changed to a gift card). */
  source_type: string
  source_gift_id: string | null
  /** Who issued it: the admin's email, `cli`, or null for seeded and gift cards. */
  issued_by: string | null
  created_at: string
  updated_at: string
}
