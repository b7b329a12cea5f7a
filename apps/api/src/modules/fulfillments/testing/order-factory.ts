import { isoTime } from '../../../clock.js'
import type { Executor } from '../../../db/database.js'
import type { OrderLinesTable, OrdersTable, VariantsTable } from '../../../db/schema.js'
import { newFriendlyId, newId, newUuid } from '../../../ids.js'

/**
 * Test data: a fresh order of the shop with the given lines, built like the demo seed's (product
 * and variant snapshots, amounts from the unit prices) and with a CONFIRMED status history, so each
 * test owns its order instead of depending on which seeded orders exist.
 */
export interface OrderLineSpec {
  variant: VariantsTable
  quantity: number
}

export async function insertOrder(
  db: Executor,
  shopId: string,
  lines: OrderLineSpec[],
  options: { status?: string; now?: number } = {},
): Promise<{ order: OrdersTable; lines: OrderLinesTable[] }> {
  const at = isoTime(options.now ?? Date.UTC(2026, 10, 1, 12, 0, 0))
  const currency = lines[0]?.variant.currency ?? 'USD'
  const id = newUuid()
  const subtotal = lines.reduce((sum, l) => sum + l.variant.unit_price * l.quantity, 0)
  const order: OrdersTable = {
    id,
    shop_id: shopId,
    friendly_id: newFriendlyId(),
    checkout_id: newId('checkout'),
    promotion_id: null,
    status: options.status ?? 'CONFIRMED',
    email: 'robin.tester@example.com',
    email_marketing_opt_in: 0,
    username: 'robin',
    message: null,
    currency,
    subtotal,
    shipping: 599,
    tax: 0,
    donation: 0,
    discount: 0,
    total: subtotal + 599,
    billing_address: null,
    shipping_address: JSON.stringify({
      name: 'Robin Tester',
      address1: '1 Test Street',
      address2: null,
      city: 'Portland',
      state: 'OR',
      country: 'US',
      zip: '97201',
      phone: null,
    }),
    source_type: 'ORDER',
    source_gift_id: null,
    source_gift_purchase_id: null,
    tracking_params: null,
    created_at: at,
    updated_at: at,
  }
  const products = new Map<string, { name: string; slug: string; description: string }>()
  for (const { variant } of lines) {
    if (!products.has(variant.product_id)) {
      const product = await db
        .selectFrom('products')
        .select(['name', 'slug', 'description'])
        .where('id', '=', variant.product_id)
        .executeTakeFirstOrThrow()
      products.set(variant.product_id, product)
    }
  }
  const lineRows: OrderLinesTable[] = lines.map(({ variant, quantity }, position) => {
    const product = products.get(variant.product_id) as { name: string; slug: string; description: string }
    return {
      id: newId('orderLine'),
      order_id: id,
      shop_id: shopId,
      position,
      product_id: variant.product_id,
      variant_id: variant.id,
      quantity,
      unit_price: variant.unit_price,
      unit_cost: variant.unit_cost,
      compare_at_price: variant.compare_at_price,
      product: JSON.stringify({ id: variant.product_id, ...product, primaryImage: null }),
      variant: JSON.stringify({
        id: variant.id,
        name: variant.name,
        sku: variant.sku,
        attributes: JSON.parse(variant.attributes),
        weight: JSON.parse(variant.weight),
        dimensions: JSON.parse(variant.dimensions),
      }),
    }
  })
  await db.insertInto('orders').values(order).execute()
  await db.insertInto('order_lines').values(lineRows).execute()
  await db
    .insertInto('order_status_changes')
    .values({
      id: newId('statusChange'),
      order_id: id,
      shop_id: shopId,
      status: order.status,
      reason: 'Order placed and paid',
      created_at: at,
    })
    .execute()
  return { order, lines: lineRows }
}

/** Distinct variants of the shop (of different products where possible), in a stable order. */
export async function pickVariants(db: Executor, shopId: string, count: number): Promise<VariantsTable[]> {
  const variants = await db
    .selectFrom('variants')
    .selectAll()
    .where('shop_id', '=', shopId)
    .orderBy('product_id')
    .orderBy('position')
    .execute()
  const byProduct = new Map<string, VariantsTable>()
  for (const v of variants) if (!byProduct.has(v.product_id)) byProduct.set(v.product_id, v)
  const picked = [...byProduct.values()].slice(0, count)
  if (picked.length < count) throw new Error(`The shop has fewer than ${count} products`)
  return picked
}
