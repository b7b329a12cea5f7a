import { createHash } from 'node:crypto'
import type {
  CollectionProductsTable,
  CollectionsTable,
  Database,
  DigitalFilesTable,
  DonationsTable,
  GiftDrawsTable,
  GiftPurchasesTable,
  GiftsTable,
  GiveawayPackagesTable,
  MailingListEntriesTable,
  MembershipTiersTable,
  MembershipTierVariantsTable,
  MembersTable,
  OrderLinesTable,
  OrderStatusChangesTable,
  OrdersTable,
  ProductsTable,
  PromotionCodesTable,
  PromotionsTable,
  ShopsTable,
  StreamingServicesTable,
  ThankYousTable,
  VariantsTable,
} from '../db/schema.js'
import { toMoney } from '../modules/money/money.js'
import { type OrderStatus, orderStatuses } from '../modules/orders/order-status.js'
import { renderProductSvg, renderSizeGuideSvg, renderTierSvg } from './demo-art.js'
import {
  type AddressSpec,
  type ColourKey,
  findProductArt,
  findTierArt,
  imageColours,
  kindTraits,
  type ProductKind,
  type ProductSpec,
  type PromotionSpec,
  palette,
  type ShopSpec,
  shopSpecs,
} from './demo-catalog.js'
import { demoFilesFor } from './demo-files.js'
import { address, buildPeople, type Person } from './demo-people.js'
import { Prng } from './prng.js'

/**
 * Builds the rows of the demo data set from the catalog and a fixed seed: pure, no database, no
 * credentials, so two runs produce identical rows. Every timestamp is the anchor minus an offset.
 */

/** Every seeded timestamp is this instant minus an offset (never the real clock). */
export const seedAnchorMs = Date.UTC(2026, 10, 1, 12, 0, 0, 0)
export const seedAnchor = new Date(seedAnchorMs).toISOString()
/** The fixed seed of the generator; change it and every id and value changes. */
export const demoSeed = 'fanshelf-demo-v1'

const SECOND = 1_000
const MINUTE = 60 * SECOND
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

const iso = (ms: number) => new Date(Math.round(ms)).toISOString()
const json = (value: unknown) => JSON.stringify(value)

// The order statuses are the order module's own list (one place states them).
export { type OrderStatus, orderStatuses }
export const orderSourceTypes = ['ORDER', 'SAMPLES_ORDER', 'GIVEAWAY_LINKS', 'TWITCH_GIFT_REDEMPTION'] as const
export type OrderSourceType = (typeof orderSourceTypes)[number]
export const donationStatuses = ['OPEN', 'COMPLETED', 'ABANDONED', 'CANCELLED', 'FAILED'] as const
export const giftStatuses = ['AVAILABLE', 'CANCELLED', 'CHANGED_TO_PROMOTION', 'REDEEMED'] as const
type GiftStatus = (typeof giftStatuses)[number]
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

/** The side of every drawn image, in pixels (they are square). */
const drawnSide = 1200

/** The deterministic rows of every seeded shop, the demo shop first. */
export function buildDemoData(options: { publicUrl: string }): ShopData[] {
  const root = new Prng(demoSeed)
  const out: ShopData[] = []
  let shared: Person[] = []
  let firstCreatedAt: string | undefined
  for (const spec of shopSpecs) {
    const data = buildShopData(spec, {
      publicUrl: options.publicUrl.replace(/\/$/, ''),
      root,
      sharedPeople: shared,
      openedAfter: firstCreatedAt,
    })
    firstCreatedAt ??= data.shop.shop.created_at
    if (shared.length === 0) shared = data.people.slice(0, 4)
    out.push(data.shop)
  }
  return out
}

interface Image {
  id: string
  url: string
  width: number
  height: number
  transformedUrl: string
}

interface BuiltVariant {
  row: VariantsTable
  attributes: unknown
  weight: unknown
  dimensions: unknown
  primaryImage: Image | null
}

interface BuiltProduct {
  spec: ProductSpec
  row: ProductsTable
  variants: BuiltVariant[]
  images: Image[]
  createdMs: number
  /** Archived products stop selling when they are archived (their updated_at). */
  sellableUntilMs: number
  digital: boolean
}

