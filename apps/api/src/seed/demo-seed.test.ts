import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseConfig, testDatabaseUrl } from '../config.js'
import { type DatabaseHandle, type Db, migrateToLatest, openDatabase } from '../db/database.js'
import type { Database } from '../db/schema.js'
import { loadContract } from '../http/contract.js'
import { idPrefixes } from '../ids.js'
import { isWellFormedSecret } from '../modules/platform-apps/opaque-tokens.js'
import { platformScopes } from '../modules/platform-apps/platform-scopes.js'
import { verifyPassword } from '../security/passwords.js'
import { SecretBox, tokenHash } from '../security/secret-box.js'
import { createTestDatabase } from '../testing/test-database.js'
import { resetDatabase } from './database-reset.js'
import {
  contributionTypes,
  donationStatuses,
  giftStatuses,
  orderSourceTypes,
  orderStatuses,
  seedAnchor,
  subscriptionStates,
} from './demo-data.js'
import { type DemoCredentials, isSeeded, seedDemo } from './demo-seed.js'

const publicUrl = parseConfig({}).publicUrl
const secretBox = SecretBox.fromKey('demo-seed-test-key')
const seedOptions = { secretBox, publicUrl, now: Date.UTC(2027, 0, 1) }

type Row = Record<string, unknown>
type Dump = Record<string, Row[]>

/** Every table the seed writes. */
const seededTables = [
  'shops',
  'admin_users',
  'api_users',
  'storefront_tokens',
  'products',
  'variants',
  'collections',
  'collection_products',
  'orders',
  'order_lines',
  'order_status_changes',
  'donations',
  'promotions',
  'promotion_codes',
  'gift_purchases',
  'gifts',
  'gift_draws',
  'giveaway_packages',
  'thank_yous',
  'membership_tiers',
  'membership_tier_variants',
  'members',
  'mailing_list_entries',
  'streaming_services',
  'platform_apps',
  'platform_app_grants',
  'media_files',
] as const satisfies readonly (keyof Database)[]

/** Columns that hold (or derive from) random credentials: they differ on every seed. */
const credentialColumns: Record<string, string[]> = {
  shops: ['webhook_secret'],
  admin_users: ['password_hash'],
  api_users: ['username', 'password_hash'],
  storefront_tokens: ['token_hash', 'token_sealed'],
  platform_apps: ['id', 'client_secret_hash', 'webhook_hmac_key_sealed'],
  platform_app_grants: ['id', 'app_id'],
}

async function dump(db: Db): Promise<Dump> {
  const out: Dump = {}
  for (const table of seededTables) {
    const rows = (await db.selectFrom(table).selectAll().execute()) as Row[]
    out[table] = rows.map((row) => ({ ...row })).sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1))
  }
  return out
}

function withoutCredentials(data: Dump): Dump {
  return Object.fromEntries(
    Object.entries(data).map(([table, rows]) => [
      table,
      rows.map((row) =>
        Object.fromEntries(Object.entries(row).filter(([c]) => !credentialColumns[table]?.includes(c))),
      ),
    ]),
  )
}

const parse = <T = Record<string, unknown>>(value: unknown) => JSON.parse(value as string) as T
const isoMs = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/
const prefixed = (prefix: string) => new RegExp(`^${prefix}[A-Za-z0-9_-]{22}$`)
const byId = <T extends Row>(rows: T[]) => new Map(rows.map((r) => [r.id as string, r]))
const values = <T>(rows: Row[], column: string) => new Set(rows.map((r) => r[column] as T))

interface Seeded {
  handles: DatabaseHandle[]
  first: Dump
  second: Dump
  credentials: DemoCredentials[]
}

/** Seeds two fresh databases and dumps both. */
async function seedTwice(open: () => Promise<DatabaseHandle>): Promise<Seeded> {
  const handles: DatabaseHandle[] = []
  const dumps: Dump[] = []
  const credentials: DemoCredentials[] = []
  for (let i = 0; i < 2; i++) {
    const handle = await open()
    handles.push(handle)
    await migrateToLatest(handle.db)
    expect(await isSeeded(handle.db)).toBe(false)
    credentials.push(await seedDemo(handle.db, seedOptions))
    dumps.push(await dump(handle.db))
  }
  return { handles, first: dumps[0]!, second: dumps[1]!, credentials }
}

