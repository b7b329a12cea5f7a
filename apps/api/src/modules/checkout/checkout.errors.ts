import { DomainError, notFound, validationError } from '../../errors/domain-error.js'
import type { ErrorCode } from '../../errors/error-codes.js'
import type { FieldIssue } from './checkout-form.js'

/** Errors of the hosted checkout and the gift redemption pages (their JSON endpoints answer them). */

export function checkoutCartNotFound(cartId: string): DomainError {
  return notFound('CHECKOUT_CART_NOT_FOUND', 'This cart does not exist or has expired.', { cartId })
}

export function checkoutCartClosed(cartId: string, orderId: string | null): DomainError {
  return new DomainError('CART_CLOSED', 'This cart was already checked out.', { cartId, orderId })
}

export function checkoutCartEmpty(cartId: string): DomainError {
  return new DomainError('CHECKOUT_CART_EMPTY', 'This cart is empty.', { cartId })
}

export function checkoutOutOfStock(variantId: string, available: number, name: string): DomainError {
  return new DomainError(
    'CHECKOUT_INSUFFICIENT_STOCK',
    available === 0 ? `${name} is sold out.` : `Only ${available} of ${name} ${available === 1 ? 'is' : 'are'} left.`,
    { variantId, available },
  )
}

export function paymentDeclined(declineCode: string, message: string): DomainError {
  return new DomainError('PAYMENT_DECLINED', `${message} No order was placed and nothing was charged.`, { declineCode })
}

export function formInvalid(issues: FieldIssue[]): DomainError {
  return validationError(
    issues.map((issue) => ({
      location: 'body' as const,
      field: issue.field,
      rule: 'checkout',
      message: issue.message,
    })),
  )
}

export function promotionRefused(code: ErrorCode, message: string, details?: Record<string, unknown>): DomainError {
  return new DomainError(code, message, { field: 'promotionCode', ...details })
}

export function giftNotFound(giftId: string): DomainError {
  return notFound('GIFT_NOT_FOUND', 'This gift link does not exist.', { giftId })
}

export function giftCardNotOffered(giftId: string): DomainError {
  return new DomainError(
    'GIFT_CARD_NOT_OFFERED',
    'A giveaway link is redeemed for its product; only a Twitch gift can be taken as a gift card.',
    { giftId },
  )
}

export function giftVariantInvalid(): DomainError {
  return formInvalid([{ field: 'variantId', message: 'Choose one of the options of this gift.' }])
}