interface BuiltPromotion {
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

interface LinePlan {
  product: BuiltProduct
  variant: BuiltVariant
  quantity: number
}

interface OrderPlan {
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

const apparelInfo = {
  sizeAndFit: 'Unisex relaxed fit. Model is 183 cm and wears size M. Size up for an oversized look.',
  guaranteeAndReturns: 'Free returns within 30 days of delivery; misprints are replaced at no cost.',
}

const sizeGuideCopy: Partial<Record<ProductKind, { description: string; fit: string }>> = {
  tee: {
    description: 'Garment measurements laid flat, in centimetres.',
    fit: 'True to size; size up for a boxy look.',
  },
  longsleeve: { description: 'Garment measurements laid flat, in centimetres.', fit: 'True to size.' },
  hoodie: {
    description: 'Garment measurements laid flat, in centimetres.',
    fit: 'Relaxed fit; size down for a snug one.',
  },
  sweater: { description: 'Garment measurements laid flat, in centimetres.', fit: 'Roomy; size down for a close fit.' },
  socks: { description: 'Shoe sizes per sock size (EU and US).', fit: 'Between sizes? Take the larger one.' },
  mittens: { description: 'Hand circumference per size, in centimetres.', fit: 'Snug when new; the wool relaxes.' },
}

const orderMessages = [
  'Love the new drop!',
  'Happy 3rd streamiversary!',
  'For my little brother, he watches every stream.',
  'Pip forever.',
  'Thanks for the cozy vibes during exams.',
  'Can’t wait to wear this on stream night!',
  'Greetings from chat!',
  'Gift for my partner — please don’t include the receipt.',
]
const donationMessages = [
  'Keep the streams coming!',
  'For the snack fund.',
  'Thanks for the chill Sunday stream.',
  'Put this toward a new mic!',
  'Happy birthday!',
  'You got me through a rough week.',
  'Raid squad represent!',
]
const giftMessages = ['Gifts for chat!', 'Someone in chat deserves this.', 'Cozy merch for the Pinecones!', null]
const cancelReasons = [
  'Cancelled at the customer’s request',
  'Payment was refunded',
  'Shipping address could not be verified',
]
const carriers = [
  {
    name: 'UPS',
    tracking: (p: Prng) =>
      `1Z${p
        .token(16)
        .toUpperCase()
        .replace(/[^A-Z0-9]/g, '7')}`,
  },
  { name: 'USPS', tracking: (p: Prng) => `9400${String(p.int(1e8, 1e9 - 1))}${String(p.int(1e8, 1e9 - 1))}` },
  { name: 'DHL', tracking: (p: Prng) => `JD${String(p.int(1e8, 1e9 - 1))}${String(p.int(1e8, 1e9 - 1))}` },
]

const taxRates: Record<string, number> = {
  'US-CA': 0.0725,
  'US-NY': 0.08875,
  'US-TX': 0.0825,
  'US-WA': 0.101,
  'US-IL': 0.1025,
  'US-CO': 0.0881,
  'US-MN': 0.07875,
  'US-GA': 0.089,
  'US-MA': 0.0625,
  'US-AZ': 0.086,
  'US-TN': 0.0925,
  'US-OH': 0.0775,
  'US-NC': 0.0725,
  'US-UT': 0.0725,
  'US-WI': 0.055,
  'US-OR': 0,
  'CA-ON': 0.13,
  'CA-BC': 0.12,
  GB: 0.2,
  DE: 0.19,
  AU: 0.1,
  IE: 0.23,
  NL: 0.21,
  FR: 0.2,
  FI: 0.255,
  AT: 0.2,
  PT: 0.23,
}

function taxRate(place: AddressSpec | null): number {
  if (!place) return 0
  return taxRates[`${place.country}-${place.state ?? ''}`] ?? taxRates[place.country] ?? 0
}

interface GiftScenario {
  ageDays: number
  quantity: number
  draws: { type: 'INITIAL' | 'REDO'; outcome: 'FINISHED' | 'EXPIRED'; winners: number }[]
  gifts: GiftStatus[]
}

/** Gift purchases: every gift status, draws that finish and expire, and one REDO draw. */
const giftScenarios: GiftScenario[] = [
  {
    ageDays: 82,
    quantity: 3,
    draws: [{ type: 'INITIAL', outcome: 'FINISHED', winners: 3 }],
    gifts: ['REDEEMED', 'REDEEMED', 'AVAILABLE'],
  },
  {
    ageDays: 64,
    quantity: 2,
    draws: [
      { type: 'INITIAL', outcome: 'EXPIRED', winners: 0 },
      { type: 'REDO', outcome: 'FINISHED', winners: 2 },
    ],
    gifts: ['REDEEMED', 'CHANGED_TO_PROMOTION'],
  },
  {
    ageDays: 47,
    quantity: 5,
    draws: [{ type: 'INITIAL', outcome: 'FINISHED', winners: 3 }],
    gifts: ['REDEEMED', 'AVAILABLE', 'CHANGED_TO_PROMOTION', 'AVAILABLE', 'CANCELLED'],
  },
  {
    ageDays: 33,
    quantity: 1,
    draws: [{ type: 'INITIAL', outcome: 'EXPIRED', winners: 0 }],
    gifts: ['CANCELLED'],
  },
  {
    ageDays: 19,
    quantity: 2,
    draws: [{ type: 'INITIAL', outcome: 'FINISHED', winners: 2 }],
    gifts: ['REDEEMED', 'REDEEMED'],
  },
  {
    ageDays: 4,
    quantity: 1,
    draws: [{ type: 'INITIAL', outcome: 'FINISHED', winners: 1 }],
    gifts: ['AVAILABLE'],
  },
]

/** Giveaway link packages: links in every status. */
const packageScenarios: { ageDays: number; links: ('AVAILABLE' | 'CANCELLED' | 'REDEEMED')[] }[] = [
  { ageDays: 71, links: ['REDEEMED', 'REDEEMED', 'AVAILABLE', 'AVAILABLE', 'CANCELLED'] },
  {
    ageDays: 36,
    links: ['REDEEMED', 'REDEEMED', 'REDEEMED', 'AVAILABLE', 'AVAILABLE', 'AVAILABLE', 'AVAILABLE', 'CANCELLED'],
  },
  { ageDays: 8, links: ['AVAILABLE', 'AVAILABLE', 'AVAILABLE', 'AVAILABLE'] },
  { ageDays: 26, links: ['REDEEMED', 'AVAILABLE', 'CANCELLED'] },
]

const giftableKinds = new Set<ProductKind>([
  'tee',
  'hoodie',
  'sweater',
  'mug',
  'plush',
  'beanie',
  'cap',
  'scarf',
  'tote',
])

function buildShopData(
  spec: ShopSpec,
  ctx: { publicUrl: string; root: Prng; sharedPeople: Person[]; openedAfter?: string },
): { shop: ShopData; people: Person[] } {
  const { publicUrl } = ctx
  const base = ctx.root.fork(spec.key)
  // ---------------------------------------------------------------- drawn images (media library)
  const media: DemoMedia[] = []
  const fileContents: DemoFileContent[] = []
  const mediaPrng = base.fork('media')
  const fileUrl = (id: string) => `${publicUrl}/media/files/${id}.svg`
  // A drawing scales to any width: its `transformedUrl` is the same file.
  const drawnImage = (id: string): Image => ({
    id,
    url: fileUrl(id),
    width: drawnSide,
    height: drawnSide,
    transformedUrl: fileUrl(id),
  })
  const sizeGuideIds = new Map<ProductKind, string>()
  const sizeGuideUrl = (kind: ProductKind): string => {
    let id = sizeGuideIds.get(kind)
    if (!id) {
      id = mediaPrng.uuid()
      sizeGuideIds.set(kind, id)
      media.push({ id, name: `size-guide-${kind}.svg`, svg: renderSizeGuideSvg(kind, drawnSide)! })
    }
    return fileUrl(id)
  }
  const tierImageUrl = (slug: string): string => {
    const id = mediaPrng.uuid()
    media.push({ id, name: `tier-${slug}.svg`, svg: renderTierSvg(findTierArt(slug)!, drawnSide) })
    return fileUrl(id)
  }
  const currency = spec.currency
  const money = (minor: number) => toMoney(minor, currency)
  const clampToAnchor = (ms: number) => Math.min(ms, seedAnchorMs - MINUTE)

  // ---------------------------------------------------------------- shop and identity
  const shopPrng = base.fork('shop')
  const shopId = `sh_${shopPrng.uuid()}`
  const drawnCreatedMs = seedAnchorMs - shopPrng.int(400, 430) * DAY - shopPrng.int(0, DAY)
  // The demo shop is the oldest: a feed or storefront asked on a loopback host serves the oldest shop.
  const shopCreatedMs =
    ctx.openedAfter === undefined ? drawnCreatedMs : Math.max(drawnCreatedMs, Date.parse(ctx.openedAfter) + DAY)
  const shop: Omit<ShopsTable, 'webhook_secret'> = {
    id: shopId,
    name: spec.name,
    domain: spec.domain,
    public_domain: spec.publicDomain,
    currency,
    contact_info: json({
      shopEmail: spec.contact.shopEmail,
      contactEmail: spec.contact.contactEmail,
      transactionalEmail: spec.contact.transactionalEmail,
      customerSupportEmail: spec.contact.customerSupportEmail,
      phone: spec.contact.phone,
      shopName: spec.name,
      domain: spec.domain,
      location: spec.contact.location,
    }),
    webhook_secret_previous: null,
    webhook_secret_previous_until: null,
    created_at: iso(shopCreatedMs),
    updated_at: iso(seedAnchorMs - shopPrng.int(2, 20) * DAY),
  }
  const identity = {
    ownerAdminId: shopPrng.id('adminUser'),
    staffAdminId: shopPrng.id('adminUser'),
    apiUserId: shopPrng.id('apiUser'),
    storefrontTokenId: shopPrng.uuid(),
    createdAt: iso(shopCreatedMs + HOUR),
  }

  const rows: DataRows = {
    products: [],
    variants: [],
    collections: [],
    collection_products: [],
    orders: [],
    order_lines: [],
    order_status_changes: [],
    donations: [],
    promotions: [],
    promotion_codes: [],
    gift_purchases: [],
    gifts: [],
    gift_draws: [],
    giveaway_packages: [],
    thank_yous: [],
    membership_tiers: [],
    membership_tier_variants: [],
    members: [],
    mailing_list_entries: [],
    streaming_services: [],
    digital_files: [],
  }

  // ---------------------------------------------------------------- products and variants
  const productPrng = base.fork('products')
  const skus = new Set<string>()
  const products: BuiltProduct[] = spec.products.map((p) => {
    const traits = kindTraits[p.kind]
    const id = productPrng.uuid()
    const ageDays = p.isNew
      ? productPrng.float(3, 26)
      : p.access === 'ARCHIVED'
        ? productPrng.float(260, 380)
        : productPrng.float(70, 360)
    const createdMs = Math.round(seedAnchorMs - ageDays * DAY)
    const updatedMs =
      p.access === 'ARCHIVED'
        ? Math.round(seedAnchorMs - productPrng.float(15, 60) * DAY)
        : Math.round(createdMs + productPrng.float(0, Math.min(ageDays * 0.9, 45)) * DAY)
    const colourKeys = imageColours(p)
    const art = findProductArt(p.slug)!
    const images: Image[] = colourKeys.map((_, n) => {
      const id = productPrng.uuid()
      media.push({ id, name: `${p.slug}-${n + 1}.svg`, svg: renderProductSvg(art, n + 1, drawnSide)! })
      return drawnImage(id)
    })
    const sizes = p.sizes ?? [undefined]
    const colours: (ColourKey | undefined)[] = p.colours ?? [undefined]
    const variants: BuiltVariant[] = []
    for (const [ci, colourKey] of colours.entries()) {
      for (const [si, size] of sizes.entries()) {
        const colour = colourKey ? palette[colourKey] : undefined
        const basePrice = Array.isArray(p.price) ? p.price[si]! : p.price
        const upcharge = size === '2XL' ? 200 : size === '3XL' ? 400 : 0
        const unitPrice = basePrice + upcharge
        const sizeCode = size ? size.toUpperCase().replace(/[^A-Z0-9]/g, '') : ''
        const sku = [spec.skuPrefix, p.code, colour?.code, sizeCode || undefined].filter(Boolean).join('-')
        if (skus.has(sku)) throw new Error(`Duplicate demo SKU ${sku}`)
        skus.add(sku)
        const name = [colour?.name, size].filter(Boolean).join(' / ') || 'Standard'
        const description =
          colour && size
            ? `${colour.name}, ${/^[A-Z0-9/]+$/.test(size) ? `size ${size}` : size}`
            : colour
              ? colour.name
              : (size ?? 'Standard')
        const attributes = {
          description,
          color: colour ? { name: colour.name, swatch: colour.swatch } : null,
          size: size ? { name: size } : null,
        }
        const weight = { value: traits.weightKg, unit: 'KG' }
        const [length, width, height] = traits.dimensionsCm
        const dimensions = { length, width, height, unit: 'CM' }
        const variantImages = colourKey ? [images[ci]!] : images
        let inStock: number | null = null
        if (p.stock === 'SOLD_OUT') inStock = 0
        else if (p.stock === 'LIMITED') {
          inStock = productPrng.weighted<number>([
            [0, 1],
            [productPrng.int(1, 9), 3],
            [productPrng.int(10, 160), 8],
          ])
        }
        const row: VariantsTable = {
          id: productPrng.uuid(),
          product_id: id,
          shop_id: shopId,
          position: variants.length,
          name,
          sku,
          currency,
          unit_price: unitPrice,
          compare_at_price: p.onSale ? unitPrice + Math.round((unitPrice * 0.2) / 100) * 100 : null,
          unit_cost: traits.digital ? null : Math.round(unitPrice * traits.costShare),
          // What the creator declares it costs them: a little above the platform's cost, to the ten cents.
          creator_declared_cost: traits.digital ? null : Math.round((unitPrice * (traits.costShare + 0.04)) / 10) * 10,
          attributes: json(attributes),
          stock_type: p.stock === 'UNLIMITED' ? 'UNLIMITED' : 'LIMITED',
          in_stock: inStock,
          weight: json(weight),
          dimensions: json(dimensions),
          images: json(variantImages),
          thumbnail_image: variantImages[0] ? json(variantImages[0]) : null,
          created_at: iso(createdMs),
          updated_at: iso(updatedMs),
        }
        variants.push({ row, attributes, weight, dimensions, primaryImage: variantImages[0] ?? null })
      }
    }
    // A limited product that is not sold out keeps at least one variant in stock.
    if (p.stock === 'LIMITED' && variants.every((v) => v.row.in_stock === 0)) {
      variants[0]!.row.in_stock = productPrng.int(5, 40)
    }
    const guide = sizeGuideCopy[p.kind]
    const row: ProductsTable = {
      id,
      shop_id: shopId,
      name: p.name,
      slug: p.slug,
      description: p.description,
      type: 'STANDARD',
      state: p.stock === 'SOLD_OUT' ? 'SOLD_OUT' : 'AVAILABLE',
      access: p.access ?? 'PUBLIC',
      search_text: [p.name, p.slug, ...variants.map((v) => v.row.sku)].join('\n').toLowerCase(),
      images: json(images),
      thumbnail_image: images[0] ? json(images[0]) : null,
      additional_information: traits.apparel
        ? json({
            sizeAndFit: apparelInfo.sizeAndFit,
            guaranteeAndReturns: apparelInfo.guaranteeAndReturns,
            moreDetails: `${traits.label}. ${p.description}`,
          })
        : null,
      size_guide: guide
        ? json({
            previewUrl: sizeGuideUrl(p.kind),
            fileUrl: sizeGuideUrl(p.kind),
            description: guide.description,
            fitGuideDescription: guide.fit,
            fitGuideUrls: [],
          })
        : null,
      created_at: iso(createdMs),
      updated_at: iso(updatedMs),
    }
    return {
      spec: p,
      row,
      variants,
      images,
      createdMs,
      sellableUntilMs: p.access === 'ARCHIVED' ? updatedMs : Number.POSITIVE_INFINITY,
      digital: traits.digital,
    }
  })
  const productByCode = new Map(products.map((p) => [p.spec.code, p]))
  const product = (code: string) => {
    const found = productByCode.get(code)
    if (!found) throw new Error(`Unknown product code ${code} in ${spec.key}`)
    return found
  }
  rows.products = products.map((p) => p.row)
  rows.variants = products.flatMap((p) => p.variants.map((v) => v.row))

  // ---------------------------------------------------------------- digital products' files
  // Made in code (demo-files.ts), stored in the media storage (decision 0036), served to buyers only
  // (decision 0024).
  const filePrng = base.fork('digital-files')
  for (const p of products.filter((product) => product.digital)) {
    const colours = imageColours(p.spec).map((key) => palette[key])
    const made = demoFilesFor(p.spec, spec.name, colours, palette)
    const files = made.map(
      (file, position): DigitalFilesTable => ({
        id: filePrng.id('digitalFile'),
        shop_id: shopId,
        product_id: p.row.id,
        position,
        name: file.name,
        media_type: file.mediaType,
        size_bytes: file.content.length,
        sha256: createHash('sha256').update(file.content).digest('hex'),
        // The bytes go to the media storage (decision 0036): the seed stores `fileContents`.
        content_base64: '',
        storage: 'DATABASE',
        created_at: p.row.created_at,
      }),
    )
    for (const [i, file] of made.entries()) {
      fileContents.push({ id: files[i]!.id, mediaType: file.mediaType, content: file.content })
    }
    rows.digital_files.push(...files)
    p.row.digital_files = json(
      files.map((file) => ({
        id: file.id,
        name: file.name,
        mediaType: file.media_type,
        sizeBytes: file.size_bytes,
        uri: `${publicUrl}/downloads/files/${file.id}`,
      })),
    )
  }

  // ---------------------------------------------------------------- collections
  const collectionPrng = base.fork('collections')
  for (const [position, c] of spec.collections.entries()) {
    const id = collectionPrng.id('collection')
    const row: CollectionsTable = {
      id,
      shop_id: shopId,
      name: c.name,
      slug: c.slug,
      description: c.description,
      position,
      created_at: iso(shopCreatedMs + (position + 1) * DAY + collectionPrng.int(0, DAY)),
    }
    rows.collections.push(row)
    // Archived products leave their collections; a hidden one stays (the storefront must skip it).
    const members = products
      .filter((p) => p.row.access !== 'ARCHIVED' && (c.newOnly ? p.spec.isNew : c.kinds?.includes(p.spec.kind)))
      .sort((a, b) => b.createdMs - a.createdMs)
    rows.collection_products.push(
      ...members.map((p, i): CollectionProductsTable => ({ collection_id: id, product_id: p.row.id, position: i })),
    )
  }

  // ---------------------------------------------------------------- membership tiers
  const tierPrng = base.fork('tiers')
  // A separate stream, so the tiers' other ids stay what they were before offers existed.
  const tierOfferPrng = base.fork('tier-offers')
  const tierIds = new Map<string, string>()
  const tierVariants: MembershipTierVariantsTable[] = []
  for (const [position, t] of spec.tiers.entries()) {
    const id = tierPrng.id('tier')
    tierIds.set(t.key, id)
    const row: MembershipTiersTable = {
      id,
      shop_id: shopId,
      name: t.name,
      image_url: tierImageUrl(t.slug),
      position,
      created_at: iso(shopCreatedMs + 3 * DAY + position * HOUR),
    }
    rows.membership_tiers.push(row)
    for (const [interval, amount] of [
      ['MONTHLY', t.monthly],
      ['ANNUAL', t.annual],
    ] as const) {
      tierVariants.push({
        id: tierPrng.id('tierVariant'),
        tier_id: id,
        shop_id: shopId,
        interval,
        currency,
        amount,
        offer_id: tierOfferPrng.uuid(),
      })
    }
  }
  rows.membership_tier_variants = tierVariants
  const tierId = (key: string) => {
    const id = tierIds.get(key)
    if (!id) throw new Error(`Unknown tier ${key} in ${spec.key}`)
    return id
  }

  // ---------------------------------------------------------------- people
  // A few supporters of the demo shop also buy from the second shop (same email): filters stay per shop.
  const people = buildPeople(
    base.fork('people'),
    Math.max(spec.counts.mailingList + 20, 40),
    spec.region,
    ctx.sharedPeople,
  )
  const supporters = people.slice(0, spec.counts.supporters)
  const supporterPrng = base.fork('supporter-weights')
  // Zipf-like weights: a few regulars order often, so the email filter finds several orders.
  const supporterWeights = supporterPrng
    .shuffle(supporters)
    .map((person, rank) => [person, 1 / (rank + 2) ** 0.5] as const)
  const pickSupporter = (p: Prng) => p.weighted(supporterWeights)

  // ---------------------------------------------------------------- promotions
  const promotionPrng = base.fork('promotions')
  const codeKeys = new Set<string>()
  const newCode = (code: string) => {
    if (codeKeys.has(code.toUpperCase())) throw new Error(`Duplicate demo promotion code ${code}`)
    codeKeys.add(code.toUpperCase())
    return code
  }
  const generatedCode = (p: Prng, stem: string) => {
    for (;;) {
      const code = `${stem}-${p.friendlyId().slice(0, 4)}`
      if (!codeKeys.has(code.toUpperCase())) return newCode(code)
    }
  }
  const shopTypes = new Set(['SHOP_SINGLE', 'SHOP_MULTI', 'SHOP_AUTO_APPLYING'])
  const buildPromotion = (p: Prng, s: PromotionSpec): BuiltPromotion => {
    const id = p.id('promotion')
    const isShop = shopTypes.has(s.type)
    const isMulti = s.type === 'SHOP_MULTI' || s.type === 'MEMBERSHIPS_MULTI'
    const startMs = Math.round(seedAnchorMs - s.startDaysAgo * DAY + p.int(0, 6 * HOUR))
    const endMs = s.endDaysAgo === undefined ? Number.POSITIVE_INFINITY : Math.round(seedAnchorMs - s.endDaysAgo * DAY)
    const updatedMs = Number.isFinite(endMs) ? endMs : startMs + p.int(0, Math.round((s.startDaysAgo / 3) * DAY))
    let discount: unknown
    const d = s.discount
    if (d.type === 'PERCENTAGE') {
      discount = isShop
        ? { type: 'PERCENTAGE', percentage: d.percentage, shippingOption: d.shippingOption ?? 'Excluded' }
        : { type: 'PERCENTAGE', percentage: d.percentage }
    } else if (d.type === 'FLAT_RATE') {
      discount = { type: 'FLAT_RATE', money: money(d.amount), freeShipping: d.freeShipping }
    } else if (d.type === 'FREE_SHIPPING') {
      discount = { type: 'FREE_SHIPPING', lowestOnly: d.lowestOnly }
    } else {
      const free = product(d.product)
      discount = {
        type: 'FREE_PRODUCTS',
        freeProductsType:
          d.freeProductsType === 'AUTO_ADDED'
            ? { type: 'AUTO_ADDED', products: [{ variantId: free.variants[0]!.row.id, quantity: 1 }] }
            : {
                type: 'MANUALLY_ADDED',
                products: [{ availableVariantIds: free.variants.map((v) => v.row.id), quantity: 1 }],
              },
        freeShipping: d.freeShipping,
      }
    }
    const codes: string[] = isMulti
      ? Array.from({ length: s.codeCount ?? 3 }, () => generatedCode(p, s.code ?? 'CODE'))
      : s.code
        ? [newCode(s.code)]
        : []
    const row: PromotionsTable = {
      id,
      shop_id: shopId,
      type: s.type,
      title: s.title,
      status: s.status,
      discount: json(discount),
      requirements: json(
        isShop
          ? { minimumOrderValue: s.minimumOrderValue === undefined ? null : money(s.minimumOrderValue) }
          : { newMembersOnly: s.newMembersOnly ?? false },
      ),
      limits: isShop
        ? json({ maximumUsesNumber: s.maximumUses ?? null, oneUsePerCustomer: s.oneUsePerCustomer ?? false })
        : null,
      applies_to: isShop
        ? json(
            s.appliesTo
              ? {
                  type: 'SELECTED_PRODUCTS',
                  products: s.appliesTo.products.map((code) => product(code).row.id),
                  oncePerOrder: s.appliesTo.oncePerOrder,
                }
              : s.excludedProducts
                ? {
                    type: 'ENTIRE_ORDER_WITH_EXCLUDED_PRODUCTS',
                    excludedProducts: s.excludedProducts.map((code) => product(code).row.id),
                  }
                : { type: 'ENTIRE_ORDER' },
          )
        : null,
      subscription_type: isShop ? null : json({ type: s.subscriptionType ?? 'ALL' }),
      tiers: isShop
        ? null
        : json(
            s.tiers === undefined || s.tiers === 'ALL'
              ? { type: 'ALL' }
              : { type: 'SELECTED', tiersIds: s.tiers.map((key) => tierId(key)) },
          ),
      usage_count: 0,
      created_at: iso(startMs),
      updated_at: iso(updatedMs),
    }
    const codeRows = codes.map(
      (code, position): PromotionCodesTable => ({
        id: p.id('promotionCode'),
        promotion_id: id,
        shop_id: shopId,
        code,
        code_key: code.toUpperCase(),
        usage_count: 0,
        status: s.status,
        position,
        created_at: iso(startMs),
      }),
    )
    const perCode = s.maximumUses ?? Number.POSITIVE_INFINITY
    const total = isMulti ? perCode * codes.length : perCode
    // Live promotions keep one use free so they stay Live.
    const capacity = s.status === 'Live' ? total - 1 : total
    return { spec: s, row, codes: codeRows, startMs, endMs, capacity, orderUses: 0, usedBy: new Set() }
  }
  const promotions: BuiltPromotion[] = spec.promotions.map((s) => buildPromotion(promotionPrng, s))

  // ---------------------------------------------------------------- order building
  const friendlyIds = new Set<string>()
  const newFriendlyId = (p: Prng) => {
    for (;;) {
      const id = p.friendlyId()
      if (!friendlyIds.has(id)) {
        friendlyIds.add(id)
        return id
      }
    }
  }

  const sellableAt = (ms: number, kinds?: Set<ProductKind>) =>
    products.filter(
      (p) =>
        p.row.access !== 'HIDDEN' &&
        p.createdMs < ms - HOUR &&
        ms < p.sellableUntilMs &&
        (!kinds || kinds.has(p.spec.kind)),
    )
  const popularity = (p: BuiltProduct) => p.spec.popularity ?? 3

  const shippingFor = (lines: LinePlan[], to: AddressSpec | null): number => {
    if (!to) return 0
    const items = lines.reduce((n, l) => n + l.quantity, 0)
    if (currency === 'EUR') {
      const base = to.country === 'IE' ? 495 : 895
      return Math.min(base + 150 * (items - 1), base * 2)
    }
    const base = to.country === 'US' ? 599 : to.country === 'CA' ? 1299 : 1699
    return Math.min(base + (to.country === 'US' ? 150 : 300) * (items - 1), base * 2)
  }

  /** The discount a promotion gives an order, or undefined when it cannot apply. */
  const discountFor = (promo: BuiltPromotion, lines: LinePlan[], subtotal: number, shipping: number) => {
    const s = promo.spec
    if (!s || !shopTypes.has(s.type)) return undefined
    let eligible = subtotal
    if (s.excludedProducts) {
      // Excluded lines get no discount and do not count towards the minimum (decision 0023).
      const excluded = new Set(s.excludedProducts.map((code) => product(code).row.id))
      eligible = lines
        .filter((l) => !excluded.has(l.product.row.id))
        .reduce((sum, l) => sum + l.variant.row.unit_price * l.quantity, 0)
      if (eligible === 0 || eligible < (s.minimumOrderValue ?? 0)) return undefined
    }
    if (s.appliesTo) {
      const ids = new Set(s.appliesTo.products.map((code) => product(code).row.id))
      const matching = lines.filter((l) => ids.has(l.product.row.id))
      if (matching.length === 0) return undefined
      eligible = s.appliesTo.oncePerOrder
        ? Math.max(...matching.map((l) => l.variant.row.unit_price))
        : matching.reduce((sum, l) => sum + l.variant.row.unit_price * l.quantity, 0)
    }
    const d = s.discount
    if (d.type === 'PERCENTAGE') {
      let amount = Math.round((eligible * d.percentage) / 100)
      if (d.shippingOption === 'Included') amount += Math.round((shipping * d.percentage) / 100)
      if (d.shippingOption === 'Free' || d.shippingOption === 'FreeLowestOnly') amount += shipping
      return amount
    }
    if (d.type === 'FLAT_RATE') return Math.min(d.amount, eligible) + (d.freeShipping ? shipping : 0)
    if (d.type === 'FREE_SHIPPING') return shipping > 0 ? shipping : undefined
    return undefined
  }

  const statusPaths: Record<OrderStatus, OrderStatus[]> = {
    CONFIRMED: ['CONFIRMED'],
    PARTIALLY_IN_PRODUCTION: ['CONFIRMED', 'PARTIALLY_IN_PRODUCTION'],
    IN_PRODUCTION: ['CONFIRMED', 'IN_PRODUCTION'],
    PARTIALLY_SHIPPED: ['CONFIRMED', 'IN_PRODUCTION', 'PARTIALLY_SHIPPED'],
    SHIPPED: ['CONFIRMED', 'IN_PRODUCTION', 'SHIPPED'],
    PARTIALLY_DELIVERED: ['CONFIRMED', 'IN_PRODUCTION', 'SHIPPED', 'PARTIALLY_DELIVERED'],
    DELIVERED: ['CONFIRMED', 'IN_PRODUCTION', 'SHIPPED', 'DELIVERED'],
    COMPLETED: ['CONFIRMED', 'IN_PRODUCTION', 'SHIPPED', 'DELIVERED', 'COMPLETED'],
    CANCELLED: ['CONFIRMED', 'CANCELLED'],
  }
  const stepHours: Record<OrderStatus, [number, number]> = {
    CONFIRMED: [0, 0],
    PARTIALLY_IN_PRODUCTION: [4, 36],
    IN_PRODUCTION: [6, 48],
    PARTIALLY_SHIPPED: [24, 96],
    SHIPPED: [24, 120],
    PARTIALLY_DELIVERED: [48, 200],
    DELIVERED: [48, 240],
    COMPLETED: [72, 480],
    CANCELLED: [1, 60],
  }

  const statusForAge = (p: Prng, ageDays: number, digital: boolean): OrderStatus => {
    if (digital) return ageDays < 0.02 ? 'CONFIRMED' : p.chance(0.04) ? 'CANCELLED' : 'COMPLETED'
    const table: [OrderStatus, number][] =
      ageDays < 2
        ? [
            ['CONFIRMED', 50],
            ['PARTIALLY_IN_PRODUCTION', 12],
            ['IN_PRODUCTION', 28],
            ['CANCELLED', 10],
          ]
        : ageDays < 7
          ? [
              ['CONFIRMED', 8],
              ['PARTIALLY_IN_PRODUCTION', 10],
              ['IN_PRODUCTION', 30],
              ['PARTIALLY_SHIPPED', 12],
              ['SHIPPED', 32],
              ['CANCELLED', 8],
            ]
          : ageDays < 20
            ? [
                ['IN_PRODUCTION', 5],
                ['PARTIALLY_SHIPPED', 8],
                ['SHIPPED', 35],
                ['PARTIALLY_DELIVERED', 12],
                ['DELIVERED', 35],
                ['CANCELLED', 5],
              ]
            : [
                ['SHIPPED', 3],
                ['PARTIALLY_DELIVERED', 5],
                ['DELIVERED', 40],
                ['COMPLETED', 45],
                ['CANCELLED', 7],
              ]
    return p.weighted(table)
  }

  const trackingParams = (p: Prng, createdMs: number) =>
    json({
      fbc: p.chance(0.35) ? `fb.1.${createdMs - p.int(MINUTE, DAY)}.IwAR${p.token(24)}` : null,
      fbp: p.chance(0.5) ? `fb.1.${createdMs - p.int(DAY, 60 * DAY)}.${p.int(1_000_000_000, 1_999_999_999)}` : null,
      utm_source: p.pick(['twitch', 'youtube', 'instagram', 'tiktok', 'newsletter', 'discord']),
      utm_medium: p.pick(['social', 'email', 'stream', 'bio-link']),
      utm_campaign: p.chance(0.8)
        ? p.pick(['winter-drop', 'subathon-2026', 'pip-plush-launch', 'spooky-season', 'back-to-school'])
        : null,
      utm_content: p.chance(0.5) ? p.pick(['panel', 'chat-command', 'pinned-post', 'story']) : null,
      utm_term: p.chance(0.15) ? p.pick(['hoodie', 'plush', 'stickers', 'mug']) : null,
    })

  /** Turns a plan into its order row, lines and status history. */
  const emitOrder = (p: Prng, plan: OrderPlan): OrdersTable => {
    const id = p.uuid()
    const isGift = plan.source.type === 'GIVEAWAY_LINKS' || plan.source.type === 'TWITCH_GIFT_REDEMPTION'
    const isSample = plan.source.type === 'SAMPLES_ORDER'
    const shippingAddress: AddressSpec | null = plan.digital
      ? null
      : isSample
        ? { ...spec.contact.location, name: spec.admins.owner.name }
        : plan.person.address
    let billingAddress: AddressSpec | null
    if (isGift) billingAddress = null
    else if (isSample) billingAddress = spec.contact.location
    else if (plan.digital) billingAddress = plan.person.address
    else {
      const roll = p.next()
      billingAddress =
        roll < 0.75 ? plan.person.address : roll < 0.88 ? address(p, plan.person.name, spec.region) : null
    }
    const subtotal = plan.lines.reduce((sum, l) => sum + l.variant.row.unit_price * l.quantity, 0)
    const shipping = isGift ? 0 : shippingFor(plan.lines, shippingAddress)
    let discount = isGift ? subtotal : 0
    let promotionId: string | null = null
    if (plan.source.type === 'ORDER' && p.chance(spec.key === 'pixel-pines' ? 0.3 : 0.35)) {
      const candidates = promotions
        .map((promo) => ({ promo, amount: discountFor(promo, plan.lines, subtotal, shipping) }))
        .filter(
          ({ promo, amount }) =>
            amount !== undefined &&
            amount > 0 &&
            promo.orderUses < promo.capacity &&
            promo.startMs < plan.createdMs &&
            plan.createdMs < promo.endMs &&
            subtotal >= (promo.spec?.minimumOrderValue ?? 0) &&
            !(promo.spec?.oneUsePerCustomer && promo.usedBy.has(plan.person.email)),
        )
      if (candidates.length > 0) {
        const chosen = p.pick(candidates)
        chosen.promo.orderUses += 1
        chosen.promo.usedBy.add(plan.person.email)
        promotionId = chosen.promo.row.id
        discount = Math.min(chosen.amount!, subtotal + shipping)
      }
    }
    const goodsAfterDiscount = Math.max(0, subtotal - discount)
    const tax = isGift ? 0 : Math.round(goodsAfterDiscount * taxRate(shippingAddress ?? billingAddress))
    const donation = plan.source.type === 'ORDER' && p.chance(0.12) ? p.pick([100, 200, 300, 500, 1000]) : 0
    const total = subtotal - discount + shipping + tax + donation

    // Status history: CONFIRMED first, then the path to the current status, inside the seed window.
    const path = [...statusPaths[plan.status]]
    if (plan.digital && plan.status === 'COMPLETED') path.splice(1, path.length - 2)
    if (plan.status === 'SHIPPED' && plan.lines.length > 1 && p.chance(0.4)) path.splice(2, 0, 'PARTIALLY_SHIPPED')
    if (plan.status === 'IN_PRODUCTION' && plan.lines.length > 1 && p.chance(0.4)) {
      path.splice(1, 0, 'PARTIALLY_IN_PRODUCTION')
    }
    if (plan.status === 'CANCELLED' && !plan.digital && p.chance(0.25)) path.splice(1, 0, 'IN_PRODUCTION')
    const gaps = path.map((status, i) => {
      if (i === 0) return 0
      if (plan.digital && status === 'COMPLETED') return p.int(5 * SECOND, 2 * MINUTE)
      const [lo, hi] = stepHours[status]
      return p.float(lo, hi) * HOUR
    })
    const available = seedAnchorMs - plan.createdMs - MINUTE
    const totalGap = gaps.reduce((a, b) => a + b, 0)
    const scale = totalGap > available * 0.95 ? (available * 0.95) / totalGap : 1
    let at = plan.createdMs
    const carrier = p.pick(carriers)
    const trackingNumber = carrier.tracking(p)
    for (const [i, status] of path.entries()) {
      at += Math.round(gaps[i]! * scale)
      rows.order_status_changes.push({
        id: p.id('statusChange'),
        order_id: id,
        shop_id: shopId,
        status,
        reason: statusReason(p, status, plan.source.type, carrier.name, trackingNumber),
        created_at: iso(at),
      } satisfies OrderStatusChangesTable)
    }
    const updatedMs = at

    for (const [position, line] of plan.lines.entries()) {
      const v = line.variant
      rows.order_lines.push({
        id: p.id('orderLine'),
        order_id: id,
        shop_id: shopId,
        position,
        product_id: line.product.row.id,
        variant_id: v.row.id,
        quantity: line.quantity,
        unit_price: v.row.unit_price,
        unit_cost: v.row.unit_cost,
        compare_at_price: v.row.compare_at_price,
        product: json({
          id: line.product.row.id,
          name: line.product.row.name,
          slug: line.product.row.slug,
          description: line.product.row.description,
          primaryImage: v.primaryImage ?? line.product.images[0] ?? null,
        }),
        variant: json({
          id: v.row.id,
          name: v.row.name,
          sku: v.row.sku,
          attributes: v.attributes,
          weight: v.weight,
          dimensions: v.dimensions,
        }),
      } satisfies OrderLinesTable)
    }

    const order: OrdersTable = {
      id,
      shop_id: shopId,
      friendly_id: newFriendlyId(p),
      checkout_id: p.id('checkout'),
      promotion_id: promotionId,
      status: plan.status,
      email: isSample ? spec.contact.contactEmail : plan.person.email,
      email_marketing_opt_in: !isGift && !isSample && p.chance(0.45) ? 1 : 0,
      username: isSample ? null : plan.person.username,
      message: !isGift && !isSample && p.chance(0.2) ? p.pick(orderMessages) : null,
      currency,
      subtotal,
      shipping,
      tax,
      donation,
      discount,
      total,
      billing_address: billingAddress ? json(billingAddress) : null,
      shipping_address: shippingAddress ? json(shippingAddress) : null,
      source_type: plan.source.type,
      source_gift_id: 'giftId' in plan.source ? plan.source.giftId : null,
      source_gift_purchase_id: plan.source.type === 'TWITCH_GIFT_REDEMPTION' ? plan.source.giftPurchaseId : null,
      tracking_params: plan.source.type === 'ORDER' && p.chance(0.35) ? trackingParams(p, plan.createdMs) : null,
      created_at: iso(plan.createdMs),
      updated_at: iso(updatedMs),
    }
    rows.orders.push(order)
    return order
  }

  const giftLine = (p: Prng, product: BuiltProduct): LinePlan => {
    const inStock = product.variants.filter((v) => v.row.in_stock === null || v.row.in_stock > 0)
    return { product, variant: p.pick(inStock.length > 0 ? inStock : product.variants), quantity: 1 }
  }

  // ---------------------------------------------------------------- gift purchases, draws, gifts
  const giftPrng = base.fork('gifts')
  const chatters = people.slice(spec.counts.supporters)
  for (const scenarioIndex of spec.counts.giftScenarios) {
    const scenario = giftScenarios[scenarioIndex]!
    const purchasedMs = Math.round(seedAnchorMs - scenario.ageDays * DAY + giftPrng.int(-6 * HOUR, 6 * HOUR))
    const candidates = sellableAt(purchasedMs, giftableKinds).filter((p) => p.row.state === 'AVAILABLE')
    const gifted = giftPrng.weighted(candidates.map((p) => [p, popularity(p)] as const))
    const gifter = pickSupporter(giftPrng)
    const unit = gifted.variants[0]!.row
    const subtotal = unit.unit_price * scenario.quantity
    const prepaidShipping = (currency === 'EUR' ? 600 : 700) * scenario.quantity
    const tax = Math.round(subtotal * (currency === 'EUR' ? 0.23 : 0.08))
    const purchase: GiftPurchasesTable = {
      id: giftPrng.id('giftPurchase'),
      shop_id: shopId,
      friendly_id: newFriendlyId(giftPrng),
      product_id: gifted.row.id,
      offer: json({
        id: gifted.row.id,
        name: gifted.row.name,
        slug: gifted.row.slug,
        description: gifted.row.description,
        primaryImage: gifted.images[0] ?? null,
      }),
      currency,
      subtotal,
      tax,
      total: subtotal + tax + prepaidShipping,
      profit: subtotal - (unit.unit_cost ?? 0) * scenario.quantity,
      prepaid_shipping: prepaidShipping,
      email: gifter.email,
      username: gifter.username,
      message: giftPrng.pick(giftMessages),
      quantity: scenario.quantity,
      created_at: iso(purchasedMs),
    }
    rows.gift_purchases.push(purchase)

    let drawStartMs = purchasedMs + giftPrng.int(800, 2_500)
    let winnerDraw: { id: string; finishedMs: number } | undefined
    let lastDraw: { id: string; finishedMs: number } | undefined
    for (const d of scenario.draws) {
      const duration = giftPrng.pick([60, 90, 120])
      const endsMs = drawStartMs + duration * SECOND
      const finishedMs =
        d.outcome === 'EXPIRED' ? endsMs + MINUTE : drawStartMs + giftPrng.int(20, duration - 1) * SECOND
      const draw: GiftDrawsTable = {
        id: giftPrng.id('draw'),
        shop_id: shopId,
        gift_purchase_id: purchase.id,
        type: d.type,
        duration_seconds: duration,
        created_at: iso(drawStartMs),
        ends_at: iso(endsMs),
        finished_at: iso(finishedMs),
        outcome: d.outcome,
      }
      rows.gift_draws.push(draw)
      lastDraw = { id: draw.id, finishedMs }
      if (d.winners > 0) winnerDraw = lastDraw
      drawStartMs = finishedMs + giftPrng.int(30, 300) * SECOND
    }
    const winnersCount = scenario.draws.reduce((n, d) => Math.max(n, d.winners), 0)
    const winners = giftPrng.sample(chatters, winnersCount)
    for (const [position, status] of scenario.gifts.entries()) {
      const winner = position < winnersCount ? winners[position] : undefined
      const selectedMs = winner ? winnerDraw!.finishedMs : undefined
      const gift: GiftsTable = {
        id: giftPrng.id('gift'),
        shop_id: shopId,
        gift_purchase_id: purchase.id,
        package_id: null,
        draw_id: winner ? winnerDraw!.id : lastDraw!.id,
        product_id: gifted.row.id,
        status,
        winner_email: null,
        winner_username: winner ? (winner.username ?? `${winner.firstName.toLowerCase()}_tv`) : null,
        winner_selected_at: selectedMs === undefined ? null : iso(selectedMs),
        promotion_id: null,
        order_id: null,
        order_friendly_id: null,
        position,
        created_at: iso(purchasedMs),
        cancelled_at: null,
        redeemed_at: null,
      }
      if (status === 'REDEEMED' && winner && selectedMs !== undefined) {
        const redeemedMs = clampToAnchor(selectedMs + giftPrng.float(0.2, 60) * HOUR)
        const line = giftLine(giftPrng, gifted)
        const order = emitOrder(giftPrng, {
          createdMs: redeemedMs,
          person: winner,
          lines: [line],
          source: { type: 'TWITCH_GIFT_REDEMPTION', giftId: gift.id, giftPurchaseId: purchase.id },
          status: statusForAge(giftPrng, (seedAnchorMs - redeemedMs) / DAY, false),
          digital: false,
        })
        gift.winner_email = winner.email
        gift.order_id = order.id
        gift.order_friendly_id = order.friendly_id
        gift.redeemed_at = iso(redeemedMs)
      } else if (status === 'CHANGED_TO_PROMOTION') {
        // The winner did not redeem within 14 days: the gift became a free-product code for them.
        const convertedMs = clampToAnchor((selectedMs ?? purchasedMs) + 14 * DAY + giftPrng.int(0, 6 * HOUR))
        const promo = buildPromotion(giftPrng, {
          type: 'SHOP_SINGLE',
          status: 'Live',
          title: `Gift ${purchase.friendly_id}: ${gifted.row.name}`,
          code: `GIFT-${giftPrng.friendlyId()}`,
          discount: {
            type: 'FREE_PRODUCTS',
            freeProductsType: 'MANUALLY_ADDED',
            product: gifted.spec.code,
            freeShipping: true,
          },
          maximumUses: 1,
          oneUsePerCustomer: true,
          startDaysAgo: (seedAnchorMs - convertedMs) / DAY,
        })
        promo.row.created_at = iso(convertedMs)
        promo.row.updated_at = iso(convertedMs)
        for (const code of promo.codes) code.created_at = iso(convertedMs)
        promo.capacity = 0
        promo.spec = undefined
        promotions.push(promo)
        gift.promotion_id = promo.row.id
      } else if (status === 'CANCELLED') {
        gift.cancelled_at = iso(clampToAnchor(lastDraw!.finishedMs + giftPrng.float(1, 48) * HOUR))
      }
      rows.gifts.push(gift)
    }
  }

  // ---------------------------------------------------------------- giveaway link packages
  const packagePrng = base.fork('packages')
  for (const scenarioIndex of spec.counts.packageScenarios) {
    const scenario = packageScenarios[scenarioIndex]!
    const createdMs = Math.round(seedAnchorMs - scenario.ageDays * DAY + packagePrng.int(0, 8 * HOUR))
    const candidates = sellableAt(createdMs, giftableKinds).filter((p) => p.row.state === 'AVAILABLE')
    const given = packagePrng.weighted(candidates.map((p) => [p, popularity(p)] as const))
    const pkg: GiveawayPackagesTable = {
      id: packagePrng.id('giveawayPackage'),
      shop_id: shopId,
      product_id: given.row.id,
      created_at: iso(createdMs),
    }
    rows.giveaway_packages.push(pkg)
    const recipients = packagePrng.sample(chatters, scenario.links.length)
    for (const [position, status] of scenario.links.entries()) {
      const gift: GiftsTable = {
        id: packagePrng.id('gift'),
        shop_id: shopId,
        gift_purchase_id: null,
        package_id: pkg.id,
        draw_id: null,
        product_id: given.row.id,
        status,
        winner_email: null,
        winner_username: null,
        winner_selected_at: null,
        promotion_id: null,
        order_id: null,
        order_friendly_id: null,
        position,
        created_at: iso(createdMs),
        cancelled_at: null,
        redeemed_at: null,
      }
      if (status === 'REDEEMED') {
        const redeemedMs = clampToAnchor(createdMs + packagePrng.float(2, Math.min(scenario.ageDays, 20) * 24) * HOUR)
        const order = emitOrder(packagePrng, {
          createdMs: redeemedMs,
          person: recipients[position]!,
          lines: [giftLine(packagePrng, given)],
          source: { type: 'GIVEAWAY_LINKS', giftId: gift.id },
          status: statusForAge(packagePrng, (seedAnchorMs - redeemedMs) / DAY, false),
          digital: false,
        })
        gift.order_id = order.id
        gift.order_friendly_id = order.friendly_id
        gift.redeemed_at = iso(redeemedMs)
      } else if (status === 'CANCELLED') {
        gift.cancelled_at = iso(clampToAnchor(createdMs + packagePrng.float(1, 10) * DAY))
      }
      rows.gifts.push(gift)
    }
  }

  // ---------------------------------------------------------------- regular orders
  const orderPrng = base.fork('orders')
  const regularCount = spec.counts.orders - rows.orders.length
  const plans: OrderPlan[] = []
  const createdTimes = new Set<number>()
  while (plans.length < regularCount) {
    // Spread over ~120 days, denser towards the anchor (a growing shop).
    let createdMs = Math.round(seedAnchorMs - 120 * DAY * orderPrng.next() ** 1.5 - orderPrng.int(5 * MINUTE, HOUR))
    while (createdTimes.has(createdMs)) createdMs += 1
    const sellable = sellableAt(createdMs)
    if (sellable.length === 0) continue
    createdTimes.add(createdMs)
    const isSample = orderPrng.chance(0.05)
    const lineCount = orderPrng.weighted([
      [1, 50],
      [2, 30],
      [3, 13],
      [4, 7],
    ])
    const chosen = new Map<string, LinePlan>()
    for (let attempt = 0; chosen.size < lineCount && attempt < 20; attempt++) {
      const p = orderPrng.weighted(sellable.map((s) => [s, popularity(s)] as const))
      const variant = orderPrng.pick(p.variants)
      if (chosen.has(variant.row.id)) continue
      const quantity = isSample
        ? 1
        : orderPrng.weighted([
            [1, 75],
            [2, 20],
            [3, 5],
          ])
      chosen.set(variant.row.id, { product: p, variant, quantity })
    }
    const lines = [...chosen.values()]
    const digital = lines.every((l) => l.product.digital)
    const ageDays = (seedAnchorMs - createdMs) / DAY
    plans.push({
      createdMs,
      person: pickSupporter(orderPrng),
      lines,
      source: { type: isSample && !digital ? 'SAMPLES_ORDER' : 'ORDER' },
      status: statusForAge(orderPrng, ageDays, digital),
      digital,
    })
  }
  // Every status and source appears at least this often (the filters have something to find).
  const minimum = spec.counts.orders >= 100 ? 3 : 1
  const typicalAge: Record<OrderStatus, number> = {
    CONFIRMED: 0.5,
    PARTIALLY_IN_PRODUCTION: 1.5,
    IN_PRODUCTION: 3,
    PARTIALLY_SHIPPED: 6,
    SHIPPED: 9,
    PARTIALLY_DELIVERED: 16,
    DELIVERED: 25,
    CANCELLED: 12,
    COMPLETED: 60,
  }
  const countStatus = (s: OrderStatus) =>
    plans.filter((p) => p.status === s).length + rows.orders.filter((o) => o.status === s).length
  for (const status of orderStatuses) {
    while (countStatus(status) < minimum) {
      const candidate = plans
        .filter((p) => !p.digital && p.status !== status && countStatus(p.status) > minimum)
        .sort(
          (a, b) =>
            Math.abs((seedAnchorMs - a.createdMs) / DAY - typicalAge[status]) -
            Math.abs((seedAnchorMs - b.createdMs) / DAY - typicalAge[status]),
        )[0]
      if (!candidate) break
      candidate.status = status
    }
  }
  const samples = plans.filter((p) => p.source.type === 'SAMPLES_ORDER').length
  for (const plan of plans
    .filter((p) => !p.digital && p.source.type === 'ORDER')
    .slice(0, Math.max(0, minimum - samples))) {
    plan.source = { type: 'SAMPLES_ORDER' }
  }
  plans.sort((a, b) => a.createdMs - b.createdMs)
  for (const plan of plans) emitOrder(orderPrng, plan)
  rows.orders.sort((a, b) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : 0))

