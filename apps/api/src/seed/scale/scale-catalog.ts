/**
 * The vocabulary of the generated large shop: product kinds with their traits, colours, name parts,
 * event mix. Data, not code: the generator (large-shop.ts) draws from these with the seeded PRNG.
 */

export interface ScaleKind {
  key: string
  label: string
  /** Share of the catalogue (weights, not percentages). */
  share: number
  sizes: readonly string[] | null
  /** How many colours a product of this kind comes in (0: no colour attribute). */
  colours: readonly [number, number]
  price: readonly [number, number]
  weightKg: number
  dimensionsCm: readonly [number, number, number]
  digital: boolean
  apparel: boolean
}

export const scaleKinds: readonly ScaleKind[] = [
  {
    key: 'tee',
    label: 'T-Shirt',
    share: 30,
    sizes: ['S', 'M', 'L', 'XL', '2XL'],
    colours: [1, 2],
    price: [2400, 3200],
    weightKg: 0.2,
    dimensionsCm: [30, 25, 2],
    digital: false,
    apparel: true,
  },
  {
    key: 'hoodie',
    label: 'Hoodie',
    share: 15,
    sizes: ['S', 'M', 'L', 'XL', '2XL'],
    colours: [1, 2],
    price: [4800, 6500],
    weightKg: 0.6,
    dimensionsCm: [35, 30, 6],
    digital: false,
    apparel: true,
  },
  {
    key: 'mug',
    label: 'Mug',
    share: 12,
    sizes: null,
    colours: [1, 3],
    price: [1400, 2000],
    weightKg: 0.4,
    dimensionsCm: [12, 9, 9],
    digital: false,
    apparel: false,
  },
  {
    key: 'stickers',
    label: 'Sticker Pack',
    share: 12,
    sizes: null,
    colours: [0, 0],
    price: [500, 900],
    weightKg: 0.02,
    dimensionsCm: [15, 10, 1],
    digital: false,
    apparel: false,
  },
  {
    key: 'poster',
    label: 'Poster',
    share: 10,
    sizes: ['12x18', '18x24', '24x36'],
    colours: [0, 0],
    price: [1500, 3500],
    weightKg: 0.3,
    dimensionsCm: [61, 10, 10],
    digital: false,
    apparel: false,
  },
  {
    key: 'cap',
    label: 'Cap',
    share: 8,
    sizes: null,
    colours: [1, 3],
    price: [2200, 3000],
    weightKg: 0.15,
    dimensionsCm: [25, 20, 12],
    digital: false,
    apparel: true,
  },
  {
    key: 'pin',
    label: 'Enamel Pin',
    share: 8,
    sizes: null,
    colours: [0, 0],
    price: [800, 1400],
    weightKg: 0.02,
    dimensionsCm: [6, 6, 1],
    digital: false,
    apparel: false,
  },
  {
    key: 'wallpaper',
    label: 'Digital Wallpaper Pack',
    share: 5,
    sizes: null,
    colours: [0, 0],
    price: [300, 800],
    weightKg: 0,
    dimensionsCm: [0, 0, 0],
    digital: true,
    apparel: false,
  },
]

export const scaleColours = [
  { name: 'Black', swatch: '#111111', code: 'BLK' },
  { name: 'White', swatch: '#f5f5f5', code: 'WHT' },
  { name: 'Navy', swatch: '#1f2a44', code: 'NVY' },
  { name: 'Forest', swatch: '#2f5d3a', code: 'FST' },
  { name: 'Heather Grey', swatch: '#9a9a9a', code: 'HGR' },
  { name: 'Maroon', swatch: '#6b1f2a', code: 'MRN' },
  { name: 'Sand', swatch: '#d8c8a8', code: 'SND' },
  { name: 'Purple', swatch: '#5b3a8c', code: 'PRP' },
] as const

export const nameAdjectives = [
  'Cosmic',
  'Pixel',
  'Midnight',
  'Retro',
  'Cozy',
  'Neon',
  'Glitch',
  'Forest',
  'Lunar',
  'Solar',
  'Arcade',
  'Stormy',
  'Frosty',
  'Golden',
  'Velvet',
  'Electric',
  'Misty',
  'Wild',
  'Tiny',
  'Grand',
] as const

export const nameMotifs = [
  'Fox',
  'Owl',
  'Pine',
  'Comet',
  'Dragon',
  'Cat',
  'Wave',
  'Mountain',
  'Rocket',
  'Ghost',
  'Mushroom',
  'Frog',
  'Star',
  'Cloud',
  'Tiger',
  'Whale',
  'Robot',
  'Moth',
  'Bear',
  'Raven',
] as const

export const orderMessages = [
  'Love the stream, keep it up!',
  'Birthday present for my brother.',
  'Please ship together if possible.',
  'Big fan since the first season!',
  'Gift wrap if you can, thanks!',
] as const

export const carriers = ['USPS', 'UPS', 'FedEx', 'DHL'] as const

/**
 * Events that are not tied to an order or a product's own history, with their share of that
 * remainder: stock and price edits, donations, newsletter sign-ups, thank-yous, memberships, gifts.
 */
export const fillerEventMix = [
  ['PRODUCT_UPDATED', 55],
  ['DONATION', 15],
  ['NEWSLETTER_SUBSCRIBED', 10],
  ['THANK_YOU_SENT', 8],
  ['SUBSCRIPTION_PURCHASED', 7],
  ['GIFT_PURCHASE', 5],
] as const
