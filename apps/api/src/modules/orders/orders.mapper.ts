import type { OrderLinesTable, OrdersTable } from '../../db/schema.js'
import { toMoney } from '../money/money.js'

const emptyTrackingParams = {
  fbc: null,
  fbp: null,
  utm_source: null,
  utm_medium: null,
  utm_campaign: null,
  utm_content: null,
  utm_term: null,
}

function toSource(order: OrdersTable) {
  switch (order.source_type) {
    case 'GIVEAWAY_LINKS':
      return { type: 'GIVEAWAY_LINKS', giftId: order.source_gift_id }
    case 'TWITCH_GIFT_REDEMPTION':
      return {
        type: 'TWITCH_GIFT_REDEMPTION',
        giftPurchaseId: order.source_gift_purchase_id,
        giftId: order.source_gift_id,
      }
    default:
      return { type: order.source_type }
  }
}

export function toOrderOfferResource(line: OrderLinesTable, currency: string) {
  const product = JSON.parse(line.product) as Record<string, unknown>
  const variant = JSON.parse(line.variant) as Record<string, unknown>
  const money = (minor: number | null) => (minor === null ? null : toMoney(minor, currency))
  return {
    id: line.product_id,
    name: product.name,
    slug: product.slug,
    description: product.description,
    primaryImage: product.primaryImage ?? null,
    variant: {
      id: line.variant_id,
      name: variant.name,
      sku: variant.sku,
      quantity: line.quantity,
      price: toMoney(line.unit_price * line.quantity, currency),
      cost: line.unit_cost === null ? null : toMoney(line.unit_cost * line.quantity, currency),
      unitPrice: toMoney(line.unit_price, currency),
      unitCost: money(line.unit_cost),
      compareAtPrice: money(line.compare_at_price),
      attributes: variant.attributes,
      weight: variant.weight,
      dimensions: variant.dimensions,
    },
  }
}

/** The only place an order's wire shape is built (contract schema `Order`). */
export function toOrderResource(order: OrdersTable, lines: OrderLinesTable[]) {
  const money = (minor: number) => toMoney(minor, order.currency)
  return {
    id: order.id,
    shopId: order.shop_id,
    friendlyId: order.friendly_id,
    checkoutId: order.checkout_id,
    promotionId: order.promotion_id,
    status: order.status,
    email: order.email,
    emailMarketingOptIn: order.email_marketing_opt_in === 1,
    username: order.username,
    message: order.message,
    amounts: {
      subtotal: money(order.subtotal),
      shipping: money(order.shipping),
      tax: money(order.tax),
      donation: money(order.donation),
      discount: money(order.discount),
      total: money(order.total),
    },
    billing: order.billing_address ? { address: JSON.parse(order.billing_address) } : null,
    shipping: order.shipping_address ? { address: JSON.parse(order.shipping_address) } : null,
    offers: lines.map((line) => toOrderOfferResource(line, order.currency)),
    source: toSource(order),
    trackingParams: order.tracking_params
      ? { ...emptyTrackingParams, ...JSON.parse(order.tracking_params) }
      : emptyTrackingParams,
    createdAt: order.created_at,
    updatedAt: order.updated_at,
  }
}

export type OrderResource = ReturnType<typeof toOrderResource>
