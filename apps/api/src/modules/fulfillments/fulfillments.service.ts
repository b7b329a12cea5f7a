import type { Body } from '@fanshelf/contract'
import { type Clock, isoTime } from '../../clock.js'
import type { Db, Dialect, Executor } from '../../db/database.js'
import type { FulfillmentItemsTable, FulfillmentsTable, OrdersTable } from '../../db/schema.js'
import { validationError } from '../../errors/domain-error.js'
import { newId } from '../../ids.js'
import { returnOrderGiftCards } from '../gift-cards/order-gift-cards.js'
import { canMoveOrderStatus, nextStatusForShipments, type OrderStatus } from '../orders/order-status.js'
import { findOrderForUpdate } from '../orders/order-status.repository.js'
import { changeOrderStatus } from '../orders/order-status.service.js'
import { type OrderResource, toOrderResource } from '../orders/orders.mapper.js'
import { listOrderLines } from '../orders/orders.repository.js'
import {
  type ExcessItem,
  fulfillmentAlreadyExists,
  fulfillmentInvalidVariant,
  fulfillmentNotFound,
  fulfillmentOrderCancelled,
  fulfillmentOrderNotFound,
  fulfillmentQuantityTooHigh,
  orderNotCancellable,
  orderNotFound,
  trackerTransitionNotAllowed,
} from './fulfillments.errors.js'
import { type FulfillmentView, toFulfillmentCreatedResource, toFulfillmentView } from './fulfillments.mapper.js'
import {
  findFulfillment,
  findFulfillmentByTrackingKey,
  findOrderOfFulfillmentForUpdate,
  hasFulfillments,
  insertFulfillment,
  listFulfillmentItems,
  listOrderFulfillments,
  listTrackerStates,
  sumFulfilledByVariant,
  updateTrackerState,
} from './fulfillments.repository.js'
import { initialTrackerState, nextTrackerState, type TrackerState } from './shipment-tracker.js'

export interface FulfillmentOptions {
  clock: Clock
  dialect: Dialect
}

/** Body of `POST /fulfillments` (contract schema `FulfillmentCreateRequest`). */
export type FulfillmentRequest = Body<'createFulfillment'>

/** What a tracker move did, for the admin and `fanshelf tracker advance`. */
export interface TrackerAdvance {
  fulfillment: FulfillmentView
  previousTrackerState: TrackerState
  order: OrderResource
  previousOrderStatus: string
  /** Whether the order's status changed (and ORDER_UPDATED was recorded). */
  orderStatusChanged: boolean
}

/** Carrier and tracking number as compared for duplicates: case and spaces do not matter. */
export function trackingKey(label: FulfillmentRequest['shippingLabel']): string {
  const normalise = (text: string) => text.replace(/\s+/g, '').toUpperCase()
  return JSON.stringify([normalise(label.trackingCompany), normalise(label.trackingNumber)])
}

/** Repeated variantIds of one request are added together, in the order they first appear. */
function mergeItems(items: FulfillmentRequest['items']): Map<string, number> {
  const merged = new Map<string, number>()
  for (const item of items) merged.set(item.variantId, (merged.get(item.variantId) ?? 0) + item.quantity)
  return merged
}

function assertLabel(label: FulfillmentRequest['shippingLabel']): { trackingNumber: string; trackingCompany: string } {
  const trimmed = { trackingNumber: label.trackingNumber.trim(), trackingCompany: label.trackingCompany.trim() }
  const blank = (['trackingNumber', 'trackingCompany'] as const).filter((field) => trimmed[field] === '')
  if (blank.length > 0) {
    throw validationError(
      blank.map((field) => ({
        location: 'body' as const,
        field: `shippingLabel/${field}`,
        rule: 'minLength',
        message: 'must not be blank',
      })),
    )
  }
  return trimmed
}

/**
 * Fulfilments and their shipment trackers, and the order status they drive (decision 0007): every
 * change runs in one transaction holding the order row, so two fulfilments racing for the last unit
 * of a line cannot both win, and every status change records ORDER_UPDATED with it.
 */
