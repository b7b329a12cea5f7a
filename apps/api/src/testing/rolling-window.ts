/**
 * The most start times that fall in any rolling window of `windowMs` — the property the rate-limit
 * contract bounds (≤ limit), checked on the union of start times across nodes.
 */
export function maxInAnyWindow(starts: number[], windowMs: number): number {
  const sorted = [...starts].sort((a, b) => a - b)
  let max = 0
  let lo = 0
  for (let hi = 0; hi < sorted.length; hi++) {
    while ((sorted[hi] as number) - (sorted[lo] as number) >= windowMs) lo++
    max = Math.max(max, hi - lo + 1)
  }
  return max
}
