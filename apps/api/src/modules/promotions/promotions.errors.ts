import { DomainError, notFound } from '../../errors/domain-error.js'

export function promotionNotFound(promotionId: string): DomainError {
  return notFound('PROMOTION_NOT_FOUND', `Promotion ${promotionId} does not exist.`, { promotionId })
}

export function oncePerOrderNotSupported(discountType: string, field = 'appliesTo/oncePerOrder'): DomainError {
  return new DomainError(
    'PROMOTION_ONCE_PER_ORDER_CONFIGURATION_NOT_SUPPORTED_FOR_DISCOUNT_TYPE',
    `${field.replaceAll('/', '.')} cannot be combined with a ${discountType} discount.`,
    { field, discountType },
  )
}

/**
 * A referenced product or variant is not in the shop: 400 (a bad reference in the body), not 404.
 * `field` is the request field naming it, e.g. `discount/freeProductsType/products/0/variantId`.
 */
export function promotionProductNotFound(
  field: string,
  reference: { productId: string } | { variantId: string },
): DomainError {
  const message =
    'productId' in reference
      ? `Product ${reference.productId} (${field.replaceAll('/', '.')}) was not found in the shop.`
      : `Variant ${reference.variantId} (${field.replaceAll('/', '.')}) was not found in the shop.`
  return new DomainError('PROMOTION_PRODUCT_NOT_FOUND', message, { field, ...reference })
}

export function promotionTierNotFound(tierId: string): DomainError {
  return new DomainError(
    'PROMOTION_TIER_NOT_FOUND',
    `Membership tier ${tierId} (tiers.tiersIds) was not found in the shop.`,
    { tierId },
  )
}

export function promotionCurrencyMismatch(field: string, currency: string, shopCurrency: string): DomainError {
  return new DomainError(
    'PROMOTION_CURRENCY_MISMATCH',
    `${field.replaceAll('/', '.')} is in ${currency}; amounts must be in the shop's currency, ${shopCurrency}.`,
    { field, currency, shopCurrency },
  )
}

export function promotionCodeDuplication(code: string): DomainError {
  return new DomainError('PROMOTION_CODE_DUPLICATION', `The code ${code} is already used by another promotion.`, {
    promotionCode: code,
  })
}

export function promotionCodesDuplication(codes: string[]): DomainError {
  return new DomainError(
    'PROMOTION_CODES_DUPLICATION',
    `The codes ${codes.join(', ')} are the same when compared ignoring case.`,
    { promotionCodes: codes },
  )
}

export function promotionStatusTransitionNotAllowed(promotionId: string, status: string, action: string): DomainError {
  return new DomainError(
    'PROMOTION_STATUS_TRANSITION_NOT_ALLOWED',
    `Promotion ${promotionId} is ${status}; it cannot ${action === 'useUp' ? 'be used up' : action}.`,
    { promotionId, status, action },
  )
}

export function promotionNotUsable(promotionId: string, status: string, code?: string): DomainError {
  return new DomainError(
    'PROMOTION_NOT_USABLE',
    code === undefined
      ? `Promotion ${promotionId} is ${status} and cannot be used.`
      : `Code ${code} of promotion ${promotionId} is ${status} and cannot be used.`,
    { promotionId, status, ...(code === undefined ? {} : { promotionCode: code }) },
  )
}
