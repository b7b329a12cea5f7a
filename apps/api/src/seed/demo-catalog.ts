/**
 * The static part of the demo data: the two shops, their products, collections, membership tiers
 * and promotions, written by hand so the demo reads like a real creator's shop. Random parts
 * (stock counts, dates, orders, supporters…) come from the seeded generator in demo-data.ts.
 *
 * The media module reads this catalog too: product image URLs name a product slug, and the
 * generated SVG mock draws that product's kind in its colours.
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

const apparelSizes = ['XS', 'S', 'M', 'L', 'XL', '2XL']

const demoProducts: ProductSpec[] = [
  // Apparel
  {
    code: 'LOGOTEE',
    name: 'Pixel Pines Logo Tee',
    slug: 'pixel-pines-logo-tee',
    kind: 'tee',
    description: 'Soft ring-spun cotton tee with the pixel-art Pixel Pines logo on the chest.',
    colours: ['black', 'forest'],
    sizes: apparelSizes,
    price: 2800,
    stock: 'UNLIMITED',
    popularity: 10,
  },
  {
    code: 'CAMPTEE',
    name: 'Campfire Crew Tee',
    slug: 'campfire-crew-tee',
    kind: 'tee',
    description: 'The whole campfire crew, stitched in 8-bit glory on a garment-dyed tee.',
    colours: ['sand', 'charcoal'],
    sizes: ['S', 'M', 'L', 'XL'],
    price: 3000,
    onSale: true,
    stock: 'UNLIMITED',
    popularity: 6,
  },
  {
    code: 'OWLTEE',
    name: 'Pip the Owl Tee',
    slug: 'pip-the-owl-tee',
    kind: 'tee',
    description: 'Pip, the stream’s night-owl mascot, keeping watch over the pines.',
    colours: ['white', 'sky', 'lavender'],
    sizes: ['S', 'M', 'L', 'XL'],
    price: 2800,
    stock: 'UNLIMITED',
    isNew: true,
    popularity: 8,
  },
  {
    code: 'SQUADTEE',
    name: 'Pinecone Squad Tee',
    slug: 'pinecone-squad-tee',
    kind: 'tee',
    description: 'For the Pinecones — the chat that never sleeps. Relaxed fit.',
    colours: ['heather', 'black'],
    sizes: ['S', 'M', 'L', 'XL', '2XL'],
    price: 2800,
    stock: 'LIMITED',
    popularity: 7,
  },
  {
    code: 'SUNSETTEE',
    name: 'Retro Sunset Tee',
    slug: 'retro-sunset-tee',
    kind: 'tee',
    description: 'The 2025 summer tour tee. Retired, but never forgotten.',
    colours: ['cream'],
    sizes: ['XS', 'S', 'M', 'L', 'XL', '2XL', '3XL'],
    price: 2600,
    stock: 'LIMITED',
    access: 'ARCHIVED',
    popularity: 4,
  },
  {
    code: 'SUBTEE',
    name: 'Subathon 2026 Commemorative Tee',
    slug: 'subathon-2026-commemorative-tee',
    kind: 'tee',
    description: 'Celebrating 100 hours of cozy streaming. Unlocks when the subathon ends.',
    colours: ['black'],
    sizes: ['S', 'M', 'L', 'XL', '2XL'],
    price: 3200,
    stock: 'UNLIMITED',
    access: 'HIDDEN',
    isNew: true,
  },
  {
    code: 'NIGHTHOOD',
    name: 'Night Forest Hoodie',
    slug: 'night-forest-hoodie',
    kind: 'hoodie',
    description: 'Heavyweight fleece hoodie with a glow-in-the-dark night forest across the back.',
    colours: ['pine', 'black'],
    sizes: ['S', 'M', 'L', 'XL', '2XL'],
    price: 5500,
    onSale: true,
    stock: 'LIMITED',
    popularity: 8,
  },
  {
    code: 'LOGOHOOD',
    name: 'Pixel Pines Logo Hoodie',
    slug: 'pixel-pines-logo-hoodie',
    kind: 'hoodie',
    description: 'The everyday hoodie: embroidered logo, kangaroo pocket, brushed inside.',
    colours: ['heather', 'navy'],
    sizes: ['S', 'M', 'L', 'XL'],
    price: 5200,
    stock: 'UNLIMITED',
    popularity: 9,
  },
  {
    code: 'CABINZIP',
    name: 'Cozy Cabin Zip Hoodie',
    slug: 'cozy-cabin-zip-hoodie',
    kind: 'hoodie',
    description: 'Limited run zip hoodie in rust, with a woven cabin label. Sold out — restock soon.',
    colours: ['rust'],
    sizes: ['S', 'M', 'L', 'XL', '2XL'],
    price: 6000,
    stock: 'SOLD_OUT',
    popularity: 5,
  },
  {
    code: 'SPOOKHOOD',
    name: 'Spooky Pines Hoodie',
    slug: 'spooky-pines-hoodie',
    kind: 'hoodie',
    description: 'Halloween 2025 hoodie with haunted pixel pines.',
    colours: ['black'],
    sizes: ['S', 'M', 'L', 'XL'],
    price: 5500,
    stock: 'LIMITED',
    access: 'ARCHIVED',
    popularity: 3,
  },
  {
    code: 'SNOWCREW',
    name: 'Snowfall Crewneck',
    slug: 'snowfall-crewneck',
    kind: 'sweater',
    description: 'Midweight crewneck sweatshirt with a falling-snow pixel pattern.',
    colours: ['cream', 'sky'],
    sizes: ['S', 'M', 'L', 'XL'],
    price: 4800,
    stock: 'UNLIMITED',
    isNew: true,
    popularity: 6,
  },
  {
    code: 'VARSITY',
    name: 'Pinecones Varsity Crewneck',
    slug: 'pinecones-varsity-crewneck',
    kind: 'sweater',
    description: 'Collegiate-style crewneck for the Pinecones. Preview for members.',
    colours: ['maroon'],
    sizes: ['S', 'M', 'L', 'XL', '2XL'],
    price: 5000,
    stock: 'LIMITED',
    access: 'HIDDEN',
  },
  {
    code: 'BITLS',
    name: '8-Bit Forest Long Sleeve',
    slug: '8-bit-forest-long-sleeve',
    kind: 'longsleeve',
    description: 'Long-sleeve tee with an 8-bit forest running down both sleeves.',
    colours: ['forest', 'charcoal'],
    sizes: ['S', 'M', 'L', 'XL'],
    price: 3600,
    stock: 'UNLIMITED',
    popularity: 4,
  },
  {
    code: 'SPEEDSOCK',
    name: 'Speedrun Socks',
    slug: 'speedrun-socks',
    kind: 'socks',
    description: 'Crew socks with a tiny pixel timer on each ankle. Any% comfort.',
    colours: ['mustard', 'black'],
    sizes: ['S/M', 'L/XL'],
    price: 1600,
    stock: 'LIMITED',
    popularity: 5,
  },
  {
    code: 'COZYSOCK',
    name: 'Cozy Stream Socks 3-Pack',
    slug: 'cozy-stream-socks-3-pack',
    kind: 'socks',
    description: 'Three pairs of thick cabin socks for long streams.',
    colours: ['heather'],
    sizes: ['S/M', 'L/XL'],
    price: 3000,
    stock: 'LIMITED',
    isNew: true,
    popularity: 3,
  },
  {
    code: 'SCARF',
    name: 'Winter Pines Scarf',
    slug: 'winter-pines-scarf',
    kind: 'scarf',
    description: 'Jacquard-knit scarf with a row of pixel pines at each end.',
    colours: ['forest', 'maroon'],
    price: 3000,
    stock: 'LIMITED',
    isNew: true,
    popularity: 4,
  },
  {
    code: 'MITTENS',
    name: 'Pixel Heart Mittens',
    slug: 'pixel-heart-mittens',
    kind: 'mittens',
    description: 'Warm knit mittens with a pixel heart on the back of each hand.',
    colours: ['maroon'],
    sizes: ['S/M', 'L/XL'],
    price: 2400,
    stock: 'LIMITED',
    popularity: 3,
  },
  // Accessories
  {
    code: 'SNAPBACK',
    name: 'Pixel Pines Snapback',
    slug: 'pixel-pines-snapback',
    kind: 'cap',
    description: 'Structured snapback with a 3D-embroidered pixel pine.',
    colours: ['black', 'forest', 'navy'],
    price: 3000,
    stock: 'UNLIMITED',
    popularity: 6,
  },
  {
    code: 'DADHAT',
    name: 'Pine Needle Dad Hat',
    slug: 'pine-needle-dad-hat',
    kind: 'cap',
    description: 'Unstructured washed-cotton dad hat. Adjustable strap.',
    colours: ['sand', 'pine'],
    price: 2800,
    onSale: true,
    stock: 'LIMITED',
    popularity: 4,
  },
  {
    code: 'BEANIE',
    name: 'Campfire Cuffed Beanie',
    slug: 'campfire-cuffed-beanie',
    kind: 'beanie',
    description: 'Rib-knit cuffed beanie with a woven campfire patch.',
    colours: ['rust', 'mustard', 'charcoal'],
    price: 2600,
    stock: 'LIMITED',
    isNew: true,
    popularity: 6,
  },
  {
    code: 'OWLPIN',
    name: 'Pip the Owl Enamel Pin',
    slug: 'pip-the-owl-enamel-pin',
    kind: 'pin',
    description: 'Hard enamel pin of Pip with gold plating and two rubber clutches.',
    tint: 'mustard',
    price: 1200,
    stock: 'LIMITED',
    popularity: 6,
  },
  {
    code: 'CONEPIN',
    name: 'Pinecone Enamel Pin',
    slug: 'pinecone-enamel-pin',
    kind: 'pin',
    description: 'The Pinecones crest as a 30 mm hard enamel pin.',
    tint: 'forest',
    price: 1200,
    stock: 'LIMITED',
    popularity: 5,
  },
  {
    code: 'CTRLPIN',
    name: 'Golden Controller Pin',
    slug: 'golden-controller-pin',
    kind: 'pin',
    description: 'Numbered run of 300 glitter controller pins. All gone!',
    tint: 'mustard',
    price: 1400,
    stock: 'SOLD_OUT',
    popularity: 4,
  },
  {
    code: 'GLITCHPIN',
    name: 'Glitch Heart Pin',
    slug: 'glitch-heart-pin',
    kind: 'pin',
    description: 'A heart that glitches. From the 2025 Valentine’s stream.',
    tint: 'maroon',
    price: 1200,
    stock: 'LIMITED',
    access: 'ARCHIVED',
    popularity: 2,
  },
  {
    code: 'PINSET',
    name: 'Enamel Pin Set',
    slug: 'enamel-pin-set',
    kind: 'pin',
    description: 'Pip, the Pinecone crest and the campfire, together on one backing card.',
    tint: 'pine',
    price: 3000,
    stock: 'LIMITED',
    popularity: 3,
  },
  {
    code: 'TENTKEY',
    name: 'Acrylic Tent Keychain',
    slug: 'acrylic-tent-keychain',
    kind: 'keychain',
    description: 'Double-sided acrylic keychain of the stream’s pixel tent.',
    tint: 'sky',
    price: 1000,
    stock: 'UNLIMITED',
    popularity: 4,
  },
  {
    code: 'PIPKEY',
    name: 'Mini Pip Plush Keychain',
    slug: 'mini-pip-plush-keychain',
    kind: 'keychain',
    description: 'A pocket-sized Pip to clip on your bag.',
    tint: 'bark',
    price: 1400,
    stock: 'LIMITED',
    popularity: 4,
  },
  {
    code: 'TOTE',
    name: 'Pixel Pines Tote Bag',
    slug: 'pixel-pines-tote-bag',
    kind: 'tote',
    description: 'Heavy canvas tote with an inside pocket. Fits a laptop and snacks.',
    colours: ['cream', 'black'],
    price: 2200,
    stock: 'UNLIMITED',
    popularity: 4,
  },
  {
    code: 'RAIDSTK',
    name: 'Raid Squad Sticker Pack',
    slug: 'raid-squad-sticker-pack',
    kind: 'sticker',
    description: 'Matte vinyl stickers of every raid emote. Weatherproof.',
    tint: 'lavender',
    sizes: ['Pack of 5', 'Pack of 10'],
    price: [800, 1400],
    stock: 'UNLIMITED',
    popularity: 8,
  },
  {
    code: 'HOLOSTK',
    name: 'Holographic Logo Sticker',
    slug: 'holographic-logo-sticker',
    kind: 'sticker',
    description: 'The logo in holographic vinyl. It shimmers.',
    tint: 'sky',
    price: 400,
    stock: 'UNLIMITED',
    popularity: 7,
  },
  {
    code: 'VIBESTK',
    name: 'Cozy Vibes Sticker Sheet',
    slug: 'cozy-vibes-sticker-sheet',
    kind: 'sticker',
    description: 'A sheet of 12 kiss-cut stickers: mugs, blankets, rain and pines.',
    tint: 'mustard',
    price: 600,
    stock: 'UNLIMITED',
    isNew: true,
    popularity: 5,
  },
  {
    code: 'PIPPLUSH',
    name: 'Pip the Owl Plush',
    slug: 'pip-the-owl-plush',
    kind: 'plush',
    description: 'A 25 cm huggable Pip with embroidered eyes. Limited first batch.',
    tint: 'bark',
    price: 3000,
    stock: 'LIMITED',
    isNew: true,
    popularity: 7,
  },
  // Home and desk
  {
    code: 'FORESTMUG',
    name: 'Forest Floor Mug',
    slug: 'forest-floor-mug',
    kind: 'mug',
    description: 'Glossy ceramic mug with a wrap-around forest floor. Dishwasher safe.',
    colours: ['forest', 'black'],
    sizes: ['11 oz', '15 oz'],
    price: [1800, 2200],
    stock: 'UNLIMITED',
    popularity: 7,
  },
  {
    code: 'OWLMUG',
    name: '8-Bit Owl Mug',
    slug: '8-bit-owl-mug',
    kind: 'mug',
    description: 'Pip in 8 bits on a classic white mug.',
    tint: 'white',
    sizes: ['11 oz'],
    price: 1800,
    stock: 'UNLIMITED',
    popularity: 5,
  },
  {
    code: 'CAMPMUG',
    name: 'Campfire Enamel Camp Mug',
    slug: 'campfire-enamel-camp-mug',
    kind: 'mug',
    description: 'Speckled enamel camp mug — at home on a desk or a campfire.',
    tint: 'cream',
    price: 2000,
    stock: 'LIMITED',
    popularity: 4,
  },
  {
    code: 'BOTTLE',
    name: 'Pinecone Water Bottle',
    slug: 'pinecone-water-bottle',
    kind: 'bottle',
    description: 'Insulated steel bottle, 750 ml. Stay hydrated, chat.',
    colours: ['forest', 'sky'],
    price: 2600,
    stock: 'LIMITED',
    popularity: 4,
  },
  {
    code: 'NIGHTPOST',
    name: 'Night Sky Poster',
    slug: 'night-sky-poster',
    kind: 'poster',
    description: 'Museum-grade matte print of the stream’s night sky scene.',
    tint: 'navy',
    sizes: ['12×18 in', '18×24 in', '24×36 in'],
    price: [2200, 2800, 3500],
    stock: 'UNLIMITED',
    popularity: 5,
  },
  {
    code: 'MAPPOST',
    name: 'Pixel Pines Map Poster',
    slug: 'pixel-pines-map-poster',
    kind: 'poster',
    description: 'A map of every place the stream has explored, with secret areas marked.',
    tint: 'sand',
    sizes: ['12×18 in', '18×24 in', '24×36 in'],
    price: [2200, 2800, 3500],
    stock: 'UNLIMITED',
    popularity: 4,
  },
  {
    code: 'SUNPRINT',
    name: 'Sunset Over the Pines Art Print',
    slug: 'sunset-over-the-pines-art-print',
    kind: 'poster',
    description: 'Giclée print, signed and numbered. Edition of 150.',
    tint: 'rust',
    sizes: ['A4', 'A3'],
    price: [3000, 4200],
    stock: 'LIMITED',
    popularity: 3,
  },
  {
    code: 'ANNIPRINT',
    name: 'Signed Anniversary Print',
    slug: 'signed-anniversary-print',
    kind: 'poster',
    description: 'Third-anniversary print signed live on stream. Sold out in minutes.',
    tint: 'maroon',
    price: 4500,
    stock: 'SOLD_OUT',
    popularity: 3,
  },
  {
    code: 'DESKMAT',
    name: 'Forest Desk Mat',
    slug: 'forest-desk-mat',
    kind: 'deskmat',
    description: 'Stitched-edge desk mat with a panoramic pixel forest.',
    tint: 'pine',
    sizes: ['90×40 cm', '120×60 cm'],
    price: [3200, 4200],
    stock: 'UNLIMITED',
    popularity: 5,
  },
  {
    code: 'MOUSEPAD',
    name: 'Pixel Mouse Pad',
    slug: 'pixel-mouse-pad',
    kind: 'deskmat',
    description: 'Smooth-glide mouse pad in lavender dusk.',
    tint: 'lavender',
    price: 2000,
    onSale: true,
    stock: 'UNLIMITED',
    popularity: 3,
  },
  {
    code: 'BLANKET',
    name: 'Cozy Cabin Blanket',
    slug: 'cozy-cabin-blanket',
    kind: 'blanket',
    description: 'Woven cotton throw, 130×170 cm, for the coziest streams.',
    tint: 'rust',
    price: 6000,
    stock: 'LIMITED',
    popularity: 3,
  },
  {
    code: 'NOTEBOOK',
    name: 'Pixel Pines Notebook',
    slug: 'pixel-pines-notebook',
    kind: 'notebook',
    description: 'A5 hardcover notebook, 160 pages, with an elastic band.',
    tint: 'forest',
    sizes: ['Dotted', 'Lined'],
    price: 1500,
    stock: 'LIMITED',
    popularity: 3,
  },
  // Stream essentials
  {
    code: 'WALL1',
    name: 'Digital Wallpaper Pack Vol. 1',
    slug: 'digital-wallpaper-pack-vol-1',
    kind: 'digital',
    description: 'Twelve desktop and phone wallpapers from the stream’s scenes (download).',
    tint: 'pine',
    price: 500,
    stock: 'UNLIMITED',
    popularity: 5,
  },
  {
    code: 'WALL2',
    name: 'Digital Wallpaper Pack Vol. 2',
    slug: 'digital-wallpaper-pack-vol-2',
    kind: 'digital',
    description: 'Twelve new wallpapers: winter nights, aurora and Pip’s treehouse (download).',
    tint: 'lavender',
    price: 500,
    stock: 'UNLIMITED',
    isNew: true,
    popularity: 4,
  },
  {
    code: 'ALERTS',
    name: 'Stream Alert Sound Pack',
    slug: 'stream-alert-sound-pack',
    kind: 'digital',
    description: 'Twenty chiptune alert sounds for your own stream (download, royalty free).',
    tint: 'mustard',
    price: 800,
    stock: 'UNLIMITED',
    popularity: 3,
  },
  {
    code: 'PHONEWALL',
    name: 'Pip the Owl Phone Wallpaper',
    slug: 'pip-the-owl-phone-wallpaper',
    kind: 'digital',
    description: 'One animated phone wallpaper of Pip blinking (download).',
    tint: 'sky',
    price: 200,
    stock: 'UNLIMITED',
    access: 'ARCHIVED',
    popularity: 2,
  },
  {
    code: 'MYSTERY',
    name: 'Mystery Merch Box',
    slug: 'mystery-merch-box',
    kind: 'box',
    description: 'Five random items worth at least $80. Hidden until the next drop.',
    tint: 'pine',
    price: 6500,
    stock: 'LIMITED',
    access: 'HIDDEN',
  },
  {
    code: 'COLLBOX',
    name: 'Collector’s Box 2026',
    slug: 'collectors-box-2026',
    kind: 'box',
    description: 'Numbered collector’s box: plush, pin set, print and a handwritten note.',
    tint: 'maroon',
    price: 9900,
    stock: 'SOLD_OUT',
    popularity: 2,
  },
]

const knitsProducts: ProductSpec[] = [
  {
    code: 'FJORDSWT',
    name: 'Fjord Cable-Knit Sweater',
    slug: 'fjord-cable-knit-sweater',
    kind: 'sweater',
    description: 'Hand-finished cable-knit sweater in undyed Irish wool.',
    colours: ['cream', 'navy'],
    sizes: ['S', 'M', 'L', 'XL'],
    price: 12000,
    stock: 'LIMITED',
    popularity: 6,
  },
  {
    code: 'STORMCARD',
    name: 'Storm Grey Cardigan',
    slug: 'storm-grey-cardigan',
    kind: 'sweater',
    description: 'Chunky shawl-collar cardigan. This season’s batch is sold out.',
    colours: ['charcoal'],
    sizes: ['S', 'M', 'L', 'XL'],
    price: 13500,
    stock: 'SOLD_OUT',
    popularity: 4,
  },
  {
    code: 'GANSEY',
    name: 'Gansey Pullover',
    slug: 'gansey-pullover',
    kind: 'sweater',
    description: 'Traditional fisherman’s gansey. Retired pattern.',
    colours: ['navy'],
    sizes: ['M', 'L'],
    price: 11000,
    stock: 'LIMITED',
    access: 'ARCHIVED',
    popularity: 2,
  },
  {
    code: 'HARBOUR',
    name: 'Harbour Rib Beanie',
    slug: 'harbour-rib-beanie',
    kind: 'beanie',
    description: 'Fisherman rib beanie in merino, knitted in Galway.',
    colours: ['rust', 'charcoal', 'cream'],
    price: 3500,
    stock: 'LIMITED',
    isNew: true,
    popularity: 8,
  },
  {
    code: 'NWSCARF',
    name: 'Northwind Wool Scarf',
    slug: 'northwind-wool-scarf',
    kind: 'scarf',
    description: 'Long brushed-wool scarf with fringed ends.',
    colours: ['heather', 'forest'],
    price: 5500,
    stock: 'LIMITED',
    popularity: 6,
  },
  {
    code: 'LIGHTMIT',
    name: 'Lighthouse Mittens',
    slug: 'lighthouse-mittens',
    kind: 'mittens',
    description: 'Lined mittens with a lighthouse motif.',
    colours: ['navy'],
    sizes: ['S/M', 'L/XL'],
    price: 3800,
    stock: 'LIMITED',
    popularity: 4,
  },
  {
    code: 'SEASOCK',
    name: 'Sea Salt Socks',
    slug: 'sea-salt-socks',
    kind: 'socks',
    description: 'Wool-blend boot socks.',
    colours: ['cream', 'fjord'],
    sizes: ['36–40', '41–46'],
    price: 2200,
    stock: 'UNLIMITED',
    popularity: 5,
  },
  {
    code: 'THROW',
    name: 'Merino Throw Blanket',
    slug: 'merino-throw-blanket',
    kind: 'blanket',
    description: 'Honeycomb-knit merino throw, 120×160 cm.',
    tint: 'oat',
    price: 16000,
    stock: 'LIMITED',
    popularity: 2,
  },
  {
    code: 'YARNKIT',
    name: 'DIY Beanie Yarn Kit',
    slug: 'diy-beanie-yarn-kit',
    kind: 'yarn',
    description: 'Two skeins, bamboo needles and the Harbour beanie pattern.',
    colours: ['mustard', 'sage'],
    price: 4200,
    stock: 'LIMITED',
    isNew: true,
    popularity: 5,
  },
  {
    code: 'CABLEPAT',
    name: 'Cable Sweater Pattern',
    slug: 'cable-sweater-pattern',
    kind: 'pattern',
    description: 'The Fjord sweater pattern as a PDF, sizes XS–3XL.',
    tint: 'fjord',
    price: 800,
    stock: 'UNLIMITED',
    popularity: 5,
  },
  {
    code: 'WINTERPAT',
    name: 'Winter Pattern Bundle',
    slug: 'winter-pattern-bundle',
    kind: 'pattern',
    description: 'Five winter patterns in one PDF bundle. Coming with the next newsletter.',
    tint: 'sky',
    price: 2400,
    stock: 'UNLIMITED',
    access: 'HIDDEN',
  },
  {
    code: 'NWMUG',
    name: 'Northwind Logo Mug',
    slug: 'northwind-logo-mug',
    kind: 'mug',
    description: 'Stoneware mug with the Northwind compass.',
    tint: 'cream',
    price: 1800,
    stock: 'UNLIMITED',
    popularity: 3,
  },
  {
    code: 'KNITTOTE',
    name: 'Knit Club Tote',
    slug: 'knit-club-tote',
    kind: 'tote',
    description: 'Project tote with a yarn guide grommet.',
    tint: 'sand',
    price: 2000,
    stock: 'UNLIMITED',
    popularity: 3,
  },
]

export const demoShopSpec: ShopSpec = {
  key: 'pixel-pines',
  name: 'Pixel Pines Merch',
  domain: 'pixel-pines.fanshelf.shop',
  publicDomain: 'shop.pixelpines.tv',
  currency: 'USD',
  skuPrefix: 'PP',
  brand: 'pines',
  region: 'na',
  contact: {
    shopEmail: 'hello@pixelpines.tv',
    contactEmail: 'pines@pixelpines.tv',
    transactionalEmail: 'orders@pixelpines.tv',
    customerSupportEmail: 'support@pixelpines.tv',
    phone: '+15035550142',
    location: {
      name: 'Pixel Pines Media LLC',
      address1: '415 SW Morrison St',
      address2: 'Suite 300',
      city: 'Portland',
      state: 'OR',
      country: 'US',
      zip: '97204',
      phone: null,
    },
  },
  admins: {
    owner: { email: 'owner@pixel-pines.test', name: 'Robin Pines' },
    staff: { email: 'staff@pixel-pines.test', name: 'Casey Moderator' },
  },
  apiUserStem: 'pixel-pines-api',
  streaming: { broadcasterId: '141981764', broadcasterLogin: 'pixelpines' },
  products: demoProducts,
  collections: [
    {
      slug: 'new-drops',
      name: 'New drops',
      description: 'Fresh from the latest stream: the winter drop and Pip’s first plush.',
      newOnly: true,
    },
    {
      slug: 'apparel',
      name: 'Apparel',
      description: 'Tees, hoodies, crewnecks and cozy knits.',
      kinds: ['tee', 'longsleeve', 'hoodie', 'sweater', 'socks', 'scarf', 'mittens'],
    },
    {
      slug: 'accessories',
      name: 'Accessories',
      description: 'Caps, beanies, pins, stickers and things to clip on your bag.',
      kinds: ['cap', 'beanie', 'pin', 'keychain', 'tote', 'sticker', 'plush'],
    },
    {
      slug: 'home-and-desk',
      name: 'Home & desk',
      description: 'Mugs, posters, desk mats and everything for a cozy setup.',
      kinds: ['mug', 'bottle', 'poster', 'deskmat', 'blanket', 'notebook'],
    },
    {
      slug: 'stream-essentials',
      name: 'Stream essentials',
      description: 'Wallpapers, alert sounds, stickers and boxes for fellow streamers.',
      kinds: ['digital', 'sticker', 'box'],
    },
  ],
  tiers: [
    {
      key: 'seedling',
      name: 'Seedling',
      slug: 'pixel-pines-seedling',
      colour: 'sage',
      level: 1,
      monthly: 499,
      annual: 4999,
    },
    {
      key: 'sapling',
      name: 'Sapling',
      slug: 'pixel-pines-sapling',
      colour: 'forest',
      level: 2,
      monthly: 999,
      annual: 9999,
    },
    {
      key: 'old-growth',
      name: 'Old Growth',
      slug: 'pixel-pines-old-growth',
      colour: 'pine',
      level: 3,
      monthly: 2499,
      annual: 24999,
    },
  ],
  promotions: [
    {
      type: 'SHOP_SINGLE',
      status: 'Live',
      title: 'Winter drop 10% off',
      code: 'WINTER10',
      discount: { type: 'PERCENTAGE', percentage: 10, shippingOption: 'Excluded' },
      minimumOrderValue: 5000,
      maximumUses: 500,
      oneUsePerCustomer: true,
      startDaysAgo: 40,
    },
    {
      type: 'SHOP_SINGLE',
      status: 'Ended',
      title: 'Launch week 15% off',
      code: 'LAUNCH15',
      discount: { type: 'PERCENTAGE', percentage: 15, shippingOption: 'Included' },
      oneUsePerCustomer: true,
      startDaysAgo: 130,
      endDaysAgo: 100,
    },
    {
      type: 'SHOP_SINGLE',
      status: 'Archived',
      title: 'Summer tees $5 off',
      code: 'SUMMER5',
      discount: { type: 'FLAT_RATE', amount: 500, freeShipping: false },
      appliesTo: { products: ['LOGOTEE', 'CAMPTEE', 'SQUADTEE', 'SUNSETTEE'], oncePerOrder: true },
      oneUsePerCustomer: false,
      startDaysAgo: 160,
      endDaysAgo: 75,
    },
    {
      type: 'SHOP_SINGLE',
      status: 'AllUsed',
      title: 'First 25 supporters',
      code: 'FIRST25',
      discount: { type: 'PERCENTAGE', percentage: 25, shippingOption: 'FreeLowestOnly' },
      maximumUses: 25,
      oneUsePerCustomer: true,
      startDaysAgo: 118,
      endDaysAgo: 60,
    },
    {
      type: 'SHOP_MULTI',
      status: 'Live',
      title: 'Raid thank-you codes',
      code: 'RAID',
      codeCount: 4,
      discount: { type: 'FLAT_RATE', amount: 1500, freeShipping: false },
      maximumUses: 1,
      oneUsePerCustomer: true,
      appliesTo: { products: ['NIGHTHOOD', 'LOGOHOOD', 'CABINZIP'], oncePerOrder: true },
      startDaysAgo: 50,
    },
    {
      type: 'SHOP_MULTI',
      status: 'Ended',
      title: 'Sub-a-thon free shipping',
      code: 'SUBATHON',
      codeCount: 5,
      discount: { type: 'FREE_SHIPPING', lowestOnly: false },
      maximumUses: 10,
      oneUsePerCustomer: true,
      startDaysAgo: 95,
      endDaysAgo: 80,
    },
    {
      type: 'SHOP_MULTI',
      status: 'Archived',
      title: 'Charity stream codes',
      code: 'CHARITY',
      codeCount: 3,
      discount: { type: 'PERCENTAGE', percentage: 20, shippingOption: 'Free' },
      maximumUses: 20,
      oneUsePerCustomer: false,
      startDaysAgo: 200,
      endDaysAgo: 150,
    },
    {
      type: 'SHOP_MULTI',
      status: 'AllUsed',
      title: 'Mod squad free sticker',
      code: 'MODSQUAD',
      codeCount: 3,
      discount: { type: 'FREE_PRODUCTS', freeProductsType: 'MANUALLY_ADDED', product: 'RAIDSTK', freeShipping: false },
      maximumUses: 1,
      oneUsePerCustomer: true,
      startDaysAgo: 70,
      endDaysAgo: 20,
    },
    {
      type: 'SHOP_AUTO_APPLYING',
      status: 'Live',
      title: 'Free shipping over $75',
      discount: { type: 'FREE_SHIPPING', lowestOnly: true },
      minimumOrderValue: 7500,
      oneUsePerCustomer: false,
      startDaysAgo: 110,
    },
    {
      type: 'SHOP_AUTO_APPLYING',
      status: 'Ended',
      title: 'Holiday sticker bonus',
      discount: { type: 'FREE_PRODUCTS', freeProductsType: 'AUTO_ADDED', product: 'HOLOSTK', freeShipping: false },
      minimumOrderValue: 4000,
      oneUsePerCustomer: false,
      startDaysAgo: 300,
      endDaysAgo: 290,
    },
    {
      type: 'SHOP_AUTO_APPLYING',
      status: 'Archived',
      title: 'Anniversary 5% off',
      discount: { type: 'PERCENTAGE', percentage: 5, shippingOption: 'Excluded' },
      oneUsePerCustomer: false,
      startDaysAgo: 250,
      endDaysAgo: 240,
    },
    {
      type: 'SHOP_AUTO_APPLYING',
      status: 'AllUsed',
      title: 'First 10 hoodie orders $10 off',
      code: 'HOODIE10',
      discount: { type: 'FLAT_RATE', amount: 1000, freeShipping: true },
      maximumUses: 10,
      oneUsePerCustomer: true,
      appliesTo: { products: ['NIGHTHOOD', 'LOGOHOOD'], oncePerOrder: true },
      startDaysAgo: 100,
      endDaysAgo: 35,
    },
    {
      type: 'MEMBERSHIPS_SINGLE',
      status: 'Live',
      title: 'New annual members 20% off',
      code: 'MEMBERS20',
      discount: { type: 'PERCENTAGE', percentage: 20 },
      newMembersOnly: true,
      subscriptionType: 'ANNUAL',
      tiers: ['sapling', 'old-growth'],
      startDaysAgo: 30,
    },
    {
      type: 'MEMBERSHIPS_SINGLE',
      status: 'Ended',
      title: 'Spring club 10% off',
      code: 'SPRINGCLUB',
      discount: { type: 'PERCENTAGE', percentage: 10 },
      newMembersOnly: false,
      subscriptionType: 'ALL',
      tiers: 'ALL',
      startDaysAgo: 220,
      endDaysAgo: 190,
    },
    {
      type: 'MEMBERSHIPS_SINGLE',
      status: 'Archived',
      title: 'Seedling first month half off',
      code: 'SEEDHALF',
      discount: { type: 'PERCENTAGE', percentage: 50 },
      newMembersOnly: true,
      subscriptionType: 'MONTHLY',
      tiers: ['seedling'],
      startDaysAgo: 260,
      endDaysAgo: 230,
    },
    {
      type: 'MEMBERSHIPS_MULTI',
      status: 'Live',
      title: 'Community night codes',
      code: 'COMMUNITY',
      codeCount: 3,
      discount: { type: 'PERCENTAGE', percentage: 15 },
      newMembersOnly: false,
      subscriptionType: 'MONTHLY',
      tiers: ['sapling', 'old-growth'],
      startDaysAgo: 25,
    },
    {
      type: 'MEMBERSHIPS_MULTI',
      status: 'Ended',
      title: 'Collab stream welcome codes',
      code: 'COLLAB',
      codeCount: 4,
      discount: { type: 'PERCENTAGE', percentage: 30 },
      newMembersOnly: true,
      subscriptionType: 'ALL',
      tiers: 'ALL',
      startDaysAgo: 140,
      endDaysAgo: 120,
    },
    {
      type: 'MEMBERSHIPS_MULTI',
      status: 'Archived',
      title: 'Beta tester codes',
      code: 'BETA',
      codeCount: 3,
      discount: { type: 'PERCENTAGE', percentage: 100 },
      newMembersOnly: false,
      subscriptionType: 'ANNUAL',
      tiers: ['old-growth'],
      startDaysAgo: 330,
      endDaysAgo: 300,
    },
    {
      type: 'SHOP_SINGLE',
      status: 'Live',
      title: 'Free sticker sheet over $40',
      code: 'FREESHEET',
      discount: { type: 'FREE_PRODUCTS', freeProductsType: 'AUTO_ADDED', product: 'VIBESTK', freeShipping: false },
      minimumOrderValue: 4000,
      oneUsePerCustomer: true,
      startDaysAgo: 12,
    },
    {
      type: 'SHOP_SINGLE',
      status: 'Live',
      title: '15% off merch, digital goods excluded',
      code: 'MERCH15',
      discount: { type: 'PERCENTAGE', percentage: 15, shippingOption: 'Excluded' },
      minimumOrderValue: 3000,
      maximumUses: 300,
      oneUsePerCustomer: true,
      excludedProducts: ['WALL1', 'WALL2', 'ALERTS'],
      startDaysAgo: 9,
    },
  ],
  counts: {
    orders: 200,
    donations: 40,
    members: 30,
    mailingList: 80,
    supporters: 60,
    giftScenarios: [0, 1, 2, 3, 4, 5],
    packageScenarios: [0, 1, 2],
    thankYous: { DONATION: 5, GIFT_PURCHASE: 3, MEMBERSHIP: 4, ORDER: 6 },
  },
  memberIdBase: 633400,
}

export const secondShopSpec: ShopSpec = {
  key: 'northwind-knits',
  name: 'Northwind Knits',
  domain: 'northwind-knits.fanshelf.shop',
  publicDomain: 'shop.northwindknits.ie',
  currency: 'EUR',
  skuPrefix: 'NW',
  brand: 'knits',
  region: 'eu',
  contact: {
    shopEmail: 'hello@northwindknits.ie',
    contactEmail: 'aoife@northwindknits.ie',
    transactionalEmail: 'orders@northwindknits.ie',
    customerSupportEmail: null,
    phone: '+353915550123',
    location: {
      name: 'Northwind Knits Ltd',
      address1: '12 Quay Street',
      address2: null,
      city: 'Galway',
      state: 'Galway',
      country: 'IE',
      zip: 'H91 F2X7',
      phone: null,
    },
  },
  admins: {
    owner: { email: 'owner@northwind-knits.test', name: 'Aoife Byrne' },
    staff: { email: 'staff@northwind-knits.test', name: 'Niamh Walsh' },
  },
  apiUserStem: 'northwind-knits-api',
  streaming: { broadcasterId: '588210377', broadcasterLogin: 'northwindknits' },
  products: knitsProducts,
  collections: [
    { slug: 'new-drops', name: 'New drops', description: 'This season’s first knits.', newOnly: true },
    {
      slug: 'knitwear',
      name: 'Knitwear',
      description: 'Sweaters, beanies, scarves, mittens and socks.',
      kinds: ['sweater', 'beanie', 'scarf', 'mittens', 'socks'],
    },
    {
      slug: 'patterns-and-kits',
      name: 'Patterns & kits',
      description: 'Knit it yourself.',
      kinds: ['yarn', 'pattern'],
    },
    { slug: 'home', name: 'Home', description: 'Throws, mugs and totes.', kinds: ['blanket', 'mug', 'tote'] },
  ],
  tiers: [
    { key: 'stitch', name: 'Stitch', slug: 'northwind-stitch', colour: 'sage', level: 1, monthly: 400, annual: 4000 },
    { key: 'purl', name: 'Purl', slug: 'northwind-purl', colour: 'fjord', level: 2, monthly: 800, annual: 8000 },
    { key: 'cable', name: 'Cable', slug: 'northwind-cable', colour: 'navy', level: 3, monthly: 1500, annual: 15000 },
  ],
  promotions: [
    {
      type: 'SHOP_SINGLE',
      status: 'Live',
      title: 'Newsletter welcome',
      code: 'WELCOME10',
      discount: { type: 'PERCENTAGE', percentage: 10, shippingOption: 'Excluded' },
      maximumUses: 1000,
      oneUsePerCustomer: true,
      startDaysAgo: 115,
    },
    {
      type: 'SHOP_MULTI',
      status: 'Ended',
      title: 'Knit-along prize codes',
      code: 'KAL',
      codeCount: 3,
      discount: { type: 'FLAT_RATE', amount: 1000, freeShipping: true },
      maximumUses: 1,
      oneUsePerCustomer: true,
      startDaysAgo: 90,
      endDaysAgo: 30,
    },
    {
      type: 'SHOP_AUTO_APPLYING',
      status: 'Live',
      title: 'Free shipping over €100',
      discount: { type: 'FREE_SHIPPING', lowestOnly: true },
      minimumOrderValue: 10000,
      oneUsePerCustomer: false,
      startDaysAgo: 100,
    },
    {
      type: 'SHOP_SINGLE',
      status: 'AllUsed',
      title: 'Pattern launch',
      code: 'PATTERN50',
      discount: { type: 'PERCENTAGE', percentage: 50, shippingOption: 'Excluded' },
      maximumUses: 5,
      oneUsePerCustomer: true,
      appliesTo: { products: ['CABLEPAT'], oncePerOrder: true },
      startDaysAgo: 80,
      endDaysAgo: 70,
    },
    {
      type: 'MEMBERSHIPS_SINGLE',
      status: 'Archived',
      title: 'Founding members',
      code: 'FOUNDERS',
      discount: { type: 'PERCENTAGE', percentage: 25 },
      newMembersOnly: true,
      subscriptionType: 'ALL',
      tiers: 'ALL',
      startDaysAgo: 200,
      endDaysAgo: 170,
    },
    {
      type: 'MEMBERSHIPS_MULTI',
      status: 'Live',
      title: 'Yarn shop partner codes',
      code: 'PARTNER',
      codeCount: 3,
      discount: { type: 'PERCENTAGE', percentage: 15 },
      newMembersOnly: false,
      subscriptionType: 'ANNUAL',
      tiers: ['purl', 'cable'],
      startDaysAgo: 45,
    },
  ],
  counts: {
    orders: 50,
    donations: 10,
    members: 8,
    mailingList: 20,
    supporters: 20,
    giftScenarios: [0, 3],
    packageScenarios: [3],
    thankYous: { DONATION: 1, GIFT_PURCHASE: 1, MEMBERSHIP: 1, ORDER: 2 },
  },
  memberIdBase: 702100,
}

/** Every seeded shop, the demo shop first. */
export const shopSpecs: readonly ShopSpec[] = [demoShopSpec, secondShopSpec]