  // ---------------------------------------------------------------- promotion usage
  const usagePrng = base.fork('promotion-usage')
  for (const promo of promotions) {
    const s = promo.spec
    if (!s) {
      rows.promotions.push(promo.row)
      rows.promotion_codes.push(...promo.codes)
      continue
    }
    const isMulti = promo.codes.length > 1 || s.type === 'SHOP_MULTI' || s.type === 'MEMBERSHIPS_MULTI'
    const perCode = s.maximumUses ?? Number.POSITIVE_INFINITY
    const total = isMulti ? perCode * promo.codes.length : perCode
    let usage: number
    if (s.status === 'AllUsed') usage = total
    else {
      const room = (s.status === 'Live' ? total - 1 : total) - promo.orderUses
      usage = promo.orderUses + Math.min(room, usagePrng.int(0, shopTypes.has(s.type) ? 40 : 25))
    }
    promo.row.usage_count = usage
    if (isMulti) {
      // Spread the uses over the codes, each at most `perCode`.
      const perCodeUsage = promo.codes.map(() => 0)
      for (let u = 0; u < usage; u++) {
        const open = perCodeUsage.flatMap((n, i) => (n < perCode ? [i] : []))
        const i = usagePrng.pick(open)
        perCodeUsage[i]! += 1
      }
      for (const [i, code] of promo.codes.entries()) {
        code.usage_count = perCodeUsage[i]!
        code.status = perCodeUsage[i]! >= perCode ? 'AllUsed' : s.status
      }
    } else {
      for (const code of promo.codes) {
        code.usage_count = usage
        code.status = s.status
      }
    }
    rows.promotions.push(promo.row)
    rows.promotion_codes.push(...promo.codes)
  }

