import { createHash, timingSafeEqual } from 'node:crypto'

/** The challenge of a scrape without the right token (RFC 6750). */
export const metricsChallenge = 'Bearer realm="Fanshelf metrics"'

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest()

/**
 * Whether `Authorization` carries the metrics bearer token. Digests of equal length are compared
 * in constant time, so the answer's timing says nothing about how much of a guess was right (nor
 * about the token's length).
 */
export function isMetricsToken(expected: string, authorization: string | undefined): boolean {
  const match = authorization?.match(/^Bearer +(\S+) *$/i)
  const presented = match?.[1]
  const isEqual = timingSafeEqual(digest(presented ?? ''), digest(expected))
  return presented !== undefined && isEqual
}
