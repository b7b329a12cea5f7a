/** Formats a duration in milliseconds the way the guides write it: 5 s, 5 min, 2 h, 5 days. */
export function formatDuration(ms: number): string {
  const units: Array<[number, string, string]> = [
    [24 * 60 * 60 * 1000, 'day', 'days'],
    [60 * 60 * 1000, 'h', 'h'],
    [60 * 1000, 'min', 'min'],
    [1000, 's', 's'],
  ]
  for (const [size, one, many] of units) {
    if (ms >= size && ms % size === 0) {
      const count = ms / size
      return `${count} ${count === 1 ? one : many}`
    }
  }
  return `${ms} ms`
}

/**
 * A count as the guides write it: 1,000 and 10,000. Grouped by hand rather than with
 * `toLocaleString`: its first call in a page starts ICU's number formatter, ~25 ms of a phone's main
 * thread during hydration (decision 0054), for a comma.
 */
export function formatCount(value: number): string {
  if (!Number.isFinite(value)) return String(value)
  const [whole = '', fraction] = String(Math.abs(value)).split('.')
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return `${value < 0 ? '-' : ''}${grouped}${fraction === undefined ? '' : `.${fraction}`}`
}

export function formatBytes(bytes: number): string {
  if (bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MiB`
  if (bytes % 1024 === 0) return `${bytes / 1024} KiB`
  return `${bytes} bytes`
}

export function formatPercent(fraction: number): string {
  return `${Math.round(fraction * 1000) / 10} %`
}

/** A duration that is not a round number of units: "27.6 h", "4.5 min". */
export function formatApprox(ms: number): string {
  const exact = formatDuration(Math.round(ms))
  // "5 min" is exact and readable; "99305 s" is exact but not readable.
  const isReadable = !exact.endsWith(' ms') && (ms < 60_000 || !exact.endsWith(' s'))
  if (isReadable) return exact
  const hours = ms / 3_600_000
  if (hours >= 1) return `${Math.round(hours * 10) / 10} h`
  const minutes = ms / 60_000
  if (minutes >= 1) return `${Math.round(minutes * 10) / 10} min`
  return `${Math.round(ms / 100) / 10} s`
}