  // ---------------------------------------------------------------- donations
  const donationPrng = base.fork('donations')
  const donationStatusPlan = [
    ...donationStatuses.flatMap((s) => (spec.counts.donations >= 20 ? [s, s] : [s])),
    ...Array.from({ length: spec.counts.donations }, () =>
      donationPrng.weighted<(typeof donationStatuses)[number]>([
        ['COMPLETED', 62],
        ['OPEN', 6],
        ['ABANDONED', 12],
        ['CANCELLED', 8],
        ['FAILED', 12],
      ]),
    ),
  ].slice(0, spec.counts.donations)
  for (const status of donationPrng.shuffle(donationStatusPlan)) {
    const person = pickSupporter(donationPrng)
    const ageDays = status === 'OPEN' ? donationPrng.float(0.01, 1.5) : donationPrng.float(0.2, 150)
    const createdMs = Math.round(seedAnchorMs - ageDays * DAY)
    const updatedMs =
      status === 'OPEN'
        ? createdMs
        : status === 'COMPLETED'
          ? createdMs + donationPrng.int(800, 6_000)
          : status === 'ABANDONED'
            ? clampToAnchor(createdMs + HOUR)
            : status === 'FAILED'
              ? createdMs + donationPrng.int(2_000, 20_000)
              : clampToAnchor(createdMs + donationPrng.int(MINUTE, 30 * MINUTE))
    rows.donations.push({
      id: donationPrng.id('donation'),
      shop_id: shopId,
      status,
      email: person.email,
      username: donationPrng.chance(0.8) ? person.username : null,
      message: donationPrng.chance(0.6) ? donationPrng.pick(donationMessages) : null,
      currency,
      total: donationPrng.pick([100, 300, 500, 500, 1000, 1000, 1500, 2000, 2500, 5000, 10000]),
      created_at: iso(createdMs),
      updated_at: iso(updatedMs),
    } satisfies DonationsTable)
  }
  rows.donations.sort((a, b) => (a.created_at < b.created_at ? -1 : 1))

