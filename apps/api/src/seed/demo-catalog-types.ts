/**
 * The shapes of the demo catalogue (shops, products, promotions, tiers) and its fixed tables: the
 * palette and what each kind of product weighs, measures and costs.
 */

export type ColourKey =
  | 'black'
  | 'white'
  | 'forest'
  | 'pine'
  | 'heather'
  | 'navy'
  | 'sand'
  | 'maroon'
  | 'mustard'
  | 'lavender'
  | 'sky'
  | 'cream'
  | 'charcoal'
  | 'rust'
  | 'bark'
  | 'sage'
  | 'oat'
  | 'fjord'

export interface Colour {
  name: string
  swatch: string
  /** SKU fragment. */
  code: string
}

export const palette: Record<ColourKey, Colour> = {
  black: { name: 'Black', swatch: '#1A1A1A', code: 'BLK' },
  white: { name: 'White', swatch: '#F7F7F5', code: 'WHT' },
  forest: { name: 'Forest Green', swatch: '#2F5D3A', code: 'FOR' },
  pine: { name: 'Pine', swatch: '#1F3D2B', code: 'PIN' },
  heather: { name: 'Heather Grey', swatch: '#A3A7AB', code: 'HTR' },
  navy: { name: 'Navy', swatch: '#1E2A44', code: 'NVY' },
  sand: { name: 'Sand', swatch: '#D8C8A8', code: 'SND' },
  maroon: { name: 'Maroon', swatch: '#6B2737', code: 'MAR' },
  mustard: { name: 'Mustard', swatch: '#D9A441', code: 'MUS' },
  lavender: { name: 'Lavender', swatch: '#B9A7D6', code: 'LAV' },
  sky: { name: 'Sky Blue', swatch: '#8EC5E8', code: 'SKY' },
  cream: { name: 'Cream', swatch: '#F3EAD3', code: 'CRM' },
  charcoal: { name: 'Charcoal', swatch: '#3A3D40', code: 'CHR' },
  rust: { name: 'Rust', swatch: '#B5562F', code: 'RST' },
  bark: { name: 'Bark Brown', swatch: '#7A5230', code: 'BRK' },
  sage: { name: 'Sage', swatch: '#9CAF88', code: 'SAG' },
  oat: { name: 'Oatmeal', swatch: '#E3D5BC', code: 'OAT' },
  fjord: { name: 'Fjord Blue', swatch: '#3D6E8C', code: 'FJD' },
}

export type ProductKind =
  | 'tee'
  | 'longsleeve'
  | 'hoodie'
  | 'sweater'
  | 'socks'
  | 'cap'
  | 'beanie'
  | 'scarf'
  | 'mittens'
  | 'pin'
  | 'keychain'
  | 'tote'
  | 'sticker'
  | 'plush'
  | 'mug'
  | 'bottle'
  | 'poster'
  | 'deskmat'
  | 'blanket'
  | 'notebook'
  | 'box'
  | 'yarn'
  | 'digital'
  | 'pattern'

export interface KindTraits {
  label: string
  /** Shipping weight in kg and parcel size in cm; 0 for digital goods. */
  weightKg: number
  dimensionsCm: [number, number, number]
  /** Garments get additional information and a size guide. */
  apparel: boolean
  /** Digital goods have nothing to ship. */
  digital: boolean
  /** Unit cost as a share of the price (print-on-demand vs. stocked goods). */
  costShare: number
}

