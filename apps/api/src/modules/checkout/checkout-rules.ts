/**
 * The hosted checkout's pricing rules (decision 0008), as data. Amounts are integer minor units.
 *
 * Shipping: one shipping method, priced by zone — `DOMESTIC` when the parcel goes to the shop's
 * own country, `INTERNATIONAL` otherwise — as a base for the first unit plus a price for every
 * further unit, capped at `cap`. Only variants with a weight above zero ship (digital goods do
 * not); an order with nothing to ship has no shipping charge and no shipping address. The table
 * is in USD and converted to the order's currency with the exchange-rate table.
 *
 * Tax: a rate by destination (`COUNTRY-STATE` first, then `COUNTRY`, else 0), applied to the
 * goods after the goods discount (shipping is not taxed), rounded half up to the minor unit. The
 * destination is the shipping address, or the billing address when nothing ships.
 *
 * Total: `subtotal + shipping + tax − discount` (the discount covers goods and shipping
 * discounts); never below zero.
 */

export type ShippingZone = 'DOMESTIC' | 'INTERNATIONAL'

export interface ShippingRate {
  /** The first shipped unit, in USD cents. */
  base: number
  /** Every further shipped unit, in USD cents. */
  perAdditionalUnit: number
  /** The most one order pays, in USD cents. */
  cap: number
}

export const shippingRatesUsd: Readonly<Record<ShippingZone, ShippingRate>> = {
  DOMESTIC: { base: 599, perAdditionalUnit: 150, cap: 1198 },
  INTERNATIONAL: { base: 1699, perAdditionalUnit: 300, cap: 3398 },
}

export const shippingRateCurrency = 'USD'

export function shippingZone(shopCountry: string | undefined, destination: string): ShippingZone {
  return shopCountry !== undefined && shopCountry === destination ? 'DOMESTIC' : 'INTERNATIONAL'
}

/** Shipping in USD cents for `units` shipped units to `zone` (0 when nothing ships). */
export function shippingUsdMinor(zone: ShippingZone, units: number): number {
  if (units <= 0) return 0
  const rate = shippingRatesUsd[zone]
  return Math.min(rate.base + rate.perAdditionalUnit * (units - 1), rate.cap)
}

/** Sales tax and VAT rates by destination (`COUNTRY-STATE` or `COUNTRY`). */
export const taxRates: Readonly<Record<string, number>> = {
  'US-CA': 0.0725,
  'US-NY': 0.08875,
  'US-TX': 0.0825,
  'US-WA': 0.101,
  'US-IL': 0.1025,
  'US-MA': 0.0625,
  'US-OR': 0,
  US: 0.06,
  'CA-ON': 0.13,
  'CA-BC': 0.12,
  CA: 0.05,
  GB: 0.2,
  IE: 0.23,
  DE: 0.19,
  FR: 0.2,
  NL: 0.21,
  ES: 0.21,
  IT: 0.22,
  AT: 0.2,
  FI: 0.255,
  PT: 0.23,
  PL: 0.23,
  SE: 0.25,
  DK: 0.25,
  NO: 0.25,
  AU: 0.1,
  NZ: 0.15,
  JP: 0.1,
  SG: 0.09,
  IN: 0.18,
  MY: 0.1,
  MX: 0.16,
}

export function taxRate(place: { country: string; state?: string | null }): number {
  const state = place.state?.trim().toUpperCase()
  return (state ? taxRates[`${place.country}-${state}`] : undefined) ?? taxRates[place.country] ?? 0
}

/** `amount × rate`, rounded half up. */
export function taxMinor(taxableMinor: number, rate: number): number {
  return Math.max(0, Math.round(taxableMinor * rate + 1e-9))
}

/** Whether a variant ships: anything with a weight (digital goods weigh nothing). */
export function isShippable(weight: { value?: number } | null | undefined): boolean {
  return typeof weight?.value === 'number' && weight.value > 0
}

/** Countries the checkout ships to, by name (ISO 3166-1 alpha-2). */
export const checkoutCountries: readonly { code: string; name: string }[] = [
  { code: 'AT', name: 'Austria' },
  { code: 'AU', name: 'Australia' },
  { code: 'BE', name: 'Belgium' },
  { code: 'CA', name: 'Canada' },
  { code: 'CH', name: 'Switzerland' },
  { code: 'DE', name: 'Germany' },
  { code: 'DK', name: 'Denmark' },
  { code: 'ES', name: 'Spain' },
  { code: 'FI', name: 'Finland' },
  { code: 'FR', name: 'France' },
  { code: 'GB', name: 'United Kingdom' },
  { code: 'IE', name: 'Ireland' },
  { code: 'IN', name: 'India' },
  { code: 'IT', name: 'Italy' },
  { code: 'JP', name: 'Japan' },
  { code: 'MX', name: 'Mexico' },
  { code: 'MY', name: 'Malaysia' },
  { code: 'NL', name: 'Netherlands' },
  { code: 'NO', name: 'Norway' },
  { code: 'NZ', name: 'New Zealand' },
  { code: 'PL', name: 'Poland' },
  { code: 'PT', name: 'Portugal' },
  { code: 'SE', name: 'Sweden' },
  { code: 'SG', name: 'Singapore' },
  { code: 'US', name: 'United States' },
]

/** Countries whose addresses need a state or province, and those without postal codes. */
export const countriesWithStates: ReadonlySet<string> = new Set(['US', 'CA', 'AU', 'MX', 'IN', 'MY'])
export const countriesWithoutPostcodes: ReadonlySet<string> = new Set(['IE'])
