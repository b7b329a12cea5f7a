import { DomainError, notFound } from '../../errors/domain-error.js'
import { storefrontCurrencies } from '../money/exchange-rates.js'

/** The storefront API's error codes (contract `storefront-api.yaml`). */

export function unsupportedCurrency(currency: string): DomainError {
  return new DomainError(
    'UNSUPPORTED_CURRENCY',
    `Currency '${currency}' is not supported. Use one of ${storefrontCurrencies.join(', ')}.`,
    { currency, supported: [...storefrontCurrencies] },
  )
}

export function productNotFound(slug: string): DomainError {
  return notFound('PRODUCT_NOT_FOUND', `No product with slug '${slug}' in this shop.`, { slug })
}

export function collectionNotFound(slug: string): DomainError {
  return notFound('COLLECTION_NOT_FOUND', `No collection with slug '${slug}' in this shop.`, { slug })
}

export function cartNotFound(cartId: string): DomainError {
  return notFound('CART_NOT_FOUND', `No cart ${cartId} in this shop (carts expire 30 days after their last change).`, {
    cartId,
  })
}

export function cartClosed(cartId: string): DomainError {
  return new DomainError('CART_CLOSED', `Cart ${cartId} was already checked out; create a new cart.`, { cartId })
}

export function cartVariantNotFound(variantId: string): DomainError {
  return new DomainError('CART_VARIANT_NOT_FOUND', `Variant ${variantId} is not sold by this shop.`, { variantId })
}

export function cartInsufficientStock(variantId: string, available: number): DomainError {
  return new DomainError(
    'CART_INSUFFICIENT_STOCK',
    `Only ${available} of variant ${variantId} ${available === 1 ? 'is' : 'are'} in stock.`,
    { variantId, available },
  )
}

export function cartTooManyLines(maxLines: number): DomainError {
  return new DomainError('CART_TOO_MANY_LINES', `A cart holds at most ${maxLines} lines.`, { maxLines })
}