export function createFulfillmentService(db: Db, options: FulfillmentOptions) {
  const { clock, dialect } = options

  /** Moves the order to the status its shipments call for, when the transition table allows it. */
  async function followShipments(trx: Executor, order: OrdersTable, reason: string, now: number) {
    const lines = await listOrderLines(trx, [order.id])
    const fulfilled = await sumFulfilledByVariant(trx, order.id)
    const ordered = new Map<string, number>()
    for (const line of lines) ordered.set(line.variant_id, (ordered.get(line.variant_id) ?? 0) + line.quantity)
    const next = nextStatusForShipments(order.status, {
      lines: [...ordered].map(([variantId, quantity]) => ({
        ordered: quantity,
        fulfilled: fulfilled.get(variantId) ?? 0,
      })),
      trackers: await listTrackerStates(trx, order.id),
    })
    return next ? changeOrderStatus(trx, order, next, reason, now) : order
  }

  async function viewOf(executor: Executor, fulfillment: FulfillmentsTable) {
    return toFulfillmentView(fulfillment, await listFulfillmentItems(executor, [fulfillment.id]))
  }

  async function orderResource(executor: Executor, order: OrdersTable) {
    return toOrderResource(order, await listOrderLines(executor, [order.id]))
  }

  return {
    /** `POST /fulfillments`. */
    async createFulfillment(shopId: string, request: FulfillmentRequest) {
      const label = assertLabel(request.shippingLabel)
      const key = trackingKey(label)
      const requested = mergeItems(request.items)
      return db.transaction().execute(async (trx) => {
        const order = await findOrderForUpdate(trx, shopId, request.orderId, dialect)
        if (!order) throw fulfillmentOrderNotFound(request.orderId)
        if (order.status === 'CANCELLED') throw fulfillmentOrderCancelled(order.id)
        // A retried request answers 409 naming the first fulfilment rather than "too many units".
        const duplicate = await findFulfillmentByTrackingKey(trx, order.id, key)
        if (duplicate) throw fulfillmentAlreadyExists(order.id, duplicate.id, label)

        const ordered = new Map<string, number>()
        for (const line of await listOrderLines(trx, [order.id])) {
          ordered.set(line.variant_id, (ordered.get(line.variant_id) ?? 0) + line.quantity)
        }
        for (const variantId of requested.keys()) {
          if (!ordered.has(variantId)) throw fulfillmentInvalidVariant(order.id, variantId)
        }
        const fulfilled = await sumFulfilledByVariant(trx, order.id)
        const excess: ExcessItem[] = []
        for (const [variantId, quantity] of requested) {
          const fulfillable = (ordered.get(variantId) ?? 0) - (fulfilled.get(variantId) ?? 0)
          if (quantity > fulfillable) excess.push({ variantId, quantity, fulfillable })
        }
        const [first, ...rest] = excess
        if (first) throw fulfillmentQuantityTooHigh([first, ...rest])

        const now = clock.now()
        const at = isoTime(now)
        const fulfillment: FulfillmentsTable = {
          id: newId('fulfillment'),
          shop_id: shopId,
          order_id: order.id,
          tracking_number: label.trackingNumber,
          tracking_company: label.trackingCompany,
          tracking_key: key,
          tracker_state: initialTrackerState,
          created_at: at,
          updated_at: at,
          in_transit_at: null,
          delivered_at: null,
        }
        const items: FulfillmentItemsTable[] = [...requested].map(([variantId, quantity]) => ({
          fulfillment_id: fulfillment.id,
          shop_id: shopId,
          order_id: order.id,
          variant_id: variantId,
          quantity,
        }))
        await insertFulfillment(trx, fulfillment, items)
        await followShipments(
          trx,
          order,
          `Fulfilment ${fulfillment.id} created (${label.trackingCompany} ${label.trackingNumber})`,
          now,
        )
        return toFulfillmentCreatedResource(fulfillment)
      })
    },

    /**
     * The tracker simulation: moves a fulfilment's tracker to the next state, or to `toState` when
     * that is later; never backwards (409 FULFILLMENT_TRACKER_TRANSITION_NOT_ALLOWED). The order
     * follows its shipments. `shopId` scopes the lookup (the admin); the CLI may omit it.
     */
    async advanceTracker(fulfillmentId: string, toState?: TrackerState, scope?: { shopId: string }) {
      return db.transaction().execute(async (trx): Promise<TrackerAdvance> => {
        const found = await findFulfillment(trx, fulfillmentId, scope?.shopId)
        if (!found) throw fulfillmentNotFound(fulfillmentId)
        // Lock the order first (as createFulfillment does), then read the tracker it protects.
        const order = await findOrderOfFulfillmentForUpdate(trx, found.order_id, dialect)
        const fulfillment = await findFulfillment(trx, fulfillmentId)
        if (!order || !fulfillment) throw fulfillmentNotFound(fulfillmentId)
        const from = fulfillment.tracker_state
        const to = nextTrackerState(from, toState)
        if (!to) throw trackerTransitionNotAllowed(fulfillmentId, from, toState)
        const now = clock.now()
        if (!(await updateTrackerState(trx, fulfillment.id, from, to, isoTime(now)))) {
          throw new Error(`The tracker of fulfilment ${fulfillmentId} changed while it was being advanced`)
        }
        const updated = await followShipments(
          trx,
          order,
          `Tracker of ${fulfillment.id} (${fulfillment.tracking_company} ${fulfillment.tracking_number}) is ${to}`,
          now,
        )
        const moved = (await findFulfillment(trx, fulfillmentId)) ?? fulfillment
        return {
          fulfillment: await viewOf(trx, moved),
          previousTrackerState: from,
          order: await orderResource(trx, updated),
          previousOrderStatus: order.status,
          orderStatusChanged: updated.status !== order.status,
        }
      })
    },

    /** Cancels an order nothing of which is fulfilled: CANCELLED and ORDER_UPDATED. */
    async cancelOrder(shopId: string, orderId: string, reason = 'Cancelled by the shop') {
      return db.transaction().execute(async (trx) => {
        const order = await findOrderForUpdate(trx, shopId, orderId, dialect)
        if (!order) throw orderNotFound(orderId)
        if (order.status === 'CANCELLED') throw orderNotCancellable(order.id, order.status, 'it is cancelled already')
        if (await hasFulfillments(trx, order.id)) {
          throw orderNotCancellable(order.id, order.status, 'part of it is fulfilled')
        }
        if (!canMoveOrderStatus(order.status, 'CANCELLED')) {
          throw orderNotCancellable(order.id, order.status, `it is ${order.status}`)
        }
        const cancelled = await changeOrderStatus(trx, order, 'CANCELLED', reason, clock.now())
        await returnOrderGiftCards(trx, order, cancelled.updated_at)
        return orderResource(trx, cancelled)
      })
    },

    /**
     * Closes a DELIVERED order: COMPLETED and ORDER_UPDATED (decision 0007: completion is an
     * explicit action; 409 ORDER_STATUS_TRANSITION_NOT_ALLOWED from any other status).
     */
    async completeOrder(shopId: string, orderId: string, reason = 'Completed by the shop') {
      return db.transaction().execute(async (trx) => {
        const order = await findOrderForUpdate(trx, shopId, orderId, dialect)
        if (!order) throw orderNotFound(orderId)
        const completed: OrderStatus = 'COMPLETED'
        return orderResource(trx, await changeOrderStatus(trx, order, completed, reason, clock.now()))
      })
    },

    /** The order's fulfilments, oldest first, with items and trackers (admin order detail). */
    async listFulfillments(shopId: string, orderId: string): Promise<FulfillmentView[]> {
      const rows = await listOrderFulfillments(db, shopId, orderId)
      const items = await listFulfillmentItems(
        db,
        rows.map((r) => r.id),
      )
      return rows.map((row) =>
        toFulfillmentView(
          row,
          items.filter((item) => item.fulfillment_id === row.id),
        ),
      )
    },

    async getFulfillment(fulfillmentId: string, scope?: { shopId: string }): Promise<FulfillmentView> {
      const row = await findFulfillment(db, fulfillmentId, scope?.shopId)
      if (!row) throw fulfillmentNotFound(fulfillmentId)
      return viewOf(db, row)
    },
  }
}

export type FulfillmentService = ReturnType<typeof createFulfillmentService>
