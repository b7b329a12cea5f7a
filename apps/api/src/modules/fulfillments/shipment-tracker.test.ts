import { describe, expect, it } from 'vitest'
import { nextTrackerState, type TrackerState, trackerStates, trackerTransitions } from './shipment-tracker.js'

const allowed: Record<TrackerState, TrackerState[]> = {
  LABEL_CREATED: ['IN_TRANSIT', 'DELIVERED'],
  IN_TRANSIT: ['DELIVERED'],
  DELIVERED: [],
}

describe('trackerTransitions', () => {
  const pairs = trackerStates.flatMap((from) => trackerStates.map((to) => [from, to] as const))
  it.each(pairs)('%s → %s', (from, to) => {
    expect(trackerTransitions[from].includes(to)).toBe(allowed[from].includes(to))
    expect(nextTrackerState(from, to)).toBe(allowed[from].includes(to) ? to : undefined)
  })

  it.each([
    ['LABEL_CREATED', 'IN_TRANSIT'],
    ['IN_TRANSIT', 'DELIVERED'],
    ['DELIVERED', undefined],
  ] as const)('advances %s to the next state: %s', (from, next) => {
    expect(nextTrackerState(from)).toBe(next)
  })
})
