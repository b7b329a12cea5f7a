import type { Json } from './columns.js'

/** Gift purchases and giveaways: gifts, draws, giveaway link packages. */

export interface GiftPurchasesTable {
  id: string
  shop_id: string
  friendly_id: string
  product_id: string
  offer: Json
  currency: string
  subtotal: number
  tax: number
  total: number
  profit: number
  prepaid_shipping: number
  email: string
  username: string | null
  message: string | null
  quantity: number
  created_at: string
  /**
   * `PURCHASE` (a supporter bought the gifts) or `GIVEAWAY` (the shop gives them, created through
   * the beta giveaway operations); migration 0013, default `PURCHASE`.
   */
  origin?: GiftPurchaseOrigin
}

export type GiftPurchaseOrigin = 'PURCHASE' | 'GIVEAWAY'

export interface GiftsTable {
  id: string
  shop_id: string
  gift_purchase_id: string | null
  package_id: string | null
  draw_id: string | null
  product_id: string
  status: string
  winner_email: string | null
  winner_username: string | null
  winner_selected_at: string | null
  promotion_id: string | null
  order_id: string | null
  order_friendly_id: string | null
  position: number
  created_at: string
  cancelled_at: string | null
  redeemed_at: string | null
  /** The gift card a CHANGED_TO_GIFT_CARD gift became (migration 0010). */
  gift_card_id?: string | null
}

export interface GiftDrawsTable {
  id: string
  shop_id: string
  gift_purchase_id: string
  type: 'INITIAL' | 'REDO'
  duration_seconds: number
  created_at: string
  ends_at: string
  finished_at: string | null
  /** FINISHED (winners picked by a finish call) or EXPIRED (deadline passed, no winners). */
  outcome: string | null
}

export interface GiveawayPackagesTable {
  id: string
  shop_id: string
  product_id: string
  created_at: string
}

/** Which gifts each draw was held for (migration 0004): a gift without a winner is in several draws over time. */
export interface GiftDrawGiftsTable {
  draw_id: string
  gift_id: string
  shop_id: string
  /** The gift's position in its purchase. */
  position: number
}
