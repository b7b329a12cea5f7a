import type { Outcome, Queued } from './delivery-transitions.js'
import type { WorkerLog } from './worker-log.js'

/**
 * The "send" step's slots: claimed deliveries wait in one FIFO queue per configuration and start
 * while the endpoint has fewer than `perEndpoint` and the worker fewer than `concurrency` requests
 * in flight, so one slow receiver cannot take every slot and an endpoint's sends start oldest first.
 */

export interface Endpoint {
  queue: Queued[]
  inFlight: number
}

export interface Dispatcher {
  /** Deliveries claimed and not settled yet (queued or in flight). */
  readonly held: number
  /** Per configuration: claimed deliveries waiting for a slot and requests in flight. */
  readonly endpoints: ReadonlyMap<string, Endpoint>
  /** The attempts in flight, each settled when it resolves. */
  readonly sending: ReadonlySet<Promise<void>>
  /** Queues claimed deliveries (in claim order) and starts what the free slots allow. */
  enqueue(items: Queued[]): void
  /** Takes every queued, unstarted delivery out (a stopping worker gives their leases back). */
  takeQueued(): Queued[]
}

export function createDispatcher(deps: {
  concurrency: number
  perEndpoint: number
  /** Stopping: what is queued stays queued, and stop() gives the leases back. */
  isStopped: () => boolean
  /** One attempt: sign, send, decide. */
  attempt: (item: Queued) => Promise<Outcome>
  log: () => WorkerLog
  /** An attempt ended (before its slot is reused). */
  settled: (item: Queued, outcome: Outcome) => void
  /** Slots were reused after an attempt ended; `ranDry`: the endpoint holds nothing more. */
  freed: (endpoint: Endpoint, ranDry: boolean) => void
}): Dispatcher {
  const { concurrency, perEndpoint } = deps
  // Bound: the endpoints with a queued or running send (one is dropped when it runs dry).
  const endpoints = new Map<string, Endpoint>()
  // Bound: the sends running now (each removes itself when it settles), at most `concurrency`.
  const sending = new Set<Promise<void>>()
  let inFlight = 0
  let held = 0

  function endpointOf(configurationId: string): Endpoint {
    let endpoint = endpoints.get(configurationId)
    if (!endpoint) {
      endpoint = { queue: [], inFlight: 0 }
      endpoints.set(configurationId, endpoint)
    }
    return endpoint
  }

  /** Starts queued sends while the endpoint and the worker have free slots, oldest first. */
  function drain(configurationId: string, endpoint: Endpoint): void {
    while (
      !deps.isStopped() &&
      endpoint.inFlight < perEndpoint &&
      inFlight < concurrency &&
      endpoint.queue.length > 0
    ) {
      const next = endpoint.queue.shift() as Queued
      send(configurationId, endpoint, next)
    }
    if (endpoint.inFlight === 0 && endpoint.queue.length === 0) endpoints.delete(configurationId)
  }

  function settle(configurationId: string, endpoint: Endpoint, item: Queued, outcome: Outcome): void {
    held--
    deps.settled(item, outcome)
    drain(configurationId, endpoint)
    const ranDry = !endpoints.has(configurationId)
    // A worker slot freed: another endpoint may be waiting for one.
    for (const [id, other] of endpoints) if (other.queue.length > 0) drain(id, other)
    deps.freed(endpoint, ranDry)
  }

  function send(configurationId: string, endpoint: Endpoint, item: Queued): void {
    inFlight++
    endpoint.inFlight++
    const done = deps
      .attempt(item)
      .catch((error: unknown): Outcome => {
        deps.log().error({ err: error, webhookEventId: item.delivery.id }, 'Webhook delivery crashed')
        return { kind: 'released' }
      })
      .then((outcome) => {
        inFlight--
        endpoint.inFlight--
        settle(configurationId, endpoint, item, outcome)
      })
    sending.add(done)
    void done.finally(() => sending.delete(done))
  }

  return {
    get held() {
      return held
    },
    endpoints,
    sending,
    enqueue(items) {
      held += items.length
      const touched = new Set<string>()
      for (const item of items) {
        const id = item.delivery.configuration_id
        endpointOf(id).queue.push(item)
        touched.add(id)
      }
      for (const id of touched) drain(id, endpointOf(id))
    },
    takeQueued() {
      const taken: Queued[] = []
      for (const [, endpoint] of endpoints) {
        for (const item of endpoint.queue.splice(0)) {
          held--
          taken.push(item)
        }
      }
      return taken
    },
  }
}
