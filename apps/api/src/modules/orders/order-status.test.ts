import { describe, expect, it } from 'vitest'
import { type TrackerState, trackerProgress, trackerStates } from '../fulfillments/shipment-tracker.js'
import {
  type Coverage,
  canMoveOrderStatus,
  nextStatusForShipments,
  type OrderStatus,
  orderStatuses,
  orderStatusTransitions,
  type ShipmentSummary,
  statusForShipments,
  statusFromShipments,
} from './order-status.js'

/** A summary with the given coverage (two lines of 2 units) and exactly these tracker states. */
function summary(coverage: Coverage, trackers: TrackerState[]): ShipmentSummary {
  const lines =
    coverage === 'NONE'
      ? [
          { ordered: 2, fulfilled: 0 },
          { ordered: 2, fulfilled: 0 },
        ]
      : coverage === 'PARTIAL'
        ? [
            { ordered: 2, fulfilled: 2 },
            { ordered: 2, fulfilled: 1 },
          ]
        : [
            { ordered: 2, fulfilled: 2 },
            { ordered: 2, fulfilled: 2 },
          ]
  return { lines, trackers }
}

describe('statusFromShipments (the order status an order’s shipments call for)', () => {
  it.each(statusFromShipments.map((rule) => [rule.coverage, rule.least, rule.most, rule.status] as const))(
    'coverage %s, least advanced tracker %s, most advanced %s → %s',
    (coverage, least, most, status) => {
      const trackers = least === null || most === null ? [] : least === most ? [least] : [least, most]
      expect(statusForShipments(summary(coverage, trackers))).toBe(status)
      // Trackers between the least and the most advanced change nothing.
      if (least === 'LABEL_CREATED' && most === 'DELIVERED') {
        expect(statusForShipments(summary(coverage, [most, 'IN_TRANSIT', least, least]))).toBe(status)
      }
    },
  )

  it('holds every reachable combination exactly once: no shipment, or some shipment with least ≤ most', () => {
    const reachable = [
      'NONE|null|null',
      ...(['PARTIAL', 'FULL'] as const).flatMap((coverage) =>
        trackerStates.flatMap((least) =>
          trackerStates
            .filter((most) => trackerProgress(most) >= trackerProgress(least))
            .map((most) => `${coverage}|${least}|${most}`),
        ),
      ),
    ]
    const keys = statusFromShipments.map((r) => `${r.coverage}|${r.least}|${r.most}`)
    expect(keys.sort()).toEqual(reachable.sort())
  })

  it('counts an order as fully covered only when every line’s quantity is in fulfilments', () => {
    expect(statusForShipments({ lines: [{ ordered: 3, fulfilled: 2 }], trackers: ['LABEL_CREATED'] })).toBe(
      'PARTIALLY_IN_PRODUCTION',
    )
    expect(statusForShipments({ lines: [{ ordered: 3, fulfilled: 3 }], trackers: ['LABEL_CREATED'] })).toBe(
      'IN_PRODUCTION',
    )
  })
})

/** The allowed moves, written out independently of the table under test. */
const allowed: Record<OrderStatus, OrderStatus[]> = {
  CONFIRMED: ['PARTIALLY_IN_PRODUCTION', 'IN_PRODUCTION', 'CANCELLED'],
  PARTIALLY_IN_PRODUCTION: ['IN_PRODUCTION', 'PARTIALLY_SHIPPED', 'PARTIALLY_DELIVERED', 'CANCELLED'],
  IN_PRODUCTION: ['PARTIALLY_SHIPPED', 'SHIPPED', 'PARTIALLY_DELIVERED', 'DELIVERED', 'CANCELLED'],
  PARTIALLY_SHIPPED: ['SHIPPED', 'PARTIALLY_DELIVERED'],
  SHIPPED: ['PARTIALLY_DELIVERED', 'DELIVERED'],
  PARTIALLY_DELIVERED: ['DELIVERED'],
  DELIVERED: ['COMPLETED'],
  CANCELLED: [],
  COMPLETED: [],
}

