import { type TrackerState, trackerProgress } from '../fulfillments/shipment-tracker.js'

/**
 * Order status rules (decision 0007), written as data:
 *
 * 1. `statusFromShipments`: the status an order's shipments call for, as a function of how much of
 *    the order is in fulfilments (`coverage`) and the least and most advanced of their trackers.
 * 2. `orderStatusTransitions`: which status may follow which. A status change that the table does
 *    not allow does not happen — the order keeps its status (an order whose recorded status is
 *    ahead of its fulfilments, as imported or seeded history is, never moves backwards).
 *
 * `CANCELLED` (an explicit action, only before anything is fulfilled) and `COMPLETED` (an explicit
 * action on a `DELIVERED` order) are not derived from shipments.
 */
export const orderStatuses = [
  'CONFIRMED',
  'PARTIALLY_IN_PRODUCTION',
  'IN_PRODUCTION',
  'PARTIALLY_SHIPPED',
  'SHIPPED',
  'PARTIALLY_DELIVERED',
  'DELIVERED',
  'CANCELLED',
  'COMPLETED',
] as const

export type OrderStatus = (typeof orderStatuses)[number]

/** How much of the ordered quantity is in some fulfilment: none of it, some of it, all of it. */
export type Coverage = 'NONE' | 'PARTIAL' | 'FULL'

export interface ShipmentStatusRule {
  coverage: Coverage
  /** The least advanced tracker of the order's fulfilments (null: no fulfilment). */
  least: TrackerState | null
  /** The most advanced tracker. */
  most: TrackerState | null
  status: OrderStatus
}

/**
 * Every reachable (coverage, least, most) combination, once. `PARTIALLY_…` while part of the order
 * is in no fulfilment, or while the trackers disagree; the plain status once every unit is there.
 */
export const statusFromShipments: readonly ShipmentStatusRule[] = [
  { coverage: 'NONE', least: null, most: null, status: 'CONFIRMED' },
  { coverage: 'PARTIAL', least: 'LABEL_CREATED', most: 'LABEL_CREATED', status: 'PARTIALLY_IN_PRODUCTION' },
  { coverage: 'PARTIAL', least: 'LABEL_CREATED', most: 'IN_TRANSIT', status: 'PARTIALLY_SHIPPED' },
  { coverage: 'PARTIAL', least: 'LABEL_CREATED', most: 'DELIVERED', status: 'PARTIALLY_DELIVERED' },
  { coverage: 'PARTIAL', least: 'IN_TRANSIT', most: 'IN_TRANSIT', status: 'PARTIALLY_SHIPPED' },
  { coverage: 'PARTIAL', least: 'IN_TRANSIT', most: 'DELIVERED', status: 'PARTIALLY_DELIVERED' },
  { coverage: 'PARTIAL', least: 'DELIVERED', most: 'DELIVERED', status: 'PARTIALLY_DELIVERED' },
  { coverage: 'FULL', least: 'LABEL_CREATED', most: 'LABEL_CREATED', status: 'IN_PRODUCTION' },
  { coverage: 'FULL', least: 'LABEL_CREATED', most: 'IN_TRANSIT', status: 'PARTIALLY_SHIPPED' },
  { coverage: 'FULL', least: 'LABEL_CREATED', most: 'DELIVERED', status: 'PARTIALLY_DELIVERED' },
  { coverage: 'FULL', least: 'IN_TRANSIT', most: 'IN_TRANSIT', status: 'SHIPPED' },
  { coverage: 'FULL', least: 'IN_TRANSIT', most: 'DELIVERED', status: 'PARTIALLY_DELIVERED' },
  { coverage: 'FULL', least: 'DELIVERED', most: 'DELIVERED', status: 'DELIVERED' },
]

/** From each status, the statuses that may follow it. */
export const orderStatusTransitions: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  CONFIRMED: ['PARTIALLY_IN_PRODUCTION', 'IN_PRODUCTION', 'CANCELLED'],
  // CANCELLED from the production statuses: orders in production without any fulfilment (history
  // recorded before fulfilments existed) can still be cancelled; cancelOrder refuses fulfilled ones.
  PARTIALLY_IN_PRODUCTION: ['IN_PRODUCTION', 'PARTIALLY_SHIPPED', 'PARTIALLY_DELIVERED', 'CANCELLED'],
  IN_PRODUCTION: ['PARTIALLY_SHIPPED', 'SHIPPED', 'PARTIALLY_DELIVERED', 'DELIVERED', 'CANCELLED'],
  PARTIALLY_SHIPPED: ['SHIPPED', 'PARTIALLY_DELIVERED'],
  SHIPPED: ['PARTIALLY_DELIVERED', 'DELIVERED'],
  PARTIALLY_DELIVERED: ['DELIVERED'],
  DELIVERED: ['COMPLETED'],
  CANCELLED: [],
  COMPLETED: [],
}

export function isOrderStatus(value: string): value is OrderStatus {
  return (orderStatuses as readonly string[]).includes(value)
}

export function canMoveOrderStatus(from: string, to: OrderStatus): boolean {
  return isOrderStatus(from) && orderStatusTransitions[from].includes(to)
}

/** What an order's shipments say about it: ordered and fulfilled quantities, tracker states. */
export interface ShipmentSummary {
  /** Per order line: the ordered quantity and the quantity in fulfilments. */
  lines: readonly { ordered: number; fulfilled: number }[]
  /** The tracker state of every fulfilment of the order. */
  trackers: readonly TrackerState[]
}

export function coverageOf(lines: ShipmentSummary['lines']): Coverage {
  const fulfilled = lines.reduce((sum, line) => sum + line.fulfilled, 0)
  if (fulfilled === 0) return 'NONE'
  return lines.every((line) => line.fulfilled >= line.ordered) ? 'FULL' : 'PARTIAL'
}

/** Looks the shipments up in `statusFromShipments`. */
export function statusForShipments(summary: ShipmentSummary): OrderStatus {
  const coverage = coverageOf(summary.lines)
  const ranked = [...summary.trackers].sort((a, b) => trackerProgress(a) - trackerProgress(b))
  const least = ranked[0] ?? null
  const most = ranked[ranked.length - 1] ?? null
  const rule = statusFromShipments.find((r) => r.coverage === coverage && r.least === least && r.most === most)
  if (!rule) throw new Error(`No order status rule for coverage ${coverage}, trackers ${least}…${most}`)
  return rule.status
}

/**
 * The status an order moves to when its shipments change: the one they call for when the
 * transition table allows it, else its current status (undefined: no change).
 */
export function nextStatusForShipments(current: string, summary: ShipmentSummary): OrderStatus | undefined {
  const target = statusForShipments(summary)
  return target !== current && canMoveOrderStatus(current, target) ? target : undefined
}
