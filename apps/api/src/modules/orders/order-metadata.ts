/**
 * An order's `metadata` (decision 0024): string keys and values within the platform's limits. The
 * cart's metadata (storefront limits: 10 keys, values of 512 characters) and the marketing
 * parameters of a direct checkout link are fitted into them in the order they come; an entry that
 * would break a limit is left out and later ones are still tried.
 */
export const orderMetadataLimits = {
  maxKeys: 10,
  maxKeyLength: 256,
  maxValueBytes: 512,
  /** Keys and values together, UTF-8. */
  maxTotalBytes: 2048,
} as const

const utf8 = (value: string) => Buffer.byteLength(value, 'utf8')

/** The entries that fit, first come first kept; empty keys and values are dropped. */
export function fitOrderMetadata(entries: Iterable<readonly [string, string]>): Record<string, string> {
  const out: Record<string, string> = {}
  let keys = 0
  let total = 0
  for (const [key, value] of entries) {
    if (key === '' || value === '' || Object.hasOwn(out, key)) continue
    if (key.length > orderMetadataLimits.maxKeyLength || utf8(value) > orderMetadataLimits.maxValueBytes) continue
    const size = utf8(key) + utf8(value)
    if (keys + 1 > orderMetadataLimits.maxKeys || total + size > orderMetadataLimits.maxTotalBytes) continue
    out[key] = value
    keys += 1
    total += size
  }
  return out
}

/** The stored column: JSON, or null for an order without metadata. */
export function toOrderMetadataColumn(metadata: Record<string, string>): string | null {
  const fitted = fitOrderMetadata(Object.entries(metadata))
  return Object.keys(fitted).length > 0 ? JSON.stringify(fitted) : null
}