  // ---------------------------------------------------------------- members
  const memberPrng = base.fork('members')
  const memberStates = [
    ...subscriptionStates,
    ...Array.from({ length: spec.counts.members }, () =>
      memberPrng.weighted<(typeof subscriptionStates)[number]>([
        ['ACTIVE', 55],
        ['CANCELLED', 15],
        ['SUSPENDED', 12],
        ['NONE', 18],
      ]),
    ),
  ].slice(0, spec.counts.members)
  let memberId = spec.memberIdBase
  const memberPeople = memberPrng.sample(people, spec.counts.members)
  const members: MembersTable[] = memberPrng.shuffle(memberStates).map((state, i) => {
    memberId += memberPrng.int(1, 37)
    const person = memberPeople[i]!
    const createdMs = Math.round(seedAnchorMs - memberPrng.float(1, 320) * DAY)
    let variantId: string | null = null
    if (state !== 'NONE') {
      const tier = memberPrng.weighted(spec.tiers.map((_, ti) => [ti, [50, 35, 15][ti] ?? 10] as const))
      const interval = memberPrng.chance(0.75) ? 'MONTHLY' : 'ANNUAL'
      variantId = tierVariants.filter(
        (v) => v.tier_id === rows.membership_tiers[tier]!.id && v.interval === interval,
      )[0]!.id
    }
    return {
      id: String(memberId),
      shop_id: shopId,
      email: person.email,
      nickname: person.username ?? person.firstName,
      subscription_type: state,
      variant_id: variantId,
      created_at: iso(createdMs),
      updated_at: iso(createdMs + memberPrng.float(0, (seedAnchorMs - createdMs) * 0.9)),
    }
  })
  rows.members = members

