import { type Clock, isoTime } from '../../clock.js'
import type { Db } from '../../db/database.js'
import { DomainError } from '../../errors/domain-error.js'
import {
  completeIdempotencyKey,
  deleteIdempotencyKeyCreatedAt,
  findIdempotencyKey,
  insertIdempotencyKeyIfNew,
  pruneIdempotencyKeys,
  releaseIdempotencyKey,
  takeOverIdempotencyKey,
} from './idempotency.repository.js'

/** How long a saved answer is replayed (decision 0019, as Stripe). */
export const idempotencyRetentionMs = 24 * 60 * 60 * 1000
/** An in-progress key not completed within this is abandoned (its node died): a retry runs again. */
export const idempotencyAbandonAfterMs = 60_000
/** Expired keys are pruned at most this often per process, in batches of `pruneBatchSize`. */
export const idempotencyPruneEveryMs = 60_000
const pruneBatchSize = 500

export interface SavedResponse {
  status: number
  headers: Record<string, string>
  body: string
}

export interface IdempotentRequest {
  principalKey: string
  key: string
  fingerprint: string
  /** Unique per request (the request id): the row's owner while it runs. */
  owner: string
}

export type IdempotencyBegin = { kind: 'run' } | { kind: 'replay'; response: SavedResponse }

export function idempotencyKeyInUse(): DomainError {
  return new DomainError(
    'IDEMPOTENCY_KEY_IN_USE',
    'A request with this Idempotency-Key is still running; retry once it has finished.',
  )
}

export function idempotencyKeyReused(): DomainError {
  return new DomainError(
    'IDEMPOTENCY_KEY_REUSED',
    'This Idempotency-Key was used for a different request (method, path or body). Use a new key for a new request.',
  )
}

export interface IdempotencyService {
  /** Claims the key, or answers the saved response to replay; throws 409/422 DomainErrors. */
  begin(request: IdempotentRequest): Promise<IdempotencyBegin>
  /**
   * Saves the answer of a request that ran; false when the key is no longer this request's (another
   * node took it over as abandoned), in which case the request's effect must not commit.
   */
  complete(request: IdempotentRequest, response: SavedResponse): Promise<boolean>
  /** Forgets the key of a request whose answer is not saved. */
  release(request: IdempotentRequest): Promise<void>
  /** Deletes expired keys if the last prune is at least a minute old. */
  pruneIfDue(): Promise<void>
}

export function createIdempotencyService(deps: { db: Db; clock: Clock }): IdempotencyService {
  const { db, clock } = deps
  let lastPruneAt = Number.NEGATIVE_INFINITY

  async function pruneIfDue(): Promise<void> {
    const now = clock.now()
    if (now - lastPruneAt < idempotencyPruneEveryMs) return
    lastPruneAt = now
    await pruneIdempotencyKeys(db, isoTime(now - idempotencyRetentionMs), pruneBatchSize)
  }

  async function begin(request: IdempotentRequest): Promise<IdempotencyBegin> {
    await pruneIfDue()
    const { principalKey, key, fingerprint, owner } = request
    // Twice at most: a row that expired (or was released) between the insert and the read is
    // forgotten and the insert tried again.
    for (let attempt = 0; attempt < 2; attempt++) {
      const now = clock.now()
      const inserted = await insertIdempotencyKeyIfNew(db, {
        principal_key: principalKey,
        idempotency_key: key,
        fingerprint,
        state: 'in_progress',
        owner,
        created_at: isoTime(now),
        locked_at: isoTime(now),
        response_status: null,
        response_headers: null,
        response_body: null,
      })
      if (inserted) return { kind: 'run' }
      const row = await findIdempotencyKey(db, principalKey, key)
      if (!row) continue
      if (row.created_at < isoTime(now - idempotencyRetentionMs)) {
        await deleteIdempotencyKeyCreatedAt(db, principalKey, key, row.created_at)
        continue
      }
      if (row.fingerprint !== fingerprint) throw idempotencyKeyReused()
      if (row.state === 'complete') {
        return {
          kind: 'replay',
          response: {
            status: Number(row.response_status),
            headers: JSON.parse(row.response_headers ?? '{}') as Record<string, string>,
            body: row.response_body ?? '',
          },
        }
      }
      const abandoned = row.locked_at <= isoTime(now - idempotencyAbandonAfterMs)
      if (abandoned && (await takeOverIdempotencyKey(db, principalKey, key, row.locked_at, owner, isoTime(now)))) {
        return { kind: 'run' }
      }
      throw idempotencyKeyInUse()
    }
    throw idempotencyKeyInUse()
  }

  return {
    begin,
    complete: (request, response) =>
      completeIdempotencyKey(db, request.principalKey, request.key, request.owner, {
        status: response.status,
        headers: JSON.stringify(response.headers),
        body: response.body,
      }),
    release: (request) => releaseIdempotencyKey(db, request.principalKey, request.key, request.owner),
    pruneIfDue,
  }
}
