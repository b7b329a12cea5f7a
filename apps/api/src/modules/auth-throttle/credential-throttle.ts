import type { Clock } from '../../clock.js'
import type { AttemptCount, AttemptCounter } from './attempt-counter.js'

/**
 * Failed credential checks, counted per throttle key (decision 0030). A slow check (a memory-hard
 * hash) first counts itself against each key — one atomic increment each — and only then runs; a
 * check that succeeds gives its attempts back. So 100 concurrent wrong passwords get distinct
 * counts and at most `limit` of them are checked. A cheap check (a keyed digest) runs first and
 * counts only its failures. Either way a correct credential never counts as a failure.
 *
 * A throttled answer is held back (`throttledDelayMs`, on the injectable clock) before it is sent:
 * refusing costs the server almost nothing, so without the hold a client looping on 429 would
 * still take its share of the event loop from everyone else; with it, 40 looping connections send
 * 40 requests a second.
 */
export interface ThrottleRule {
  key: string
  limit: number
  windowMs: number
  /**
   * Once over the limit, refuse even a correct credential (a client address that floods), instead
   * of refusing only wrong ones (an account under attack: its owner, whose credential is right,
   * still gets in).
   */
  refusesEveryone?: boolean
  /** A successful check forgets this key's earlier failures (not only its own attempt). */
  clearOnSuccess?: boolean
}

export type ThrottledCheck<T> =
  | { outcome: 'ok'; value: T }
  | { outcome: 'wrong' }
  | { outcome: 'throttled'; retryAfterSeconds: number }

export interface CheckOptions {
  /**
   * Whether the check is cheap enough to run before counting — and past an account's limit, so that
   * its owner's correct credential still gets in. A slow hash is not: past a limit it is not run.
   */
  cheap: boolean
}

function retryAfterSeconds(resetInMs: number[]): number {
  return Math.max(1, Math.ceil(Math.max(...resetInMs) / 1000))
}

export function createCredentialThrottle(
  counter: AttemptCounter,
  { clock, throttledDelayMs }: { clock: Clock; throttledDelayMs: number },
) {
  async function refuse(resetInMs: number[]): Promise<ThrottledCheck<never>> {
    await clock.sleep(throttledDelayMs)
    return { outcome: 'throttled', retryAfterSeconds: retryAfterSeconds(resetInMs) }
  }

  return {
    async check<T>(
      rules: readonly ThrottleRule[],
      check: () => Promise<T | undefined>,
      options: CheckOptions,
    ): Promise<ThrottledCheck<T>> {
      // A flooding address is refused before it costs a write or a check.
      for (const rule of rules.filter((r) => r.refusesEveryone)) {
        const current = await counter.peek(rule.key)
        if (current && current.count >= rule.limit) return refuse([current.resetInMs])
      }
      const succeeded = async (value: T): Promise<ThrottledCheck<T>> => {
        await Promise.all(rules.filter((rule) => rule.clearOnSuccess).map((rule) => counter.clear(rule.key)))
        return { outcome: 'ok', value }
      }
      const overLimit = (counts: AttemptCount[]) =>
        rules.flatMap((rule, i) => {
          const count = counts[i]
          return count && count.count > rule.limit ? [{ rule, count }] : []
        })

      if (options.cheap) {
        // A cheap check runs first and only a failure is counted: concurrent right credentials from
        // one address are never refused for each other's sake, and a race costs nothing.
        const value = await check()
        if (value !== undefined) return succeeded(value)
        const over = overLimit(await Promise.all(rules.map((rule) => counter.take(rule.key, rule.windowMs))))
        return over.length > 0 ? refuse(over.map(({ count }) => count.resetInMs)) : { outcome: 'wrong' }
      }

      // A slow check reserves its attempt first, so concurrent guesses cannot all slip under a limit.
      const counts = await Promise.all(rules.map((rule) => counter.take(rule.key, rule.windowMs)))
      const over = overLimit(counts)
      if (over.length > 0) return refuse(over.map(({ count }) => count.resetInMs))
      const value = await check()
      if (value === undefined) return { outcome: 'wrong' }
      await Promise.all(rules.filter((rule) => !rule.clearOnSuccess).map((rule) => counter.giveBack(rule.key)))
      return succeeded(value)
    },
  }
}

export type CredentialThrottle = ReturnType<typeof createCredentialThrottle>
