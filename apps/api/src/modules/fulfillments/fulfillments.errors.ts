import { DomainError, notFound } from '../../errors/domain-error.js'
import type { TrackerState } from './shipment-tracker.js'

export function fulfillmentOrderNotFound(orderId: string): DomainError {
  return notFound('FULFILLMENT_ORDER_NOT_FOUND', `Order ${orderId} was not found.`, { orderId })
}

export function fulfillmentOrderCancelled(orderId: string): DomainError {
  return new DomainError('FULFILLMENT_ORDER_CANCELLED', `Order ${orderId} is cancelled and cannot be fulfilled.`, {
    orderId,
  })
}

export function fulfillmentAlreadyExists(
  orderId: string,
  fulfillmentId: string,
  label: { trackingNumber: string; trackingCompany: string },
): DomainError {
  return new DomainError(
    'FULFILLMENT_ALREADY_EXISTS',
    `Order ${orderId} already has a fulfilment with tracking number ${label.trackingNumber} (${label.trackingCompany}).`,
    { fulfillmentId },
  )
}

export function fulfillmentInvalidVariant(orderId: string, variantId: string): DomainError {
  return new DomainError(
    'FULFILLMENT_ORDER_INVALID_VARIANT',
    `Variant ${variantId} is not a line of order ${orderId}.`,
    { variantId },
  )
}

export interface ExcessItem {
  variantId: string
  /** The quantity requested (repeated variantIds of one request added together). */
  quantity: number
  /** What is still unfulfilled of that line. */
  fulfillable: number
}

/** The first excess item in the top-level details (as the contract documents), every one in `items`. */
export function fulfillmentQuantityTooHigh(excess: [ExcessItem, ...ExcessItem[]]): DomainError {
  const [first] = excess
  const unit = first.fulfillable === 1 ? 'unit' : 'units'
  const more = excess.length > 1 ? ` (${excess.length - 1} more item(s) exceed what is left, see details.items)` : ''
  return new DomainError(
    'FULFILLMENT_VARIANT_QUANTITY_TOO_HIGH',
    `Only ${first.fulfillable} ${unit} of variant ${first.variantId} is left to fulfil; ${first.quantity} were requested${more}.`,
    { ...first, items: excess },
  )
}

export function fulfillmentNotFound(fulfillmentId: string): DomainError {
  return notFound('FULFILLMENT_NOT_FOUND', `Fulfilment ${fulfillmentId} was not found.`, { fulfillmentId })
}

export function trackerTransitionNotAllowed(fulfillmentId: string, from: TrackerState, to?: TrackerState): DomainError {
  const message =
    to === undefined
      ? `The tracker of fulfilment ${fulfillmentId} is ${from} already; it cannot advance further.`
      : `The tracker of fulfilment ${fulfillmentId} is ${from}; it cannot move to ${to} (trackers never move backwards).`
  return new DomainError('FULFILLMENT_TRACKER_TRANSITION_NOT_ALLOWED', message, {
    fulfillmentId,
    state: from,
    ...(to ? { requestedState: to } : {}),
  })
}

export function orderNotFound(orderId: string): DomainError {
  return notFound('ORDER_NOT_FOUND', `Order ${orderId} does not exist.`, { orderId })
}

export function orderNotCancellable(orderId: string, status: string, why: string): DomainError {
  return new DomainError(
    status === 'CANCELLED' ? 'ORDER_ALREADY_CANCELLED' : 'ORDER_NOT_CANCELLABLE',
    `Order ${orderId} cannot be cancelled: ${why}.`,
    { orderId, status },
  )
}
