/** A saved `Idempotency-Key` (migration 0009, decision 0019). */
export interface IdempotencyKeysTable {
  /** Whose key it is: `api-user:<id>`, `grant:<id>` or `storefront-token:<id>`. */
  principal_key: string
  idempotency_key: string
  /** sha256 of method, path, query and canonical body: a reuse with another request is refused. */
  fingerprint: string
  state: IdempotencyState
  /** The request that holds the key; only it may complete or release the row. */
  owner: string
  created_at: string
  /** When the current owner took the key; an in-progress row older than 60 s is abandoned. */
  locked_at: string
  response_status: number | null
  /** JSON object of the saved response headers (content-type, location). */
  response_headers: string | null
  response_body: string | null
}

export type IdempotencyState = 'in_progress' | 'complete'

// Declaration merging: the table added by migration 0009.
declare module '../../db/schema.js' {
  interface Database {
    idempotency_keys: IdempotencyKeysTable
  }
}
