import fs from 'node:fs'
import path from 'node:path'
import { minorUnitExponent } from './money.js'

/**
 * Currency conversion for the storefront API and the hosted checkout (decision 0008).
 *
 * Prices are stored in the shop's currency. Every converted price goes through the USD-based
 * table below: `units of the currency per 1 USD`. A price of `m` minor units in currency `F`
 * becomes, in currency `T`,
 *
 *     m / 10^exp(F) / rate(F) * rate(T) * 10^exp(T)   minor units of T,
 *
 * rounded half up to T's minor unit (two decimals; none for JPY). The arithmetic is exact: rates
 * are decimal strings scaled to integers and the division is done on BigInts, so the result never
 * depends on binary floating point. Converting to the same currency is the identity.
 *
 * The table is configuration: `DATA_DIR/exchange-rates.json` (`{"EUR": "0.92", …}`, units per 1
 * USD) overrides any of these rates at start-up. USD is always 1.
 */

/** The storefront currencies (spec §9), in the contract's order. */
export const storefrontCurrencies = [
  'USD',
  'EUR',
  'CAD',
  'GBP',
  'AUD',
  'NZD',
  'SEK',
  'NOK',
  'DKK',
  'PLN',
  'INR',
  'JPY',
  'MYR',
  'SGD',
  'MXN',
] as const

export type StorefrontCurrency = (typeof storefrontCurrencies)[number]

/** Units of each currency per 1 USD (fixed reference rates; decimal strings, at most 6 decimals). */
export const defaultExchangeRates: Readonly<Record<StorefrontCurrency, string>> = {
  USD: '1',
  EUR: '0.92',
  CAD: '1.36',
  GBP: '0.79',
  AUD: '1.52',
  NZD: '1.66',
  SEK: '10.6',
  NOK: '10.7',
  DKK: '6.87',
  PLN: '4.02',
  INR: '83.2',
  JPY: '150',
  MYR: '4.7',
  SGD: '1.35',
  MXN: '17.1',
}

const rateScale = 6
const ratePattern = /^\d{1,9}(\.\d{1,6})?$/

export function isStorefrontCurrency(code: string): code is StorefrontCurrency {
  return (storefrontCurrencies as readonly string[]).includes(code)
}

/** A rate as an integer of millionths (BigInt), from its decimal string. */
function scaledRate(rate: string): bigint {
  const [whole = '0', fraction = ''] = rate.split('.')
  return BigInt(whole) * 10n ** BigInt(rateScale) + BigInt(fraction.padEnd(rateScale, '0'))
}

/** `numerator / denominator` rounded half up (both positive or zero numerator). */
function divideHalfUp(numerator: bigint, denominator: bigint): bigint {
  return (numerator * 2n + denominator) / (denominator * 2n)
}

export interface ExchangeRates {
  /** The table in use (units per 1 USD). */
  readonly rates: Readonly<Record<StorefrontCurrency, string>>
  /** Converts minor units of `from` to minor units of `to`, rounded half up. */
  convert(minor: number, from: string, to: string): number
}

export function createExchangeRates(overrides: Partial<Record<string, string>> = {}): ExchangeRates {
  const rates = { ...defaultExchangeRates }
  for (const [code, rate] of Object.entries(overrides)) {
    if (!isStorefrontCurrency(code)) throw new Error(`Exchange rate for unsupported currency ${code}`)
    if (typeof rate !== 'string' || !ratePattern.test(rate) || scaledRate(rate) === 0n) {
      throw new Error(`Exchange rate of ${code} must be a positive decimal string with at most 6 decimals`)
    }
    if (code === 'USD' && scaledRate(rate) !== 10n ** BigInt(rateScale)) throw new Error('The USD rate is always 1')
    rates[code] = rate
  }
  const scaled = new Map<string, bigint>(Object.entries(rates).map(([code, rate]) => [code, scaledRate(rate)]))
  const rateOf = (code: string): bigint => {
    const rate = scaled.get(code)
    if (rate === undefined) throw new Error(`No exchange rate for ${code}`)
    return rate
  }
  return {
    rates: Object.freeze(rates),
    convert(minor, from, to) {
      if (from === to) return minor
      if (!Number.isSafeInteger(minor) || minor < 0) throw new Error(`Cannot convert ${minor} minor units`)
      const numerator = BigInt(minor) * rateOf(to) * 10n ** BigInt(minorUnitExponent(to))
      const denominator = rateOf(from) * 10n ** BigInt(minorUnitExponent(from))
      return Number(divideHalfUp(numerator, denominator))
    },
  }
}

/** The table with `DATA_DIR/exchange-rates.json` applied, when that file exists. */
export function loadExchangeRates(dataDir: string): ExchangeRates {
  const file = path.join(dataDir, 'exchange-rates.json')
  if (!fs.existsSync(file)) return createExchangeRates()
  let overrides: unknown
  try {
    overrides = JSON.parse(fs.readFileSync(file, 'utf8'))
  } catch (error) {
    throw new Error(`${file} is not valid JSON: ${String(error)}`)
  }
  if (typeof overrides !== 'object' || overrides === null || Array.isArray(overrides)) {
    throw new Error(`${file} must be an object of currency codes to rates`)
  }
  try {
    return createExchangeRates(overrides as Record<string, string>)
  } catch (error) {
    throw new Error(`${file}: ${error instanceof Error ? error.message : String(error)}`)
  }
}