export const kindTraits: Record<ProductKind, KindTraits> = {
  tee: { label: 'T-shirt', weightKg: 0.18, dimensionsCm: [30, 25, 2], apparel: true, digital: false, costShare: 0.42 },
  longsleeve: {
    label: 'Long-sleeve tee',
    weightKg: 0.24,
    dimensionsCm: [30, 25, 3],
    apparel: true,
    digital: false,
    costShare: 0.44,
  },
  hoodie: { label: 'Hoodie', weightKg: 0.7, dimensionsCm: [35, 30, 6], apparel: true, digital: false, costShare: 0.45 },
  sweater: {
    label: 'Sweater',
    weightKg: 0.55,
    dimensionsCm: [35, 30, 5],
    apparel: true,
    digital: false,
    costShare: 0.46,
  },
  socks: { label: 'Socks', weightKg: 0.08, dimensionsCm: [20, 10, 3], apparel: true, digital: false, costShare: 0.35 },
  cap: { label: 'Cap', weightKg: 0.15, dimensionsCm: [25, 20, 12], apparel: false, digital: false, costShare: 0.38 },
  beanie: {
    label: 'Beanie',
    weightKg: 0.1,
    dimensionsCm: [22, 20, 4],
    apparel: false,
    digital: false,
    costShare: 0.36,
  },
  scarf: { label: 'Scarf', weightKg: 0.25, dimensionsCm: [30, 20, 5], apparel: false, digital: false, costShare: 0.4 },
  mittens: {
    label: 'Mittens',
    weightKg: 0.12,
    dimensionsCm: [25, 12, 4],
    apparel: true,
    digital: false,
    costShare: 0.38,
  },
  pin: {
    label: 'Enamel pin',
    weightKg: 0.02,
    dimensionsCm: [8, 6, 1],
    apparel: false,
    digital: false,
    costShare: 0.25,
  },
  keychain: {
    label: 'Keychain',
    weightKg: 0.03,
    dimensionsCm: [10, 6, 1],
    apparel: false,
    digital: false,
    costShare: 0.3,
  },
  tote: {
    label: 'Tote bag',
    weightKg: 0.2,
    dimensionsCm: [40, 36, 1],
    apparel: false,
    digital: false,
    costShare: 0.36,
  },
  sticker: {
    label: 'Sticker',
    weightKg: 0.01,
    dimensionsCm: [15, 10, 0.2],
    apparel: false,
    digital: false,
    costShare: 0.2,
  },
  plush: { label: 'Plush', weightKg: 0.3, dimensionsCm: [25, 20, 15], apparel: false, digital: false, costShare: 0.4 },
  mug: { label: 'Mug', weightKg: 0.45, dimensionsCm: [12, 9, 10], apparel: false, digital: false, costShare: 0.38 },
  bottle: {
    label: 'Water bottle',
    weightKg: 0.35,
    dimensionsCm: [26, 8, 8],
    apparel: false,
    digital: false,
    costShare: 0.4,
  },
  poster: { label: 'Poster', weightKg: 0.3, dimensionsCm: [50, 8, 8], apparel: false, digital: false, costShare: 0.3 },
  deskmat: {
    label: 'Desk mat',
    weightKg: 0.6,
    dimensionsCm: [42, 10, 10],
    apparel: false,
    digital: false,
    costShare: 0.4,
  },
  blanket: {
    label: 'Blanket',
    weightKg: 1.6,
    dimensionsCm: [40, 30, 12],
    apparel: false,
    digital: false,
    costShare: 0.45,
  },
  notebook: {
    label: 'Notebook',
    weightKg: 0.25,
    dimensionsCm: [21, 15, 2],
    apparel: false,
    digital: false,
    costShare: 0.3,
  },
  box: {
    label: 'Mystery box',
    weightKg: 1.2,
    dimensionsCm: [30, 30, 20],
    apparel: false,
    digital: false,
    costShare: 0.5,
  },
  yarn: {
    label: 'Yarn kit',
    weightKg: 0.4,
    dimensionsCm: [25, 20, 10],
    apparel: false,
    digital: false,
    costShare: 0.42,
  },
  digital: {
    label: 'Digital download',
    weightKg: 0,
    dimensionsCm: [0, 0, 0],
    apparel: false,
    digital: true,
    costShare: 0,
  },
  pattern: {
    label: 'Knitting pattern',
    weightKg: 0,
    dimensionsCm: [0, 0, 0],
    apparel: false,
    digital: true,
    costShare: 0,
  },
}

export type StockMode = 'UNLIMITED' | 'LIMITED' | 'SOLD_OUT'

