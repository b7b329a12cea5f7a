/**
 * What a gift purchase costs beyond its goods, when the caller (the checkout) does not pass its own
 * figures: tax as a rate of the subtotal and the average domestic shipping the gifter prepays for
 * each winner (platform notes §3), per currency. The same figures the demo seed uses.
 */
export const giftTaxRates: Readonly<Record<string, number>> = { USD: 0.08, EUR: 0.23 }
export const defaultGiftTaxRate = 0

export const prepaidShippingPerGiftMinor: Readonly<Record<string, number>> = { USD: 700, EUR: 600 }
export const defaultPrepaidShippingPerGiftMinor = 700

export function giftTaxMinor(subtotalMinor: number, currency: string): number {
  return Math.round(subtotalMinor * (giftTaxRates[currency] ?? defaultGiftTaxRate))
}

export function giftPrepaidShippingMinor(quantity: number, currency: string): number {
  return quantity * (prepaidShippingPerGiftMinor[currency] ?? defaultPrepaidShippingPerGiftMinor)
}

/**
 * What a gift changed to a gift card is worth: its share of the goods and the shipping the gifter
 * paid for (tax stays out: the card pays for goods that are taxed when ordered). Rounded down to
 * the minor unit, so the cards of one purchase never exceed what was paid.
 */
export function giftCardValueMinor(purchase: { subtotal: number; prepaid_shipping: number; quantity: number }): number {
  return Math.floor((purchase.subtotal + purchase.prepaid_shipping) / purchase.quantity)
}
