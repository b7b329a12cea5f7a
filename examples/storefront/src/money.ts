import type { StorefrontSchemas } from '@fanshelf/sdk'

type Money = StorefrontSchemas['StorefrontVariant']['unitPrice']

/** Minor-unit digits: JPY has none, the other storefront currencies two. */
export function minorDigits(currency: string): number {
  return currency === 'JPY' ? 0 : 2
}

/** A price as the shopper reads it, e.g. "€45.00", "¥1,272". */
export function formatMoney(money: Money): string {
  const digits = minorDigits(money.currency)
  return new Intl.NumberFormat('en', {
    style: 'currency',
    currency: money.currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(money.value)
}

/** The sum of unit price × quantity, added in minor units so that no float error shows. */
export function lineTotal(lines: { unitPrice: Money; quantity: number }[], currency: string): Money {
  const scale = 10 ** minorDigits(currency)
  const minor = lines.reduce((sum, line) => sum + Math.round(line.unitPrice.value * scale) * line.quantity, 0)
  return { value: minor / scale, currency }
}
