import { performance } from 'node:perf_hooks'
import type { Clock } from '../../clock.js'
import type { DatabaseHandle } from '../../db/database.js'
import {
  type ClaimedDelivery,
  claimDueDeliveries,
  claimMoreForConfigurations,
  findDeliveryTargets,
} from './delivery.repository.js'
import type { Dispatcher } from './delivery-dispatch.js'
import { iso } from './delivery-transitions.js'
import type { SigningKey, SigningKeys } from './webhook-signatures.js'
import type { WorkerLog } from './worker-log.js'

/**
 * The "claim" step of the delivery worker: leases due deliveries (the queries are in
 * delivery.repository.ts), loads what sending them needs, and hands them to the dispatcher.
 *
 * - Refill: endpoints this worker holds that run short get their next due deliveries.
 * - Discovery: due deliveries of endpoints it does not hold yet, at most every
 *   `discoveryIntervalMs` (real time) unless a test steps the worker.
 * - One pump at a time claims until nothing more is wanted.
 */

/** Discovery claims run at most this often (real time) unless a test steps the worker. */
const discoveryIntervalMs = 10

export interface Claimer {
  /** Deliveries claimed since the worker was created. */
  readonly claimedTotal: number
  /** A pump is running or scheduled. */
  readonly busy: boolean
  /** Slots freed by completions are refilled at once (the background loop, or runOnce). */
  draining: boolean
  /** runOnce: discover on every round, never deferred. */
  stepping: boolean
  /** Look for endpoints this worker does not hold at the next round. */
  requestDiscovery(): void
  /** Claims until nothing more is wanted; a second call asks the running pump to go again. */
  pump(): Promise<void>
  /** Completions free slots: claim again once this turn's completions are all in. */
  schedulePump(): void
  /** Stopping: no deferred discovery (pump() checks the worker's `stopped` itself). */
  cancelDiscovery(): void
  /** Resolves when the current (or last) pump is over. */
  lastPump(): Promise<void>
}

export function createClaimer(deps: {
  database: DatabaseHandle
  clock: Clock
  workerId: string
  leaseMs: number
  concurrency: number
  perEndpoint: number
  signingKeys: SigningKeys
  dispatcher: Dispatcher
  isStopped: () => boolean
  log: () => WorkerLog
}): Claimer {
  const { database, clock, workerId, leaseMs, concurrency, perEndpoint, dispatcher } = deps
  const db = database.db
  /**
   * Deliveries held per endpoint at most (queued + in flight): the next sends are already here when
   * a slot frees, and an endpoint is refilled about every `depth - perEndpoint` completions, not at
   * each. A queued delivery whose lease would run out before its attempt ends is given back unsent.
   */
  const depth = 4 * perEndpoint

  let pumping = false
  let pumpAgain = false
  let pumpRun: Promise<void> = Promise.resolve()
  let pumpScheduled = false
  let claimedTotal = 0
  let discoveryRequested = true
  let lastDiscovery = Number.NEGATIVE_INFINITY
  let discoveryTimer: NodeJS.Timeout | undefined

  function lease() {
    const now = clock.now()
    return { workerId, now: iso(now), leaseUntil: iso(now + leaseMs), end: now + leaseMs }
  }

  /** Claimed deliveries become queued sends, with what sending them needs loaded now. */
  async function accept(claimed: ClaimedDelivery[], leaseEnd: number): Promise<number> {
    if (claimed.length === 0) return 0
    claimedTotal += claimed.length
    // If loading fails from here on, the leases simply expire and the deliveries are claimed again.
    const targets = await findDeliveryTargets(db, [...new Set(claimed.map((d) => d.configuration_id))])
    const keys = new Map<string, SigningKey | undefined>()
    for (const target of targets.values()) {
      const signing = { id: target.id, shopId: target.shop_id, appId: target.app_id }
      keys.set(target.id, await deps.signingKeys.forConfiguration(signing))
    }
    dispatcher.enqueue(
      claimed.map((delivery) => {
        const id = delivery.configuration_id
        return { delivery, target: targets.get(id), key: keys.get(id), leaseEnd }
      }),
    )
    return claimed.length
  }

  /** Refill: endpoints this worker holds that run short get their next due deliveries (an index range each). */
  async function refill(): Promise<number> {
    let free = 4 * concurrency - dispatcher.held
    const room = new Map<string, number>()
    for (const [id, endpoint] of dispatcher.endpoints) {
      if (endpoint.queue.length >= perEndpoint || free <= 0) continue
      const want = Math.min(free, depth - endpoint.inFlight - endpoint.queue.length)
      if (want <= 0) continue
      room.set(id, want)
      free -= want
    }
    if (room.size === 0) return 0
    const claim = lease()
    return accept(await claimMoreForConfigurations(db, database.dialect, { ...claim, room }), claim.end)
  }

  /**
   * Discovery: due deliveries of endpoints this worker does not hold yet, oldest first. It scans
   * past the backlog of the endpoints it holds, so it runs when asked (a wake-up, a poll, an
   * endpoint drained) and at most every `discoveryIntervalMs`.
   */
  async function discover(): Promise<number> {
    const free = 4 * concurrency - dispatcher.held
    if (free <= 0) return 0
    const room = new Map<string, number>()
    for (const id of dispatcher.endpoints.keys()) room.set(id, 0)
    const claim = lease()
    const claimed = await claimDueDeliveries(db, database.dialect, {
      ...claim,
      limit: free,
      window: Math.max(64, free * 2),
      room,
      perEndpoint: depth,
    })
    return accept(claimed, claim.end)
  }

  async function claimRound(): Promise<number> {
    if (deps.isStopped()) return 0
    let claimed = await refill()
    if (discoveryRequested) {
      const wait = lastDiscovery + discoveryIntervalMs - performance.now()
      if (wait <= 0 || claimer.stepping) {
        discoveryRequested = false
        lastDiscovery = performance.now()
        claimed += await discover()
      } else if (!discoveryTimer && claimer.draining) {
        discoveryTimer = setTimeout(() => {
          discoveryTimer = undefined
          claimer.schedulePump()
        }, wait)
      }
    }
    return claimed
  }

  const claimer: Claimer = {
    get claimedTotal() {
      return claimedTotal
    },
    get busy() {
      return pumping || pumpScheduled
    },
    draining: false,
    stepping: false,
    requestDiscovery() {
      discoveryRequested = true
    },
    pump() {
      if (pumping) {
        pumpAgain = true
        return pumpRun
      }
      pumping = true
      pumpRun = (async () => {
        try {
          do {
            pumpAgain = false
            await claimRound()
          } while (pumpAgain && !deps.isStopped())
        } catch (error) {
          deps.log().error({ err: error }, 'Could not claim webhook deliveries')
        } finally {
          pumping = false
        }
      })()
      return pumpRun
    },
    schedulePump() {
      if (pumpScheduled) return
      pumpScheduled = true
      setImmediate(() => {
        pumpScheduled = false
        void claimer.pump()
      })
    },
    cancelDiscovery() {
      clearTimeout(discoveryTimer)
    },
    lastPump() {
      return pumpRun
    },
  }
  return claimer
}
