import { DomainError, notFound } from '../../errors/domain-error.js'

/** The errors of the admin's product writes (codes in the error table, decision 0044). */

export function productNotFound(productId: string) {
  return notFound('PRODUCT_NOT_FOUND', `Product ${productId} does not exist.`, { productId })
}

export function productSlugDuplication(slug: string): DomainError {
  return new DomainError('PRODUCT_SLUG_DUPLICATION', `Another product of the shop already uses the slug "${slug}".`, {
    field: 'slug',
    slug,
  })
}

export function productVariantInUse(variantIds: string[]): DomainError {
  return new DomainError(
    'PRODUCT_VARIANT_IN_USE',
    `Variant ${variantIds.join(', ')} cannot be removed: orders or carts refer to it. Set its stock to 0 instead.`,
    { field: 'variants', variantIds },
  )
}

export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE'
}
