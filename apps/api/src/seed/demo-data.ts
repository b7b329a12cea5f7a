import type { ShopsTable } from '../db/schema.js'
import { toMoney } from '../modules/money/money.js'
import { type ShopSpec, shopSpecs } from './demo-catalog.js'
import {
  buildDonations,
  buildMailingList,
  buildMembers,
  buildStreamingService,
  buildThankYous,
} from './demo-community.js'
import { buildGiftPurchases, buildGiveawayPackages } from './demo-gifts.js'
import { createDrawings } from './demo-media.js'
import type { DataRows, ShopContext, ShopData } from './demo-model.js'
import { buildRegularOrders } from './demo-order-plans.js'
import { createOrderWriter } from './demo-orders.js'
import { buildPeople, type Person } from './demo-people.js'
import { buildCollections, buildDigitalFiles, buildProducts, buildTiers } from './demo-products.js'
import { createPromotionBuilder, recordPromotionUsage } from './demo-promotions.js'
import { DAY, demoSeed, HOUR, iso, json, seedAnchorMs } from './demo-time.js'
import { Prng } from './prng.js'

/**
 * Builds the rows of the demo data set from the catalog and a fixed seed: pure, no database, no
 * credentials, so two runs produce identical rows. Every timestamp is the anchor minus an offset.
 * Each part has its builder (demo-products.ts, demo-promotions.ts, demo-gifts.ts, demo-orders.ts,
 * demo-order-plans.ts, demo-community.ts), each with its own forked random stream.
 */

export {
  contributionTypes,
  type DataRows,
  type DataTable,
  type DemoFileContent,
  type DemoMedia,
  donationStatuses,
  giftStatuses,
  type OrderSourceType,
  type OrderStatus,
  orderSourceTypes,
  orderStatuses,
  type ShopData,
  subscriptionStates,
} from './demo-model.js'
export { demoSeed, seedAnchor, seedAnchorMs } from './demo-time.js'

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

function buildShopData(
  spec: ShopSpec,
  options: { publicUrl: string; root: Prng; sharedPeople: Person[]; openedAfter?: string },
): { shop: ShopData; people: Person[] } {
  const { publicUrl } = options
  const base = options.root.fork(spec.key)
  const drawings = createDrawings(base, publicUrl)
  const currency = spec.currency

  // ---------------------------------------------------------------- shop and identity
  const shopPrng = base.fork('shop')
  const shopId = `sh_${shopPrng.uuid()}`
  const drawnCreatedMs = seedAnchorMs - shopPrng.int(400, 430) * DAY - shopPrng.int(0, DAY)
  // The demo shop is the oldest: a feed or storefront asked on a loopback host serves the oldest shop.
  const shopCreatedMs =
    options.openedAfter === undefined ? drawnCreatedMs : Math.max(drawnCreatedMs, Date.parse(options.openedAfter) + DAY)
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
  const ctx: ShopContext = {
    spec,
    publicUrl,
    base,
    shopId,
    currency,
    shopCreatedMs,
    rows,
    money: (minor: number) => toMoney(minor, currency),
  }

  const { products, product } = buildProducts(ctx, drawings)
  const fileContents = buildDigitalFiles(ctx, products)
  buildCollections(ctx, products)
  const { tierVariants, tierId } = buildTiers(ctx, drawings)

  // ---------------------------------------------------------------- people
  // A few supporters of the demo shop also buy from the second shop (same email): filters stay per shop.
  const people = buildPeople(
    base.fork('people'),
    Math.max(spec.counts.mailingList + 20, 40),
    spec.region,
    options.sharedPeople,
  )
  const supporters = people.slice(0, spec.counts.supporters)
  const supporterPrng = base.fork('supporter-weights')
  // Zipf-like weights: a few regulars order often, so the email filter finds several orders.
  const supporterWeights = supporterPrng
    .shuffle(supporters)
    .map((person, rank) => [person, 1 / (rank + 2) ** 0.5] as const)
  const pickSupporter = (p: Prng) => p.weighted(supporterWeights)

  const buildPromotion = createPromotionBuilder(ctx, product, tierId)
  const promotionPrng = base.fork('promotions')
  const promotions = spec.promotions.map((s) => buildPromotion(promotionPrng, s))

  const orders = createOrderWriter(ctx, promotions)
  const chatters = people.slice(spec.counts.supporters)
  const giftDeps = { products, chatters, pickSupporter, orders, buildPromotion, promotions }
  buildGiftPurchases(ctx, giftDeps)
  buildGiveawayPackages(ctx, giftDeps)
  buildRegularOrders(ctx, { products, pickSupporter, orders })
  recordPromotionUsage(ctx, promotions)

  buildDonations(ctx, pickSupporter)
  buildMembers(ctx, people, tierVariants)
  buildMailingList(ctx, people)
  buildThankYous(ctx)
  buildStreamingService(ctx)

  return { shop: { spec, shop, identity, rows, media: drawings.media, fileContents }, people }
}
