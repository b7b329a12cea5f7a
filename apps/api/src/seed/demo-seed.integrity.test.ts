import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testDatabaseUrl } from '../config.js'
import { type DatabaseHandle, openDatabase } from '../db/database.js'
import { idPrefixes } from '../ids.js'
import { createTestDatabase } from '../testing/test-database.js'
import { seedAnchor } from './demo-data.js'
import {
  byId,
  type Dump,
  isoMs,
  parse,
  prefixed,
  publicUrl,
  type Seeded,
  seededTables,
  seedFresh,
  uuid,
} from './demo-seed-fixture.js'

// How the demo seed writes it: id shapes, references inside one shop, order histories, timestamps
// from the anchor, and JSON columns in the contract's wire shapes.

function defineSeedSuite(engine: string, open: () => Promise<DatabaseHandle>, _reference?: () => Promise<Dump>) {
  describe(`seedDemo on ${engine}`, () => {
    let seeded: Seeded
    let data: Dump
    let demoShopId: string
    let secondShopId: string
    const mediaById = () => new Map((data.media_files ?? []).map((row) => [row.id as string, row]))
    const rowsOf = (table: string, shopId?: string) =>
      (data[table] ?? []).filter((r) => shopId === undefined || r.shop_id === shopId)

    beforeAll(async () => {
      seeded = await seedFresh(open)
      data = seeded.first
      demoShopId = seeded.credentials[0]!.shops[0]!.id
      secondShopId = seeded.credentials[0]!.shops[1]!.id
    })

    afterAll(async () => {
      for (const handle of seeded?.handles ?? []) await handle.close()
    })

    it('gives ids the documented shapes, friendly ids unique per shop', () => {
      for (const shop of [demoShopId, secondShopId]) {
        const friendly = [...rowsOf('orders', shop), ...rowsOf('gift_purchases', shop)].map((r) => r.friendly_id)
        expect(new Set(friendly).size).toBe(friendly.length)
        for (const id of friendly) expect(id).toMatch(/^[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{8}$/)
      }
      const shapes: [string, string, RegExp][] = [
        ['orders', 'id', uuid],
        ['orders', 'checkout_id', prefixed(idPrefixes.checkout)],
        ['products', 'id', uuid],
        ['variants', 'id', uuid],
        ['collections', 'id', prefixed(idPrefixes.collection)],
        ['donations', 'id', prefixed(idPrefixes.donation)],
        ['promotions', 'id', prefixed(idPrefixes.promotion)],
        ['promotion_codes', 'id', prefixed(idPrefixes.promotionCode)],
        ['gift_purchases', 'id', prefixed(idPrefixes.giftPurchase)],
        ['gifts', 'id', prefixed(idPrefixes.gift)],
        ['gift_draws', 'id', prefixed(idPrefixes.draw)],
        ['giveaway_packages', 'id', prefixed(idPrefixes.giveawayPackage)],
        ['thank_yous', 'id', prefixed(idPrefixes.thankYou)],
        ['membership_tiers', 'id', prefixed(idPrefixes.tier)],
        ['membership_tier_variants', 'id', prefixed(idPrefixes.tierVariant)],
        ['mailing_list_entries', 'id', prefixed(idPrefixes.mailingListEntry)],
        ['members', 'id', /^[0-9]+$/],
        ['api_users', 'id', prefixed(idPrefixes.apiUser)],
        ['admin_users', 'id', prefixed(idPrefixes.adminUser)],
      ]
      for (const [table, column, shape] of shapes) {
        const ids = data[table]!.map((r) => r[column])
        expect(new Set(ids).size, table).toBe(ids.length)
        for (const id of ids) expect(id, `${table}.${column}`).toMatch(shape)
      }
    })

    it('resolves every reference inside the same shop', () => {
      const shopOf = (table: string) => new Map(data[table]!.map((r) => [r.id as string, r.shop_id as string]))
      const products = byId(data.products!)
      const variants = byId(data.variants!)
      const orders = byId(data.orders!)
      const gifts = byId(data.gifts!)
      const purchases = byId(data.gift_purchases!)
      const draws = byId(data.gift_draws!)
      const promotions = shopOf('promotions')
      const tierVariants = byId(data.membership_tier_variants!)
      const tiers = shopOf('membership_tiers')

      for (const line of data.order_lines!) {
        const order = orders.get(line.order_id as string)!
        const variant = variants.get(line.variant_id as string)!
        expect(variant.product_id).toBe(line.product_id)
        expect(variant.shop_id).toBe(order.shop_id)
        expect(line.shop_id).toBe(order.shop_id)
        expect(parse(line.product).id).toBe(line.product_id)
        expect(parse(line.variant)).toMatchObject({ id: variant.id, sku: variant.sku, name: variant.name })
        expect(Object.keys(parse(line.variant))).toEqual(['id', 'name', 'sku', 'attributes', 'weight', 'dimensions'])
        expect(Object.keys(parse(line.product))).toEqual(['id', 'name', 'slug', 'description', 'primaryImage'])
      }
      for (const cp of data.collection_products!) {
        const collection = data.collections!.find((c) => c.id === cp.collection_id)!
        const product = products.get(cp.product_id as string)!
        expect(product.shop_id).toBe(collection.shop_id)
        expect(product.access).not.toBe('ARCHIVED')
      }
      for (const collection of data.collections!) {
        expect(
          data.collection_products!.some((cp) => cp.collection_id === collection.id),
          collection.slug as string,
        ).toBe(true)
      }
      for (const order of data.orders!) {
        if (order.source_type === 'GIVEAWAY_LINKS' || order.source_type === 'TWITCH_GIFT_REDEMPTION') {
          const gift = gifts.get(order.source_gift_id as string)!
          expect(gift).toMatchObject({ status: 'REDEEMED', order_id: order.id, order_friendly_id: order.friendly_id })
          expect(gift.shop_id).toBe(order.shop_id)
          if (order.source_type === 'TWITCH_GIFT_REDEMPTION') {
            expect(gift.gift_purchase_id).toBe(order.source_gift_purchase_id)
            expect(gift.winner_email).toBe(order.email)
          } else {
            expect(gift.package_id).not.toBeNull()
            expect(order.source_gift_purchase_id).toBeNull()
          }
          expect(gift.redeemed_at).toBe(order.created_at)
        } else {
          expect([order.source_gift_id, order.source_gift_purchase_id]).toEqual([null, null])
        }
      }
      for (const gift of data.gifts!) {
        expect(products.get(gift.product_id as string)?.shop_id).toBe(gift.shop_id)
        expect((gift.gift_purchase_id === null) !== (gift.package_id === null)).toBe(true)
        if (gift.status === 'REDEEMED') expect(orders.get(gift.order_id as string)?.source_gift_id).toBe(gift.id)
        else expect(gift.order_id).toBeNull()
        if (gift.status === 'CHANGED_TO_PROMOTION')
          expect(promotions.get(gift.promotion_id as string)).toBe(gift.shop_id)
        else expect(gift.promotion_id).toBeNull()
        expect(gift.cancelled_at !== null).toBe(gift.status === 'CANCELLED')
        expect(gift.redeemed_at !== null).toBe(gift.status === 'REDEEMED')
        if (gift.gift_purchase_id !== null) {
          const purchase = purchases.get(gift.gift_purchase_id as string)!
          expect(purchase.product_id).toBe(gift.product_id)
          expect(draws.get(gift.draw_id as string)?.gift_purchase_id).toBe(purchase.id)
        }
      }
      for (const purchase of data.gift_purchases!) {
        const own = data.gifts!.filter((g) => g.gift_purchase_id === purchase.id)
        expect(own).toHaveLength(purchase.quantity as number)
        const p = purchase as Record<string, number>
        expect(p.total).toBe(p.subtotal! + p.tax! + p.prepaid_shipping!)
      }
      for (const draw of data.gift_draws!) {
        const duration = (draw.duration_seconds as number) * 1000
        expect(Date.parse(draw.ends_at as string)).toBe(Date.parse(draw.created_at as string) + duration)
        expect(draw.finished_at).not.toBeNull()
        expect(purchases.get(draw.gift_purchase_id as string)?.shop_id).toBe(draw.shop_id)
      }
      for (const pkg of data.giveaway_packages!) {
        expect(products.get(pkg.product_id as string)?.shop_id).toBe(pkg.shop_id)
        expect(data.gifts!.some((g) => g.package_id === pkg.id)).toBe(true)
      }
      for (const member of data.members!) {
        if (member.subscription_type === 'NONE') expect(member.variant_id).toBeNull()
        else expect(tierVariants.get(member.variant_id as string)?.shop_id).toBe(member.shop_id)
      }
      for (const v of data.membership_tier_variants!) expect(tiers.get(v.tier_id as string)).toBe(v.shop_id)
      for (const tier of data.membership_tiers!) {
        const intervals = data.membership_tier_variants!.filter((v) => v.tier_id === tier.id).map((v) => v.interval)
        expect(intervals.sort()).toEqual(['ANNUAL', 'MONTHLY'])
        expect(tier.image_url).toMatch(new RegExp(`^${publicUrl}/media/files/[0-9a-f-]{36}\\.svg$`))
        expect(mediaById().get(/([0-9a-f-]{36})\.svg$/.exec(tier.image_url as string)![1]!)?.shop_id).toBe(tier.shop_id)
      }
      const contributions: Record<string, Map<string, string>> = {
        DONATION: shopOf('donations'),
        GIFT_PURCHASE: shopOf('gift_purchases'),
        ORDER: shopOf('orders'),
      }
      for (const ty of data.thank_yous!) {
        expect(ty.media_url).toBe(`${publicUrl}/thank-yous/${ty.id}`)
        if (ty.contribution_type === 'MEMBERSHIP') expect(ty.contribution_id).toMatch(prefixed('mpc_'))
        else expect(contributions[ty.contribution_type as string]!.get(ty.contribution_id as string)).toBe(ty.shop_id)
      }
      for (const promotion of data.promotions!) {
        const appliesTo = promotion.applies_to ? parse<{ products?: string[] }>(promotion.applies_to) : {}
        for (const id of appliesTo.products ?? []) expect(products.get(id)?.shop_id).toBe(promotion.shop_id)
        const tiersFilter = promotion.tiers ? parse<{ tiersIds?: string[] }>(promotion.tiers) : {}
        for (const id of tiersFilter.tiersIds ?? []) expect(tiers.get(id)).toBe(promotion.shop_id)
        const discount = parse<{ products?: { variantId?: string; availableVariantIds?: string[] }[] }>(
          promotion.discount,
        )
        for (const free of discount.products ?? []) {
          for (const id of [free.variantId, ...(free.availableVariantIds ?? [])].filter(Boolean)) {
            expect(variants.get(id as string)?.shop_id).toBe(promotion.shop_id)
          }
        }
      }
      const shopIds = new Set(data.shops!.map((s) => s.id))
      for (const table of seededTables) {
        // Apps belong to no shop (their connections, platform_app_grants, do).
        if (table === 'shops' || table === 'collection_products' || table === 'platform_apps') continue
        for (const row of data[table]!) expect(shopIds.has(row.shop_id as string), table).toBe(true)
      }
    })

    it('traces each order’s history from CONFIRMED to its status', () => {
      const changes = data.order_status_changes!
      for (const order of data.orders!) {
        const own = changes
          .filter((c) => c.order_id === order.id)
          .sort((a, b) => String(a.created_at).localeCompare(String(b.created_at)))
        expect(own[0]).toMatchObject({ status: 'CONFIRMED', created_at: order.created_at })
        expect(own.at(-1)).toMatchObject({ status: order.status, created_at: order.updated_at })
        expect(new Set(own.map((c) => c.status)).size).toBe(own.length)
        for (const c of own) expect(c.shop_id).toBe(order.shop_id)
      }
    })

    it('derives every timestamp from the anchor, ISO with milliseconds', () => {
      const anchor = Date.parse(seedAnchor)
      for (const [table, rows] of Object.entries(data)) {
        for (const row of rows) {
          for (const [column, value] of Object.entries(row)) {
            if (!/(_at|_until)$/.test(column) || value === null) continue
            expect(value, `${table}.${column}`).toMatch(isoMs)
            expect(Date.parse(value as string), `${table}.${column}`).toBeLessThanOrEqual(anchor)
          }
          if (typeof row.updated_at === 'string' && typeof row.created_at === 'string') {
            expect(row.updated_at >= row.created_at, table).toBe(true)
          }
        }
      }
      const orderTimes = rowsOf('orders', demoShopId).map((o) => Date.parse(o.created_at as string))
      const days = (anchor - Math.min(...orderTimes)) / 86_400_000
      expect(days).toBeGreaterThan(90)
      expect(days).toBeLessThanOrEqual(121)
    })

    it('stores JSON columns in the wire shapes of the contract', () => {
      for (const product of data.products!) {
        const images = parse<Record<string, unknown>[]>(product.images)
        expect(images.length).toBeGreaterThanOrEqual(1)
        images.forEach((image, i) => {
          expect(Object.keys(image)).toEqual(['id', 'url', 'width', 'height', 'transformedUrl'])
          expect(image.url).toBe(`${publicUrl}/media/files/${image.id}.svg`)
          // A drawing scales: the storefront's size is the same file.
          expect(image.transformedUrl).toBe(image.url)
          const file = mediaById().get(image.id as string)
          expect(file).toMatchObject({ shop_id: product.shop_id, name: `${product.slug}-${i + 1}.svg`, width: 1200 })
        })
        expect(parse(product.thumbnail_image)).toEqual(images[0])
      }
      for (const variant of data.variants!) {
        expect(Object.keys(parse(variant.attributes))).toEqual(['description', 'color', 'size'])
        expect(Object.keys(parse(variant.weight))).toEqual(['value', 'unit'])
        expect(Object.keys(parse(variant.dimensions))).toEqual(['length', 'width', 'height', 'unit'])
      }
      const addressKeys = ['name', 'address1', 'address2', 'city', 'state', 'country', 'zip', 'phone']
      for (const order of data.orders!) {
        for (const column of ['billing_address', 'shipping_address']) {
          if (order[column] !== null) expect(Object.keys(parse(order[column]))).toEqual(addressKeys)
        }
        if (order.tracking_params !== null) {
          expect(Object.keys(parse(order.tracking_params))).toEqual([
            'fbc',
            'fbp',
            'utm_source',
            'utm_medium',
            'utm_campaign',
            'utm_content',
            'utm_term',
          ])
        }
      }
      for (const shop of data.shops!) {
        const contact = parse<{ location: Record<string, unknown> }>(shop.contact_info)
        expect(Object.keys(contact)).toEqual([
          'shopEmail',
          'contactEmail',
          'transactionalEmail',
          'customerSupportEmail',
          'phone',
          'shopName',
          'domain',
          'location',
        ])
        expect(Object.keys(contact.location)).toEqual(addressKeys)
      }
      for (const purchase of data.gift_purchases!) {
        expect(Object.keys(parse(purchase.offer))).toEqual(['id', 'name', 'slug', 'description', 'primaryImage'])
      }
    })
  })
}

defineSeedSuite('SQLite', async () => openDatabase('sqlite::memory:'))

describe.runIf(testDatabaseUrl() !== undefined)('on PostgreSQL (TEST_DATABASE=postgres)', () => {
  defineSeedSuite('PostgreSQL', createTestDatabase)
})
