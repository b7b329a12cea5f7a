import { isoTime } from '../../clock.js'
import type { CheckoutsTable, OrderLinesTable, OrderStatusChangesTable, OrdersTable } from '../../db/schema.js'
import { newFriendlyId, newId, newUuid } from '../../ids.js'
import { type OrderGiftCardUse, toOrderGiftCardsJson } from '../gift-cards/order-gift-cards.js'
import { toOrderMetadataColumn } from '../orders/order-metadata.js'
import type { QuoteLine } from './checkout-pricing.js'

/**
 * Builds the rows of a new order — the order, its lines (product and variant snapshots as they
 * are at order time), its first status change and its checkout — for the hosted checkout and for
 * gift redemptions alike. The order is CONFIRMED: it is paid (or free) when it is written.
 */

export interface Address {
  name: string
  address1: string
  address2: string | null
  city: string
  state: string | null
  country: string
  zip: string | null
  phone: string | null
}

export const trackingKeys = [
  'fbc',
  'fbp',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_content',
  'utm_term',
] as const
export type TrackingKey = (typeof trackingKeys)[number]
export type TrackingParams = Partial<Record<TrackingKey, string>>

export type OrderSource =
  | { type: 'ORDER' }
  | { type: 'GIVEAWAY_LINKS'; giftId: string }
  | { type: 'TWITCH_GIFT_REDEMPTION'; giftId: string; giftPurchaseId: string }

export interface NewOrder {
  shopId: string
  currency: string
  email: string
  emailMarketingOptIn: boolean
  lines: QuoteLine[]
  amounts: { subtotal: number; shipping: number; tax: number; discount: number; total: number }
  promotionId: string | null
  promotionCode: string | null
  shippingAddress: Address | null
  billingAddress: Address | null
  source: OrderSource
  trackingParams: TrackingParams
  cartId: string | null
  metadata: Record<string, string>
  /** What gift cards paid of the total (already debited in the order's transaction). */
  giftCards?: OrderGiftCardUse[]
  /** Why the order was confirmed (its first status change). */
  reason: string
  now: number
}

export interface OrderRecords {
  order: OrdersTable
  lines: OrderLinesTable[]
  statusChange: OrderStatusChangesTable
  checkout: CheckoutsTable
}

export function buildOrderRecords(input: NewOrder): OrderRecords {
  const id = newUuid()
  const checkoutId = newId('checkout')
  const at = isoTime(input.now)
  const tracking = Object.fromEntries(
    trackingKeys.flatMap((key) => (input.trackingParams[key] ? [[key, input.trackingParams[key]]] : [])),
  )
  const order: OrdersTable = {
    id,
    shop_id: input.shopId,
    friendly_id: newFriendlyId(),
    checkout_id: checkoutId,
    promotion_id: input.promotionId,
    status: 'CONFIRMED',
    email: input.email.trim().toLowerCase(),
    email_marketing_opt_in: input.emailMarketingOptIn ? 1 : 0,
    username: null,
    message: null,
    currency: input.currency,
    subtotal: input.amounts.subtotal,
    shipping: input.amounts.shipping,
    tax: input.amounts.tax,
    donation: 0,
    discount: input.amounts.discount,
    total: input.amounts.total,
    billing_address: input.billingAddress ? JSON.stringify(input.billingAddress) : null,
    shipping_address: input.shippingAddress ? JSON.stringify(input.shippingAddress) : null,
    source_type: input.source.type,
    source_gift_id: 'giftId' in input.source ? input.source.giftId : null,
    source_gift_purchase_id: input.source.type === 'TWITCH_GIFT_REDEMPTION' ? input.source.giftPurchaseId : null,
    tracking_params: Object.keys(tracking).length > 0 ? JSON.stringify(tracking) : null,
    metadata: toOrderMetadataColumn(input.metadata),
    gift_cards: toOrderGiftCardsJson(input.giftCards ?? []),
    created_at: at,
    updated_at: at,
  }
  const lines: OrderLinesTable[] = input.lines.map((line, position) => ({
    id: newId('orderLine'),
    order_id: id,
    shop_id: input.shopId,
    position,
    product_id: line.productId,
    variant_id: line.variant.id,
    quantity: line.quantity,
    unit_price: line.unitPrice,
    unit_cost: line.unitCost,
    compare_at_price: line.compareAtPrice,
    product: JSON.stringify({
      id: line.productId,
      name: line.productName,
      slug: line.productSlug,
      description: line.productDescription,
      primaryImage: line.primaryImage,
    }),
    variant: JSON.stringify({
      id: line.variant.id,
      name: line.variant.name,
      sku: line.variant.sku,
      attributes: JSON.parse(line.variant.attributes) as unknown,
      weight: JSON.parse(line.variant.weight) as unknown,
      dimensions: JSON.parse(line.variant.dimensions) as unknown,
    }),
  }))
  const statusChange: OrderStatusChangesTable = {
    id: newId('statusChange'),
    order_id: id,
    shop_id: input.shopId,
    status: 'CONFIRMED',
    reason: input.reason,
    created_at: at,
  }
  const checkout: CheckoutsTable = {
    id: checkoutId,
    shop_id: input.shopId,
    cart_id: input.cartId,
    order_id: id,
    currency: input.currency,
    metadata: JSON.stringify(input.metadata),
    promotion_code: input.promotionCode,
    created_at: at,
  }
  return { order, lines, statusChange, checkout }
}

/** Units per variant over all lines (a free product may also be a cart line). */
export function unitsByVariant(lines: QuoteLine[]): Map<string, { line: QuoteLine; quantity: number }> {
  const units = new Map<string, { line: QuoteLine; quantity: number }>()
  for (const line of lines) {
    const entry = units.get(line.variant.id)
    if (entry) entry.quantity += line.quantity
    else units.set(line.variant.id, { line, quantity: line.quantity })
  }
  return units
}
