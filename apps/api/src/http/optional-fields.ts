/**
 * Optional response fields are omitted, never `null`, where the real platform's published document
 * types them as optional and not nullable (decision 0021): receivers and clients generated from that
 * document reject a `null` there, and read a missing field as "none".
 */

/** `value`, or undefined (the serializers then omit the field) when it is null. */
export function absentIfNull<T>(value: T | null | undefined): T | undefined {
  return value ?? undefined
}

/**
 * A copy of a stored JSON object (an address, variant attributes, …) without its null-valued keys,
 * except the `nullable` ones (required by the contract, `null` when unknown).
 */
export function withoutNulls(record: unknown, nullable: readonly string[] = []): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(record as Record<string, unknown>).filter(
      ([key, value]) => value !== null || nullable.includes(key),
    ),
  )
}

/** An `Address`: `state` stays (null where the country has none); absent lines are omitted. */
export function toAddressResource(address: unknown): Record<string, unknown> {
  return withoutNulls(address, ['state'])
}
