import type { StorefrontCurrency } from '../money/exchange-rates.js'
import { minorUnitExponent } from '../money/money.js'
import { checkoutCountries } from './checkout-rules.js'

/**
 * The shopper's locale at the hosted checkout, from the browser's `Accept-Language`: how money is
 * written (`$75.00`, `75,00 €`, `CA$75.00`, `￥1,500`) and which country the address form starts on.
 * Money is always in the checkout's currency; only its notation follows the shopper. The page text
 * stays English (`<html lang="en">`).
 *
 * The default country follows the checkout's currency first and the shopper second: a country of
 * the shopper's languages (`de-AT` → AT, or `fr` → FR by its likely region) when that country pays
 * in the currency; else the shop's own country when it does; else the currency's home country
 * (`currencyCountries`, first entry: EUR → DE, GBP → GB, JPY → JP, CAD → CA, USD → US, …).
 */

export interface ShopperLocale {
  /** The `Accept-Language` tags, most preferred first (canonical BCP 47; `*` and bad tags left out). */
  languages: readonly string[]
  /** The locale money is formatted in: the first preferred language Intl knows, else `en-US`. */
  numberLocale: string
}

const fallbackNumberLocale = 'en-US'
const maxLanguages = 12

export const defaultShopperLocale: ShopperLocale = Object.freeze({ languages: [], numberLocale: fallbackNumberLocale })

/** The countries the checkout ships to that pay in each storefront currency; the first is its home. */
export const currencyCountries: Readonly<Record<StorefrontCurrency, readonly string[]>> = {
  USD: ['US'],
  EUR: ['DE', 'FR', 'NL', 'IT', 'ES', 'AT', 'BE', 'IE', 'FI', 'PT'],
  CAD: ['CA'],
  GBP: ['GB'],
  AUD: ['AU'],
  NZD: ['NZ'],
  SEK: ['SE'],
  NOK: ['NO'],
  DKK: ['DK'],
  PLN: ['PL'],
  INR: ['IN'],
  JPY: ['JP'],
  MYR: ['MY'],
  SGD: ['SG'],
  MXN: ['MX'],
}

function canonical(tag: string): string | undefined {
  try {
    return Intl.getCanonicalLocales(tag)[0]
  } catch {
    return undefined
  }
}

/** Parses an `Accept-Language` header (`de-AT,de;q=0.9,en;q=0.5`) into the shopper's locale. */
export function shopperLocaleOf(acceptLanguage: string | string[] | undefined): ShopperLocale {
  const header = (Array.isArray(acceptLanguage) ? acceptLanguage.join(',') : (acceptLanguage ?? '')).slice(0, 1000)
  const weighted: { tag: string; q: number; position: number }[] = []
  for (const [position, part] of header.split(',').entries()) {
    const [rawTag = '', ...params] = part.trim().split(';')
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    const q = qParam === undefined ? 1 : Number(qParam.slice(2))
    const tag = rawTag.trim() === '*' ? undefined : canonical(rawTag.trim())
    if (tag && Number.isFinite(q) && q > 0 && !weighted.some((w) => w.tag === tag)) weighted.push({ tag, q, position })
  }
  const languages = weighted
    .sort((a, b) => b.q - a.q || a.position - b.position)
    .slice(0, maxLanguages)
    .map((w) => w.tag)
  const numberLocale = languages.find((tag) => Intl.NumberFormat.supportedLocalesOf([tag]).length > 0)
  return { languages, numberLocale: numberLocale ?? fallbackNumberLocale }
}

function explicitRegion(tag: string): string | undefined {
  try {
    return new Intl.Locale(tag).region
  } catch {
    return undefined
  }
}

function likelyRegion(tag: string): string | undefined {
  try {
    return new Intl.Locale(tag).maximize().region
  } catch {
    return undefined
  }
}

const shippedTo = checkoutCountries.map((country) => country.code)

/**
 * The country the checkout's address form starts on (see the module comment). Without a currency
 * (a gift: nothing to pay), any country the checkout ships to may come from the shopper's
 * languages, else the shop's country.
 */
export function defaultCountry(
  currency: string | null,
  shopper: ShopperLocale,
  shopCountry: string | undefined,
): string {
  const countries: readonly string[] =
    currency === null ? shippedTo : (currencyCountries[currency as StorefrontCurrency] ?? [])
  for (const regionOf of [explicitRegion, likelyRegion]) {
    for (const tag of shopper.languages) {
      const region = regionOf(tag)
      if (region && countries.includes(region)) return region
    }
  }
  if (shopCountry && countries.includes(shopCountry)) return shopCountry
  return (currency === null ? undefined : countries[0]) ?? shopCountry ?? 'US'
}

// Formatters by locale and currency; bound: the first `maxFormatters` kept, since the locales come from request headers.
const formatters = new Map<string, Intl.NumberFormat>()
const maxFormatters = 500

/** `minor` units of `currency`, written for people in `locale` (`$1,234.50`, `1.234,50 €`). */
export function formatPrice(minor: number, currency: string, locale: string = fallbackNumberLocale): string {
  const key = `${locale}|${currency}`
  let formatter = formatters.get(key)
  if (!formatter) {
    const digits = minorUnitExponent(currency)
    formatter = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    })
    if (formatters.size < maxFormatters) formatters.set(key, formatter)
  }
  return formatter.format(minor / 10 ** minorUnitExponent(currency))
}
