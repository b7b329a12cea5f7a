import type { OrderLinesTable, OrdersTable } from '../../db/schema.js'
import { absentIfNull, toAddressResource, withoutNulls } from '../../http/optional-fields.js'
import { toOrderGiftCardResources } from '../gift-cards/order-gift-cards.js'
import { toMoney } from '../money/money.js'

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
  // Optional fields without a value are omitted, not null (decision 0021).
  const money = (minor: number | null) => (minor === null ? undefined : toMoney(minor, currency))
  return {
    id: line.product_id,
    name: product.name,
    slug: product.slug,
    description: product.description,
    primaryImage: absentIfNull(product.primaryImage),
    variant: {
      id: line.variant_id,
      name: variant.name,
      sku: variant.sku,
      quantity: line.quantity,
      price: toMoney(line.unit_price * line.quantity, currency),
      cost: line.unit_cost === null ? undefined : toMoney(line.unit_cost * line.quantity, currency),
      unitPrice: toMoney(line.unit_price, currency),
      unitCost: money(line.unit_cost),
      compareAtPrice: money(line.compare_at_price),
      attributes: withoutNulls(variant.attributes),
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
    // Optional fields without a value are omitted, not null; `message` is required by the
    // platform's document and is "" when the buyer left none (decision 0021).
    promotionId: absentIfNull(order.promotion_id),
    status: order.status,
    email: order.email,
    emailMarketingOptIn: order.email_marketing_opt_in === 1,
    username: absentIfNull(order.username),
    message: order.message ?? '',
    amounts: {
      subtotal: money(order.subtotal),
      shipping: money(order.shipping),
      tax: money(order.tax),
      donation: money(order.donation),
      discount: money(order.discount),
      giftCards: toOrderGiftCardResources(order.gift_cards, order.currency),
      total: money(order.total),
    },
    billing: order.billing_address ? { address: toAddressResource(JSON.parse(order.billing_address)) } : undefined,
    shipping: order.shipping_address ? { address: toAddressResource(JSON.parse(order.shipping_address)) } : undefined,
    offers: lines.map((line) => toOrderOfferResource(line, order.currency)),
    source: toSource(order),
    // Always an object (receivers read `trackingParams.utm_source`), holding the parameters captured.
    trackingParams: order.tracking_params ? withoutNulls(JSON.parse(order.tracking_params)) : {},
    // Omitted when the order has none (the platform's document does not make it nullable).
    metadata: order.metadata ? (JSON.parse(order.metadata) as Record<string, string>) : undefined,
    createdAt: order.created_at,
    updatedAt: order.updated_at,
  }
}

export type OrderResource = ReturnType<typeof toOrderResource>
