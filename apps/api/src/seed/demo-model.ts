import type {
  Database,
  ProductsTable,
  PromotionCodesTable,
  PromotionsTable,
  ShopsTable,
  VariantsTable,
} from '../db/schema.js'
import type { Money } from '../modules/money/money.js'
import { type OrderStatus, orderStatuses } from '../modules/orders/order-status.js'
import type { ProductSpec, PromotionSpec, ShopSpec } from './demo-catalog.js'
import type { Person } from './demo-people.js'
import type { Prng } from './prng.js'

/** The shapes the seed's builders pass each other (demo-data.ts puts them together). */

// The order statuses are the order module's own list (one place states them).
export { type OrderStatus, orderStatuses }
export const orderSourceTypes = ['ORDER', 'SAMPLES_ORDER', 'GIVEAWAY_LINKS', 'TWITCH_GIFT_REDEMPTION'] as const
export type OrderSourceType = (typeof orderSourceTypes)[number]
export const donationStatuses = ['OPEN', 'COMPLETED', 'ABANDONED', 'CANCELLED', 'FAILED'] as const
export const giftStatuses = ['AVAILABLE', 'CANCELLED', 'CHANGED_TO_PROMOTION', 'REDEEMED'] as const
export const subscriptionStates = ['ACTIVE', 'CANCELLED', 'SUSPENDED', 'NONE'] as const
export const contributionTypes = ['DONATION', 'GIFT_PURCHASE', 'MEMBERSHIP', 'ORDER'] as const

/** Tables whose rows carry no credentials (the seed adds shops' secrets, admins, API users, tokens). */
export type DataTable =
  | 'products'
  | 'variants'
  | 'collections'
  | 'collection_products'
  | 'orders'
  | 'order_lines'
  | 'order_status_changes'
  | 'donations'
  | 'promotions'
  | 'promotion_codes'
  | 'gift_purchases'
  | 'gifts'
  | 'gift_draws'
  | 'giveaway_packages'
  | 'thank_yous'
  | 'membership_tiers'
  | 'membership_tier_variants'
  | 'members'
  | 'mailing_list_entries'
  | 'streaming_services'
  | 'digital_files'
export type DataRows = { [K in DataTable]: Database[K][] }

export interface ShopData {
  spec: ShopSpec
  /** The shop row without its (random) webhook secret. */
  shop: Omit<ShopsTable, 'webhook_secret'>
  /** Deterministic ids of the credential rows the seed creates. */
  identity: {
    ownerAdminId: string
    staffAdminId: string
    apiUserId: string
    storefrontTokenId: string
    createdAt: string
  }
  rows: DataRows
  /**
   * The shop's drawn images (products, tier badges, size guides), which the seed uploads to the
   * shop's media library (decision 0036) under these ids: the rows above already name their URLs.
   */
  media: DemoMedia[]
  /** The bytes of the shop's digital product files (`rows.digital_files`), stored by the seed. */
  fileContents: DemoFileContent[]
}

export interface DemoFileContent {
  id: string
  mediaType: string
  content: Buffer
}

export interface DemoMedia {
  id: string
  name: string
  svg: string
}

/** What every builder of one shop shares: its spec, ids, random stream and the rows built so far. */
export interface ShopContext {
  spec: ShopSpec
  publicUrl: string
  /** The shop's own stream; every builder forks its own from it. */
  base: Prng
  shopId: string
  currency: string
  shopCreatedMs: number
  rows: DataRows
  money: (minor: number) => Money
}

export interface Image {
  id: string
  url: string
  width: number
  height: number
  transformedUrl: string
}

export interface BuiltVariant {
  row: VariantsTable
  attributes: unknown
  weight: unknown
  dimensions: unknown
  primaryImage: Image | null
}

export interface BuiltProduct {
  spec: ProductSpec
  row: ProductsTable
  variants: BuiltVariant[]
  images: Image[]
  createdMs: number
  /** Archived products stop selling when they are archived (their updated_at). */
  sellableUntilMs: number
  digital: boolean
}

export interface BuiltPromotion {
  spec: PromotionSpec | undefined
  row: PromotionsTable
  codes: PromotionCodesTable[]
  startMs: number
  endMs: number
  /** How many more seeded orders may use it. */
  capacity: number
  orderUses: number
  usedBy: Set<string>
}

export interface LinePlan {
  product: BuiltProduct
  variant: BuiltVariant
  quantity: number
}

export interface OrderPlan {
  createdMs: number
  person: Person
  lines: LinePlan[]
  source:
    | { type: 'ORDER' | 'SAMPLES_ORDER' }
    | { type: 'GIVEAWAY_LINKS'; giftId: string }
    | { type: 'TWITCH_GIFT_REDEMPTION'; giftId: string; giftPurchaseId: string }
  status: OrderStatus
  digital: boolean
}
