import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../db/database.js'
import { createTestPlatform, type TestPlatform } from '../../testing/test-platform.js'

// `findSellableVariant` (used by `fanshelf trigger` to order, give and copy a product): the shop's
// first variant a shopper can buy now — of a public, available product, in stock.

let platform: TestPlatform
let db: Db
const products = () => platform.app.platform.services.products

beforeAll(async () => {
  platform = await createTestPlatform()
  db = platform.app.platform.services.db
})
afterAll(() => platform.close())

/** Whether a shopper can buy the variant now, read from its rows (the oracle). */
async function isBuyable(shopId: string, variantId: string): Promise<boolean> {
  const variant = await db.selectFrom('variants').selectAll().where('id', '=', variantId).executeTakeFirstOrThrow()
  const product = await db
    .selectFrom('products')
    .selectAll()
    .where('id', '=', variant.product_id)
    .executeTakeFirstOrThrow()
  return (
    product.shop_id === shopId &&
    product.access === 'PUBLIC' &&
    product.state === 'AVAILABLE' &&
    (variant.stock_type === 'UNLIMITED' || (variant.in_stock ?? 0) >= 1)
  )
}

describe('the shop’s first sellable variant', () => {
  it('is a variant a shopper can buy, with its product’s name and images and its weight', async () => {
    const found = await products().findSellableVariant(platform.demo.id)
    expect(found).toBeDefined()
    if (!found) return
    expect(await isBuyable(platform.demo.id, found.variant.id)).toBe(true)
    const product = await products().getProduct(platform.demo.id, found.product.id)
    expect(found.product.name).toBe(product.name)
    const variant = product.variants.find((v: { id: string }) => v.id === found.variant.id)
    expect(variant).toMatchObject({ name: found.variant.name, weight: found.variant.weight })
    expect(found.product.images.map((image) => image.id)).toEqual(
      (product.images as { id: string }[]).map((image) => image.id),
    )
  })

  it('skips products that are sold out, hidden or out of stock', async () => {
    const shopId = platform.demo.id
    const first = await products().findSellableVariant(shopId)
    if (!first) throw new Error('the demo shop sells something')
    await products().setProductAvailability(shopId, first.product.id, false)
    const second = await products().findSellableVariant(shopId)
    expect(second?.product.id).not.toBe(first.product.id)
    await db
      .updateTable('products')
      .set({ access: 'HIDDEN' })
      .where('id', '=', second?.product.id ?? '')
      .execute()
    const third = await products().findSellableVariant(shopId)
    expect([first.product.id, second?.product.id]).not.toContain(third?.product.id)
    await db
      .updateTable('variants')
      .set({ stock_type: 'LIMITED', in_stock: 0 })
      .where('product_id', '=', third?.product.id ?? '')
      .execute()
    const fourth = await products().findSellableVariant(shopId)
    expect([first.product.id, second?.product.id, third?.product.id]).not.toContain(fourth?.product.id)
    expect(await isBuyable(shopId, fourth?.variant.id ?? '')).toBe(true)
  })

  it('is another shop’s own, and none for a shop that sells nothing', async () => {
    const theirs = await products().findSellableVariant(platform.other.id)
    expect(theirs && (await isBuyable(platform.other.id, theirs.variant.id))).toBe(true)
    expect(await products().findSellableVariant('sh_nope')).toBeUndefined()
  })
})
