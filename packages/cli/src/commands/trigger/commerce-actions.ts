import { approvedTestCard, type Services } from '@fanshelf/api'
import { findSellableVariant, placeOrder, suffix, type TriggerActions, type TriggerContext } from './context.js'

type PromotionRequest = Parameters<Services['promotions']['createPromotion']>[1]

function createPromotion({ services, shopId }: TriggerContext, request: PromotionRequest) {
  return services.promotions.createPromotion(shopId, request)
}

const tenPercentOff = { type: 'PERCENTAGE', percentage: 10, shippingOption: 'Excluded' } as const

/** Orders, products and promotions: what the shop's catalogue and checkout record. */
export const commerceActions: TriggerActions<
  | 'ORDER_PLACED'
  | 'ORDER_UPDATED'
  | 'PRODUCT_CREATED'
  | 'PRODUCT_UPDATED'
  | 'PROMOTION_CREATED'
  | 'PROMOTION_UPDATED'
  | 'PROMOTION_STATUS_CHANGED'
> = {
  ORDER_PLACED: {
    does: 'places an order (one unit, the test card) through the checkout service',
    async run(context) {
      const order = await placeOrder(context)
      return {
        summary: `Placed order ${order.friendlyId} (${order.orderId}): 1 × ${order.product.name} (${order.variant.name}), paid with the test card ${approvedTestCard}.`,
        details: { orderId: order.orderId, friendlyId: order.friendlyId },
      }
    },
  },
  ORDER_UPDATED: {
    does: 'fulfils a CONFIRMED order in full (places one if none is waiting)',
    async run(context) {
      const { services, shopId } = context
      const waiting = await services.orders.findOldestOrder(shopId, 'CONFIRMED')
      const order = waiting ?? (await services.orders.getOrder(shopId, (await placeOrder(context)).orderId))
      const shippingLabel = { trackingNumber: `1ZFS${suffix()}`, trackingCompany: 'UPS' }
      const fulfillment = await services.fulfillments.createFulfillment(shopId, {
        orderId: order.id,
        items: order.offers.map((offer) => ({ variantId: offer.variant.id, quantity: offer.variant.quantity })),
        shippingLabel,
      })
      const after = await services.orders.getOrder(shopId, order.id)
      return {
        summary:
          `Shipped order ${after.friendlyId} (${order.id}) with fulfilment ${fulfillment.fulfillmentId} ` +
          `(UPS ${shippingLabel.trackingNumber}): ${order.status} → ${after.status}. ` +
          `Move its tracker on with: fanshelf tracker advance ${fulfillment.fulfillmentId}`,
        details: { orderId: order.id, fulfillmentId: fulfillment.fulfillmentId, status: after.status },
      }
    },
  },
  PRODUCT_CREATED: {
    does: 'creates a hidden product with one variant, as the admin does',
    async run(context) {
      const { services, shopId, currency } = context
      const model = await findSellableVariant(context)
      const code = suffix()
      const product = await services.productAdmin.createProduct(shopId, {
        name: `Trigger Tee ${code}`,
        slug: `trigger-tee-${code.toLowerCase()}`,
        description: 'A product created by fanshelf trigger PRODUCT_CREATED.',
        access: { type: 'HIDDEN' },
        state: { type: 'AVAILABLE' },
        images: model.product.images,
        variants: [
          {
            name: 'One size',
            sku: `TRIG-${code}`,
            unitPrice: { value: 25, currency },
            compareAtPrice: null,
            unitCost: { value: 9, currency },
            attributes: { description: 'One size', color: null, size: null },
            stock: { type: 'LIMITED', inStock: 10 },
            weight: model.variant.weight,
            dimensions: model.variant.dimensions,
          },
        ],
      })
      return {
        summary: `Created hidden product ${product.name} (${product.id}).`,
        details: { productId: product.id },
      }
    },
  },
  PRODUCT_UPDATED: {
    does: 'marks a product SOLD_OUT, then AVAILABLE again (two events)',
    async run(context) {
      const { services, shopId } = context
      const { product } = await findSellableVariant(context)
      await services.products.setProductAvailability(shopId, product.id, false)
      await services.products.setProductAvailability(shopId, product.id, true)
      return {
        summary: `Marked ${product.name} (${product.id}) SOLD_OUT, then AVAILABLE again.`,
        details: { productId: product.id },
      }
    },
  },
  PROMOTION_CREATED: {
    does: 'creates a 10 % off promotion with one code',
    async run(context) {
      const code = `TRIGGER${suffix()}`
      const promotion = await createPromotion(context, {
        type: 'SHOP_SINGLE',
        code,
        title: 'fanshelf trigger: 10 % off',
        discount: tenPercentOff,
      })
      return {
        summary: `Created promotion ${promotion.id} with code ${code} (10 % off).`,
        details: { promotionId: promotion.id, code },
      }
    },
  },
  PROMOTION_UPDATED: {
    does: 'creates a two-code promotion; an order uses up one code',
    async run(context) {
      const codes = [`TRIGGERA${suffix()}`, `TRIGGERB${suffix()}`]
      const promotion = await createPromotion(context, {
        type: 'SHOP_MULTI',
        codes,
        title: 'fanshelf trigger: one use per code',
        discount: tenPercentOff,
        limits: { maximumUsesNumber: 1, oneUsePerCustomer: false },
      })
      const order = await placeOrder(context, codes[0])
      return {
        summary: `Created promotion ${promotion.id} (codes ${codes.join(', ')}, one use each); order ${order.friendlyId} used up ${codes[0]}.`,
        details: { promotionId: promotion.id, orderId: order.orderId, codes },
      }
    },
  },
  PROMOTION_STATUS_CHANGED: {
    does: 'creates a promotion, then ends it (Live → Ended)',
    async run(context) {
      const code = `TRIGGER${suffix()}`
      const created = await createPromotion(context, {
        type: 'SHOP_SINGLE',
        code,
        title: 'fanshelf trigger: ended at once',
        discount: tenPercentOff,
      })
      const ended = await context.services.promotions.changePromotionStatus(context.shopId, created.id, 'end')
      return {
        summary: `Created promotion ${created.id} (code ${code}) and ended it: ${created.status} → ${ended.status}.`,
        details: { promotionId: created.id },
      }
    },
  },
}
