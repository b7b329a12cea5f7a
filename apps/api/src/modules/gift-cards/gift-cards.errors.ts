import { DomainError, validationError } from '../../errors/domain-error.js'

/**
 * Errors of gift cards. A code the checkout refuses names the form field (`details.field =
 * giftCardCode`) as a refused promotion code names `promotionCode`: 400 for a code the shop does
 * not have (another shop's card included — tenancy), 409 for a card that exists but cannot pay
 * this order.
 */

export const giftCardField = 'giftCardCode'

export function giftCardAmountInvalid(field: string, message: string): DomainError {
  return validationError([{ location: 'body', field, rule: 'giftCardAmount', message }])
}

export function giftCardNotFound(last4: string): DomainError {
  return new DomainError(
    'GIFT_CARD_NOT_FOUND',
    last4 ? `There is no gift card with the code ending ${last4} in this shop.` : 'Enter a gift card code.',
    { field: giftCardField },
  )
}

export function giftCardSpent(last4: string): DomainError {
  return new DomainError('GIFT_CARD_SPENT', `The gift card ending ${last4} has no balance left.`, {
    field: giftCardField,
    balance: 0,
  })
}

export function giftCardCurrencyMismatch(last4: string, cardCurrency: string, orderCurrency: string): DomainError {
  return new DomainError(
    'GIFT_CARD_CURRENCY_MISMATCH',
    `The gift card ending ${last4} is in ${cardCurrency}; this order is in ${orderCurrency}. Pay in ${cardCurrency} to use it.`,
    { field: giftCardField, giftCardCurrency: cardCurrency, orderCurrency },
  )
}

/** A concurrent order spent the card between this order's quote and its debit (PostgreSQL). */
export function giftCardBalanceChanged(last4: string): DomainError {
  return new DomainError(
    'GIFT_CARD_BALANCE_CHANGED',
    `The balance of the gift card ending ${last4} changed while this order was placed; nothing was charged. Try again.`,
    { field: giftCardField },
  )
}