export interface ProductSpec {
  /** Short code, unique in the shop: the SKU stem. */
  code: string
  name: string
  slug: string
  kind: ProductKind
  description: string
  /** Colour axis of the variants (attributes.color); one product image per colour. */
  colours?: ColourKey[]
  /** Colour of the artwork when there is no colour axis. */
  tint?: ColourKey
  /** Size (or format) axis of the variants (attributes.size). */
  sizes?: string[]
  /** Price in minor units, per size when `sizes` carries its own prices. */
  price: number | number[]
  /** Some products show a former, struck-through price. */
  onSale?: boolean
  stock: StockMode
  access?: 'HIDDEN' | 'ARCHIVED'
  /** Part of the latest drop: created in the last weeks. */
  isNew?: boolean
  /** Relative popularity in orders (default 3). */
  popularity?: number
}

export type ShippingOption = 'Excluded' | 'Included' | 'FreeLowestOnly' | 'Free'

export type DiscountSpec =
  | { type: 'PERCENTAGE'; percentage: number; shippingOption?: ShippingOption }
  | { type: 'FLAT_RATE'; amount: number; freeShipping: boolean }
  | { type: 'FREE_SHIPPING'; lowestOnly: boolean }
  | {
      type: 'FREE_PRODUCTS'
      freeProductsType: 'AUTO_ADDED' | 'MANUALLY_ADDED'
      /** Product code: AUTO_ADDED gives its first variant, MANUALLY_ADDED lets the customer pick one. */
      product: string
      freeShipping: boolean
    }

export type PromotionType =
  | 'SHOP_SINGLE'
  | 'SHOP_MULTI'
  | 'SHOP_AUTO_APPLYING'
  | 'MEMBERSHIPS_SINGLE'
  | 'MEMBERSHIPS_MULTI'
export type PromotionStatus = 'Live' | 'Ended' | 'Archived' | 'AllUsed'

export interface PromotionSpec {
  type: PromotionType
  status: PromotionStatus
  title: string
  /** Single types: the code. Multi types: the stem of generated codes (`STEM-XXXX`). */
  code?: string
  codeCount?: number
  discount: DiscountSpec
  /** Shop types. */
  minimumOrderValue?: number
  maximumUses?: number
  oneUsePerCustomer?: boolean
  /** Shop types: product codes (SELECTED_PRODUCTS) or the entire order. */
  appliesTo?: { products: string[]; oncePerOrder: boolean }
  /** Shop types: the entire order except these product codes (ENTIRE_ORDER_WITH_EXCLUDED_PRODUCTS). */
  excludedProducts?: string[]
  /** Membership types. */
  newMembersOnly?: boolean
  subscriptionType?: 'ALL' | 'MONTHLY' | 'ANNUAL'
  /** Tier keys, or every tier. */
  tiers?: 'ALL' | string[]
  /** Days before the anchor it started, and (unless Live) ended. */
  startDaysAgo: number
  endDaysAgo?: number
}

export interface TierSpec {
  key: string
  name: string
  slug: string
  colour: ColourKey
  level: number
  monthly: number
  annual: number
}

export interface CollectionSpec {
  slug: string
  name: string
  description: string
  kinds?: ProductKind[]
  newOnly?: boolean
}

export interface AddressSpec {
  name: string
  address1: string
  address2: string | null
  city: string
  state: string | null
  country: string
  zip: string | null
  phone: string | null
}

export interface ShopSpec {
  key: string
  name: string
  domain: string
  publicDomain: string
  currency: string
  skuPrefix: string
  /** Emblem drawn on product mocks. */
  brand: 'pines' | 'knits'
  region: 'na' | 'eu'
  contact: {
    shopEmail: string
    contactEmail: string
    transactionalEmail: string
    customerSupportEmail: string | null
    phone: string | null
    location: AddressSpec
  }
  admins: { owner: { email: string; name: string }; staff: { email: string; name: string } }
  apiUserStem: string
  streaming: { broadcasterId: string; broadcasterLogin: string }
  products: ProductSpec[]
  collections: CollectionSpec[]
  tiers: TierSpec[]
  promotions: PromotionSpec[]
  counts: {
    orders: number
    donations: number
    members: number
    mailingList: number
    supporters: number
    /** Indexes into the gift scenarios of demo-data.ts. */
    giftScenarios: number[]
    packageScenarios: number[]
    thankYous: { DONATION: number; GIFT_PURCHASE: number; MEMBERSHIP: number; ORDER: number }
  }
  /** First member id (members have numeric string ids, unique across shops). */
  memberIdBase: number
}
