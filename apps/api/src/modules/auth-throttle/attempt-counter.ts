/**
 * Counters of credential attempts per throttle key over a fixed window (decision 0030). `take`
 * counts one attempt atomically and answers the count including it, so N concurrent callers see N
 * distinct counts and at most `limit` of them are under the limit. Shared by every node: the
 * database by default, Redis when `REDIS_URL` is set.
 */
export interface AttemptCount {
  count: number
  /** How long until the window (and the count) ends, in milliseconds. */
  resetInMs: number
}

export interface AttemptCounter {
  /** Counts one attempt under `key` (a window of `windowMs` starts with the first). */
  take(key: string, windowMs: number): Promise<AttemptCount>
  /** The current count, without counting: undefined when there is none (or its window ended). */
  peek(key: string): Promise<AttemptCount | undefined>
  /** Gives one attempt back (a check that succeeded was not a failure). */
  giveBack(key: string): Promise<void>
  /** Forgets the key (a successful sign-in clears its failures). */
  clear(key: string): Promise<void>
  close(): Promise<void>
}