  // ---------------------------------------------------------------- mailing list
  const mailingPrng = base.fork('mailing-list')
  rows.mailing_list_entries = mailingPrng
    .sample(people, spec.counts.mailingList)
    .map(
      (person): MailingListEntriesTable => ({
        id: mailingPrng.id('mailingListEntry'),
        shop_id: shopId,
        email: person.email,
        created_at: iso(Math.round(seedAnchorMs - mailingPrng.float(0.05, 365) * DAY)),
      }),
    )
    .sort((a, b) => (a.created_at < b.created_at ? -1 : 1))

  // ---------------------------------------------------------------- thank-yous
  const thankPrng = base.fork('thank-yous')
  const thank = (
    type: (typeof contributionTypes)[number],
    contributionId: string,
    contributedMs: number,
    supporter: { email: string; username: string | null; message: string | null },
  ) => {
    const id = thankPrng.id('thankYou')
    const createdMs = Math.max(contributedMs + MINUTE, clampToAnchor(contributedMs + thankPrng.float(0.3, 6) * DAY))
    rows.thank_yous.push({
      id,
      shop_id: shopId,
      media_url: `${publicUrl}/thank-yous/${id}`,
      contribution_type: type,
      contribution_id: contributionId,
      supporter_email: supporter.email,
      supporter_username: supporter.username,
      supporter_message: supporter.message,
      created_at: iso(Math.min(createdMs, seedAnchorMs - 1)),
    } satisfies ThankYousTable)
  }
  const older = <T extends { created_at: string }>(list: T[]) =>
    list.filter((x) => Date.parse(x.created_at) < seedAnchorMs - 2 * DAY)
  const ms = (at: string) => Date.parse(at)
  for (const d of thankPrng.sample(
    older(rows.donations.filter((d) => d.status === 'COMPLETED')),
    spec.counts.thankYous.DONATION,
  )) {
    thank('DONATION', d.id, ms(d.created_at), { email: d.email, username: d.username, message: d.message })
  }
  for (const g of thankPrng.sample(older(rows.gift_purchases), spec.counts.thankYous.GIFT_PURCHASE)) {
    thank('GIFT_PURCHASE', g.id, ms(g.created_at), { email: g.email, username: g.username, message: g.message })
  }
  for (const m of thankPrng.sample(
    older(rows.members.filter((m) => m.subscription_type === 'ACTIVE' || m.subscription_type === 'CANCELLED')),
    spec.counts.thankYous.MEMBERSHIP,
  )) {
    const paidMs = ms(m.created_at)
    thank('MEMBERSHIP', thankPrng.prefixed('mpc_'), paidMs, {
      email: m.email,
      username: m.nickname,
      message: thankPrng.chance(0.5) ? 'Happy to support the stream every month!' : null,
    })
  }
  for (const o of thankPrng.sample(
    older(
      rows.orders.filter((o) => o.source_type === 'ORDER' && (o.status === 'DELIVERED' || o.status === 'COMPLETED')),
    ),
    spec.counts.thankYous.ORDER,
  )) {
    thank('ORDER', o.id, ms(o.created_at), { email: o.email, username: o.username, message: o.message })
  }
  rows.thank_yous.sort((a, b) => (a.created_at < b.created_at ? -1 : 1))

