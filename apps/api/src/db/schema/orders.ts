import type { Bool, Json } from './columns.js'

/** Carts, checkouts, orders with their lines and status history, fulfilments, downloads. */

export interface OrdersTable {
  id: string
  shop_id: string
  friendly_id: string
  checkout_id: string
  promotion_id: string | null
  status: string
  email: string
  email_marketing_opt_in: Bool
  username: string | null
  message: string | null
  currency: string
  subtotal: number
  shipping: number
  tax: number
  donation: number
  discount: number
  total: number
  billing_address: Json | null
  shipping_address: Json | null
  source_type: string
  source_gift_id: string | null
  source_gift_purchase_id: string | null
  tracking_params: Json | null
  /** Migration 0012: string → string metadata (JSON) from the cart and the checkout link; null when none. */
  metadata?: Json | null
  /** What gift cards paid (migration 0010): JSON `[{giftCardId, codeLast4, amount}]`; null when none. */
  gift_cards?: Json | null
  created_at: string
  updated_at: string
}

export interface OrderLinesTable {
  id: string
  order_id: string
  shop_id: string
  position: number
  product_id: string
  variant_id: string
  quantity: number
  unit_price: number
  unit_cost: number | null
  compare_at_price: number | null
  /** Snapshot of the product at order time: {id, name, slug, description, primaryImage}. */
  product: Json
  /** Snapshot of the variant at order time: {name, sku, attributes, weight, dimensions}. */
  variant: Json
}

export interface OrderStatusChangesTable {
  id: string
  order_id: string
  shop_id: string
  status: string
  reason: string
  created_at: string
}

/** One shipment of order lines with its tracker (migration 0003). */
export interface FulfillmentsTable {
  /** `ful_…` */
  id: string
  shop_id: string
  order_id: string
  tracking_number: string
  tracking_company: string
  /** Carrier and tracking number, upper-cased without spaces: unique per order. */
  tracking_key: string
  tracker_state: 'LABEL_CREATED' | 'IN_TRANSIT' | 'DELIVERED'
  created_at: string
  updated_at: string
  in_transit_at: string | null
  delivered_at: string | null
}

/** The quantity of one ordered variant in a fulfilment (migration 0003). */
export interface FulfillmentItemsTable {
  fulfillment_id: string
  shop_id: string
  order_id: string
  variant_id: string
  quantity: number
}

/** An anonymous storefront cart (migration 0005). Expires 30 days after `updated_at`. */
export interface CartsTable {
  /** UUID. */
  id: string
  shop_id: string
  /** The currency the cart was created with: the default of later cart calls and of checkout. */
  currency: string
  /** The cart's metadata (string keys and values), copied to the order's checkout. */
  metadata: Json
  status: 'OPEN' | 'CLOSED'
  /** The order the cart became (CLOSED). */
  order_id: string | null
  created_at: string
  updated_at: string
}

/** One line of a cart: one per variant (migration 0005). */
export interface CartLinesTable {
  cart_id: string
  variant_id: string
  shop_id: string
  quantity: number
  /** Insertion order of the line. */
  position: number
  /** The last `recStrategy` an add reported for the line (analytics only). */
  rec_strategy: string | null
  created_at: string
  updated_at: string
}

/** The checkout an order came from (`orders.checkout_id`, migration 0005). */
export interface CheckoutsTable {
  /** `ch_…` */
  id: string
  shop_id: string
  /** The cart checked out; null for gift redemptions. */
  cart_id: string | null
  order_id: string
  currency: string
  /** The cart's metadata, copied here (the order's contract shape has no metadata field). */
  metadata: Json
  /** The promotion code the shopper entered, as entered. */
  promotion_code: string | null
  created_at: string
}

/** A buyer's access to the digital files of an order (migration 0012, decision 0024). */
export interface OrderDownloadsTable {
  /** `odl_…` */
  id: string
  shop_id: string
  order_id: string
  /** SHA-256 of the download token, for lookup. */
  token_hash: string
  /** The token, sealed: the order's confirmation page shows the links again. */
  token_sealed: string
  /** A creator-given file URL (`PUT /order/{orderId}/downloaded` with `defaultFileUrl`); null: the product's files. */
  url: string | null
  download_count: number
  created_at: string
  /** When the buyer first downloaded (or the shop marked the download done). */
  downloaded_at: string | null
}
