import type { Currency } from './storefront'

/** The currencies the storefront API converts to (the contract's StorefrontCurrency, in its order). */
export const currencies = [
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
] as const satisfies readonly Currency[]

// Fails to compile if the contract gains a currency this list lacks.
const everyCurrencyListed: Exclude<Currency, (typeof currencies)[number]> extends never ? true : false = true
void everyCurrencyListed

export function isCurrency(value: string | null): value is Currency {
  return currencies.includes(value as Currency)
}