describe('orderStatusTransitions', () => {
  const pairs = orderStatuses.flatMap((from) => orderStatuses.map((to) => [from, to] as const))
  it.each(pairs)('%s → %s', (from, to) => {
    expect(canMoveOrderStatus(from, to)).toBe(allowed[from].includes(to))
    expect(orderStatusTransitions[from].includes(to)).toBe(allowed[from].includes(to))
  })

  it('moves only forward: every allowed move goes to a later status of the enum', () => {
    for (const [from, tos] of Object.entries(orderStatusTransitions)) {
      for (const to of tos) {
        if (to === 'CANCELLED') continue
        expect(orderStatuses.indexOf(to)).toBeGreaterThan(orderStatuses.indexOf(from as OrderStatus))
      }
    }
  })

  it('refuses unknown statuses', () => {
    expect(canMoveOrderStatus('SOMETHING', 'SHIPPED')).toBe(false)
  })
})

describe('the rules together', () => {
  /**
   * Explores every state an order of two lines (2 + 1 units) can reach by fulfilments (of any
   * quantities) and tracker moves (next state or a jump), and checks that every status change the
   * shipments call for is one the transition table allows — so the derived status never stalls —
   * and that the order never moves backwards.
   */
  it('allows every status change a single fulfilment or tracker move can cause', () => {
    interface State {
      fulfilled: [number, number]
      trackers: TrackerState[]
      status: OrderStatus
    }
    const ordered: [number, number] = [2, 1]
    const key = (s: State) => `${s.fulfilled.join(',')}|${[...s.trackers].sort().join(',')}|${s.status}`
    const start: State = { fulfilled: [0, 0], trackers: [], status: 'CONFIRMED' }
    const seen = new Set([key(start)])
    const queue = [start]
    const moves = new Set<string>()
    while (queue.length > 0) {
      const state = queue.shift() as State
      const successors: Omit<State, 'status'>[] = []
      for (let a = 0; a <= ordered[0] - state.fulfilled[0]; a++) {
        for (let b = 0; b <= ordered[1] - state.fulfilled[1]; b++) {
          if (a + b === 0) continue
          successors.push({
            fulfilled: [state.fulfilled[0] + a, state.fulfilled[1] + b],
            trackers: [...state.trackers, 'LABEL_CREATED'],
          })
        }
      }
      state.trackers.forEach((tracker, i) => {
        for (const next of trackerStates.filter((t) => trackerProgress(t) > trackerProgress(tracker))) {
          successors.push({ fulfilled: state.fulfilled, trackers: state.trackers.map((t, j) => (j === i ? next : t)) })
        }
      })
      for (const successor of successors) {
        const shipments = {
          lines: [
            { ordered: ordered[0], fulfilled: successor.fulfilled[0] },
            { ordered: ordered[1], fulfilled: successor.fulfilled[1] },
          ],
          trackers: successor.trackers,
        }
        const target = statusForShipments(shipments)
        if (target !== state.status) {
          expect(canMoveOrderStatus(state.status, target), `${state.status} → ${target}`).toBe(true)
          moves.add(`${state.status}→${target}`)
        }
        const next: State = { ...successor, status: nextStatusForShipments(state.status, shipments) ?? state.status }
        if (!seen.has(key(next))) {
          seen.add(key(next))
          queue.push(next)
        }
      }
    }
    // Every shipment-driven move of the table is reachable (CANCELLED and COMPLETED are actions).
    const tableMoves = orderStatuses.flatMap((from) =>
      orderStatusTransitions[from]
        .filter((to) => to !== 'CANCELLED' && to !== 'COMPLETED')
        .map((to) => `${from}→${to}`),
    )
    expect([...moves].sort()).toEqual(tableMoves.sort())
  })

  it('keeps a status that is ahead of the order’s fulfilments (history recorded before them)', () => {
    const oneLabel = { lines: [{ ordered: 2, fulfilled: 1 }], trackers: ['LABEL_CREATED' as const] }
    expect(nextStatusForShipments('SHIPPED', oneLabel)).toBeUndefined()
    expect(nextStatusForShipments('CONFIRMED', oneLabel)).toBe('PARTIALLY_IN_PRODUCTION')
    expect(nextStatusForShipments('PARTIALLY_IN_PRODUCTION', oneLabel)).toBeUndefined()
  })
})
