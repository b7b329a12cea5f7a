/**
 * Money on the wire is `{value, currency}` with value in major units; in storage it is an integer
 * of minor units (decision 0004). Exponents follow ISO 4217.
 */
export interface Money {
  value: number
  currency: string
}

const zeroDecimal = new Set(['JPY', 'KRW', 'VND', 'CLP', 'ISK'])

export function minorUnitExponent(currency: string): number {
  return zeroDecimal.has(currency) ? 0 : 2
}

export function toMoney(minor: number, currency: string): Money {
  const exponent = minorUnitExponent(currency)
  return { value: exponent === 0 ? minor : Math.round(minor) / 10 ** exponent, currency }
}

/** Major units (as sent by a client) to minor units; rejects more decimals than the currency has. */
export function toMinor(value: number, currency: string): number | undefined {
  const factor = 10 ** minorUnitExponent(currency)
  const minor = Math.round(value * factor)
  return Math.abs(minor - value * factor) < 1e-6 ? minor : undefined
}

export function formatMoney(minor: number, currency: string): string {
  return `${(minor / 10 ** minorUnitExponent(currency)).toFixed(minorUnitExponent(currency))} ${currency}`
}
