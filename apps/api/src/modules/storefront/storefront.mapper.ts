import type { CollectionsTable, ProductsTable, VariantsTable } from '../../db/schema.js'
import { withoutNulls } from '../../http/optional-fields.js'
import { toMoney } from '../money/money.js'

/**
 * The storefront API's wire shapes (contract `storefront-api.yaml`): products and variants with
 * every price converted to the requested currency, collections, and carts. The only place they are
 * built. Costs never appear here: the storefront is public.
 */

/** Converts minor units of the shop currency to `Money` in the requested currency. */
export type PriceConverter = (minor: number, from: string) => { value: number; currency: string }

export function priceConverter(convert: (minor: number, from: string, to: string) => number, to: string) {
  return (minor: number, from: string) => toMoney(convert(minor, from, to), to)
}

function toStock(variant: VariantsTable) {
  return variant.stock_type === 'LIMITED'
    ? { type: 'LIMITED' as const, inStock: variant.in_stock ?? 0 }
    : { type: 'UNLIMITED' as const }
}

/** Contract schema `StorefrontVariant`. */
export function toStorefrontVariant(variant: VariantsTable, price: PriceConverter) {
  return {
    id: variant.id,
    name: variant.name,
    sku: variant.sku,
    unitPrice: price(variant.unit_price, variant.currency),
    ...(variant.compare_at_price === null ? {} : { compareAtPrice: price(variant.compare_at_price, variant.currency) }),
    attributes: withoutNulls(JSON.parse(variant.attributes)),
    stock: toStock(variant),
    weight: JSON.parse(variant.weight) as unknown,
    dimensions: JSON.parse(variant.dimensions) as unknown,
    images: JSON.parse(variant.images) as unknown[],
  }
}

/** Contract schema `StorefrontProduct` (public or hidden products only). */
export function toStorefrontProduct(product: ProductsTable, variants: VariantsTable[], price: PriceConverter) {
  return {
    id: product.id,
    name: product.name,
    slug: product.slug,
    description: product.description,
    state: { type: product.state },
    access: { type: product.access },
    images: JSON.parse(product.images) as unknown[],
    variants: variants.map((variant) => toStorefrontVariant(variant, price)),
    ...(product.additional_information === null
      ? {}
      : { additionalInformation: JSON.parse(product.additional_information) as unknown }),
    createdAt: product.created_at,
    updatedAt: product.updated_at,
  }
}

/** Contract schema `Collection`. */
export function toCollection(collection: Pick<CollectionsTable, 'id' | 'name' | 'slug' | 'description'>) {
  return { id: collection.id, name: collection.name, slug: collection.slug, description: collection.description }
}

/** Contract schema `CartLine`: the variant with its product stub, and the quantity. */
export function toCartLine(
  line: { quantity: number },
  variant: VariantsTable,
  product: Pick<ProductsTable, 'id' | 'name' | 'slug'>,
  price: PriceConverter,
) {
  return {
    variant: {
      ...toStorefrontVariant(variant, price),
      product: { id: product.id, name: product.name, slug: product.slug },
    },
    quantity: line.quantity,
  }
}

/** Contract schema `Cart`. */
export function toCart(
  cart: { id: string; metadata: string; created_at: string; updated_at: string },
  currency: string,
  items: ReturnType<typeof toCartLine>[],
) {
  return {
    id: cart.id,
    currency,
    items,
    metadata: JSON.parse(cart.metadata) as Record<string, string>,
    createdAt: cart.created_at,
    updatedAt: cart.updated_at,
  }
}

export type StorefrontProductResource = ReturnType<typeof toStorefrontProduct>
export type CartResource = ReturnType<typeof toCart>