function defineSeedSuite(engine: string, open: () => Promise<DatabaseHandle>, reference?: () => Promise<Dump>) {
  describe(`seedDemo on ${engine}`, () => {
    let seeded: Seeded
    let data: Dump
    let demoShopId: string
    let secondShopId: string
    const mediaById = () => new Map((data.media_files ?? []).map((row) => [row.id as string, row]))
    const rowsOf = (table: string, shopId?: string) =>
      (data[table] ?? []).filter((r) => shopId === undefined || r.shop_id === shopId)

    beforeAll(async () => {
      seeded = await seedTwice(open)
      data = seeded.first
      demoShopId = seeded.credentials[0]!.shops[0]!.id
      secondShopId = seeded.credentials[0]!.shops[1]!.id
    })

    afterAll(async () => {
      for (const handle of seeded?.handles ?? []) await handle.close()
    })

    it('writes the same data on every run; only the credentials differ', () => {
      expect(withoutCredentials(seeded.second)).toEqual(withoutCredentials(seeded.first))
      const [a, b] = seeded.credentials.map((c) => c.shops[0]!)
      expect(a!.id).toBe(b!.id)
      expect(a!.apiUser.password).not.toBe(b!.apiUser.password)
      expect(a!.apiUser.username).not.toBe(b!.apiUser.username)
      expect(a!.storefrontToken).not.toBe(b!.storefrontToken)
      expect(a!.admins[0]!.password).not.toBe(b!.admins[0]!.password)
    })

    if (reference) {
      it('writes the same data as on SQLite', async () => {
        expect(withoutCredentials(data)).toEqual(withoutCredentials(await reference()))
      })
    }

    it('seeds the demo shop and a second shop with the documented sizes', () => {
      const shops = byId(data.shops!)
      expect(shops.get(demoShopId)).toMatchObject({
        name: 'Pixel Pines Merch',
        domain: 'pixel-pines.fanshelf.shop',
        public_domain: 'shop.pixelpines.tv',
        currency: 'USD',
      })
      expect(shops.get(secondShopId)).toMatchObject({
        name: 'Northwind Knits',
        domain: 'northwind-knits.fanshelf.shop',
        currency: 'EUR',
      })
      for (const id of [demoShopId, secondShopId]) expect(id).toMatch(new RegExp(`^sh_${uuid.source.slice(1)}`))
      const count = (table: string, shop: string) => rowsOf(table, shop).length
      expect(count('products', demoShopId)).toBe(50)
      expect(count('orders', demoShopId)).toBe(200)
      expect(count('donations', demoShopId)).toBe(40)
      expect(count('members', demoShopId)).toBe(30)
      expect(count('mailing_list_entries', demoShopId)).toBe(80)
      expect(count('gift_purchases', demoShopId)).toBe(6)
      expect(count('giveaway_packages', demoShopId)).toBe(3)
      expect(count('membership_tiers', demoShopId)).toBe(3)
      expect(count('collections', demoShopId)).toBeGreaterThanOrEqual(4)
      expect(count('collections', demoShopId)).toBeLessThanOrEqual(6)
      expect(count('streaming_services', demoShopId)).toBe(1)
      expect(count('webhook_configurations' as never, demoShopId)).toBe(0)
      // The second shop is about a quarter of the demo shop.
      expect(count('products', secondShopId)).toBeGreaterThanOrEqual(10)
      expect(count('orders', secondShopId)).toBe(50)
      expect(count('donations', secondShopId)).toBe(10)
      for (const shop of [demoShopId, secondShopId]) {
        expect(count('admin_users', shop)).toBe(2)
        expect(count('api_users', shop)).toBe(1)
        expect(count('storefront_tokens', shop)).toBe(1)
      }
    })

    it('covers every order status and source type in the demo shop', () => {
      const orders = rowsOf('orders', demoShopId)
      expect([...values(orders, 'status')].sort()).toEqual([...orderStatuses].sort())
      expect([...values(orders, 'source_type')].sort()).toEqual([...orderSourceTypes].sort())
      expect(orders.filter((o) => o.promotion_id !== null).length).toBeGreaterThan(10)
      expect(orders.filter((o) => o.tracking_params !== null).length).toBeGreaterThan(10)
      expect(orders.filter((o) => o.shipping_address === null).length).toBeGreaterThan(0)
      // Repeat supporters: the email filter finds several orders for one address.
      const perEmail = new Map<string, number>()
      for (const o of orders) perEmail.set(o.email as string, (perEmail.get(o.email as string) ?? 0) + 1)
      expect(Math.max(...perEmail.values())).toBeGreaterThanOrEqual(4)
      expect(perEmail.size).toBeGreaterThanOrEqual(40)
    })

    it('covers every donation, gift, subscription, contribution and draw state', () => {
      expect([...values(rowsOf('donations', demoShopId), 'status')].sort()).toEqual([...donationStatuses].sort())
      const gifts = rowsOf('gifts', demoShopId)
      const purchaseGifts = gifts.filter((g) => g.gift_purchase_id !== null)
      const links = gifts.filter((g) => g.package_id !== null)
      expect([...values(purchaseGifts, 'status')].sort()).toEqual([...giftStatuses].sort())
      expect([...values(links, 'status')].sort()).toEqual(['AVAILABLE', 'CANCELLED', 'REDEEMED'])
      expect(purchaseGifts.some((g) => g.winner_username !== null)).toBe(true)
      expect(purchaseGifts.some((g) => g.winner_username === null)).toBe(true)
      expect([...values(rowsOf('members', demoShopId), 'subscription_type')].sort()).toEqual(
        [...subscriptionStates].sort(),
      )
      expect([...values(rowsOf('thank_yous', demoShopId), 'contribution_type')].sort()).toEqual(
        [...contributionTypes].sort(),
      )
      const draws = rowsOf('gift_draws', demoShopId)
      expect([...values(draws, 'type')].sort()).toEqual(['INITIAL', 'REDO'])
      expect(draws.filter((d) => d.type === 'REDO')).toHaveLength(1)
      expect([...values(draws, 'outcome')].sort()).toEqual(['EXPIRED', 'FINISHED'])
      const products = rowsOf('products', demoShopId)
      expect([...values(products, 'access')].sort()).toEqual(['ARCHIVED', 'HIDDEN', 'PUBLIC'])
      expect([...values(products, 'state')].sort()).toEqual(['AVAILABLE', 'SOLD_OUT'])
      expect(products.filter((p) => p.access === 'PUBLIC').length).toBeGreaterThan(products.length * 0.7)
      expect([...values(rowsOf('variants', demoShopId), 'stock_type')].sort()).toEqual(['LIMITED', 'UNLIMITED'])
      expect(rowsOf('variants', demoShopId).some((v) => v.compare_at_price !== null)).toBe(true)
    })

    it('covers every promotion type, status, discount and applies-to rule', () => {
      for (const shop of [demoShopId]) {
        const promotions = rowsOf('promotions', shop)
        expect([...values(promotions, 'type')].sort()).toEqual([
          'MEMBERSHIPS_MULTI',
          'MEMBERSHIPS_SINGLE',
          'SHOP_AUTO_APPLYING',
          'SHOP_MULTI',
          'SHOP_SINGLE',
        ])
        expect([...values(promotions, 'status')].sort()).toEqual(['AllUsed', 'Archived', 'Ended', 'Live'])
        for (const type of ['SHOP_SINGLE', 'SHOP_MULTI', 'SHOP_AUTO_APPLYING']) {
          const statuses = values(
            promotions.filter((p) => p.type === type),
            'status',
          )
          expect(statuses.size, type).toBe(4)
        }
        const shopPromotions = promotions.filter((p) => String(p.type).startsWith('SHOP_'))
        expect(new Set(shopPromotions.map((p) => parse<{ type: string }>(p.discount).type))).toEqual(
          new Set(['PERCENTAGE', 'FLAT_RATE', 'FREE_SHIPPING', 'FREE_PRODUCTS']),
        )
        expect(new Set(shopPromotions.map((p) => parse<{ type: string }>(p.applies_to).type))).toEqual(
          new Set(['ENTIRE_ORDER', 'SELECTED_PRODUCTS', 'ENTIRE_ORDER_WITH_EXCLUDED_PRODUCTS']),
        )
        const memberships = promotions.filter((p) => String(p.type).startsWith('MEMBERSHIPS_'))
        expect(new Set(memberships.map((p) => parse<{ type: string }>(p.tiers).type))).toEqual(
          new Set(['ALL', 'SELECTED']),
        )
        expect(new Set(memberships.map((p) => parse<{ type: string }>(p.subscription_type).type))).toEqual(
          new Set(['ALL', 'MONTHLY', 'ANNUAL']),
        )
      }
    })

    it('keeps promotion codes and usage consistent', () => {
      for (const shop of [demoShopId, secondShopId]) {
        const codes = rowsOf('promotion_codes', shop)
        expect(new Set(codes.map((c) => c.code_key)).size).toBe(codes.length)
        for (const code of codes) expect(code.code_key).toBe(String(code.code).toUpperCase())
        for (const promotion of rowsOf('promotions', shop)) {
          const own = codes.filter((c) => c.promotion_id === promotion.id)
          const type = promotion.type as string
          if (type === 'SHOP_SINGLE' || type === 'MEMBERSHIPS_SINGLE') expect(own, type).toHaveLength(1)
          if (type === 'SHOP_AUTO_APPLYING') expect(own.length).toBeLessThanOrEqual(1)
          if (type.endsWith('_MULTI')) {
            expect(own.length).toBeGreaterThanOrEqual(3)
            expect(own.length).toBeLessThanOrEqual(5)
            expect(own.reduce((n, c) => n + (c.usage_count as number), 0)).toBe(promotion.usage_count)
          } else {
            for (const c of own) expect(c.usage_count).toBe(promotion.usage_count)
          }
          const limits =
            promotion.limits === null ? null : parse<{ maximumUsesNumber: number | null }>(promotion.limits)
          const max = limits?.maximumUsesNumber ?? null
          if (promotion.status === 'AllUsed') {
            expect(max, `${promotion.title}`).not.toBeNull()
            if (type.endsWith('_MULTI')) for (const c of own) expect(c.usage_count).toBe(max)
            else expect(promotion.usage_count).toBe(max)
          } else if (max !== null) {
            const cap = type.endsWith('_MULTI') ? max * own.length : max
            expect(promotion.usage_count as number).toBeLessThan(promotion.status === 'Live' ? cap : cap + 1)
          }
          const usedByOrders = rowsOf('orders', shop).filter((o) => o.promotion_id === promotion.id).length
          expect(promotion.usage_count as number).toBeGreaterThanOrEqual(usedByOrders)
        }
      }
    })

    it('makes every order’s amounts add up', () => {
      const lines = data.order_lines!
      const promotions = byId(data.promotions!)
      for (const order of data.orders!) {
        const own = lines.filter((l) => l.order_id === order.id)
        expect(own.length).toBeGreaterThanOrEqual(1)
        expect(own.length).toBeLessThanOrEqual(4)
        const subtotal = own.reduce((n, l) => n + (l.unit_price as number) * (l.quantity as number), 0)
        expect(order.subtotal).toBe(subtotal)
        const { discount, shipping, tax, donation, total } = order as Record<string, number>
        expect(total).toBe(subtotal - discount! + shipping! + tax! + donation!)
        for (const amount of [discount, shipping, tax, donation, total]) {
          expect(Number.isInteger(amount)).toBe(true)
          expect(amount).toBeGreaterThanOrEqual(0)
        }
        const gift = order.source_type === 'GIVEAWAY_LINKS' || order.source_type === 'TWITCH_GIFT_REDEMPTION'
        if (gift) expect([discount, total]).toEqual([subtotal, 0])
        else if (order.promotion_id === null) expect(discount).toBe(0)
        else {
          const promotion = promotions.get(order.promotion_id as string)
          expect(promotion?.shop_id).toBe(order.shop_id)
          expect(String(promotion?.type)).toMatch(/^SHOP_/)
          expect(discount).toBeGreaterThan(0)
          expect(Date.parse(promotion!.created_at as string)).toBeLessThan(Date.parse(order.created_at as string))
        }
        expect(order.currency).toBe(data.shops!.find((s) => s.id === order.shop_id)!.currency)
      }
    })

    it('keeps stock and product state consistent', () => {
      for (const product of data.products!) {
        const variants = data
          .variants!.filter((v) => v.product_id === product.id)
          .sort((a, b) => (a.position as number) - (b.position as number))
        expect(variants.length).toBeGreaterThanOrEqual(1)
        expect(variants.length).toBeLessThanOrEqual(12)
        for (const v of variants) {
          expect(v.shop_id).toBe(product.shop_id)
          if (v.stock_type === 'UNLIMITED') expect(v.in_stock).toBeNull()
          else expect(Number.isInteger(v.in_stock) && (v.in_stock as number) >= 0).toBe(true)
        }
        const soldOut = variants.every((v) => v.stock_type === 'LIMITED' && v.in_stock === 0)
        expect(product.state, product.name as string).toBe(soldOut ? 'SOLD_OUT' : 'AVAILABLE')
        const skus = variants.map((v) => String(v.sku).toLowerCase())
        expect(product.search_text).toBe([product.name, product.slug, ...skus].join('\n').toLowerCase())
      }
      for (const shop of [demoShopId, secondShopId]) {
        const skus = rowsOf('variants', shop).map((v) => v.sku)
        expect(new Set(skus).size).toBe(skus.length)
      }
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

    it('stores working credentials, never in plain text', async () => {
      const credentials = seeded.credentials[0]!
      expect(credentials.generatedAt).toBe('2027-01-01T00:00:00.000Z')
      expect(credentials.shops.map((s) => s.name)).toEqual(['Pixel Pines Merch', 'Northwind Knits'])
      const everything = JSON.stringify(data)
      for (const shop of credentials.shops) {
        const apiUser = data.api_users!.find((u) => u.shop_id === shop.id)!
        expect(apiUser.username).toBe(shop.apiUser.username)
        expect(shop.apiUser.username).toMatch(/^(pixel-pines|northwind-knits)-api-[a-z0-9]{6}$/)
        // A generated credential: stored as the keyed digest (decision 0030), checked with the server key.
        expect(apiUser.password_hash).toMatch(/^hmac-sha256\$/)
        expect(secretBox.matchesCredential(shop.apiUser.password, apiUser.password_hash as string)).toBe(true)
        expect(secretBox.matchesCredential(`${shop.apiUser.password}x`, apiUser.password_hash as string)).toBe(false)
        expect(shop.admins.map((a) => a.role)).toEqual(['SUPER_ADMIN', 'STAFF'])
        for (const admin of shop.admins) {
          const row = data.admin_users!.find((a) => a.email === admin.email)!
          expect(row).toMatchObject({ shop_id: shop.id, role: admin.role })
          expect(await verifyPassword(admin.password, row.password_hash as string)).toBe(true)
        }
        const token = data.storefront_tokens!.find((t) => t.shop_id === shop.id)!
        expect(shop.storefrontToken).toMatch(/^ptkn_[A-Za-z0-9_-]{32}$/)
        expect(token.token_hash).toBe(tokenHash(shop.storefrontToken))
        expect(secretBox.open(token.token_sealed as string)).toBe(shop.storefrontToken)
        const shopRow = data.shops!.find((s) => s.id === shop.id)!
        expect(secretBox.open(shopRow.webhook_secret as string)).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/)
        const secrets = [shop.apiUser.password, shop.storefrontToken, ...shop.admins.map((a) => a.password)]
        if (shop.platformApp) secrets.push(shop.platformApp.clientSecret)
        for (const secret of secrets) {
          expect(everything.includes(secret)).toBe(false)
        }
      }
      expect(credentials.shops[0]!.admins.map((a) => a.email)).toEqual([
        'owner@pixel-pines.test',
        'staff@pixel-pines.test',
      ])
    })

    it('registers the demo platform app, connected to the demo shop by its super-admin', async () => {
      const [demo, second] = seeded.credentials[0]!.shops
      const app = demo!.platformApp!
      expect(app).toMatchObject({ name: 'Fanshelf demo app', redirectUri: `${publicUrl}/` })
      // Scopes the contract declares (registration's own rule), the guides' OAuth scopes among them.
      const catalogue = platformScopes(await loadContract(parseConfig({}).openapiDir))
      for (const scope of app.scopes) expect(catalogue.has(scope), scope).toBe(true)
      expect(app.scopes).toEqual(expect.arrayContaining(['order_read', 'fulfillment_write', 'webhook_read']))
      expect(isWellFormedSecret('clientSecret', app.clientSecret)).toBe(true)
      expect(data.platform_apps).toEqual([
        expect.objectContaining({
          id: app.clientId,
          name: 'Fanshelf demo app',
          redirect_uris: JSON.stringify([app.redirectUri]),
          scopes: JSON.stringify(app.scopes),
          client_secret_hash: tokenHash(app.clientSecret),
          status: 'ACTIVE',
          pkce_required: 1,
        }),
      ])
      const owner = rowsOf('admin_users', demoShopId).find((a) => a.role === 'SUPER_ADMIN')!
      expect(data.platform_app_grants).toEqual([
        expect.objectContaining({
          app_id: app.clientId,
          shop_id: demoShopId,
          scopes: JSON.stringify(app.scopes),
          granted_by: owner.id,
          revoked_at: null,
        }),
      ])
      expect(second!.platformApp).toBeUndefined()
      // New credentials on every seed.
      expect(seeded.credentials[1]!.shops[0]!.platformApp!.clientId).not.toBe(app.clientId)
    })

    it('thanks supporters of demo orders (getThankYou has ids to read)', () => {
      const orderIds = new Set(rowsOf('orders', demoShopId).map((o) => o.id))
      const thanked = rowsOf('thank_yous', demoShopId).filter((t) => t.contribution_type === 'ORDER')
      expect(thanked.length).toBeGreaterThan(0)
      for (const thankYou of thanked) expect(orderIds.has(thankYou.contribution_id)).toBe(true)
    })

    it('empties every table on reset, after which the same data seeds again', async () => {
      const handle = seeded.handles[1]!
      expect(await isSeeded(handle.db)).toBe(true)
      await resetDatabase(handle.db)
      expect(await isSeeded(handle.db)).toBe(false)
      for (const table of seededTables) {
        expect(await handle.db.selectFrom(table).selectAll().execute(), table).toEqual([])
      }
      await seedDemo(handle.db, seedOptions)
      expect(withoutCredentials(await dump(handle.db))).toEqual(withoutCredentials(seeded.first))
    })
  })
}

let sqliteReference: Promise<Dump> | undefined
/** A SQLite seed to compare the PostgreSQL one with. */
function sqliteDump(): Promise<Dump> {
  sqliteReference ??= (async () => {
    const handle = openDatabase('sqlite::memory:')
    try {
      await migrateToLatest(handle.db)
      await seedDemo(handle.db, seedOptions)
      return await dump(handle.db)
    } finally {
      await handle.close()
    }
  })()
  return sqliteReference
}

defineSeedSuite('SQLite', async () => openDatabase('sqlite::memory:'))

describe('the demo platform app behind a public URL', () => {
  it('is not registered when the public URL cannot be a redirect URI (plain http on a public host)', async () => {
    const handle = openDatabase('sqlite::memory:')
    try {
      await migrateToLatest(handle.db)
      const credentials = await seedDemo(handle.db, { ...seedOptions, publicUrl: 'http://shop.example.com' })
      expect(credentials.shops[0]!.platformApp).toBeUndefined()
      expect(await handle.db.selectFrom('platform_apps').selectAll().execute()).toEqual([])
      expect(await isSeeded(handle.db)).toBe(true)
    } finally {
      await handle.close()
    }
  })
})

describe.runIf(testDatabaseUrl() !== undefined)('on PostgreSQL (TEST_DATABASE=postgres)', () => {
  defineSeedSuite('PostgreSQL', createTestDatabase, sqliteDump)
})
