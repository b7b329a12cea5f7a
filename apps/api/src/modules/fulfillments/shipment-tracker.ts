/**
 * The shipment tracker of a fulfilment. No carrier exists locally, so trackers are moved by the
 * tracker simulation (`advanceTracker`, CLI `fanshelf tracker advance`): to the next state, or to a
 * given later one (a parcel scanned only on delivery skips IN_TRANSIT). Never backwards.
 */
export const trackerStates = ['LABEL_CREATED', 'IN_TRANSIT', 'DELIVERED'] as const

export type TrackerState = (typeof trackerStates)[number]

/** From each state, the states a tracker may move to; the first is where "advance" goes. */
export const trackerTransitions: Readonly<Record<TrackerState, readonly TrackerState[]>> = {
  LABEL_CREATED: ['IN_TRANSIT', 'DELIVERED'],
  IN_TRANSIT: ['DELIVERED'],
  DELIVERED: [],
}

/** The state a new fulfilment's tracker starts in: the label exists, the carrier has not scanned it. */
export const initialTrackerState: TrackerState = 'LABEL_CREATED'

export function isTrackerState(value: string): value is TrackerState {
  return (trackerStates as readonly string[]).includes(value)
}

/** The state `advance` moves to (`to`, or the next one), or undefined when that move is not allowed. */
export function nextTrackerState(from: TrackerState, to?: TrackerState): TrackerState | undefined {
  const allowed = trackerTransitions[from]
  if (to === undefined) return allowed[0]
  return allowed.includes(to) ? to : undefined
}

/** Position of a state in the tracker's progress (for "least/most advanced" summaries). */
export function trackerProgress(state: TrackerState): number {
  return trackerStates.indexOf(state)
}
