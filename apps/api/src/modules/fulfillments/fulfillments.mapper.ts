import type { AdminSchema } from '@fanshelf/contract'
import type { FulfillmentItemsTable, FulfillmentsTable } from '../../db/schema.js'

/**
 * A fulfilment with its items and tracker, for the admin and the CLI (the contract has no
 * fulfilment read operation; `POST /fulfillments` answers only `{fulfillmentId}`).
 */
export function toFulfillmentView(fulfillment: FulfillmentsTable, items: FulfillmentItemsTable[]) {
  return {
    id: fulfillment.id,
    orderId: fulfillment.order_id,
    items: items.map((item) => ({ variantId: item.variant_id, quantity: item.quantity })),
    shippingLabel: { trackingNumber: fulfillment.tracking_number, trackingCompany: fulfillment.tracking_company },
    tracker: {
      state: fulfillment.tracker_state,
      inTransitAt: fulfillment.in_transit_at,
      deliveredAt: fulfillment.delivered_at,
    },
    createdAt: fulfillment.created_at,
    updatedAt: fulfillment.updated_at,
  } satisfies AdminSchema<'AdminFulfillment'>
}

export type FulfillmentView = ReturnType<typeof toFulfillmentView>

/** Contract schema `FulfillmentCreated`. */
export function toFulfillmentCreatedResource(fulfillment: FulfillmentsTable) {
  return { fulfillmentId: fulfillment.id }
}
