import { maxRetryAfterMs, retryDelaysMs, retryJitter } from '../webhooks/delivery-policy.js'

/** Statuses whose `Retry-After` is honoured (Standard Webhooks: throttling answers). */
export const retryAfterStatuses: ReadonlySet<number> = new Set([429, 503])

/**
 * The delay before the next attempt after the `failedInSchedule`-th failed attempt of the current
 * schedule (1 = the first attempt failed), with ±jitter; undefined when the schedule is exhausted.
 * `random` returns a number in [0, 1).
 */
export function retryDelayMs(failedInSchedule: number, random: () => number = Math.random): number | undefined {
  const base = retryDelaysMs[failedInSchedule - 1]
  if (base === undefined || failedInSchedule < 1) return undefined
  return Math.round(base * (1 + retryJitter * (2 * random() - 1)))
}

/** A `Retry-After` value (delay-seconds or an HTTP date) as milliseconds from `now`, capped at 1 h. */
export function parseRetryAfterMs(value: string | undefined, now: number): number | undefined {
  if (value === undefined) return undefined
  const text = value.trim()
  let ms: number
  if (/^\d+$/.test(text)) ms = Number(text) * 1000
  else {
    const date = Date.parse(text)
    if (Number.isNaN(date)) return undefined
    ms = date - now
  }
  if (ms <= 0) return 0
  return Math.min(ms, maxRetryAfterMs)
}

/** The next attempt's delay: the schedule's, or longer when the receiver asked (Retry-After). */
export function nextAttemptDelayMs(
  failedInSchedule: number,
  retryAfterMs: number | undefined,
  random: () => number = Math.random,
): number | undefined {
  const scheduled = retryDelayMs(failedInSchedule, random)
  if (scheduled === undefined) return undefined
  return Math.max(scheduled, retryAfterMs ?? 0)
}