export interface ProductArt {
  name: string
  kind: ProductKind
  /** The colour of each image (image n uses colours[n - 1]). */
  colours: Colour[]
  brand: ShopSpec['brand']
  shopName: string
}

export interface TierArt {
  name: string
  colour: Colour
  level: number
  brand: ShopSpec['brand']
  shopName: string
}

/** The colours of a product's images: one per colour variant, else its tint. */
export function imageColours(spec: ProductSpec): ColourKey[] {
  return spec.colours ?? [spec.tint ?? 'forest']
}

const productArt = new Map<string, ProductArt>()
const tierArt = new Map<string, TierArt>()
for (const shop of shopSpecs) {
  for (const product of shop.products) {
    productArt.set(product.slug, {
      name: product.name,
      kind: product.kind,
      colours: imageColours(product).map((key) => palette[key]),
      brand: shop.brand,
      shopName: shop.name,
    })
  }
  for (const tier of shop.tiers) {
    tierArt.set(tier.slug, {
      name: tier.name,
      colour: palette[tier.colour],
      level: tier.level,
      brand: shop.brand,
      shopName: shop.name,
    })
  }
}

/** What the media module needs to draw a product's images, by product slug. */
export function findProductArt(slug: string): ProductArt | undefined {
  return productArt.get(slug)
}

/** What the media module needs to draw a tier badge, by tier slug. */
export function findTierArt(slug: string): TierArt | undefined {
  return tierArt.get(slug)
}
