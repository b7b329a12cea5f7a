import type { Clock } from '../../clock.js'
import type { DatabaseHandle } from '../../db/database.js'
import {
  clearFailingSince,
  disableConfiguration,
  insertAttempts,
  markFailingSince,
  updateLeasedDeliveries,
} from './delivery.repository.js'
import { type Completion, iso, planRecords } from './delivery-transitions.js'
import type { WorkerLog } from './worker-log.js'

/**
 * The "record" step of the delivery worker: outcomes are written in batches, one transaction each
 * (what a batch writes is decided by planRecords). Every write that ends a claim is conditioned on
 * this worker's lease, so a delivery taken over by another worker is left alone.
 */

/** Outcomes wait at most this long (real time) to be written together. */
const flushDelayMs = 20
/** ...or less when this many are waiting. */
const flushBatch = 256

export interface OutcomeRecorder {
  /** Queues an outcome; it is written within `flushDelayMs`. */
  push(completion: Completion): void
  /** Queues an outcome to be written by the next flush (a stopping worker's released leases). */
  pushUnscheduled(completion: Completion): void
  /** Writes every outcome queued so far, now. */
  flushed(): Promise<void>
}

export function createOutcomeRecorder(deps: {
  database: DatabaseHandle
  clock: Clock
  workerId: string
  /** The worker's current log (start() may replace it). */
  log: () => WorkerLog
}): OutcomeRecorder {
  const { clock, workerId } = deps
  const db = deps.database.db
  let completions: Completion[] = []
  let flushTimer: NodeJS.Timeout | undefined
  let writing = false
  let flushChain: Promise<void> = Promise.resolve()

  async function writeCompletions(batch: Completion[]): Promise<void> {
    const nowMs = clock.now()
    const plan = planRecords(batch, nowMs)
    const now = iso(nowMs)
    await db.transaction().execute(async (trx) => {
      await insertAttempts(trx, plan.attempts)
      // The common outcomes share one statement each.
      if (plan.delivered.length > 0) {
        await updateLeasedDeliveries(trx, {
          ids: plan.delivered,
          workerId,
          now,
          state: 'DELIVERED',
          nextAttemptAt: null,
          lastError: null,
          attempted: true,
        })
      }
      for (const configurationId of plan.recovered) await clearFailingSince(trx, configurationId, now)
      if (plan.released.length > 0) {
        await updateLeasedDeliveries(trx, { ids: plan.released, workerId, now, attempted: false })
      }
      for (const record of plan.records) {
        await updateLeasedDeliveries(trx, { ids: [record.deliveryId], workerId, now, ...record.change })
        if (record.markFailing)
          await markFailingSince(trx, record.markFailing.configurationId, record.markFailing.since)
        const { disable } = record
        if (
          disable &&
          (await disableConfiguration(trx, disable.configurationId, disable.reason, now, disable.failingSinceAtMost))
        ) {
          deps
            .log()
            .warn(
              { configurationId: disable.configurationId, shopId: disable.shopId },
              disable.gone ? 'Webhook configuration disabled (410)' : 'Webhook configuration disabled',
            )
        }
      }
    })
  }

  /**
   * At most every `flushDelayMs` (real time — a batching cadence, like the poll), at once when many
   * are waiting, one write at a time.
   */
  function scheduleFlush(): void {
    if (writing || flushTimer) return
    flushTimer = setTimeout(runFlush, completions.length >= flushBatch ? 0 : flushDelayMs)
  }

  function runFlush(): void {
    flushTimer = undefined
    const batch = completions
    completions = []
    if (batch.length === 0) return
    writing = true
    flushChain = writeCompletions(batch)
      .catch((error: unknown) => {
        // The leases expire and the deliveries are claimed again: at-least-once holds.
        deps.log().error({ err: error, count: batch.length }, 'Could not record webhook delivery outcomes')
      })
      .finally(() => {
        writing = false
        if (completions.length > 0) scheduleFlush()
      })
  }

  return {
    push(completion) {
      completions.push(completion)
      scheduleFlush()
    },
    pushUnscheduled(completion) {
      completions.push(completion)
    },
    async flushed() {
      for (;;) {
        if (flushTimer) {
          clearTimeout(flushTimer)
          runFlush()
        }
        await flushChain
        if (writing) continue
        if (completions.length === 0 && !flushTimer) return
        if (!flushTimer) runFlush()
      }
    },
  }
}
