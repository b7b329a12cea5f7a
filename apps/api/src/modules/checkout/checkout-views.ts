import type { CheckoutPageState, ConfirmationView, LineView, QuoteView } from '@fanshelf/checkout'
import type { OrderLinesTable, OrdersTable, ShopsTable } from '../../db/schema.js'
import { maskedGiftCardCode } from '../gift-cards/gift-card-codes.js'
import { giftCardsPaid } from '../gift-cards/order-gift-cards.js'
import type { FieldIssue } from './checkout-form.js'
import type { Quote } from './checkout-pricing.js'
import { checkoutCountries } from './checkout-rules.js'
import type { GiftCardQuote } from './gift-card-redemption.js'
import type { Address, TrackingParams } from './order-records.js'
import { approvedTestCard, declinedTestCard } from './payment.js'
import { formatPrice } from './shopper-locale.js'

/**
 * Builds the pages' view models from service results; the one place money is formatted for people:
 * always in the order's currency, in the shopper's notation (`numberLocale`, shopper-locale.ts).
 */

function imageUrl(image: unknown): string | null {
  const url = (image as { url?: unknown } | null)?.url
  return typeof url === 'string' ? url : null
}

export function toQuoteView(quote: Quote & Partial<GiftCardQuote>, numberLocale?: string): QuoteView {
  const money = (minor: number) => formatPrice(minor, quote.currency, numberLocale)
  const lines: LineView[] = quote.lines.map((line) => ({
    key: `${line.variant.id}${line.free ? ':free' : ''}`,
    name: line.productName,
    variant: line.variant.name,
    quantity: line.quantity,
    unitPrice: money(line.unitPrice),
    total: line.free ? money(0) : money(line.total),
    image: imageUrl(line.primaryImage),
    free: line.free,
  }))
  const promotion = quote.promotion
  // Free products show at 0 and stay out of the subtotal and discount shown (the order stores both).
  const freeValue = quote.lines.filter((l) => l.free).reduce((sum, l) => sum + l.total, 0)
  return {
    currency: quote.currency,
    lines,
    subtotal: money(quote.subtotal - freeValue),
    shipping: money(quote.shipping),
    tax: money(quote.tax),
    discount: money(quote.discount - freeValue),
    total: money(quote.total),
    totalMinor: quote.total,
    hasDiscount: quote.discount - freeValue > 0,
    requiresShipping: quote.requiresShipping,
    promotion: promotion
      ? {
          label: promotion.code ? `${promotion.code.code} — ${promotion.description}` : promotion.description,
          code: promotion.code?.code ?? null,
        }
      : null,
    promotionError: quote.promotionError?.message ?? null,
    giftCard: quote.giftCard
      ? {
          label: `Gift card ${maskedGiftCardCode(quote.giftCard.card.code_last4)}`,
          amount: money(quote.giftCard.amountUsed),
        }
      : null,
    giftCardError: quote.giftCardError?.message ?? null,
    amountDue: money(quote.amountDue ?? quote.total),
    amountDueMinor: quote.amountDue ?? quote.total,
    freeChoices: quote.freeChoices,
  }
}

/** The form's first values: the country the first quote was priced for (shopper-locale.ts). */
export function defaultValues(quote: Quote): Record<string, string> {
  const country = quote.destination.country
  return { 'shipping.country': country, 'billing.country': country, billingSameAsShipping: 'on' }
}

/** The values a refused plain-form submission showed again (never the card number or code). */
export function redisplayedValues(fields: Record<string, unknown>): Record<string, string> {
  const values: Record<string, string> = {}
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string' && !name.startsWith('card.') && name !== 'action') values[name] = value
  }
  values.billingSameAsShipping = fields.billingSameAsShipping === 'on' ? 'on' : 'off'
  if (values.billingSameAsShipping === 'off' && !('billing.name' in fields)) values.billingSameAsShipping = 'on'
  if (typeof fields['card.name'] === 'string') values['card.name'] = fields['card.name']
  return values
}

export function checkoutPageState(input: {
  shop: ShopsTable
  cartId: string
  quote: Quote
  values: Record<string, string>
  errors: FieldIssue[]
  formError: string | null
  tracking: TrackingParams
  numberLocale: string
}): CheckoutPageState {
  return {
    page: 'checkout',
    shopName: input.shop.name,
    cartId: input.cartId,
    currency: input.quote.currency,
    quote: toQuoteView(input.quote, input.numberLocale),
    countries: [...checkoutCountries],
    values: input.values,
    errors: input.errors,
    formError: input.formError,
    testCards: { approved: approvedTestCard, declined: declinedTestCard },
    hidden: Object.fromEntries(Object.entries(input.tracking).map(([key, value]) => [`tracking.${key}`, value])),
  }
}

function addressLines(json: string | null): string[] | null {
  if (!json) return null
  const a = JSON.parse(json) as Address
  const country = checkoutCountries.find((c) => c.code === a.country)?.name ?? a.country
  return [a.name, a.address1, a.address2, [a.zip, a.city, a.state].filter(Boolean).join(' '), country].filter(
    (part): part is string => Boolean(part),
  )
}

export function toConfirmationView(
  order: OrdersTable,
  lines: OrderLinesTable[],
  numberLocale?: string,
): ConfirmationView {
  const money = (minor: number) => formatPrice(minor, order.currency, numberLocale)
  return {
    friendlyId: order.friendly_id,
    email: order.email,
    isGift: order.source_type === 'GIVEAWAY_LINKS' || order.source_type === 'TWITCH_GIFT_REDEMPTION',
    lines: lines.map((line) => {
      const product = JSON.parse(line.product) as { name: string; primaryImage?: unknown }
      const variant = JSON.parse(line.variant) as { name: string }
      return {
        key: line.id,
        name: product.name,
        variant: variant.name,
        quantity: line.quantity,
        unitPrice: money(line.unit_price),
        total: money(line.unit_price * line.quantity),
        image: imageUrl(product.primaryImage),
        free: false,
      }
    }),
    amounts: [
      { label: 'Subtotal', value: money(order.subtotal) },
      { label: 'Shipping', value: money(order.shipping) },
      ...(order.discount > 0 ? [{ label: 'Discount', value: `−${money(order.discount)}` }] : []),
      { label: 'Tax', value: money(order.tax) },
      { label: 'Total', value: money(order.total), total: true },
      ...(giftCardsPaid(order.gift_cards) > 0
        ? [
            { label: 'Paid by gift card', value: `−${money(giftCardsPaid(order.gift_cards))}` },
            { label: 'Paid by card', value: money(order.total - giftCardsPaid(order.gift_cards)) },
          ]
        : []),
    ],
    shippingAddress: addressLines(order.shipping_address),
  }
}
