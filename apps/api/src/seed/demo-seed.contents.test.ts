import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testDatabaseUrl } from '../config.js'
import { type DatabaseHandle, openDatabase } from '../db/database.js'
import { createTestDatabase } from '../testing/test-database.js'
import {
  contributionTypes,
  donationStatuses,
  giftStatuses,
  orderSourceTypes,
  orderStatuses,
  subscriptionStates,
} from './demo-data.js'
import { byId, type Dump, parse, type Seeded, seedFresh, uuid, values } from './demo-seed-fixture.js'

// What the demo seed writes: the documented sizes, every status and type covered, amounts, codes
// and stock consistent.

function defineSeedSuite(engine: string, open: () => Promise<DatabaseHandle>, _reference?: () => Promise<Dump>) {
  describe(`seedDemo on ${engine}`, () => {
    let seeded: Seeded
    let data: Dump
    let demoShopId: string
    let secondShopId: string
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
  })
}

defineSeedSuite('SQLite', async () => openDatabase('sqlite::memory:'))

describe.runIf(testDatabaseUrl() !== undefined)('on PostgreSQL (TEST_DATABASE=postgres)', () => {
  defineSeedSuite('PostgreSQL', createTestDatabase)
})