  // ---------------------------------------------------------------- streaming
  rows.streaming_services.push({
    shop_id: shopId,
    type: 'TWITCH',
    status: 'OFFLINE',
    broadcaster_id: spec.streaming.broadcasterId,
    broadcaster_login: spec.streaming.broadcasterLogin,
    thumbnail_url: null,
    updated_at: iso(seedAnchorMs - 9 * HOUR - base.fork('streaming').int(0, HOUR)),
  } satisfies StreamingServicesTable)

  return { shop: { spec, shop, identity, rows, media, fileContents }, people }
}

function statusReason(
  p: Prng,
  status: OrderStatus,
  source: OrderSourceType,
  carrier: string,
  tracking: string,
): string {
  switch (status) {
    case 'CONFIRMED':
      return source === 'TWITCH_GIFT_REDEMPTION'
        ? 'Twitch gift redeemed'
        : source === 'GIVEAWAY_LINKS'
          ? 'Giveaway link redeemed'
          : source === 'SAMPLES_ORDER'
            ? 'Samples ordered from the sample budget'
            : 'Order placed and paid'
    case 'PARTIALLY_IN_PRODUCTION':
      return 'Production started for part of the order'
    case 'IN_PRODUCTION':
      return 'Order in production'
    case 'PARTIALLY_SHIPPED':
      return `Part of the order shipped with ${carrier} ${tracking}`
    case 'SHIPPED':
      return `Shipped with ${carrier} ${tracking}`
    case 'PARTIALLY_DELIVERED':
      return 'Part of the order was delivered'
    case 'DELIVERED':
      return `Delivered (${carrier})`
    case 'COMPLETED':
      return 'Order completed'
    case 'CANCELLED':
      return p.pick(cancelReasons)
  }
}
