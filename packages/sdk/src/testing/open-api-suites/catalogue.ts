import { describe, expect, it } from 'vitest'
import { paginate } from '../../pagination.js'
import { client } from '../open-api-session.js'

/** Products, collections, promotions and donations through the SDK. (A suite of open-api.integration.test.ts.) */
export function describeCatalogueAndPromotions(): void {
  describe('products', () => {
    it('lists, reads, reads inventory and switches availability', async () => {
      const products = await paginate(client.listProducts, { query: { size: 50 } }).toArray()
      const [product] = products
      if (!product) throw new Error('the demo shop has products')
      expect((await client.getProduct({ path: { productId: product.id } })).id).toBe(product.id)
      const inventory = await client.listProductInventory({ path: { productId: product.id } })
      expect(Array.isArray(inventory.results)).toBe(true)

      const soldOut = await client.setProductAvailability({
        path: { productId: product.id },
        body: { available: false },
      })
      expect(soldOut.state.type).toBe('SOLD_OUT')
      const available = await client.setProductAvailability({
        path: { productId: product.id },
        body: { available: true },
      })
      expect(available.id).toBe(product.id)
    })

    it('lists the shop’s collections', async () => {
      const collections = await paginate(client.listShopCollections, { query: { size: 50 } }).toArray()
      expect(collections.length).toBeGreaterThan(0)
      for (const collection of collections)
        expect(collection.state).toEqual({ type: 'PUBLIC', available: collection.available })
    })
  })

  describe('promotions and donations', () => {
    it('lists and reads promotions, and creates one', async () => {
      const promotions = await client.listPromotions()
      const [promotion] = promotions.results
      if (!promotion) throw new Error('the demo shop has promotions')
      expect((await client.getPromotion({ path: { promotionId: promotion.id } })).id).toBe(promotion.id)
      const created = await client.createPromotion({
        body: {
          type: 'SHOP_SINGLE',
          title: 'SDK sale',
          code: 'SDKSALE15',
          discount: { type: 'PERCENTAGE', percentage: 15, shippingOption: 'Excluded' },
          requirements: { minimumOrderValue: { value: 40, currency: 'USD' } },
          limits: { maximumUsesNumber: 100, oneUsePerCustomer: true },
          appliesTo: { type: 'ENTIRE_ORDER' },
        },
      })
      expect(created.type).toBe('SHOP_SINGLE')
      expect((await client.getPromotion({ path: { promotionId: created.id } })).id).toBe(created.id)
    })

    it('lists and reads donations', async () => {
      const donations = await client.listDonations({ query: { size: 3 } })
      const [donation] = donations.results
      if (!donation) throw new Error('the demo shop has donations')
      expect((await client.getDonation({ path: { donationId: donation.id } })).id).toBe(donation.id)
    })
  })
}
