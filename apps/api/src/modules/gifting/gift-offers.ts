import type { ProductsTable } from '../../db/schema.js'
import { invalidOffer, type OfferField, offerNotFound } from './gifting.errors.js'

/**
 * Which products can be given (as gifts or giveaway links): any product of the shop that is
 * neither archived nor sold out. Hidden products can be given — a creator may keep a giveaway-only
 * item off the shop's listings.
 */
export function assertGiftableProduct<T extends { product: ProductsTable }>(
  found: T | undefined,
  productId: string,
  field: OfferField = 'productId',
): T {
  if (!found) throw offerNotFound(productId, field)
  if (found.product.access === 'ARCHIVED') throw invalidOffer(productId, 'archived', field)
  if (found.product.state === 'SOLD_OUT') throw invalidOffer(productId, 'sold out', field)
  return found
}

/** The product snapshot a gift purchase keeps (contract schema `GiftOffer`, stored as JSON). */
export function toGiftOfferSnapshot(product: ProductsTable) {
  const images = JSON.parse(product.images) as unknown[]
  const thumbnail = product.thumbnail_image === null ? null : (JSON.parse(product.thumbnail_image) as unknown)
  return {
    id: product.id,
    name: product.name,
    slug: product.slug,
    description: product.description,
    primaryImage: images[0] ?? thumbnail ?? null,
  }
}
